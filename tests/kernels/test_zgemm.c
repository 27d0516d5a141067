/* test_zgemm: libmmtune's zgemm_ and cblas_zgemm (both layouts) against
 * the complex oracle of tests/common/gemmref.h (a plain triple loop in
 * long double): every TRANSA x TRANSB in {N, T, C}^2 with every alpha in
 * {0, 1, (0.5, -1.25)} and beta in {0, 1, (-0.5, 2)} on every face;
 * sizes 1, 2, 3, at and past complex_narrow.c's bounds, around the
 * kernels' tile and the small path's crossover (the real product is 2M
 * x N x 2K), a few hundred, and past complex.c's
 * M and K blocks (more than one of each, op(B)'s copy remade per K
 * block) where A is expanded, and K blocks where the real product packs
 * it straight from A (complex.c's packers); leading dimensions larger
 * than needed (A's and B's extra rows NaN; C's, and a column after C,
 * keep their bits); beta = 0 over NaN in C (the result must be finite),
 * alpha = 0 over NaN in A and B, K = 0; row major bit for bit the
 * column-major call it is; the plain loops when no workspace can be had,
 * complex and (on the packers) real; the packed route's results on two
 * threads the same bits as on one; the split method's products
 * (kernels/complex_split.c, op(B) = B), to its bound of columns and one
 * past it, and its plain loops through the merge.  The handlers' positions are
 * test_args's.  TAP, one line per group; deterministic.
 *
 * Built with TEST_SINGLE it tests CGEMM (cgemm_, cblas_cgemm) on float
 * copies of the operands (exact in double, which the oracle reads), at
 * float's epsilon. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/driver.h"
#include "mmtune.h"
#include "tests/common/gemmref.h"

#ifdef TEST_SINGLE
typedef float elem;
#define EPS FLT_EPSILON
#define SINGLE 1
#define GEMM_F77 cgemm_
#define GEMM_CBLAS cblas_cgemm
#define NAME_F77 "cgemm_"
#else
typedef double elem;
#define EPS DBL_EPSILON
#define SINGLE 0
#define GEMM_F77 zgemm_
#define GEMM_CBLAS cblas_zgemm
#define NAME_F77 "zgemm_"
#endif

#define BUDGET 4e6       /* oracle work per case, complex multiply-adds */

enum face { F_F77, F_CBLAS_COL, F_CBLAS_ROW, NFACES };
static const char *const face_name[NFACES] = {
    NAME_F77, "cblas col", "cblas row"
};
/* ops: 0 N, 1 T, 2 C */
static const char letters[2][3] = { { 'N', 'T', 'C' }, { 'n', 't', 'c' } };
static const CBLAS_TRANSPOSE cblas_op[3] = { CblasNoTrans, CblasTrans,
                                             CblasConjTrans };
static const double alphas[3][2] = { { 0, 0 }, { 1, 0 }, { 0.5, -1.25 } };
static const double betas[3][2] = { { 0, 0 }, { 1, 0 }, { -0.5, 2 } };

struct tcase {
    enum face face;
    int ta, tb;          /* the caller's ops */
    size_t m, n, k;
    int alpha, beta;     /* indices into alphas, betas */
    size_t pad;          /* leading dimensions beyond the minimum */
    int lower;           /* the F77 face's letters in lower case */
};

/* The arrays of one case (two doubles an element), in terms of the
 * column-major problem the call amounts to. */
struct arrays {
    struct gr_gemm v;
    double *a, *b, *c, *c0;
    size_t adoubles, bdoubles, cdoubles;
};

/* rows x cols complex in ld: NaN in the extra rows, or everywhere when
 * nan_all (alpha = 0: it must not be read).  Values exact in elem. */
static double *operand(size_t rows, size_t cols, size_t ld, int nan_all,
                       unsigned long long *seed, size_t *doubles)
{
    double *x;

    *doubles = 2 * ld * (cols ? cols : 1);
    x = gr_nan_array(*doubles);
    for (size_t j = 0; j < cols && !nan_all; j++)
        for (size_t i = 0; i < 2 * rows; i++)
            x[i + 2 * j * ld] = (elem)gr_rand(seed);
    return x;
}

