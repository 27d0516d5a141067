/* test_paths: each call takes the path its bounds say (mml_dgemm returns
 * the one it took), and computes right there.  The other tests check
 * results through the public faces, which any path would pass: a path
 * whose fits test stopped saying yes would go unnoticed.  The bounds are
 * written out here as the paths' comments state them, on purpose apart
 * from the fits functions: moving one is a decision this test must be
 * told of.  Shapes on each side of each bound, under the library's own
 * plan (NCNB, the narrow tile's V).  Compiled with MML_SINGLE it is
 * test_spaths: single's plan and paths (mml_sgemm), on float operands
 * exact in double (which the oracle reads), checked at float's epsilon.
 * TAP. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/driver.h"
#include "kernels/params.h"
#include "tests/common/gemmref.h"

#ifdef MML_SINGLE
#define SINGLE 1
#define EPS FLT_EPSILON
#else
#define SINGLE 0
#define EPS 0.0                  /* gr_gemm's: double's */
#endif
#define V MML_NARROW_MU
/* the vector registers of the build (driver.h's MML_VREGS) */
#define VREGS (V * (int)sizeof(mml_elem) >= 64 ? 32 : 16)

static const char *const names[] = {
    "none", "thin", "TT", "TN", "small direct", "small", "small TT",
    "panel T", "skinny", "blocked", "naive"
};

struct shape {
    int ta, tb;
    size_t m, n, k;
};

static size_t ncnb;

/* The small group: every dimension within NCNB (small.c, tt.c, tn.c). */
static enum mml_path small_want(const struct mml_plan *p,
                                const struct shape *s, double alpha,
                                double beta)
{
    size_t mnk = s->m * s->n * s->k;

    /* small.c's direct form: kernels with masked rows, nothing copied
     * (op(A) = A, alpha 1 or beta 0, op(B) = B or B^T read in place by
     * the BT kernels), at least 2 rows and 8 columns */
    if (p->nck.masked && !s->ta && (!s->tb || p->knct)
        && (alpha == 1.0 || beta == 0.0) && s->m >= 2 && s->n >= 8)
        return MML_PATH_SMALL_DIRECT;

    /* tt.c: its tile (2V + 3 vectors) in the registers, K of 64 or
     * more, or a product of at most 48^3; with fewer than 16
     * accumulators (2V: AVX2's doubles), a product of at most 64^3 */
    if (V > 1 && 2 * V + 3 <= VREGS && s->ta && s->tb && s->n >= V
        && (s->k >= 64 || mnk <= 48 * 48 * 48)
        && (2 * V >= 16 || mnk <= 64 * 64 * 64))
        return MML_PATH_TT;
    /* tn.c: its tile (3V + 4 vectors) in the registers, K of 32 or more,
     * a product of at most 64^3 */
    if (V > 1 && 3 * V + 4 <= VREGS && s->ta && !s->tb && s->m >= V
        && s->k >= 32
        && mnk <= 64 * 64 * 64)
        return MML_PATH_TN;
    /* TT as its transpose when that moves fewer doubles, N < K */
    if (s->ta && s->tb && s->n < s->k)
        return MML_PATH_SMALL_TT;
    return MML_PATH_SMALL;
}

/* A's leading dimension: the least plus one, or lda when it is more. */
static size_t lda_of(const struct shape *s, size_t lda)
{
    size_t least = (s->ta ? s->k : s->m) + 1;

    return lda > least ? lda : least;
}

/* The small group's bounds: its kernels, every dimension within NCNB and
 * A's leading dimension within their int indexing (B's and C's are the
 * least plus two and three here, far within it). */
static int small_takes(const struct mml_plan *p, const struct shape *s,
                       size_t lda)
{
    return p->knc && p->kncv && s->m <= ncnb && s->n <= ncnb
           && s->k <= ncnb && lda_of(s, lda) <= (size_t)INT_MAX / (ncnb + 1);
}

/* The bounds for the shapes below, all with NCNB of 256 or more (the
 * library's is at least 320, kernels/libparams.c): a TT panel and the
 * packed panel of skinny.c with K past NCNB are not written out. */
