#!/bin/sh
# Bad thread counts in MMTUNE_NUM_THREADS and OMP_NUM_THREADS (0, -3,
# abc, 100000): mmtune-info (the library loaded once) prints one line of
# libmmtune's on stderr naming the variable and its value, then a sane
# count from the next source; never a crash or a hang.  A good
# MMTUNE_NUM_THREADS wins over OMP_NUM_THREADS.  SKIP: a serial build
# (configure --disable-openmp: no OPENMP_CFLAGS from make), whose count
# is 1 whatever they say.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
info=$top_builddir/mmtune-info
tap_scratch "${TMPDIR:-/tmp}/threads_env.$$"
d=$tap_dir
echo "1..9"
if [ "${OPENMP_CFLAGS-unset}" = "" ]; then
    for i in 1 2 3 4 5 6 7 8 9; do
        skip "a serial build (--disable-openmp): the variables are not read"
    done
    exit 0
fi
# count VAR=VALUE...: mmtune-info's threads line under those settings,
# its stderr in $d/err
count() {
    env -u MMTUNE_NUM_THREADS -u OMP_NUM_THREADS "$@" timeout 20 "$info" \
        > "$d/out" 2> "$d/err"
    sed -n 's/^threads *\([0-9]*\), from \(.*\) (.*/\1 \2/p' "$d/out"
}
for var in MMTUNE_NUM_THREADS OMP_NUM_THREADS; do
    for val in 0 -3 abc 100000; do
        got=$(count "$var=$val")
        ours=$(grep -c "^libmmtune: ignoring $var='$val'" "$d/err")
        case $got in
        [1-9]*" the CPUs of the process's affinity mask") sane=1 ;;
        *) sane=0 ;;
        esac
        if [ "$ours" = 1 ] && [ "$sane" = 1 ]; then
            pass "$var=$val: one line naming it, then $got"
        else
            fail "$var=$val: $ours lines of ours, count '$got'; stderr: $(tr '\n' '|' < "$d/err")"
        fi
    done
done
got=$(count MMTUNE_NUM_THREADS=3 OMP_NUM_THREADS=5)
if [ "$got" = "3 MMTUNE_NUM_THREADS" ] && [ ! -s "$d/err" ]; then
    pass "MMTUNE_NUM_THREADS=3 over OMP_NUM_THREADS=5: $got, nothing on stderr"
else
    fail "MMTUNE_NUM_THREADS=3 OMP_NUM_THREADS=5: '$got'"
fi