static void setup(const struct tcase *t, struct arrays *s,
                  unsigned long long *seed)
{
    struct gr_gemm *v = &s->v;
    int alpha0 = t->alpha == 0;
    size_t sh[4], cells;         /* A's rows and columns as stored, B's */

    *v = (struct gr_gemm){ .alpha = alphas[t->alpha][0],
                           .alpha_im = alphas[t->alpha][1],
                           .beta = betas[t->beta][0],
                           .beta_im = betas[t->beta][1], .eps = EPS,
                           .cplx = 1 };
    gr_view(v, t->face == F_CBLAS_ROW, t->ta, t->tb, t->m, t->n, t->k,
            t->pad, sh);
    v->a = s->a = operand(sh[0], sh[1], v->lda, alpha0, seed, &s->adoubles);
    v->b = s->b = operand(sh[2], sh[3], v->ldb, alpha0, seed, &s->bdoubles);
    /* a guard column after C's last */
    cells = v->ldc * (v->n + 1);
    s->cdoubles = 2 * cells;
    s->c = gr_nan_array(s->cdoubles);
    s->c0 = gr_nan_array(s->cdoubles);
    for (size_t e = 0; e < s->cdoubles; e++) {
        int inside = e / 2 % v->ldc < v->m && e / 2 / v->ldc < v->n;
        if (!inside || t->beta != 0)
            s->c[e] = (elem)gr_rand(seed);
        s->c0[e] = s->c[e];
    }
}

static void release(struct arrays *s)
{
    free(s->a);
    free(s->b);
    free(s->c);
    free(s->c0);
}

static void call(const struct tcase *t, struct arrays *s)
{
    const struct gr_gemm *v = &s->v;
    int m = (int)t->m, n = (int)t->n, k = (int)t->k;
    int lda = (int)v->lda, ldb = (int)v->ldb, ldc = (int)v->ldc;
    char ca = letters[t->lower][t->ta], cb = letters[t->lower][t->tb];
    elem *a = gr_typed(s->a, s->adoubles, SINGLE);
    elem *b = gr_typed(s->b, s->bdoubles, SINGLE);
    elem *c = gr_typed(s->c, s->cdoubles, SINGLE);
    elem alpha[2] = { (elem)v->alpha, (elem)v->alpha_im };
    elem beta[2] = { (elem)v->beta, (elem)v->beta_im };

    switch (t->face) {
    case F_F77:
        GEMM_F77(&ca, &cb, &m, &n, &k, alpha, a, &lda, b, &ldb, beta, c,
                 &ldc);
        break;
    case F_CBLAS_COL:
        GEMM_CBLAS(CblasColMajor, cblas_op[t->ta], cblas_op[t->tb], m, n, k,
                   alpha, a, lda, b, ldb, beta, c, ldc);
        break;
    default:             /* the caller's A is the problem's B */
        GEMM_CBLAS(CblasRowMajor, cblas_op[t->ta], cblas_op[t->tb], m, n, k,
                   alpha, b, ldb, a, lda, beta, c, ldc);
    }
    gr_untyped(s->c, c, s->cdoubles, SINGLE);
    free(a);
    free(b);
    free(c);
}

struct group {
    const char *name;
    int cases, bad;
    double worst;
    unsigned long long seed;
};

static void describe(const struct tcase *t, const struct gr_result *r)
{
    printf("# %s %c%c m=%zu n=%zu k=%zu alpha=(%g,%g) beta=(%g,%g) "
           "pad=%zu: %ld of %ld bad (first at %zu,%zu), %ld cells outside "
           "changed, worst %.3g of the bound\n", face_name[t->face],
           letters[0][t->ta], letters[0][t->tb], t->m, t->n, t->k,
           alphas[t->alpha][0], alphas[t->alpha][1], betas[t->beta][0],
           betas[t->beta][1], t->pad, r->bad, r->checked, r->bad_i,
           r->bad_j, r->touched, r->worst);
}

