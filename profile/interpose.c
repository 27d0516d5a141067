/* dgemm_ and cblas_dgemm as the program sees them while libmmprofile is
 * preloaded: note the arguments, time the real routine (CLOCK_MONOTONIC
 * around the forwarded call, paper 001 Fig. 2 lines 8-9), record.  A call
 * made from inside a recorded one (a CBLAS calling the Fortran dgemm_
 * through the symbol table, as the reference CBLAS does) is forwarded
 * unrecorded: the outer call's time already holds it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "profile/profile.h"

#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

/* The Fortran dgemm_ with gfortran's hidden lengths of TRANSA and TRANSB:
 * forwarded as received, so a BLAS that reads them gets what its caller
 * passed (from a C caller that passed none, the same stack words the BLAS
 * would have read). */
typedef void dgemm_fn(const char *, const char *, const int *, const int *,
                      const int *, const double *, const double *,
                      const int *, const double *, const int *,
                      const double *, double *, const int *, size_t, size_t);
/* CBLAS's enums are ints in the ABI. */
typedef void cblas_dgemm_fn(int, int, int, int, int, int, double,
                            const double *, int, const double *, int,
                            double, double *, int);

dgemm_fn dgemm_;
cblas_dgemm_fn cblas_dgemm;

#define MMP_RECENT 8    /* calls whose operands count as warm */

/* Per thread: inside a recorded call; the operands of the last calls.
 * Initial-exec: the library is preloaded, so its thread-local block is
 * static, reached without a call to __tls_get_addr on every access. */
struct thread_state {
    int inside;
    unsigned recent_n;
    const void *recent[3 * MMP_RECENT];
};
static _Thread_local struct thread_state my
    __attribute__((tls_model("initial-exec")));

static void *real(void *_Atomic *slot, const char *name)
{
    void *fn = atomic_load_explicit(slot, memory_order_acquire);

    if (!fn) {
        fn = mmp_resolve(name);
        atomic_store_explicit(slot, fn, memory_order_release);
    }
    return fn;
}

static int seen(const struct thread_state *t, const void *p)
{
    unsigned n = t->recent_n < 3 * MMP_RECENT ? t->recent_n : 3 * MMP_RECENT;

    for (unsigned i = 0; i < n; i++)
        if (t->recent[i] == p)
            return 1;
    return 0;
}

/* 1 when A, B and C were all operands (in any role) of this thread's last
 * MMP_RECENT calls: a hint that they may still be in cache. */
static int warm_and_remember(struct thread_state *t, const void *a,
                             const void *b, const void *c)
{
    int warm = seen(t, a) && seen(t, b) && seen(t, c);

    t->recent[t->recent_n++ % (3 * MMP_RECENT)] = a;
    t->recent[t->recent_n++ % (3 * MMP_RECENT)] = b;
    t->recent[t->recent_n++ % (3 * MMP_RECENT)] = c;
    if (t->recent_n >= 6 * MMP_RECENT)  /* stay past the fill, never wrap */
        t->recent_n -= 3 * MMP_RECENT;
    return warm;
}

static uint8_t scalar_class(double x)
{
    return x == 0 ? MMP_ZERO : x == 1 ? MMP_ONE
         : x == -1 ? MMP_MINUS_ONE : MMP_OTHER;
}

static char fortran_trans(char t)
{
    switch (t) {
    case 'N': case 'n': return 'N';
    case 'T': case 't': return 'T';
    case 'C': case 'c': return 'C';
    default: return '?';
    }
}

static char cblas_trans(int t)
{
    return t == 111 ? 'N' : t == 112 ? 'T' : t == 113 ? 'C' : '?';
}

static uint64_t now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Around the forwarded call: the warm hint, the nesting flag, the clock. */
static uint64_t enter(struct mmp_call *call, const void *a, const void *b,
                      const void *c)
{
    struct thread_state *t = &my;

    call->warm = warm_and_remember(t, a, b, c);
    t->inside = 1;
    return now_ns();
}

static void leave(struct mmp_call *call, uint64_t t0)
{
    call->ns = now_ns() - t0;
    my.inside = 0;
    mmp_record(call);
}

void dgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const double *alpha,
            const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc,
            size_t transa_len, size_t transb_len)
{
    static void *_Atomic slot;
    dgemm_fn *fn = (dgemm_fn *)real(&slot, "dgemm_");
    struct mmp_call call;
    uint64_t t0;

    if (my.inside) {
        fn(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
           transa_len, transb_len);
        return;
    }
    call = (struct mmp_call){
        .routine = MMP_DGEMM_F77, .order = 'c',
        .transa = fortran_trans(*transa), .transb = fortran_trans(*transb),
        .m = *m, .n = *n, .k = *k, .lda = *lda, .ldb = *ldb, .ldc = *ldc,
        .alpha = scalar_class(*alpha), .beta = scalar_class(*beta),
    };
    t0 = enter(&call, a, b, c);
    fn(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
       transa_len, transb_len);
    leave(&call, t0);
}

void cblas_dgemm(int order, int transa, int transb, int m, int n, int k,
                 double alpha, const double *a, int lda, const double *b,
                 int ldb, double beta, double *c, int ldc)
{
    static void *_Atomic slot;
    cblas_dgemm_fn *fn = (cblas_dgemm_fn *)real(&slot, "cblas_dgemm");
    struct mmp_call call;
    uint64_t t0;

    if (my.inside) {
        fn(order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c,
           ldc);
        return;
    }
    call = (struct mmp_call){
        .routine = MMP_CBLAS_DGEMM,
        .order = order == 101 ? 'r' : order == 102 ? 'c' : '?',
        .transa = cblas_trans(transa), .transb = cblas_trans(transb),
        .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc,
        .alpha = scalar_class(alpha), .beta = scalar_class(beta),
    };
    t0 = enter(&call, a, b, c);
    fn(order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    leave(&call, t0);
}

__attribute__((constructor)) static void mmp_start(void)
{
    mmp_buffer_open();
    mmp_table_start();
}

__attribute__((destructor)) static void mmp_finish(void)
{
    mmp_table_finish();
}
