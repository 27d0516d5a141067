#!/bin/sh
# The reference BLAS testers (Debian's libblas-test) against libmmtune,
# for every precision (s, d, c, z): the GEMM part of the Fortran testers
# xblat3s/d/c/z, and the whole CBLAS level-3 testers xscblat3, xdcblat3,
# xccblat3 and xzcblat3 (column and row major, error exits included).
# libmmtune is preloaded; every routine it does not serve comes from the
# reference BLAS (libblas3, CBLAS included), put first in the library
# path, since libblas.so.3 is often OpenBLAS's or BLIS's.  The loader's
# own record of the run (LD_DEBUG=bindings) must show ?gemm_ and
# cblas_?gemm bound to libmmtune and no other BLAS bound: a run that the
# reference GEMM served fails.  The .in files are written, changed, into
# a scratch directory of the build tree, where the testers run and write.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"

# The testers' directory: this compiler's multiarch one first.
ref=
for d in "/usr/lib/$(${CC:-cc} -print-multiarch 2>/dev/null)/blas" \
         /usr/lib/*/blas /usr/lib/blas; do
    [ -x "$d/xdcblat3" ] && { ref=$d; break; }
done
if [ -z "$ref" ]; then
    echo "1..0 # SKIP no reference BLAS testers (Debian's libblas-test)"
    exit 0
fi
mmtune=$(cd "$top_builddir" && pwd)/kernels/.libs/libmmtune.so
if [ ! -f "$mmtune" ]; then
    echo "1..0 # SKIP no shared libmmtune to preload (--disable-shared)"
    exit 0
fi
if [ ! -f "$ref/libblas.so.3" ]; then
    echo "Bail out! libblas-test without the reference BLAS in $ref" \
         "(install libblas3)"
    exit 99
fi
tap_scratch "$(cd "$top_builddir" && pwd)/tests/kernels/reftesters.$$"
echo "1..24"

# A run is named after its tester, TESTER or TESTER-WHAT.
# run NAME: the tester on $tap_dir/NAME.in, in $tap_dir; what it prints
# to NAME.log, the loader's bindings to NAME.bind.PID.
run() {
    (cd "$tap_dir" && LD_DEBUG=bindings LD_DEBUG_OUTPUT="$1.bind" \
        LD_LIBRARY_PATH="$ref${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        LD_PRELOAD="$mmtune" "$ref/${1%%-*}" < "$1.in" > "$1.log" 2>&1)
}

# bindings NAME: "file library symbol" for each binding the loader made
# in NAME's run ("binding file F [0] to L [0]: normal symbol `S' ...").
bindings() {
    obj='\(.*\) \[[0-9]*\]' sym="normal symbol \`\([^']*\)'"
    cat "$tap_dir/$1".bind.* 2>/dev/null |
        sed -n "s/.*binding file $obj to $obj: $sym.*/\1 \2 \3/p" | sort -u
}

# bound_right NAME SYMBOL [REFSYM]: the tester's SYMBOL bound to
# libmmtune, and nobody's to another library; its REFSYM to the
# reference BLAS; nothing to another BLAS.  Prints what is wrong.
bound_right() {
    b=$(bindings "$1") exe=$ref/${1%%-*}
    echo "$b" | grep -qxF "$exe $mmtune $2" ||
        echo "${exe##*/}'s $2 not bound to $mmtune"
    echo "$b" | awk -v s="$2" -v lib="$mmtune" '$3 == s && $2 != lib' |
        sed 's/^/also bound: /'
    [ -z "$3" ] || echo "$b" | grep -qxF "$exe $ref/libblas.so.3 $3" ||
        echo "${exe##*/}'s $3 not bound to $ref/libblas.so.3"
    echo "$b" | awk -v lib="$mmtune" -v ref="$ref/" '$2 != lib &&
        substr($2, 1, length(ref)) != ref && $2 ~ /blas|blis|atlas|mkl/' |
        sed 's/^/bound to another BLAS: /'
}

# report NAME: what the tester printed, and its summary file if the .in
# named one (the Fortran testers' unit 6 is then that file).
report() {
    cat "$tap_dir/$1.log" "$tap_dir/$1.sum" 2>/dev/null
}

# failures NAME: the lines where the tester reports a failure, as it
# prints them (asterisks, FAIL, SUSPECT, ERROR IN, ...).
failures() {
    report "$1" |
        grep -E '\*\*\*|FAIL|SUSPECT|ERROR IN|NOT DETECTED|INSTEAD OF'
}

# passed NAME RE...: every line RE is in the tester's report.
passed() {
    name=$1
    shift
    for re in "$@"; do
        report "$name" | grep -Eq "$re" || echo "missing: $re"
    done
}

# verdict WHAT PROBLEMS: a TAP line; the problems as comments.
verdict() {
    if [ -z "$2" ]; then
        pass "$1"
    else
        fail "$1"
        echo "$2" | head -40 | sed 's/^/# /'
    fi
}