static void add(struct group *g, const struct tcase *t)
{
    struct arrays s;
    struct gr_result r;
    int bad;

    setup(t, &s, &g->seed);
    call(t, &s);
    bad = gr_check(&s.v, s.c, s.c0, s.cdoubles / 2, BUDGET, &r) != 0;
    if (bad)
        describe(t, &r);
    if (r.worst > g->worst)
        g->worst = r.worst;
    g->cases++;
    g->bad += bad;
    release(&s);
}

static int tapno;

static void verdict(int ok, const char *what)
{
    printf("%s %d - %s\n", ok ? "ok" : "not ok", ++tapno, what);
}

static void report(const struct group *g)
{
    printf("%s %d - %s: %d cases, %d failed, worst error %.3g of the "
           "bound\n", g->bad || !g->cases ? "not ok" : "ok", ++tapno,
           g->name, g->cases, g->bad, g->worst);
}

/* Case i of a rotation through faces, op pairs, alpha and beta: any 81
 * cases in a row from a multiple of 81 hold every op pair with every
 * alpha and beta pair, and each face with every op pair. */
static struct tcase rotated(int i, size_t m, size_t n, size_t k)
{
    return (struct tcase){ (enum face)(i % NFACES), i / 3 % 3, i / 9 % 3,
                           m, n, k, (i + i / 27) % 3, (i / 3 + i / 27) % 3,
                           (size_t)(i % 4 == 3 ? 7 : i % 4), i / 2 % 2 };
}

/* The oracle itself passes a right result and catches a wrong element
 * (by a few hundred times its bound), a NaN and a write outside the
 * block. */
static void planted(void)
{
    struct tcase t = { F_F77, 2, 1, 17, 19, 23, 2, 2, 2, 0 };
    unsigned long long seed = 99;
    struct arrays s;
    struct gr_result r;
    size_t cells, e;
    int caught = 0;

    setup(&t, &s, &seed);
    call(&t, &s);
    cells = s.cdoubles / 2;
    e = 2 * (5 + 3 * s.v.ldc) + 1;       /* im of C(5, 3) */
    caught += gr_check(&s.v, s.c, s.c0, cells, BUDGET, &r) == 0;
    s.c[e] += 1e6 * EPS;
    caught += gr_check(&s.v, s.c, s.c0, cells, BUDGET, &r) != 0;
    s.c[e] = NAN;
    caught += gr_check(&s.v, s.c, s.c0, cells, BUDGET, &r) != 0;
    s.c[e] = s.c0[e];
    s.c[2 * (t.m + 3 * s.v.ldc)] = 0.5;   /* a pad row */
    caught += gr_check(&s.v, s.c, s.c0, cells, BUDGET, &r) != 0;
    release(&s);
    printf("# the oracle: %d of 4 right\n", caught);
    verdict(caught == 4, "the oracle passes a right result and catches a "
            "wrong element, a NaN and a write outside the block");
}

/* Every face, op pair, alpha and beta, on shapes of 1 to 7, and at
 * complex_narrow.c's bound of columns W and one past it (1m's). */
static void every_combination(struct group *g)
{
    enum { W = MML_COMPLEX_NARROW };
    static const size_t s[][3] = { { 1, 1, 1 }, { 2, 3, 2 }, { 3, 2, 7 },
                                   { 7, 5, 3 }, { 9, W, 11 },
                                   { 9, W + 1, 11 }, { 37, W - 1, 29 },
                                   { 19, 1, 45 } };

    for (int x = 0; x < 8; x++)
        for (int i = 0; i < 243; i++) {
            struct tcase t = rotated(i, s[x][0], s[x][1], s[x][2]);
            t.alpha = i / 27 % 3;
            t.beta = i / 81;
            add(g, &t);
        }
}

