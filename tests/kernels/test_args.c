/* test_args: illegal arguments as the reference BLAS and CBLAS report
 * them to the handler (row major: at the positions after the reference's
 * swap, which the reference tester's handler expects), through dgemm_
 * and cblas_dgemm, then the same cases through zgemm_ and cblas_zgemm
 * (their own names; 'C' legal for both).  This program
 * defines its own xerbla_ and cblas_xerbla, which must replace the
 * library's (it is linked once against the shared and once against the
 * static library).  Each case passes one illegal argument (or two, for
 * the order of the checks) and expects one handler call at the reference
 * position, the routine's name, and C bit for bit untouched -- including
 * cases that would otherwise return at once (M = 0, alpha = 0), since the
 * checks come first.  TAP. */
#include <stdio.h>
#include <string.h>

#include "mmtune.h"

static int calls, last_info;
static char last_name[16];
static size_t last_len;

void xerbla_(const char *srname, const int *info, size_t len)
{
    calls++;
    last_info = *info;
    last_len = len;
    snprintf(last_name, sizeof last_name, "%.*s", (int)(len < 15 ? len : 15),
             srname);
}

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    (void)form;
    calls++;
    last_info = p;
    last_len = 0;
    snprintf(last_name, sizeof last_name, "%s", rout);
}

#define CELLS 64
static double a[CELLS], b[CELLS], c[CELLS], c0[CELLS];
static int tapno, failed;

static void reset(void)
{
    calls = 0;
    last_info = -1;
    last_name[0] = '\0';
    for (int i = 0; i < CELLS; i++) {
        a[i] = b[i] = 1.0;
        c[i] = c0[i] = 0.25 * i;
    }
}

/* The faces under test: 0 the real ones, 1 the complex ones. */
static int complex_faces;

/* name: the routine's, as the handler is to receive it; f77: 1 for
 * xerbla_ (with its length 6). */
static void expect(const char *face, const char *what, int info,
                   const char *name, int f77)
{
    int ok = calls == 1 && last_info == info && !strcmp(last_name, name)
             && (!f77 || last_len == 6) && !memcmp(c, c0, sizeof c);

    failed += !ok;
    printf("%s %d - %s %s: position %d%s\n", ok ? "ok" : "not ok", ++tapno,
           face, what, info, ok ? "" : " expected");
    if (!ok)
        printf("# got %d handler call(s), position %d, name '%s', len %zu, "
               "C %s\n", calls, last_info, last_name, last_len,
               memcmp(c, c0, sizeof c) ? "changed" : "untouched");
}

/* dgemm_ with everything legal but what the case changes. */
struct f77 {
    char ta, tb;
    int m, n, k, lda, ldb, ldc;
    double alpha, beta;
};

static void f77_case(const char *what, struct f77 x, int info)
{
    const double zalpha[2] = { x.alpha, 0.0 }, zbeta[2] = { x.beta, 0.0 };

    reset();
    if (complex_faces)
        zgemm_(&x.ta, &x.tb, &x.m, &x.n, &x.k, zalpha, a, &x.lda, b, &x.ldb,
               zbeta, c, &x.ldc);
    else
        dgemm_(&x.ta, &x.tb, &x.m, &x.n, &x.k, &x.alpha, a, &x.lda, b,
               &x.ldb, &x.beta, c, &x.ldc);
    expect(complex_faces ? "zgemm_" : "dgemm_", what, info,
           complex_faces ? "ZGEMM " : "DGEMM ", 1);
}

static void f77_cases(void)
{
    const struct f77 ok = { 'N', 'N', 4, 3, 5, 4, 5, 4, 1.0, 0.5 };
    struct f77 x;

#define CASE(what, change, info) \
    (x = ok, change, f77_case(what, x, info))
    CASE("TRANSA = 'X'", x.ta = 'X', 1);
    CASE("TRANSB = 'n'+1", x.tb = 'o', 2);
    CASE("M = -1", x.m = -1, 3);
    CASE("N = -1", x.n = -1, 4);
    CASE("K = -1", x.k = -1, 5);
    CASE("LDA < M (A not transposed)", x.lda = 3, 8);
    CASE("LDA < K (A transposed)", (x.ta = 't', x.lda = 4), 8);
    CASE("LDB < K (B not transposed)", x.ldb = 4, 10);
    CASE("LDB < N (B transposed)", (x.tb = 'C', x.ldb = 2), 10);
    CASE("LDC < M", x.ldc = 3, 13);
    CASE("LDA = 0 with M = 0 (checked before the quick return)",
         (x.m = 0, x.lda = 0), 8);
    CASE("LDC < M with alpha = 0, beta = 1", (x.alpha = 0, x.beta = 1,
                                              x.ldc = 2), 13);
    CASE("M = -1 and N = -1: M first", (x.m = -1, x.n = -1), 3);
    CASE("K = -1 and LDC = 0: K first", (x.k = -1, x.ldc = 0), 5);
#undef CASE
}

struct cb {
    int layout, ta, tb;
    int m, n, k, lda, ldb, ldc;
};

