#!/bin/sh
# The shared libmmtune exports exactly its public symbols: mmt_*, dgemm_,
# cblas_dgemm, sgemm_, cblas_sgemm, zgemm_, cblas_zgemm, cgemm_,
# cblas_cgemm, xerbla_ and cblas_xerbla (nm -D of the built library).  A
# symbol of mmt_* that mmtune.h does not declare is an error too.
: "${top_builddir:=.}" "${top_srcdir:=.}"
echo "1..2"
lib=$top_builddir/kernels/.libs/libmmtune.so
if [ ! -f "$lib" ]; then
    echo "ok 1 # SKIP no shared library was built (--disable-shared)"
    echo "ok 2 # SKIP no shared library was built (--disable-shared)"
    exit 0
fi
got=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBWVRi]$/ { print $3 }' \
      | sed 's/@.*//' | sort -u)
public='^(mmt_.*|[dszc]gemm_|cblas_[dszc]gemm|xerbla_|cblas_xerbla)$'
unexpected=$(echo "$got" | grep -Ev "$public")
if [ -z "$unexpected" ]; then
    echo "ok 1 - exports only the public names ($(echo $got))"
else
    echo "not ok 1 - exports more than the public names:"
    echo "$unexpected" | sed 's/^/# /'
fi
missing=
for s in $got dgemm_ cblas_dgemm sgemm_ cblas_sgemm zgemm_ cblas_zgemm \
         cgemm_ cblas_cgemm \
         xerbla_ cblas_xerbla mmt_dgemm mmt_sgemm mmt_kernel_info \
         mmt_single_kernel_info; do
    grep -q "[^a-z_]$s *(" "$top_srcdir/include/mmtune.h" \
        || missing="$missing $s(undeclared)"
    echo "$got" | grep -qx "$s" || missing="$missing $s(not exported)"
done
if [ -z "$missing" ]; then
    echo "ok 2 - every export is declared in mmtune.h and every declared" \
         "function exported"
else
    echo "not ok 2 - export and header disagree:$missing"
fi