/* The real product is 2M x N x 2K: M around half the kernels' tile
 * height (a tile of C's complex rows), N around its width, every
 * dimension around the small path's crossover, the thin path (M or N =
 * 1), a few hundred; each shape under 9 turns of the rotation. */
static void edges(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t mu2 = (size_t)ki->mu / 2, nu = (size_t)ki->nu;
    size_t c2 = ki->ncnb >= 8 ? (size_t)ki->ncnb / 2 : 4;
    const size_t s[][3] = {
        { mu2 - 1, nu - 1, 3 }, { mu2, nu, 5 }, { mu2 + 1, nu + 1, 8 },
        { 2 * mu2 + 1, 2 * nu + 1, 2 }, { 1, 37, 29 }, { 41, 1, 33 },
        { 1, 1, 300 }, { c2, c2, c2 }, { c2 + 1, 9, c2 - 1 },
        { 13, c2 + 1, c2 + 1 }, { 300, 130, 257 },
        /* complex_narrow.c's narrow products to their bound of M K, and
         * one past it */
        { 512, 2, MML_COMPLEX_NARROW_MK / 512 },
        { 513, 2, MML_COMPLEX_NARROW_MK / 512 },
        /* and the real product's thin path (N = 1), past that bound */
        { 600, 1, MML_COMPLEX_NARROW_MK / 500 },
        /* the thin form from M K past MML_COMPLEX_THIN_MK (op(A) = A),
         * the direct path to it; 4 columns: the real thin path's two
         * groups */
        { 256, 3, MML_COMPLEX_THIN_MK / 256 },
        { 257, 3, MML_COMPLEX_THIN_MK / 256 },
        { 300, 4, 300 },
    };

    for (int x = 0; x < (int)(sizeof s / sizeof s[0]); x++)
        for (int r = 0; r < 9; r++) {
            struct tcase t = rotated(x * 7 + r * 10, s[x][0], s[x][1],
                                     s[x][2]);
            add(g, &t);
        }
}

/* complex.c's block of about `most` complex rows (or K) as it cuts them,
 * in whole steps of half the real kernel's MC (or KC) x: the test's own
 * statement of the rule, which the library does not export. */
static size_t block_of(int most, int x)
{
    int step = x < 2 ? 1 : x % 2 ? x : x / 2;

    return (size_t)((most + step - 1) / step * step);
}

/* A size whose real products (2M x N x 2K, and row major's 2N x M x 2K)
 * take the packed path when M, N and K are at least it: real M and K
 * past the skinny path's NCNB, N past its panels' columns (PANEL_N,
 * kernels/skinny.c). */
static size_t packed_size(const struct mmt_kernel_info *ki)
{
    size_t s = (size_t)ki->ncnb / 2 + 8;

    return s > 264 ? s : 264;
}

/* Past complex.c's blocks: more than one M block and more than one K
 * block (op(B)'s copy remade for each) where A is expanded, more than one
 * K block where it is packed (the real product on the packed path), every
 * op pair, the faces, alpha and beta in turn. */
static void blocks(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t mb = block_of(MML_COMPLEX_MB, ki->mc);
    size_t kb = block_of(MML_COMPLEX_KB, ki->kc), w = packed_size(ki);
    const size_t s[][3] = { { 2 * mb + 3, 11, 2 * kb + 5 },
                            { mb + 1, 40, kb + 1 }, { w, w, kb + 5 } };

    for (int x = 0; x < 3; x++)
        for (int op = 0; op < 9; op++) {
            struct tcase t = rotated(op * 4 + x, s[x][0], s[x][1], s[x][2]);
            t.ta = op % 3;
            t.tb = op / 3;
            add(g, &t);
        }
}

/* K = 0 and alpha = 0 (over NaN in A and B): C = beta C only, beta = 0
 * over NaN. */
static void quick_returns(struct group *g)
{
    for (int i = 0; i < 18; i++) {
        struct tcase t = rotated(i, 5 + (size_t)i % 3, 4, i < 9 ? 0 : 7);
        t.beta = i % 3;
        if (i >= 9)
            t.alpha = 0;
        add(g, &t);
    }
}

