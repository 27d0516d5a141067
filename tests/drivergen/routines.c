/* Routines the spec tests time, compiled by the tests as a user would
 * compile the object a driver links with: ATL_USERMM for paper 001's
 * Fig. 4 spec (naive loops), and spec_args with spec_fill for
 * tests/drivergen/args.spec -- spec_args checks every argument a driver passes
 * against that spec and aborts at the first that differs, on every call
 * (so every working set the timer lays out is checked). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void ATL_USERMM(const int M, const int N, const int K, const double alpha,
                const double *A, const int lda, const double *B,
                const int ldb, const double beta, double *C, const int ldc);
void spec_fill(double *a, long rows, long cols, long ld);
int spec_args(int n, char t, const char *tp, double alpha,
              const double *betap, const double *P, float *V, const int *I,
              long m, size_t s, int order);

#ifdef SPEC_STUB_CBLAS
/* For a driver run with --show only, which never calls the routine. */
void cblas_dgemm(void);
void cblas_dgemm(void)
{
    abort();
}
#endif

void ATL_USERMM(const int M, const int N, const int K, const double alpha,
                const double *A, const int lda, const double *B,
                const int ldb, const double beta, double *C, const int ldc)
{
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) {
            double s = 0;
            for (int p = 0; p < K; p++)
                s += A[i + p * lda] * B[p + j * ldb];
            C[i + j * ldc] = alpha * s + beta * C[i + j * ldc];
        }
}

/* INIT(spec_fill): P(i, j) = i + 1000 j; the padding below ld marked. */
void spec_fill(double *a, long rows, long cols, long ld)
{
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < ld; i++)
            a[i + j * ld] = i < rows ? (double)i + 1000.0 * (double)j : -1;
}

static void expect(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "spec_args: %s\n", what);
        abort();
    }
}

static void check_arrays(int n, const double *P, const float *V,
                         const int *I, long m)
{
    expect((uintptr_t)P % 128 == 8, "P not at 8 bytes past 128");
    expect((uintptr_t)V % 64 == 0, "V not 64-byte aligned");
    expect((uintptr_t)I % 64 == 4, "I not at 4 bytes past 64");
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < n; i++)
            expect(P[i + j * (n + 2)] == i + 1000.0 * j,
                   "P is not what INIT(spec_fill) wrote (ld n + 2)");
    for (int i = 0; i < n; i++)
        expect(V[i] == 2.5f, "V is not CONST(2.5)");
    for (long i = 0; i < m; i++)
        expect(I[i] >= 0 && I[i] < 100, "I is not RANDOM ints 0..99");
}

int spec_args(int n, char t, const char *tp, double alpha,
              const double *betap, const double *P, float *V, const int *I,
              long m, size_t s, int order)
{
    expect(n >= 1, "n < 1");
    expect(t == 'T' && *tp == 'N', "t, *tp are not 'T', 'N'");
    expect(alpha == 0.5 && *betap == -1, "alpha, *betap are not 0.5, -1");
    expect(m == 2L * n + 1, "m is not 2*n + 1");
    expect(s == 3 && order == 101, "s, order are not 3, 101");
    check_arrays(n, P, V, I, m);
    return n;
}
