/* mmtune.h: libmmtune, a matrix multiply (DGEMM, SGEMM, ZGEMM, CGEMM) built
 * from the kernels mmtune generated (and, after `make tune`, searched)
 * for the machine it was built on.
 *
 *   C = alpha * op(A) * op(B) + beta * C,  op(X) = X or X^T (complex:
 *   or X^H), op(A) m x k, op(B) k x n, C m x n.
 *
 * Three faces of each real type: the native mmt_dgemm (column major,
 * size_t sizes), the Fortran BLAS dgemm_ and the CBLAS cblas_dgemm
 * (single: mmt_sgemm, sgemm_, cblas_sgemm, the same in float); the
 * complex zgemm_, cblas_zgemm (double) and cgemm_, cblas_cgemm (single),
 * on the real kernels.  All with the
 * reference BLAS's semantics: beta = 0 never reads C (NaN there does not
 * propagate); m, n = 0, or alpha = 0 or k = 0 with beta = 1, return at
 * once; alpha = 0 scales C by beta without reading A or B.  Calls from
 * several threads at once are safe: each thread has its own workspace. */
#ifndef MMTUNE_H
#define MMTUNE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum mmt_trans { MMT_NOTRANS = 0, MMT_TRANS = 1 };

/* Column major: X(i,j) = x[i + j*ldx].  lda >= max(1, rows of A as
 * stored), likewise ldb; ldc >= max(1, m); m, n, k at most PTRDIFF_MAX.
 * Returns 0, or the position of the first illegal argument in this list
 * (1 transa, 2 transb, 3 m, 4 n, 5 k, 8 lda, 10 ldb, 13 ldc: dgemm_'s
 * positions) with C untouched; no handler is called. */
int mmt_dgemm(enum mmt_trans transa, enum mmt_trans transb, size_t m,
              size_t n, size_t k, double alpha, const double *a,
              ptrdiff_t lda, const double *b, ptrdiff_t ldb, double beta,
              double *c, ptrdiff_t ldc);
int mmt_sgemm(enum mmt_trans transa, enum mmt_trans transb, size_t m,
              size_t n, size_t k, float alpha, const float *a,
              ptrdiff_t lda, const float *b, ptrdiff_t ldb, float beta,
              float *c, ptrdiff_t ldc);

/* Threads.  A call large enough to pay for a team (the crossover make
 * tune measured, params.conf's THREAD_N) runs on up to this many threads
 * (OpenMP); smaller ones run on the calling thread.  The count is, in
 * order: what mmt_set_num_threads set, MMTUNE_NUM_THREADS, the first of
 * OMP_NUM_THREADS, the CPUs of the process's affinity mask.  A variable
 * that is not a count from 1 to 1024 is named on stderr once and passed
 * over.  A call made inside an active OpenMP parallel region runs on the
 * calling thread unless the program enabled nesting, and so does every
 * call in a child forked after a team ran (gcc's libgomp does not
 * survive that fork).  Results are the same bits at
 * every count.  A serial build (configure --disable-openmp) reads 1.
 * mmt_set_num_threads returns 0, or -1 (nothing changed) for a count
 * outside 1..1024 (a serial build: other than 1). */
int mmt_set_num_threads(int n);
int mmt_get_num_threads(void);
/* Where the count came from: "mmt_set_num_threads", "MMTUNE_NUM_THREADS",
 * "OMP_NUM_THREADS", "the CPUs of the process's affinity mask" or "a
 * serial build (--disable-openmp)". */
const char *mmt_num_threads_source(void);

/* What this build of the library runs. */
struct mmt_kernel_info {
    const char *kernel;      /* the generated full kernel's name */
    const char *command;     /* the mmgen command that recreates it */
    const char *isa;         /* "avx512", "avx2", "sse2", "none" */
    const char *requires;    /* CPU features the kernel needs */
    const char *compiler;    /* kernel compiler and flags */
    const char *params;      /* where the parameters came from */
    const char *why;         /* why that source was taken */
    const char *arch_key;    /* the build machine's key */
    int mu, nu, ku;          /* register tile, k unrolling */
    int nb, mc, kc, nc;      /* kernel tile, blocking */
    int active;              /* 1: this CPU runs the kernels; 0: the
                                library uses its reference path */
    int ncnb;                /* crossover (SMALL_MAX): M, N, K all at
                                most it run the non-copy kernels on the
                                caller's arrays (a transposed operand
                                copied); M, or N and K: in blocks */
    int ncmu, ncnu;          /* the non-copy kernels' register tile */
    int thread_n;            /* crossover: a call of M N K at least
                                thread_n^3 takes 2 or more threads (0:
                                never) */
    int thread_n_hot;        /* the same for a call made at most
                                thread_hot_us microseconds after the
                                calling thread's last call of this size
                                or more, when the team is still awake
                                (thread_n_hot = thread_n: no such band) */
    int thread_hot_us;
};
const struct mmt_kernel_info *mmt_kernel_info(void);
/* The same for SGEMM's kernels (complex GEMMs run on the real ones). */
const struct mmt_kernel_info *mmt_single_kernel_info(void);

