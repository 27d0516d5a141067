/* test_fence: no path reads or writes outside an operand.  A, B and C
 * each end where a page ends, the next page inaccessible -- or, in a
 * second pass, begin where a page begins, the page before inaccessible --
 * the leading dimensions the least: a vector load or store running past
 * the last column's last row (a fractional vector of rows: the thin
 * path's last rows, the small path's masked tiles), or before the first
 * (a tile shifted up to end at row M, an edge taken from its far end),
 * faults, and the fault is reported as the case's failure.  Every
 * transpose pair, M, N and K from 1 past two vectors (where the paths'
 * edges are), beta 0 (over NaN in C), 1 and others, results checked
 * against the reference.  After a fault the library's state is unknown
 * (a lock may be held): the test bails out.  TAP. */
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mmtune.h"
#include "tests/common/gemmref.h"

/* Past the non-copy kernels' tile (at most two vectors: 16 rows) by a
 * vector's fraction, and past their exact-width columns. */
#define DIM_MAX 20

/* Room for up to `most` doubles between two inaccessible pages: an
 * array either ends the readable part or begins it (fence_at). */
struct fence {
    char *base;              /* the readable part */
    size_t readable;
};

static void fence_make(struct fence *f, size_t most)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *map;

    f->readable = (most * sizeof(double) + page - 1) / page * page;
    map = mmap(NULL, f->readable + 2 * page, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0
        || mprotect(map + page + f->readable, page, PROT_NONE) != 0) {
        printf("Bail out! cannot map a fenced array\n");
        exit(1);
    }
    f->base = map + page;
}

/* n doubles ending at the fence after them, or (start) beginning at the
 * fence before them. */
static double *fence_at(const struct fence *f, size_t n, int start)
{
    return start ? (double *)f->base
                 : (double *)(f->base + f->readable) - n;
}

static sigjmp_buf fault_jump;

static void on_fault(int sig)
{
    siglongjmp(fault_jump, sig);
}

struct counts {
    long cases, wrong;
};

static void one_case(const struct fence fc[4], int start, int ta, int tb,
                     size_t m, size_t n, size_t k,
                     unsigned long long *seed, struct counts *r)
{
    size_t ra = ta ? k : m, ca = ta ? m : k, rb = tb ? n : k;
    size_t cb = tb ? k : n;
    double *a = fence_at(&fc[0], ra * ca, start);
    double *b = fence_at(&fc[1], rb * cb, start);
    double *c = fence_at(&fc[2], m * n, start);
    double *c0 = fence_at(&fc[3], m * n, start);
    static const double betas[] = { 0.0, 1.0, 0.7, -1.0 };
    double alpha = (m + k) % 3 ? 0.7 : 1.0, beta = betas[(m + n + k) % 4];
    int im = (int)m, in = (int)n, ik = (int)k, lda = (int)ra;
    int ldb = (int)rb, ldc = (int)m;
    struct gr_gemm g = { ta, tb, m, n, k, alpha, beta, a, b, ra, rb, m,
                         .eps = 0.0 };
    struct gr_result res;

    for (size_t e = 0; e < ra * ca; e++)
        a[e] = gr_rand(seed);
    for (size_t e = 0; e < rb * cb; e++)
        b[e] = gr_rand(seed);
    for (size_t e = 0; e < m * n; e++)   /* beta = 0: C is never read */
        c[e] = c0[e] = beta == 0.0 ? NAN : gr_rand(seed);
    r->cases++;
    if (sigsetjmp(fault_jump, 1)) {
        printf("Bail out! %c%c M=%zu N=%zu K=%zu: a fault %s an "
               "operand\n", ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k,
               start ? "before" : "past");
        exit(1);
    }
    dgemm_(ta ? "T" : "N", tb ? "T" : "N", &im, &in, &ik, &alpha, a, &lda,
           b, &ldb, &beta, c, &ldc);
    if (gr_check(&g, c, c0, m * n, 1e9, &res) != 0 && r->wrong++ == 0)
        printf("# %c%c M=%zu N=%zu K=%zu: %ld of %ld wrong\n",
               ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, res.bad,
               res.checked);
}

int main(void)
{
    static const size_t ks[] = { 1, 2, 3, 7, 8, 9, 17 };
    struct fence fc[4];
    struct sigaction sa;
    unsigned long long seed = 12345;
    int tapno = 0;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    for (int i = 0; i < 4; i++)
        fence_make(&fc[i], DIM_MAX * DIM_MAX);
    printf("1..8\n");
    for (int t = 0; t < 8; t++) {
        struct counts r = { 0, 0 };
        int start = t >> 2, ta = (t >> 1) & 1, tb = t & 1;
        for (size_t m = 1; m <= DIM_MAX; m++)
            for (size_t n = 1; n <= DIM_MAX; n++)
                for (size_t q = 0; q < sizeof ks / sizeof *ks; q++)
                    one_case(fc, start, ta, tb, m, n, ks[q], &seed, &r);
        printf("%s %d - %c%c: %ld cases (M, N 1 to %d), operands at a "
               "page's %s: no fault, %ld wrong\n",
               r.wrong ? "not ok" : "ok", ++tapno, ta ? 'T' : 'N',
               tb ? 'T' : 'N', r.cases, DIM_MAX, start ? "start" : "end",
               r.wrong);
    }
    return 0;
}
