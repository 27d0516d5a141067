# What the shell tests of mmsearch share (sourced, after mmsearch, dir and
# top_srcdir are set): the fixed probe.conf (16 scalar registers, FMA,
# 32 KiB L1) copied into $dir, a runner that keeps every file in $dir,
# and the tiny search space most of them use: scalar kernels, NB pinned
# to 8, quick level, the fake timing hook, the blocks steps skipped.
# The compilers run at -O0, or at tiny_level where set, their objects
# cached (tests/common/quickcc.sh).
cp "$top_srcdir/tests/tune/probe.conf" "$dir/probe.conf" || exit 99
. "$top_srcdir/tests/common/quickcc.sh"
quick_compilers "$dir/cc" ${tiny_level:-}

# run_mmsearch LOG [OPTION...]: mmsearch on $dir/probe.conf, its log in
# $dir/LOG, params.conf in LOG.params, stdout and stderr in LOG.out and
# LOG.err; the script's searches share their drivers' objects
# ($dir/objects: most build the same tiny kernels again).
run_mmsearch() {
    log=$1; shift
    "$mmsearch" --probe-conf="$dir/probe.conf" --log="$dir/$log" \
        --output="$dir/$log.params" --work-dir="$dir" --no-progress \
        --object-cache="$dir/objects" "$@" \
        > "$dir/$log.out" 2> "$dir/$log.err"
}

# search LOG [OPTION...]: the tiny space, the kernel's steps only (the
# blocks steps, which build the library's driver and time whole DGEMMs,
# have tests/tune/test_blocks.sh); NB free where tiny_nb is set empty.
search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none ${tiny_nb---nb=8} \
        --test-timing=fake --skip-blocks "$@"
}
cands() { grep -c '^cand ' "$dir/$1"; }
# timings LOG: its cand lines that are timings: not a reference's twin
# (twin=1: a finalist that is the round reference itself takes the
# reference's timing, tune/decide.c)
timings() { grep '^cand ' "$dir/$1" | grep -vc ' twin=1 '; }
summary() { grep '^summary ' "$dir/$1" | tail -1; }

# misrouted FILE STEP SIZES: how many of STEP's ok cand lines in the log
# FILE do not list in their why's small= exactly those of SIZES (a comma
# list) that are at most their ncnb= -- the sizes the library's routing
# puts on the small-problem path under that bound (the step small).
misrouted() {
    grep "^cand step=$2 .* verdict=ok " "$1" | awk -v sizes="$3" '{
        ncnb = ""
        for (i = 2; i <= NF; i++) if ($i ~ /^ncnb=/) ncnb = substr($i, 6)
        want = ""; k = split(sizes, n, ",")
        for (i = 1; i <= k; i++)
            if (n[i] + 0 <= ncnb + 0) want = want (want == "" ? "" : ",") n[i]
        got = ""
        if (match($0, / small=[0-9,]+/))
            got = substr($0, RSTART + 7, RLENGTH - 7)
        if (got != want) bad++
    } END { print bad + 0 }'
}
