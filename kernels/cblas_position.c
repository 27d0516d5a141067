/* CBLAS GEMM errors reported as the reference does, for every precision
 * (cblas_position.h): its messages, and the row-major swap of positions.
 * In its own file, apart from the default handler, so that an
 * application's handler can replace that one alone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/cblas_position.h"
#include "mmtune.h"

void mml_cblas_setting_error(int pos, const char *rout, int value)
{
    /* the reference's formats, as a handler may print them */
    static const char *const form[] = { "Illegal layout setting, %d\n",
                                        "Illegal TransA setting, %d\n",
                                        "Illegal TransB setting, %d\n" };

    cblas_xerbla(pos, rout, form[pos - 1], value);
}

void mml_cblas_gemm_error(int row_major, int pos, const char *rout)
{
    mml_cblas_reporting_row_major(row_major);
    cblas_xerbla(pos, rout, "");
    mml_cblas_reporting_row_major(0);   /* an application's handler
                                           returned */
}
