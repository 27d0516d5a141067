# The tiny search space of the shell tests of mmsearch (sourced, after
# mmsearch, dir and top_srcdir are set): scalar kernels, NB pinned to 8,
# quick level, the fake timing hook, and the fixed probe.conf (16 scalar
# registers, FMA, 32 KiB L1) copied into $dir.
cp "$top_srcdir/tests/tune/probe.conf" "$dir/probe.conf" || exit 99

# search LOG [OPTION...]: the tiny space, into $dir.
search() {
    log=$1; shift
    "$mmsearch" --level=quick --isa=none --nb=8 --test-timing=fake \
        --probe-conf="$dir/probe.conf" --log="$dir/$log" \
        --output="$dir/$log.params" --work-dir="$dir" --no-progress "$@" \
        > "$dir/$log.out" 2> "$dir/$log.err"
}