static enum mml_path want(const struct mml_plan *p, const struct shape *s,
                          size_t lda, double alpha, double beta)
{
    /* the non-copy kernels index with int: leading dimensions past this
     * leave them for the packed path */
    size_t big = (size_t)INT_MAX / (ncnb + 1);

    if (s->m == 0 || s->n == 0 || s->k == 0)
        return MML_PATH_NONE;
    if (!p)
        return MML_PATH_NAIVE;
    /* thin.c: a vector, or fewer than 8 columns of A as stored; with
     * vectors of 8, from 5 columns only when the small path cannot take
     * the call or M is less than a vector; 8 and 9 columns of A as
     * stored, M and K at least 200, when the small path cannot take it */
    if (s->m == 1 || s->n == 1
        || (s->n < 8 && !s->ta
            && (V < 8 || s->n < 5 || s->m < V || !small_takes(p, s, lda)))
        || (s->n < 10 && !s->ta && s->m >= 200 && s->k >= 200
            && !small_takes(p, s, lda)))
        return MML_PATH_THIN;
    if (lda_of(s, lda) > big)
        return MML_PATH_BLOCKED;
    if (small_takes(p, s, lda))
        return small_want(p, s, alpha, beta);
    /* panelt.c: A^T with N up to 128, K past NCNB */
    if (s->ta && s->n <= 128 && s->k > ncnb && s->n <= ncnb)
        return MML_PATH_PANEL_T;
    /* skinny.c: M within NCNB, or N and K; or A with N up to 40 */
    if (s->m <= ncnb || (s->n <= ncnb && s->k <= ncnb)
        || (!s->ta && s->n <= 40))
        return MML_PATH_SKINNY;
    return MML_PATH_BLOCKED;
}

static unsigned long long seed = 77;

/* n values, each exact in the element type */
static double *filled(size_t n)
{
    double *x = gr_nan_array(n);
    for (size_t i = 0; i < n; i++)
        x[i] = (mml_elem)gr_rand(&seed);
    return x;
}

/* the elements of rows x cols stored with leading dimension ld (one when
 * empty) */
static size_t count(size_t rows, size_t cols, size_t ld)
{
    return rows && cols ? ld * (cols - 1) + rows : 1;
}

/* Run s (A's leading dimension at least lda) with alpha and beta; 0
 * when it took want's path and is right. */
static int run(const struct mml_plan *p, const struct shape *s, size_t lda0,
               double alpha, double beta, int tapno)
{
    size_t lda = lda_of(s, lda0), ldb = (s->tb ? s->n : s->k) + 2;
    size_t ldc = s->m + 3, cells = ldc * (s->n + 1);
    size_t na = s->ta ? count(s->k, s->m, lda) : count(s->m, s->k, lda);
    size_t nb = s->tb ? count(s->n, s->k, ldb) : count(s->k, s->n, ldb);
    double *a = filled(na), *b = filled(nb), *c = filled(cells);
    double *c0 = malloc(cells * sizeof *c0);
    /* the call's operands, in its type (the oracle reads the doubles) */
    mml_elem *ta = gr_typed(a, na, SINGLE), *tb = gr_typed(b, nb, SINGLE);
    mml_elem *tc = gr_typed(c, cells, SINGLE);
    struct mml_gemm g = { s->ta, s->tb, s->m, s->n, s->k, (mml_elem)alpha,
                          (mml_elem)beta, ta, tb, tc, lda, ldb, ldc,
                          NULL, NULL, NULL };
    /* the oracle with the alpha and beta the call gets (0.7 as a float) */
    struct gr_gemm r = { s->ta, s->tb, s->m, s->n, s->k, (mml_elem)alpha,
                         (mml_elem)beta, a, b, lda, ldb, ldc, .eps = EPS };
    struct gr_result res;
    enum mml_path w = want(p, s, lda0, alpha, beta), got;
    int bad;

    if (!c0) {
        printf("Bail out! no memory\n");
        exit(99);
    }
    for (size_t e = 0; e < cells; e++)
        c0[e] = c[e];
    got = mml_dgemm(&g);
    for (size_t e = 0; e < cells; e++)
        c[e] = tc[e];
    bad = gr_check(&r, c, c0, cells, 1e9, &res) != 0;
    printf("%s %d - %c%c %zux%zux%zu lda %zu alpha %g beta %g: %s path%s%s, "
           "%s\n", got == w && !bad ? "ok" : "not ok", tapno,
           s->ta ? 'T' : 'N', s->tb ? 'T' : 'N', s->m, s->n, s->k, lda,
           alpha, beta, names[got],
           got == w ? "" : ", not the ", got == w ? "" : names[w],
           bad ? "WRONG result" : "right");
    free(a), free(b), free(c), free(c0);
    free(ta), free(tb), free(tc);
    return got == w && !bad ? 0 : 1;
}

/* The panel-T path's workspace does not grow with M (panelt.c: passes
 * of at most 2048 rows): 2049, 10^6 and 10^8 rows need no more than the
 * most any one pass of up to 2048 rows needs.  (Not no more than 2048
 * rows: a pass of fewer rows may be cut into wider chunks by the skinny
 * path; single's model plan, NCNB 512, needed 3.5% more for 10^6.) */