# tester NAME WHAT SYMBOL REFSYM RE...: run it, judge its report (RE:
# the lines that say it passed), then the bindings.
tester() {
    name=$1 what=$2 sym=$3 refsym=$4
    shift 4
    run "$name"
    rc=$?
    problems=$( ([ $rc -eq 0 ] || echo "exit status $rc"); failures "$name"
                passed "$name" 'END OF TESTS' "$@")
    verdict "$name: $what" "$problems"
    verdict "$name: $sym bound to libmmtune, no other BLAS but $ref's" \
        "$(bound_right "$name" "$sym" "$refsym")"
}

# fortran P: the Fortran tester of precision P (d, z) with ?GEMM alone
# (the other routines are the reference's own), error exits on, its
# summary to xblat3P.sum.
fortran() {
    P=$(echo "$1" | tr a-z A-Z)
    sed -e "s/^'[^']*'\\( .*SUMMARY OUTPUT FILE\\)/'xblat3$1.sum'\\1/" \
        -e 's/^[TF]\( .*TEST ERROR EXITS\)/T\1/' \
        -e "s/^\\($P[A-Z0-9]* *\\)[TF] /\\1F /" \
        -e "s/^\\(${P}GEMM *\\)F /\\1T /" \
        "$ref/$1blat3.in" > "$tap_dir/xblat3$1.in"
    tester "xblat3$1" "${P}GEMM passes (error exits, computational tests)" \
        "$1gemm_" '' "${P}GEMM +PASSED THE TESTS OF ERROR-EXITS" \
        "${P}GEMM +PASSED THE COMPUTATIONAL TESTS"
}

# cblas_whole P REFSYM ROUTINE...: the CBLAS tester of precision P whole,
# every routine (each must pass), both layouts, error exits on; REFSYM,
# one the reference serves, must be bound to it.
cblas_whole() {
    p=$1 refsym=$2
    shift 2
    sed -e 's/^[TF]\( .*TEST ERROR EXITS\)/T\1/' \
        -e 's/^[0-2]\( .*TEST COLUMN-MAJOR\)/2\1/' \
        -e 's/^\(cblas_[a-z0-9]* *\)[TF] /\1T /' \
        "$ref/${p}in3" > "$tap_dir/x${p}cblat3.in"
    for r; do
        set -- "$@" "cblas_$r +PASSED THE TESTS OF ERROR-EXITS" \
            "cblas_$r +PASSED THE COLUMN-MAJOR +COMPUTATIONAL TESTS" \
            "cblas_$r +PASSED THE ROW-MAJOR +COMPUTATIONAL TESTS"
        shift
    done
    tester "x${p}cblat3" \
        "all pass, column and row major, error exits included" \
        "cblas_${p}gemm" "$refsym" "$@"
}

# cblas_sizes P N...: cblas_?gemm again at the sizes N, up to the
# tester's largest (65): the shipped ones (up to 9) stay within one
# register tile.
cblas_sizes() {
    p=$1
    shift
    name=x${p}cblat3-n$(echo "$*" | sed 's/.* //')
    sed -e "s/^[0-9]*\\( .*NUMBER OF VALUES OF N\\)/$#\\1/" \
        -e "s/^[0-9 ]*VALUES OF N/$*  VALUES OF N/" \
        -e 's/^\(cblas_[a-z0-9]* *\)T /\1F /' \
        -e "s/^\\(cblas_${p}gemm *\\)F /\\1T /" \
        "$tap_dir/x${p}cblat3.in" > "$tap_dir/$name.in"
    tester "$name" \
        "cblas_${p}gemm passes up to N = ${name##*-n}, both layouts" \
        "cblas_${p}gemm" '' "FOR N +$(echo "$*" | sed 's/ / +/g')" \
        "cblas_${p}gemm +PASSED THE TESTS OF ERROR-EXITS" \
        "cblas_${p}gemm +PASSED THE COLUMN-MAJOR +COMPUTATIONAL TESTS" \
        "cblas_${p}gemm +PASSED THE ROW-MAJOR +COMPUTATIONAL TESTS"
}

fortran d
cblas_whole d cblas_dsymm dgemm dsymm dtrmm dtrsm dsyrk dsyr2k
# These fill a vector of doubles (8) and an AVX-512 tile's rows (24),
# pass each by one, and take several tiles and a remainder (64, 65).
# Seven sizes, 1.3 s alone.
cblas_sizes d 1 8 17 24 25 64 65
fortran z
cblas_whole z cblas_zhemm zgemm zhemm zsymm ztrmm ztrsm zherk zsyrk zher2k \
    zsyr2k
# A complex problem is one of twice the rows (complex.c, the 1m method):
# a vector (4) and one past it, NU columns (8), an AVX-512 tile's rows
# (12) and one past them, several tiles and a remainder (33).  d's sizes
# took 10 s here, the tester's own complex reference most of it.
cblas_sizes z 1 4 5 8 12 13 33
# Single: a vector of floats is twice double's (16 on AVX-512), its tiles'
# rows too (48): those, one past each, several tiles and a remainder.
fortran s
cblas_whole s cblas_ssymm sgemm ssymm strmm strsm ssyrk ssyr2k
cblas_sizes s 1 16 17 48 49 64 65
# Single complex: twice the rows of CGEMM's, as z's are of ZGEMM's.
fortran c
cblas_whole c cblas_chemm cgemm chemm csymm ctrmm ctrsm cherk csyrk cher2k \
    csyr2k
cblas_sizes c 1 8 9 16 24 25 33
