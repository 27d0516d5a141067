/* The flag a row-major GEMM's error raises while the handler runs, and
 * the position it makes of the handler's (cblas_position.h).  Below both
 * cblas_position.c, which raises it before it calls cblas_xerbla, and the
 * default cblas_xerbla, which reads it: neither calls the other back. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/cblas_position.h"

/* Per thread: two threads may report at once, in different orders. */
static _Thread_local int reporting_row_major;

void mml_cblas_reporting_row_major(int row_major)
{
    reporting_row_major = row_major;
}

int mml_cblas_caller_position(int pos)
{
    if (!reporting_row_major)
        return pos;
    switch (pos) {
    case 4: return 5;
    case 5: return 4;
    case 9: return 11;
    case 11: return 9;
    default: return pos;
    }
}
