/* The library's complex faces: zgemm_ (Fortran BLAS) and cblas_zgemm
 * (CBLAS), with the reference's argument checks (gemm_args.h, the real
 * faces' but for the routine's name), computed by the 1m method on the
 * real driver (complex.c).  A complex number is two elements, re then
 * im, whatever type the caller declares it as (hence void *).  Written
 * in the element type as blas.c is: compiled with MML_SINGLE (elem.h)
 * the same faces are cgemm_ and cblas_cgemm, on mml_cgemm. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/gemm_args.h"
#include "mmtune.h"

#ifdef MML_SINGLE
#define FACE_BLAS cgemm_
#define FACE_CBLAS cblas_cgemm
#define NAME_BLAS "CGEMM "
#define NAME_CBLAS "cblas_cgemm"
#else
#define FACE_BLAS zgemm_
#define FACE_CBLAS cblas_zgemm
#define NAME_BLAS "ZGEMM "
#define NAME_CBLAS "cblas_zgemm"
#endif

static void run(const struct mml_call *x, const void *alpha,
                const void *beta, void *c)
{
    const mml_elem *al = alpha, *be = beta;
    struct mml_complex_gemm g = {
        .ta = x->ta, .tb = x->tb, .m = x->m, .n = x->n, .k = x->k,
        .alpha = { al[0], al[1] }, .beta = { be[0], be[1] },
        .a = x->a, .b = x->b, .c = c,
        .lda = x->lda, .ldb = x->ldb, .ldc = x->ldc,
    };

    mml_zgemm(&g);
}

void FACE_BLAS(const char *transa, const char *transb, const int *m,
               const int *n, const int *k, const void *alpha, const void *a,
               const int *lda, const void *b, const int *ldb,
               const void *beta, void *c, const int *ldc)
{
    struct mml_call x;

    if (mml_f77_gemm_call(transa, transb, m, n, k, a, lda, b, ldb, ldc,
                          NAME_BLAS, &x) == 0)
        run(&x, alpha, beta, c);
}

/* Row major is the column-major call C^T = op(B)^T op(A)^T, and each
 * operand keeps its op, the conjugate included: the caller's rows store
 * A_s = A^T column major, and (A^H)^T = conj(A) = A_s^H. */
void FACE_CBLAS(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                CBLAS_TRANSPOSE transb, int m, int n, int k,
                const void *alpha, const void *a, int lda, const void *b,
                int ldb, const void *beta, void *c, int ldc)
{
    struct mml_call x;

    if (mml_cblas_gemm_call(layout, transa, transb, m, n, k, a, lda, b, ldb,
                            ldc, NAME_CBLAS, &x) == 0)
        run(&x, alpha, beta, c);
}