/* Fortran BLAS (column major, arguments by reference, LP64 integers).
 * TRANSA, TRANSB: 'N', 'T' or 'C' in either case.  Illegal arguments call
 * xerbla_("DGEMM ", &info, 6) ("SGEMM " for sgemm_) with the position of
 * the first one (1
 * TRANSA, 2 TRANSB, 3 M, 4 N, 5 K, 8 LDA, 10 LDB, 13 LDC), before any
 * quick return, and leave C untouched.  The hidden lengths of the
 * character arguments are not read. */
void dgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const double *alpha,
            const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc);
void sgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const float *alpha,
            const float *a, const int *lda, const float *b,
            const int *ldb, const float *beta, float *c, const int *ldc);

/* Double complex, each number two doubles, re then im (double _Complex
 * or double[2] alike), alpha and beta one number each; TRANSA, TRANSB
 * 'C' is the conjugate transpose.  The checks, positions and quick
 * returns are dgemm_'s, the handler called as xerbla_("ZGEMM ", &info,
 * 6). */
void zgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const void *alpha, const void *a,
            const int *lda, const void *b, const int *ldb,
            const void *beta, void *c, const int *ldc);
/* Single complex: zgemm_ in floats, reported as "CGEMM ". */
void cgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const void *alpha, const void *a,
            const int *lda, const void *b, const int *ldb,
            const void *beta, void *c, const int *ldc);

/* The default handler prints the reference BLAS's message and exits with
 * status 1.  An application replaces it by defining its own xerbla_ (and
 * cblas_xerbla): each default sits alone in its object file and is called
 * through the symbol table, so the application's definition wins in
 * static links (the archive member is never pulled in) and in shared ones
 * (ELF interposition). */
void xerbla_(const char *srname, const int *info, size_t len);

/* CBLAS.  Declared here unless a cblas.h came first (include that one
 * first if you use both); the enums carry the reference CBLAS values. */
#ifndef CBLAS_H
typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 }
    CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112,
                               CblasConjTrans = 113 } CBLAS_TRANSPOSE;
#ifndef CBLAS_ORDER
#define CBLAS_ORDER CBLAS_LAYOUT
#endif

/* Illegal arguments call cblas_xerbla(pos, "cblas_dgemm", fmt, ...)
 * ("cblas_sgemm" for cblas_sgemm) with the position in this list (1
 * layout, 2 TransA, 3 TransB, 4 M, 5 N, 6 K, 9 lda, 11 ldb, 14 ldc),
 * checked in the reference CBLAS's order, and
 * leave C untouched.  Row major is the reference's too: the call it makes
 * is the transposed one, so N is checked before M and ldb before lda,
 * and the handler receives the position there (M 5, N 4, lda 11, ldb 9);
 * a handler prints the caller's position by swapping back, as the
 * reference's and the default one do. */
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb,
                 double beta, double *c, int ldc);
void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k, float alpha,
                 const float *a, int lda, const float *b, int ldb,
                 float beta, float *c, int ldc);
/* Double complex as zgemm_, checked and reported as cblas_dgemm is, as
 * "cblas_zgemm"; CblasConjTrans is the conjugate transpose. */
void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k,
                 const void *alpha, const void *a, int lda, const void *b,
                 int ldb, const void *beta, void *c, int ldc);
/* Single complex as cblas_zgemm, reported as "cblas_cgemm". */
void cblas_cgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k,
                 const void *alpha, const void *a, int lda, const void *b,
                 int ldb, const void *beta, void *c, int ldc);

/* Default: prints "Parameter P to routine R was incorrect" and the
 * message, exits with status 1.  Replaceable like xerbla_. */
void cblas_xerbla(int p, const char *rout, const char *form, ...);
#endif

#ifdef __cplusplus
}
#endif

#endif