static void cblas_case(const char *what, struct cb x, int info)
{
    const char *name = complex_faces ? "cblas_zgemm" : "cblas_dgemm";
    const double zalpha[2] = { 1.0, 0.0 }, zbeta[2] = { 0.5, 0.0 };

    reset();
    if (complex_faces)
        cblas_zgemm((CBLAS_LAYOUT)x.layout, (CBLAS_TRANSPOSE)x.ta,
                    (CBLAS_TRANSPOSE)x.tb, x.m, x.n, x.k, zalpha, a, x.lda,
                    b, x.ldb, zbeta, c, x.ldc);
    else
        cblas_dgemm((CBLAS_LAYOUT)x.layout, (CBLAS_TRANSPOSE)x.ta,
                    (CBLAS_TRANSPOSE)x.tb, x.m, x.n, x.k, 1.0, a, x.lda, b,
                    x.ldb, 0.5, c, x.ldc);
    expect(name, what, info, name, 0);
}

static void cblas_cases(void)
{
    /* m=4 n=3 k=5: column major lda >= 4, ldb >= 5, ldc >= 4; row major
     * lda >= 5, ldb >= 3, ldc >= 3 */
    const struct cb col = { CblasColMajor, CblasNoTrans, CblasNoTrans,
                            4, 3, 5, 4, 5, 4 };
    const struct cb row = { CblasRowMajor, CblasNoTrans, CblasNoTrans,
                            4, 3, 5, 5, 3, 3 };
    struct cb x;

#define CASE(base, what, change, info) \
    (x = base, change, cblas_case(what, x, info))
    CASE(col, "layout 0", x.layout = 0, 1);
    CASE(col, "col TransA 0", x.ta = 0, 2);
    CASE(col, "col TransB 114", x.tb = 114, 3);
    CASE(col, "col M = -1", x.m = -1, 4);
    CASE(col, "col N = -1", x.n = -1, 5);
    CASE(col, "col K = -1", x.k = -1, 6);
    CASE(col, "col lda < M", x.lda = 3, 9);
    CASE(col, "col ldb < K", x.ldb = 4, 11);
    CASE(col, "col ldc < M", x.ldc = 3, 14);
    CASE(col, "col M = N = -1: M first", (x.m = -1, x.n = -1), 4);
    CASE(col, "col lda, ldb too small: lda first", (x.lda = 1, x.ldb = 1),
         9);
    CASE(row, "row TransA 0", x.ta = 0, 2);
    CASE(row, "row TransB 0", x.tb = 0, 3);
    CASE(row, "row TransA, TransB 0: TransA first", (x.ta = 0, x.tb = 0),
         2);
    /* row major: the positions in the transposed call the reference
     * makes (M and N, lda and ldb swapped), as its handler receives them
     * (its tester's handler swaps them back) */
    CASE(row, "row M = -1 (N of the call made)", x.m = -1, 5);
    CASE(row, "row N = -1 (M of the call made)", x.n = -1, 4);
    CASE(row, "row K = -1", x.k = -1, 6);
    CASE(row, "row lda < K (ldb of the call made)", x.lda = 4, 11);
    CASE(row, "row lda < M (A transposed)", (x.ta = CblasTrans, x.lda = 3),
         11);
    CASE(row, "row ldb < N (lda of the call made)", x.ldb = 2, 9);
    CASE(row, "row ldc < N", x.ldc = 2, 14);
    CASE(row, "row M = N = -1: N first, as the reference", (x.m = -1,
                                                            x.n = -1), 4);
    CASE(row, "row lda, ldb too small: ldb first, as the reference",
         (x.lda = 1, x.ldb = 1), 9);
    CASE(row, "row ldc = 0 with M = 0 (before the quick return)",
         (x.m = 0, x.ldc = 0), 14);
#undef CASE
}

static void native_case(const char *what, int got, int info)
{
    int ok = got == info && calls == 0 && !memcmp(c, c0, sizeof c);

    failed += !ok;
    printf("%s %d - mmt_dgemm %s: returns %d\n", ok ? "ok" : "not ok",
           ++tapno, what, info);
    if (!ok)
        printf("# returned %d, %d handler calls, C %s\n", got, calls,
               memcmp(c, c0, sizeof c) ? "changed" : "untouched");
}

static void native_cases(void)
{
    reset();
    native_case("transa 7", mmt_dgemm((enum mmt_trans)7, MMT_NOTRANS, 4, 3,
                                      5, 1, a, 4, b, 5, 0, c, 4), 1);
    native_case("m beyond PTRDIFF_MAX",
                mmt_dgemm(MMT_NOTRANS, MMT_NOTRANS, (size_t)-1, 3, 5, 1, a,
                          4, b, 5, 0, c, 4), 3);
    native_case("lda < k (A transposed)",
                mmt_dgemm(MMT_TRANS, MMT_NOTRANS, 4, 3, 5, 1, a, 4, b, 5, 0,
                          c, 4), 8);
    native_case("ldb = -5", mmt_dgemm(MMT_NOTRANS, MMT_NOTRANS, 4, 3, 5, 1,
                                      a, 4, b, -5, 0, c, 4), 10);
    native_case("ldc < m", mmt_dgemm(MMT_NOTRANS, MMT_NOTRANS, 4, 3, 5, 1,
                                     a, 4, b, 5, 0, c, 3), 13);
    native_case("legal call", mmt_dgemm(MMT_NOTRANS, MMT_NOTRANS, 4, 3, 0,
                                        1, a, 4, b, 1, 1, c, 4), 0);
}

int main(void)
{
    printf("1..%d\n", 2 * (14 + 24) + 6);
    for (complex_faces = 0; complex_faces < 2; complex_faces++) {
        f77_cases();
        cblas_cases();
    }
    native_cases();
    return 0;
}