/* Row major is the column-major call C^T = op(B)^T op(A)^T, to the bit:
 * every op pair at a shape inside one block and one past both. */
static void row_as_column(const struct mmt_kernel_info *ki)
{
    const size_t s[][3] = { { 37, 23, 29 },
                            { block_of(MML_COMPLEX_MB, ki->mc) + 5, 9,
                              block_of(MML_COMPLEX_KB, ki->kc) + 7 } };
    int cases = 0, same = 0;

    for (int x = 0; x < 2; x++)
        for (int op = 0; op < 9; op++) {
            struct tcase t = rotated(op * 3 + 2, s[x][0], s[x][1], s[x][2]);
            struct tcase col = { F_F77, t.tb, t.ta, t.n, t.m, t.k, t.alpha,
                                 t.beta, t.pad, 0 };
            unsigned long long seed = (unsigned long long)op + 7;
            struct arrays r, c;

            setup(&t, &r, &seed);
            seed = (unsigned long long)op + 7;
            setup(&col, &c, &seed);
            call(&t, &r);
            call(&col, &c);
            cases++;
            same += !memcmp(r.c, c.c, r.cdoubles * sizeof *r.c);
            release(&r);
            release(&c);
        }
    printf("# %d of %d the same\n", same, cases);
    verdict(same == cases, "row major, every op pair, bit for bit the "
            "column-major call it is");
}

/* The packed route's products (complex.c's packers, past a K block) the
 * same bits on a team of two as on one thread, every op pair: what the
 * library promises at every count (mmtune.h).  A serial build SKIPs. */
static void same_bits_on_two(const struct mmt_kernel_info *ki)
{
    size_t w = packed_size(ki), kb = block_of(MML_COMPLEX_KB, ki->kc);
    int cases = 0, same = 0, was = mmt_get_num_threads();

    if (mmt_set_num_threads(2) != 0) {
        printf("ok %d # SKIP a serial build: no team of two\n", ++tapno);
        return;
    }
    for (int op = 0; op < 9; op++) {
        struct tcase t = rotated(op * 2 + 1, w, w, kb + 5);
        unsigned long long seed = (unsigned long long)op + 11;
        struct arrays one, two;

        t.ta = op % 3, t.tb = op / 3;
        setup(&t, &one, &seed);
        seed = (unsigned long long)op + 11;
        setup(&t, &two, &seed);
        mmt_set_num_threads(1);
        call(&t, &one);
        mmt_set_num_threads(2);
        call(&t, &two);
        cases++;
        same += !memcmp(one.c, two.c, one.cdoubles * sizeof *one.c);
        release(&one);
        release(&two);
    }
    mmt_set_num_threads(was);
    printf("%s %d - the packed route on two threads, every op pair, bit "
           "for bit its result on one (%d of %d)\n",
           same == cases ? "ok" : "not ok", ++tapno, same, cases);
}

/* The split method (kernels/complex_split.c): products with op(B) = B
 * (op(A) each of A, A^T, A^H) whose real product, 2M x 2N x K, takes the
 * packed path with its 2N columns within one panel of NC and N within KC
 * -- the test's own statement of its rule: K and 2M past the skinny
 * path's NCNB (packed_size), 2N past its panels' 40 columns -- up to that
 * bound and
 * one past it (1m's), each with every alpha and beta (the row-major face
 * transposes them to 1m's).  refused: five of them under refused
 * allocations, before any call has grown the thread's workspace: the
 * plain loops through its packers and merge. */
static int refusing, refused;