static int panel_t_bounded(const struct mml_plan *p, int tapno)
{
    struct mml_gemm g = { 1, 0, 1, 128, ncnb + 10, 1.0, 1.0, NULL, NULL,
                          NULL, ncnb + 10, ncnb + 10, 100000000, NULL,
                          NULL, NULL };
    const size_t rows[] = { 2049, 1000000, 100000000 };
    size_t pass = 0, most = 0;

    if (!p || !p->knc || !p->kncv) {
        printf("ok %d # SKIP %s\n", tapno, !p ? "this CPU lacks the "
               "kernels' ISA" : "the plan has no non-copy kernels");
        return 0;
    }
    for (g.m = 1; g.m <= 2048; g.m++) {
        size_t e = mml_panel_t_elems(p, &g);
        pass = e > pass ? e : pass;
    }
    for (int i = 0; i < 3; i++) {
        size_t e;
        g.m = rows[i];
        e = mml_panel_t_elems(p, &g);
        most = e > most ? e : most;
    }
    printf("%s %d - the panel-T workspace for up to 10^8 x 128 TN: %zu "
           "elements, a pass of up to 2048 rows %zu\n",
           most <= pass ? "ok" : "not ok", tapno, most, pass);
    return most <= pass ? 0 : 1;
}

extern const struct mmt_kernel_desc mml_kfull_desc, mml_kedge_desc,
    mml_knc_desc, mml_kncv_desc;

/* A plan made as mmsearch makes the one it times the whole call with
 * (tune/dgemm.c: mml_plan_make, then mml_plan_small, from a driver's
 * kernels) has the library's kernels for the slabs below (kncp) and for
 * B^T in place: until 2026-12-02 only the library's own plan got them,
 * and the search timed panels (N <= 40) on knc, at half the library's
 * speed there. */
static int search_plan_same(const struct mml_plan *p, int tapno)
{
    struct mml_plan q;

    if (!p) {
        printf("ok %d # SKIP no plan: this CPU lacks the kernels' ISA\n",
               tapno);
        return 0;
    }
    mml_plan_make(&q, &mml_kfull_desc, &mml_kedge_desc, p->nc);
    if (mml_plan_small(&q, &mml_knc_desc, &mml_kncv_desc, p->ncnb) == 0
        && q.kncp == p->kncp && q.knct == p->knct && q.kncvt == p->kncvt
        && (!p->kncp || q.nckp.b0 == p->nckp.b0)) {
        printf("ok %d - a plan made as mmsearch makes its own has the "
               "library's slab kernel (%s) and B^T kernels (%s)\n", tapno,
               p->kncp ? "kncp" : "none", p->knct ? "knct" : "none");
        return 0;
    }
    printf("not ok %d - mmsearch's plan: kncp %p knct %p kncvt %p, the "
           "library's %p %p %p\n", tapno, (const void *)q.kncp,
           (const void *)q.knct, (const void *)q.kncvt,
           (const void *)p->kncp, (const void *)p->knct,
           (const void *)p->kncvt);
    return 1;
}

/* The split method (complex_split.c) serves op(B) = B with N complex
 * columns up to min(KC, NC / 2), and none past: past KC each of its K
 * panels' merges over C cost more than 1m's packing of A twice
 * (ZGEMM N = 1000 ran 1.09-1.18 times as fast by 1m on the Zen 3 guest,
 * KC 224).  mml_zgemm_split returns whether it took the call. */
static int split_bound(const struct mml_plan *p, int tapno)
{
    size_t m = 600, k = 600, bound, took[2];
    mml_elem *a, *b, *c;

    if (!p || p->pmu % 2 || p->nb % 2 || p->pnu % 2 || p->edge->nu % 2) {
        printf("ok %d # SKIP %s\n", tapno, !p ? "no plan: this CPU lacks "
               "the kernels' ISA" : "the plan's tile has an odd side: the "
               "split method serves no call");
        return 0;
    }
    bound = (size_t)(p->kc < p->nc / 2 ? p->kc : p->nc / 2);
    a = calloc(2 * m * k, sizeof *a);
    b = calloc(2 * k * (bound + 1), sizeof *b);
    c = calloc(2 * m * (bound + 1), sizeof *c);
    if (!a || !b || !c) {
        printf("not ok %d - out of memory\n", tapno);
        return 1;
    }
    for (int i = 0; i < 2; i++) {
        struct mml_complex_gemm g = {
            .m = m, .n = bound + i, .k = k, .alpha = { 1, 0 },
            .a = a, .b = b, .c = c, .lda = m, .ldb = k, .ldc = m,
        };
        took[i] = (size_t)mml_zgemm_split(&g, p, 0);
    }
    free(a);
    free(b);
    free(c);
    printf("%s %d - the split method takes %zu columns (KC %d, NC %d), "
           "not %zu: %s, %s\n", took[0] && !took[1] ? "ok" : "not ok",
           tapno, bound, p->kc, p->nc, bound + 1,
           took[0] ? "took" : "left", took[1] ? "took" : "left");
    return took[0] && !took[1] ? 0 : 1;
}

