# What the shell tests of mmsearch share (sourced, after mmsearch, dir and
# top_srcdir are set): the fixed probe.conf (16 scalar registers, FMA,
# 32 KiB L1) copied into $dir, a runner that keeps every file in $dir,
# and the tiny search space most of them use: scalar kernels, NB pinned
# to 8, quick level, the fake timing hook, the blocks steps skipped.
cp "$top_srcdir/tests/tune/probe.conf" "$dir/probe.conf" || exit 99

# run_mmsearch LOG [OPTION...]: mmsearch on $dir/probe.conf, its log in
# $dir/LOG, params.conf in LOG.params, stdout and stderr in LOG.out and
# LOG.err.
run_mmsearch() {
    log=$1; shift
    "$mmsearch" --probe-conf="$dir/probe.conf" --log="$dir/$log" \
        --output="$dir/$log.params" --work-dir="$dir" --no-progress "$@" \
        > "$dir/$log.out" 2> "$dir/$log.err"
}

# search LOG [OPTION...]: the tiny space, the kernel's steps only (the
# blocks steps, which build the library's driver and time whole DGEMMs,
# have tests/tune/test_blocks.sh).
search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=8 --test-timing=fake \
        --skip-blocks "$@"
}
cands() { grep -c '^cand ' "$dir/$1"; }
summary() { grep '^summary ' "$dir/$1" | tail -1; }
