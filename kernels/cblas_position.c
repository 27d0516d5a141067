/* The row-major swap of CBLAS GEMM error positions, for every precision
 * (cblas_position.h).  In its own file, apart from the default handler,
 * so that an application's handler can replace that one alone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/cblas_position.h"
#include "mmtune.h"

/* Per thread: two threads may report at once, in different orders. */
static _Thread_local int reporting_row_major;

void mml_cblas_gemm_error(int row_major, int pos, const char *rout)
{
    reporting_row_major = row_major;
    cblas_xerbla(pos, rout, "");
    reporting_row_major = 0;    /* an application's handler returned */
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