static void split_method(struct group *g, const struct mmt_kernel_info *ki,
                         int refused_only)
{
    size_t w = packed_size(ki), h = (size_t)(ki->kc < ki->nc / 2
                                             ? ki->kc : ki->nc / 2);
    const size_t s[][3] = { { w, 64, 2 * w }, { w + 3, 33, 2 * w + 1 },
                            { 2 * w + 1, h, 2 * w }, { w, h + 1, 2 * w } };

    /* refused: the column-major CBLAS face, alpha 1, each beta and op */
    static const int some[] = { 1, 4, 7, 13, 25 };

    refused = 0;
    refusing = refused_only;
    for (int x = 0; x < (refused_only ? 1 : 4); x++)
        for (int i = 0; i < (refused_only ? 5 : 27); i++) {
            struct tcase t = rotated(refused_only ? some[i] : i, s[x][0],
                                     s[x][1], s[x][2]);
            t.ta = t.tb;        /* the rotation's third op: A's */
            t.tb = 0;
            add(g, &t);
        }
    refusing = 0;
    if (refused_only && refused == 0)
        g->bad++;        /* the library allocated some other way */
}

/* The library's allocations fail while refusing is set: its
 * posix_memalign is this one (the executable's definition comes
 * first). */
int posix_memalign(void **p, size_t align, size_t size)
{
    static int (*real)(void **, size_t, size_t);

    if (refusing) {
        refused++;
        return ENOMEM;
    }
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "posix_memalign");
    return real ? real(p, align, size) : ENOMEM;
}

/* No workspace: the plain loops, right all the same.  large: products
 * whose real product takes the packed path (op(A) and op(B) from
 * complex.c's packers), before any call has grown the thread's
 * workspace to their size: the real plain loops on the packers.  The
 * others expand A into more than the side workspace holds (a smaller
 * call takes that one, allocated once, and allocates nothing), with
 * more columns than complex_narrow.c takes. */
static void no_workspace(struct group *g, int large,
                         const struct mmt_kernel_info *ki)
{
    size_t w = packed_size(ki);

    refused = 0;
    refusing = 1;
    for (int i = 0; i < (large ? 3 : 27); i++) {
        struct tcase t = large ? rotated(i * 5, w, w, w)
                               : rotated(i * 3, 9 + (size_t)i,
                                         MML_COMPLEX_NARROW + 1,
                                         MML_SIDE_ELEMS / (4 * 9) + 1);
        if (large)
            t.ta = i, t.tb = (i + 1) % 3;
        add(g, &t);
    }
    refusing = 0;
    printf("# %d allocations refused\n", refused);
    if (refused == 0)
        g->bad++;        /* the library allocated some other way */
}

int main(void)
{
    const struct mmt_kernel_info *ki = SINGLE ? mmt_single_kernel_info()
                                              : mmt_kernel_info();
    struct group g[] = {
        { "every face, op pair, alpha and beta at 1 to 7 and around the "
          "direct path's bounds", 0, 0, 0, 1 },
        { "around the tile, the crossover, thin, a few hundred", 0, 0, 0,
          2 },
        { "past complex.c's M and K blocks, every op pair", 0, 0, 0, 3 },
        { "K = 0, alpha = 0 over NaN, beta = 0 over NaN", 0, 0, 0, 4 },
        { "no workspace (allocations refused): the plain loops", 0, 0, 0,
          5 },
        { "the split method: op(B) = B, 2N within NC, every op(A), alpha "
          "and beta, and under refused allocations", 0, 0, 0, 6 },
    };

    printf("1..9\n");
    printf("# %s (%s) MU=%d NU=%d NCNB=%d; blocks %zu x %zu complex\n",
           ki->kernel, ki->isa, ki->mu, ki->nu, ki->ncnb,
           block_of(MML_COMPLEX_MB, ki->mc), block_of(MML_COMPLEX_KB, ki->kc));
    no_workspace(&g[4], 1, ki);
    split_method(&g[5], ki, 1);
    planted();
    every_combination(&g[0]);
    report(&g[0]);
    edges(&g[1], ki);
    report(&g[1]);
    blocks(&g[2], ki);
    report(&g[2]);
    quick_returns(&g[3]);
    report(&g[3]);
    row_as_column(ki);
    no_workspace(&g[4], 0, ki);
    report(&g[4]);
    same_bits_on_two(ki);
    split_method(&g[5], ki, 0);
    report(&g[5]);
    return 0;
}
