#!/bin/sh
# The default handlers print the reference's message and stop the program
# with status 1 (the reference BLAS stops too).
: "${top_builddir:=.}"
prog=$top_builddir/tests/kernels/default_handlers
echo "1..3"
check() { # n, argument, expected stderr
    err=$("$prog" "$2" 2>&1 >/dev/null); rc=$?
    if [ $rc -eq 1 ] && [ "$err" = "$3" ]; then
        echo "ok $1 - $2 default handler: '$3', exit 1"
    else
        echo "not ok $1 - $2 default handler: exit $rc, said:"
        echo "$err" | sed 's/^/# /'
    fi
}
check 1 f77 " ** On entry to DGEMM parameter number  4 had an illegal value"
# row major: the handler receives 11 and 5 (the positions in the
# transposed call the reference makes) and prints the caller's, as the
# reference's does: lda = 1 < K = 2 is parameter 9, M = -1 parameter 4
check 2 cblas "Parameter 9 to routine cblas_dgemm was incorrect"
check 3 cblas-m "Parameter 4 to routine cblas_dgemm was incorrect"
