#!/bin/sh
# make tune's three closing lines (bench/tune_summary.sh), with stand-ins
# for mmtune-info and bench-dgemm: the kernel line names what the library
# runs, the L1 line the search's figures from params.conf and probe.conf,
# the DGEMM line bench-dgemm's N = 1000 figure with its percent of peak;
# a missing file or figure is an error, not a line with a blank in it.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
tap_scratch "${TMPDIR:-/tmp}/tune_summary.$$"
d=$tap_dir
sum=$top_srcdir/bench/tune_summary.sh
cat > "$d/info" <<'INFO'
#!/bin/sh
cat <<END
kernel      mml_kfull (ISA avx512, needs avx512f): this CPU runs it
compiler    gcc -O2
parameters  results/h/params.conf (this host's make tune result)
tile        MU=24 NU=8 KU=1
blocking    NB=480 MC=120 KC=480 NC=1440
END
INFO
cat > "$d/bench" <<'BENCH'
#!/bin/sh
echo "# $*"
echo "       N|MxNxK  mmtune"
echo "          1000    ${GFLOPS-55.5}"
BENCH
chmod +x "$d/info" "$d/bench"
printf 'PEAK_MFLOPS = 111000  # made up\n' > "$d/probe.conf"
printf 'NB = 120\nMFLOPS = 99900.5  # the winner\nPEAK_PERCENT = 90.0\n%s\n' \
    'TIMING = wall clock' > "$d/params.conf"
echo "1..5"
run() { sh "$sum" "$d" "$d/info" "$d/bench" /lib.so > "$d/out" 2> "$d/err"; }
if run && [ "$(wc -l < "$d/out")" -eq 3 ] \
    && grep -qx "kernel  avx512 MU=24 NU=8 KU=1, NB=480 MC=120 KC=480 \
NC=1440; gcc -O2; params from results/h/params.conf (this host's make tune \
result)" "$d/out" \
    && grep -qx "in L1   90.0% of peak (99900.5 of 111000 MFLOPS; search \
NB=120, wall clock)" "$d/out" \
    && grep -q "^DGEMM   55.5 GFLOPS at N=1000 (50% of peak; " "$d/out"; then
    pass "three lines: kernel, in L1, DGEMM at N = 1000 (50% of 111 GFLOPS)"
else
    fail "the lines: $(cat "$d/out" "$d/err")"
fi
sed -i 's/^/# /' "$d/out" && cat "$d/out"
# refused DESC MESSAGE: the script exits 1 and says MESSAGE on stderr.
refused() {
    run
    rc=$?
    if [ $rc -eq 1 ] && grep -q "$2" "$d/err"; then
        pass "$1"
    else
        fail "$1: exit $rc: $(cat "$d/out" "$d/err")"
    fi
}
GFLOPS=
export GFLOPS
refused "no DGEMM figure: exit 1, says so" "no DGEMM figure"
unset GFLOPS
mv "$d/probe.conf" "$d/probe.away"
refused "no probe.conf: exit 1, naming it" "$d/probe.conf: not readable"
mv "$d/probe.away" "$d/probe.conf"
printf '#!/bin/sh\nexit 3\n' > "$d/info"
run
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$d/out" ]; then
    pass "mmtune-info failing: exit 1, no lines"
else
    fail "mmtune-info failed: exit $rc: $(cat "$d/out")"
fi
# With an SGEMM section and the single search's S_MFLOPS: three more
# lines, the single kernel, its in-L1 figure of twice the peak, SGEMM at
# N = 1000 (the stand-in bench answers any --type).
cat > "$d/info" <<'INFO'
#!/bin/sh
cat <<END
DGEMM
kernel      mml_kfull (ISA avx512, needs avx512f): this CPU runs it
tile        MU=24 NU=8 KU=1
blocking    NB=480 MC=120 KC=480 NC=1440
SGEMM
kernel      mml_skfull (ISA avx512, needs avx512f): this CPU runs it
tile        MU=48 NU=8 KU=4
blocking    NB=768 MC=96 KC=768 NC=768
END
INFO
printf 'S_NB = 144\nS_MFLOPS = 199800.0  # single\n' >> "$d/params.conf"
if run && [ "$(wc -l < "$d/out")" -eq 6 ] \
    && grep -q "^kernel  avx512 MU=24 NU=8 KU=1, NB=480 " "$d/out" \
    && grep -qx "single  avx512 MU=48 NU=8 KU=4, NB=768 MC=96 KC=768 \
NC=768" "$d/out" \
    && grep -qx "in L1   90.0% of the peak in floats (199800.0 of 222000 \
MFLOPS; search NB=144)" "$d/out" \
    && grep -q "^SGEMM   55.5 GFLOPS at N=1000 (25% of the peak in floats" \
        "$d/out"; then
    pass "six lines with the single search: DGEMM's three from its own \
section, then single, its in L1 of 222 GFLOPS, SGEMM at N = 1000"
else
    fail "the single lines: $(cat "$d/out" "$d/err")"
fi