int main(void)
{
    const struct mml_plan *p = mml_plan_default();
    size_t l, v = V > 2 ? V : 2;

    ncnb = p ? (size_t)p->ncnb : 0;
    l = ncnb ? ncnb : 320;
    const struct shape s[] = {
        { 0, 0, 0, 5, 5 }, { 0, 0, 5, 5, 0 },
        /* thin, and just past its bounds */
        { 0, 0, 1, 50, 30 }, { 1, 0, 40, 1, 30 }, { 0, 0, 40, 7, 30 },
        { 0, 1, 40, 7, 30 }, { 0, 0, 40, 8, 30 }, { 0, 0, 40, 4, 30 },
        { 0, 0, 40, 5, 30 }, { 0, 0, v - 1, 7, 30 }, { 0, 0, l + 1, 7, 30 },
        { 0, 1, 40, 5, l + 1 },
        /* thin's groups of columns (8 and 9, M and K from 200, past
         * NCNB), and just past their bounds */
        { 0, 0, l + 10, 8, 200 }, { 0, 1, 200, 9, l + 10 },
        { 0, 0, l + 10, 10, 200 }, { 0, 0, l + 10, 9, 199 },
        { 0, 1, 199, 8, l + 10 }, { 1, 0, l + 10, 8, 200 },
        /* TN and around it: K 32 and 31, M of V and V - 1, 64^3 and past */
        { 1, 0, 40, 7, 40 }, { 1, 0, v, 2, 32 }, { 1, 0, 32, 32, 31 },
        { 1, 0, v - 1, 32, 32 }, { 1, 0, 64, 64, 64 }, { 1, 0, 64, 64, 65 },
        { 1, 0, 33, 9, 47 },
        /* TT and around it: N of V and V - 1, K of 64, 48^3 and past,
         * 64^3 and past */
        { 1, 1, 32, v, 64 }, { 1, 1, 32, v - 1, 64 }, { 1, 1, 48, 48, 48 },
        { 1, 1, 48, 48, 49 }, { 1, 1, 100, 100, 20 }, { 1, 1, 17, 33, 97 },
        { 1, 1, 64, 64, 64 }, { 1, 1, 64, 64, 65 }, { 1, 1, 100, 100, 100 },
        /* the small path itself, and its direct form's least rows and
         * columns */
        { 0, 0, 100, 100, 100 }, { 0, 1, 64, 64, 64 }, { 0, 0, l, l, l },
        { 0, 0, 2, 8, 3 }, { 0, 1, 2, 8, 5 }, { 0, 0, v - 1, 9, 1 },
        { 0, 0, 8, 8, 8 }, { 0, 1, 13, 11, 7 },
        /* past NCNB */
        { 1, 0, 50, 32, l + 10 }, { 1, 0, 50, 129, l + 10 },
        { 1, 0, 4100, 24, l + 10 },    /* panel T in passes of rows */
        { 0, 0, l + 50, 40, 40 }, { 0, 0, 40, l + 50, l + 50 },
        { 0, 0, l + 10, 200, l + 10 }, { 0, 0, l + 10, l + 10, l + 10 },
        { 0, 0, l + 10, 40, l + 10 }, { 0, 0, l + 10, 41, l + 10 },
        { 1, 1, l + 10, l + 10, l + 10 },
    };
    /* a leading dimension past the kernels' int indexing (54 MB of A) */
    const struct shape wide_a = { 0, 0, 16, 8, 2 };
    size_t far = (size_t)INT_MAX / (l + 1) + 1;
    int n = (int)(sizeof s / sizeof s[0]), bad = 0, t = 0;

    printf("1..%d\n", 5 * n + 7);
    printf("# %s plan: %s, NCNB %zu, V %d\n", SINGLE ? "single's"
           : "double's", p ? "the library's" : "none (this CPU lacks the "
           "kernels' ISA: every call is naive)", ncnb, V);
    for (int i = 0; i < n; i++) {
        bad += run(p, &s[i], 0, 1.0, 0.0, ++t);
        bad += run(p, &s[i], 0, 0.7, -1.0, ++t);
        bad += run(p, &s[i], 0, 0.7, 0.0, ++t);
        bad += run(p, &s[i], 0, 1.0, 1.0, ++t);
        bad += run(p, &s[i], 0, 1.0, 0.7, ++t);
    }
    bad += run(p, &wide_a, far, 1.0, 0.0, ++t);
    bad += run(p, &wide_a, far, 0.7, -1.0, ++t);
    bad += run(p, &wide_a, far, 1.0, 1.0, ++t);
    bad += run(p, &wide_a, far, 0.7, 0.0, ++t);
    bad += panel_t_bounded(p, ++t);
    bad += search_plan_same(p, ++t);
    bad += split_bound(p, ++t);
    return bad ? 1 : 0;
}
