/* test_dgemm: libmmtune's dgemm_, cblas_dgemm (both layouts) and
 * mmt_dgemm against the oracle of tests/common/gemmref.h, over sizes
 * 0, 1, 2 and primes, the build's NB +- 1, 3 NB + odd, skinny shapes
 * (M, N or K = 1) and more than one NC panel, leading dimensions larger
 * than needed (the extra rows of A and B hold NaN, C's must not change),
 * every transpose pair in both layouts, alpha and beta in {0, 1, -1,
 * 0.7}; beta = 0 with NaN in C, alpha = 0 with NaN in A and B; the
 * small-problem path (non-copy kernels, M, N, K <= NCNB) over every
 * fractional row and column count of its tiles, transposed or not, and
 * around the crossover; the thin path (M or N = 1) around its vector,
 * sweep and chunk; the skinny path (blocks of the small path) tall, wide
 * and deep; its copy of op(A) in blocks of rows; the TT and TN paths
 * around their tiles; concurrent calls from two threads; the same bits on
 * 1, 2 and 3 threads of a team.  TAP, one line per
 * group; deterministic.  Compiled with TEST_SINGLE it is test_sgemm: the
 * same cases through sgemm_, cblas_sgemm and mmt_sgemm, on float copies
 * of the operands (exact in double, which the oracle reads), checked at
 * float's epsilon. */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmtune.h"
#include "tests/common/gemmref.h"

#ifdef TEST_SINGLE
typedef float elem;
#define GEMM_F sgemm_
#define GEMM_CBLAS cblas_sgemm
#define GEMM_NATIVE mmt_sgemm
#define KERNEL_INFO mmt_single_kernel_info
#define NAME_F "sgemm_"
#define NAME_NATIVE "mmt_sgemm"
#define EPS FLT_EPSILON
#define SINGLE 1
#else
typedef double elem;
#define GEMM_F dgemm_
#define GEMM_CBLAS cblas_dgemm
#define GEMM_NATIVE mmt_dgemm
#define KERNEL_INFO mmt_kernel_info
#define NAME_F "dgemm_"
#define NAME_NATIVE "mmt_dgemm"
#define EPS DBL_EPSILON
#define SINGLE 0
#endif

#define BUDGET 4e6       /* oracle work per case, multiply-adds */

enum face { F_DGEMM, F_CBLAS_COL, F_CBLAS_ROW, F_NATIVE, NFACES };
static const char *const face_name[NFACES] = {
    NAME_F, "cblas col", "cblas row", NAME_NATIVE
};
static const double values[4] = { 0.0, 1.0, -1.0, 0.7 };

struct tcase {
    enum face face;
    int ta, tb;
    size_t m, n, k;
    double alpha, beta;
    size_t pad;          /* leading dimensions beyond the minimum */
    int variant;         /* picks the letter case of dgemm_'s TRANS */
};

/* The arrays of one case, in terms of the column-major problem the call
 * amounts to (row major is C^T = op(B)^T op(A)^T). */
struct arrays {
    struct gr_gemm v;
    double *a, *b, *c, *c0;
    size_t acells, bcells, cells;
};

static size_t at_least_1(size_t x)
{
    return x ? x : 1;
}

/* A view operand of rows x cols in ld: NaN in the extra rows, or
 * everywhere when alpha = 0 (it must not be read). */
static double *operand(size_t rows, size_t cols, size_t ld, int nan_all,
                       unsigned long long *seed)
{
    double *x = gr_nan_array(ld * at_least_1(cols));

    for (size_t j = 0; j < cols && !nan_all; j++)
        for (size_t i = 0; i < rows; i++)
            x[i + j * ld] = (elem)gr_rand(seed);
    return x;
}

static void setup(const struct tcase *t, struct arrays *s,
                  unsigned long long *seed)
{
    struct gr_gemm *v = &s->v;
    size_t sh[4];        /* A's rows and columns as stored, B's */

    *v = (struct gr_gemm){ .alpha = (elem)t->alpha, .beta = (elem)t->beta,
                           .eps = EPS };
    gr_view(v, t->face == F_CBLAS_ROW, t->ta, t->tb, t->m, t->n, t->k,
            t->pad, sh);
    s->a = operand(sh[0], sh[1], v->lda, t->alpha == 0.0, seed);
    s->b = operand(sh[2], sh[3], v->ldb, t->alpha == 0.0, seed);
    s->acells = v->lda * at_least_1(sh[1]);
    s->bcells = v->ldb * at_least_1(sh[3]);
    v->a = s->a;
    v->b = s->b;
    /* one guard column after C's last */
    s->cells = v->ldc * (v->n + 1);
    s->c = gr_nan_array(s->cells);
    s->c0 = gr_nan_array(s->cells);
    for (size_t e = 0; e < s->cells; e++) {
        int inside = e % v->ldc < v->m && e / v->ldc < v->n;
        s->c[e] = inside && t->beta == 0.0 ? NAN : (elem)gr_rand(seed);
        s->c0[e] = s->c[e];
    }
}

static char trans_letter(int trans, int variant)
{
    static const char n[2] = { 'N', 'n' }, tr[4] = { 'T', 't', 'C', 'c' };
    return trans ? tr[variant % 4] : n[variant % 2];
}

static void call(const struct tcase *t, struct arrays *s)
{
    const struct gr_gemm *v = &s->v;
    int m = (int)t->m, n = (int)t->n, k = (int)t->k;
    int lda = (int)v->lda, ldb = (int)v->ldb, ldc = (int)v->ldc;
    char ca = trans_letter(t->ta, t->variant);
    char cb = trans_letter(t->tb, t->variant / 2 + 1);
    CBLAS_TRANSPOSE xa = t->ta ? (t->variant % 2 ? CblasConjTrans
                                                 : CblasTrans)
                               : CblasNoTrans;
    CBLAS_TRANSPOSE xb = t->tb ? (t->variant / 2 % 2 ? CblasConjTrans
                                                     : CblasTrans)
                               : CblasNoTrans;

    elem *a = gr_typed(s->a, s->acells, SINGLE);
    elem *b = gr_typed(s->b, s->bcells, SINGLE);
    elem *c = gr_typed(s->c, s->cells, SINGLE);
    elem alpha = (elem)t->alpha, beta = (elem)t->beta;

    switch (t->face) {
    case F_DGEMM:
        GEMM_F(&ca, &cb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c,
               &ldc);
        break;
    case F_CBLAS_COL:
        GEMM_CBLAS(CblasColMajor, xa, xb, m, n, k, alpha, a, lda, b, ldb,
                   beta, c, ldc);
        break;
    case F_CBLAS_ROW:    /* the user's A is the view's B */
        GEMM_CBLAS(CblasRowMajor, xa, xb, m, n, k, alpha, b, ldb, a, lda,
                   beta, c, ldc);
        break;
    default:
        GEMM_NATIVE(t->ta ? MMT_TRANS : MMT_NOTRANS,
                    t->tb ? MMT_TRANS : MMT_NOTRANS, t->m, t->n, t->k,
                    alpha, a, (ptrdiff_t)lda, b, (ptrdiff_t)ldb, beta, c,
                    (ptrdiff_t)ldc);
    }
    gr_untyped(s->c, c, s->cells, SINGLE);
    free(a);
    free(b);
    free(c);
}

static void release(struct arrays *s)
{
    free(s->a);
    free(s->b);
    free(s->c);
    free(s->c0);
}

static void describe(const struct tcase *t, const struct gr_result *r)
{
    printf("# %s %c%c m=%zu n=%zu k=%zu alpha=%g beta=%g pad=%zu: %ld of "
           "%ld bad (first at %zu,%zu), %ld cells outside changed, worst "
           "%.3g of the bound\n", face_name[t->face], t->ta ? 'T' : 'N',
           t->tb ? 'T' : 'N', t->m, t->n, t->k, t->alpha, t->beta, t->pad,
           r->bad, r->checked, r->bad_i, r->bad_j, r->touched, r->worst);
}

/* Run one case; returns 0 when it passed.  worst collects the largest
 * error relative to the bound. */
static int run_case(const struct tcase *t, unsigned long long *seed,
                    double *worst)
{
    struct arrays s;
    struct gr_result r;
    int rc;

    setup(t, &s, seed);
    call(t, &s);
    rc = gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r);
    if (rc != 0)
        describe(t, &r);
    if (r.worst > *worst)
        *worst = r.worst;
    release(&s);
    return rc;
}

struct group {
    const char *name;
    int cases, bad;
    double worst;
    unsigned long long seed;
};

static void add(struct group *g, const struct tcase *t)
{
    g->cases++;
    g->bad += run_case(t, &g->seed, &g->worst) != 0;
}

static int report(struct group *g, int tapno)
{
    printf("%s %d - %s: %d cases, %d failed, worst error %.3g of the "
           "bound\n", g->bad || !g->cases ? "not ok" : "ok", tapno, g->name,
           g->cases, g->bad, g->worst);
    return tapno;
}

/* Case i of a rotation through faces, transposes, alpha and beta: each
 * 64 cases from a multiple of 64 hold every face with every alpha and
 * beta pair, and every face and transpose pair with every alpha and
 * every beta (the groups' cases start at 0).  (The
 * first rotation took alpha and beta from i mod 4, as the face: each face
 * met one pair only, and the column-major CBLAS face only alpha = 0.) */
static struct tcase rotated(int i, size_t m, size_t n, size_t k)
{
    int alpha = (i + i / 4 + i / 16) % 4;
    int beta = (i / 16 + i / 64 + 2 * (i / 4)) % 4;

    return (struct tcase){ (enum face)(i % NFACES), (i / NFACES) % 2,
                           (i / (2 * NFACES)) % 2, m, n, k,
                           values[alpha], values[beta],
                           (size_t)(i % 3 == 2 ? 3 : i % 3), i };
}

static void small_sizes(struct group *g)
{
    static const size_t sz[] = { 0, 1, 2, 3, 7, 13 };
    int i = 0;

    for (size_t x = 0; x < 6; x++)
        for (size_t y = 0; y < 6; y++)
            for (size_t z = 0; z < 6; z++, i++) {
                struct tcase t = rotated(i, sz[x], sz[y], sz[z]);
                add(g, &t);
            }
}

/* Every face, transpose pair, alpha and beta on one prime shape. */
static void every_combination(struct group *g)
{
    for (int f = 0; f < NFACES; f++)
        for (int tr = 0; tr < 4; tr++)
            for (int ab = 0; ab < 16; ab++) {
                struct tcase t = { (enum face)f, tr & 1, tr >> 1, 29, 31, 37,
                                   values[ab % 4], values[ab / 4],
                                   (size_t)(ab % 3), ab };
                add(g, &t);
            }
}

/* Shapes around the blocking, each under a few rotations. */
static void shapes(struct group *g, const size_t (*s)[3], int n, int turns)
{
    for (int i = 0; i < n; i++)
        for (int r = 0; r < turns; r++) {
            struct tcase t = rotated(i * 5 + r * 3, s[i][0], s[i][1],
                                     s[i][2]);
            add(g, &t);
        }
}

static void block_edges(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t nb = (size_t)ki->nb, mc = (size_t)ki->mc, kc = (size_t)ki->kc;
    const size_t s[][3] = {
        { nb - 1, nb + 1, nb }, { nb + 1, nb - 1, nb + 1 }, { nb, nb, nb },
        { mc + 1, nb + 1, kc + 1 }, { mc - 1, nb - 1, kc - 1 },
        { 2 * mc, 2 * nb, 2 * kc },
    };
    shapes(g, s, 6, 2);
}

static void three_nb(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t nb3 = 3 * (size_t)ki->nb;
    const size_t s[][3] = {
        { nb3 + 1, 45, 57 }, { 53, nb3 + 3, 41 }, { 37, 49, nb3 + 5 },
        { nb3 + 7, nb3 + 7, nb3 + 7 },
    };
    shapes(g, s, 4, 1);
}

static void skinny(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t wide = (size_t)ki->nc + (size_t)ki->nb + 3;
    const size_t s[][3] = {
        { 1, 300, 200 }, { 300, 1, 200 }, { 300, 200, 1 }, { 1, 1, 500 },
        { 500, 1, 1 }, { 1, 500, 1 }, { 7, wide, 3 }, { 5, wide, 1 },
    };
    shapes(g, s, 8, 2);
}

/* beta = 0 over NaN in C, alpha = 0 over NaN in A and B, big pads. */
static void nan_and_pads(struct group *g, const struct mmt_kernel_info *ki)
{
    static const double alphas[3] = { 0.0, 1.0, 0.7 };
    size_t m = (size_t)ki->mc + 5, k = (size_t)ki->kc + 2;

    for (int f = 0; f < NFACES; f++)
        for (int a = 0; a < 3; a++) {
            struct tcase t = { (enum face)f, a == 1, f % 2, m, 33, k,
                               alphas[a], 0.0, (size_t)(a ? 17 : 64), f };
            add(g, &t);
        }
}

/* The small path (non-copy kernels on the caller's arrays, M, N, K <=
 * NCNB): M around whole tiles of 24, 16 and 8 rows plus every remainder
 * of a vector (the last vector shifted over rows done already), N around
 * whole tiles of 8 plus every remainder (the last 8 columns shifted),
 * several K; each shape untransposed with alpha 1 or beta 0 (C scaled
 * afterwards) and once more with a transpose (op(A) or op(B) copied)
 * and alpha and beta in turn (alpha not 1 with beta not 0 copies A with
 * alpha folded in); pads; beta = 0 always over NaN in C. */
static void small_path(struct group *g)
{
    static const size_t ms[] = { 1, 5, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31,
                                 33, 47, 50, 100 };
    static const size_t ns[] = { 1, 3, 7, 8, 9, 15, 16, 17, 31 };
    static const size_t ks[] = { 1, 4, 37 };
    int i = 0;

    for (size_t x = 0; x < sizeof ms / sizeof *ms; x++)
        for (size_t y = 0; y < sizeof ns / sizeof *ns; y++, i++) {
            struct tcase t = { (enum face)((i + i / 4) % NFACES), 0, 0,
                               ms[x], ns[y], ks[i % 3], i % 5 == 4 ? 0.7 : 1.0,
                               values[i % 4], (size_t)(i % 3 == 2 ? 9 : i % 3),
                               i };
            if (t.alpha != 1.0 || i % 5 == 3)
                t.alpha = i % 5 == 3 ? -1.0 : 0.7, t.beta = 0.0;
            add(g, &t);
            t.ta = (i % 3 + 1) & 1, t.tb = (i % 3 + 1) >> 1;
            t.alpha = values[(i / 2) % 3 + 1];
            t.beta = values[(i / 3) % 4];
            t.k = ks[(i + 1) % 3];
            add(g, &t);
        }
}

/* The small path's copy of op(A) (transposed, or alpha folded in with
 * beta not 0), a block of rows at a time once it is larger than 2048
 * doubles: M from two blocks to NCNB, whole blocks and every kind of
 * remainder for blocks of 8, 16 or 24 rows (the last block takes it);
 * K long enough for blocks, within NCNB.  A transposed op(A) with op(B)
 * = B within M N K <= 64^3 goes the TN path (tn.c), so those cases with
 * the long K take N past 128^3 multiply-adds, well past that bound,
 * where NCNB allows (the others, TN products now, stay: they check its
 * answers too). */
#define PAST_TN (128 * 128 * 128)

static void small_a_blocks(struct group *g, const struct mmt_kernel_info *ki)
{
    static const size_t ms[] = { 32, 33, 40, 47, 48, 49, 63, 64, 71, 96,
                                 100, 119, 120 };
    static const size_t ns[] = { 5, 17 };
    size_t kmax = ki->ncnb > 0 ? (size_t)ki->ncnb : 120;
    size_t ks[] = { 65 < kmax ? 65 : kmax, kmax };
    int i = 0;

    for (size_t x = 0; x < sizeof ms / sizeof *ms; x++)
        for (int y = 0; y < 4; y++, i++) {
            struct tcase t = { (enum face)((i + i / 4) % NFACES), 1, 0,
                               ms[x], ns[y % 2], ks[y / 2],
                               values[i % 4 ? i % 4 : 3],
                               values[(i / 2) % 4], (size_t)(i % 3), i };
            size_t past_tn = PAST_TN / (t.m * t.k) + 1 + (size_t)(y % 2);
            if (t.face == F_CBLAS_ROW)   /* column major: TN as NT */
                t.face = F_DGEMM;
            if (y >= 2 && past_tn <= kmax)
                t.n = past_tn;
            add(g, &t);
            t.tb = 1, t.beta = values[(i + 1) % 4];
            add(g, &t);
            t.ta = 0, t.tb = i % 2, t.alpha = 0.7, t.beta = i % 2 ? 1.0 : -1.0;
            add(g, &t);
        }
}

/* The TT path (both operands transposed, read in place, tiles of C^T
 * transposed in registers): M around one vector of rows with every
 * remainder, N around tiles of one and two vectors with every remainder
 * (the last columns a tile shifted back: beta must apply once), K long
 * (the path's own) and short (a small whole product), any alpha and
 * beta, pads. */
static void tt_path(struct group *g)
{
    static const size_t ms[] = { 1, 3, 7, 8, 9, 15, 16, 17, 33, 100 };
    static const size_t ns[] = { 8, 9, 12, 15, 16, 17, 23, 24, 25, 31, 33,
                                 100 };
    static const size_t ks[] = { 64, 97, 5, 20 };
    int i = 0;

    for (size_t x = 0; x < sizeof ms / sizeof *ms; x++)
        for (size_t y = 0; y < sizeof ns / sizeof *ns; y++, i++) {
            struct tcase t = { (enum face)((i + i / 4) % NFACES), 1, 1,
                               ms[x], ns[y], ks[i % 4],
                               values[(i + 1) % 4 ? (i + 1) % 4 : 3],
                               values[(i / 4) % 4], (size_t)(i % 3), i };
            add(g, &t);
        }
}

/* The TN path (op(A) = A^T, op(B) = B, dot products of columns read in
 * place, summed across lanes at the end of K): M from one vector of rows
 * with every remainder of 2, 4 and 8 rows (the last rows a block shifted
 * back: beta must apply once), N around its tiles of 3 columns (from 2:
 * N = 1 is the thin path's), K from the path's least (32) with every
 * remainder of a vector (the last values the sums start from); each
 * shape once with alpha and beta in turn and once with alpha = 1, beta =
 * 0 (the path's own copy of the code for them), pads; all within its
 * bound (64^3 multiply-adds).  Row major asks for op(A) = A, op(B) =
 * B^T: the column-major TN product. */
static void tn_path(struct group *g)
{
    static const size_t ms[] = { 8, 9, 10, 11, 12, 13, 14, 15, 33, 63 };
    static const size_t ns[] = { 2, 3, 4, 5, 6, 7, 9, 31 };
    static const size_t ks[] = { 32, 33, 34, 35, 36, 37, 38, 39, 40, 47,
                                 55, 64 };
    int i = 0;

    for (size_t x = 0; x < sizeof ms / sizeof *ms; x++)
        for (size_t y = 0; y < sizeof ns / sizeof *ns; y++)
            for (int plain = 0; plain < 2; plain++, i++) {
                enum face f = (enum face)(i / 2 % NFACES);
                struct tcase t = { f, f != F_CBLAS_ROW, f == F_CBLAS_ROW,
                                   ms[x], ns[y], ks[i % 12], 1.0, 0.0,
                                   (size_t)(i % 3), i };
                if (!plain) {
                    int al = (i / 2 + i / 8 + 1) % 4;
                    t.alpha = values[al ? al : 3];
                    t.beta = values[(i / 8) % 4];
                }
                if (f == F_CBLAS_ROW) {      /* rows and columns swapped */
                    t.m = ns[y];
                    t.n = ms[x];
                }
                add(g, &t);
            }
}

/* The skinny path (blocks of the small path, nothing packed): tall (M
 * beyond NCNB in several slabs, the last fractional; N and K within it),
 * wide (N beyond NCNB in chunks; one of K >= 48 in one panel, whose B
 * blocks are loaded first) and deep (K beyond NCNB in panels, beta
 * for the first and 1 after), and panels of few columns (M and K beyond
 * NCNB, N up to the path's 40 columns (PANEL_N, kernels/skinny.c), and
 * one past them; transposed op(A) up to 128 columns, and one past them,
 * and a deep one), each under every transpose pair, alpha and beta in
 * turn. */
static void skinny_path(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t c = (size_t)ki->ncnb;
    const size_t s[][3] = {
        { c + 1, 9, 31 }, { 2 * c + 17, 63, c }, { 3 * c + 5, 17, 5 },
        { 7, c + 1, c + 1 }, { 64, 2 * c + 9, 3 * c + 1 },
        { 33, 40, 2 * c + 3 }, { c, c + 8, 17 },
        { 2 * c + 17, 33, c + 9 }, { c + 1, 6, 2 * c + 1 },
        { 3 * c + 5, 40, c + 1 }, { c + 3, 41, c + 2 },
        { 40, 20, 2 * c + 5 }, { 2 * c + 1, 128, c + 1 },
        { c + 9, 129, c + 3 }, { 9, 2 * c + 5, 50 },
    };
    shapes(g, s, 15, 4);
}

/* N = 2 to 7 (several right-hand sides of the column form), M around a
 * vector and the 4096 rows updated in place, op(A) = A mostly (op(A) =
 * A^T goes elsewhere, checked too). */
static void thin_columns(struct group *g, int i)
{
    static const size_t ns[] = { 2, 3, 5, 7 };
    static const size_t ms[] = { 2, 9, 100, 4095, 4097 };
    static const size_t ks[] = { 1, 9, 17, 30 };

    for (size_t y = 0; y < 4; y++)
        for (size_t x = 0; x < 5; x++, i++) {
            struct tcase t = { (enum face)((i + i / 4) % NFACES), i % 5 == 4,
                               (i / 2) % 2, ms[x], ns[y], ks[i % 4],
                               values[(i * 3 + 1) % 4], values[(i / 3) % 4],
                               (size_t)(i % 3), i };
            if (t.alpha == 0.0)
                t.alpha = -1.0;
            add(g, &t);
        }
}

/* The thin path (M or N = 1, or N below 8 with op(A) = A: the matrix
 * read in place): the vector's length and K around the path's vector (8
 * doubles) and sweep (8 columns) and its 1024-double stack chunk (of y,
 * or of a strided x), every transpose pair (a strided x and, for M = 1,
 * a strided C), both M = 1 and N = 1 through every face, alpha and beta
 * in turn; then 2 to 7 columns over M around the vector and the 4096
 * rows updated in place at a time. */
static void thin_path(struct group *g)
{
    static const size_t len[] = { 1, 2, 7, 8, 9, 15, 16, 17, 63, 1023, 1024,
                                  1025, 2049 };
    static const size_t ks[] = { 1, 3, 7, 8, 9, 16, 17, 23, 1025, 2050 };
    int i = 0;

    for (size_t x = 0; x < sizeof len / sizeof *len; x++)
        for (int r = 0; r < 3; r++)
            for (int tr = 0; tr < 4; tr++, i++) {
                size_t k = ks[(x * 3 + (size_t)r) % 10];
                int m1 = (i / 4) % 2;
                struct tcase t = { (enum face)((i + i / 4) % NFACES), tr & 1,
                                   tr >> 1,
                                   m1 ? 1 : len[x], m1 ? len[x] : 1, k,
                                   values[(i * 3 + 1) % 4],
                                   values[(i / 3) % 4],
                                   (size_t)(i % 3 == 2 ? 5 : i % 3), i };
                if (t.alpha == 0.0)
                    t.alpha = 0.7;
                add(g, &t);
            }
    thin_columns(g, i);
}

/* Around the crossover: every dimension NCNB - 1, NCNB or NCNB + 1 (one
 * above it sends the product to packing), untransposed, and a transposed
 * one at NCNB. */
static void crossover(struct group *g, const struct mmt_kernel_info *ki)
{
    size_t c = (size_t)ki->ncnb;
    const size_t s[][3] = {
        { c - 1, c - 1, c - 1 }, { c, c, c }, { c + 1, c, c },
        { c, c + 1, c }, { c, c, c + 1 }, { c, 9, c - 1 },
    };

    for (int i = 0; i < 6; i++) {
        struct tcase t = { (enum face)(i % NFACES), 0, 0, s[i][0], s[i][1],
                           s[i][2], i % 2 ? 1.0 : 0.7, values[i / 2 % 4],
                           (size_t)(i % 3), i };
        add(g, &t);
    }
    for (int tr = 1; tr < 4; tr++) {
        struct tcase t = { F_DGEMM, tr & 1, tr >> 1, c, c, c, 1.0, 0.0, 1,
                           tr };
        add(g, &t);
    }
}

/* The oracle itself must catch a wrong element, a NaN and a write
 * outside the block. */
static int planted(int tapno)
{
    struct tcase t = { F_NATIVE, 0, 1, 17, 19, 23, 0.7, -1.0, 2, 0 };
    unsigned long long seed = 99;
    struct gr_result r;
    struct arrays s;
    int caught = 0;

    setup(&t, &s, &seed);
    call(&t, &s);
    caught += gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r) == 0;
    s.c[5 + 3 * s.v.ldc] += 1e5 * EPS;   /* hundreds of times the bound */
    caught += gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r) != 0;
    s.c[5 + 3 * s.v.ldc] = NAN;
    caught += gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r) != 0;
    s.c[5 + 3 * s.v.ldc] = s.c0[5 + 3 * s.v.ldc];
    s.c[t.m + 3 * s.v.ldc] = 0.5;    /* a pad row */
    caught += gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r) != 0;
    release(&s);
    printf("%s %d - the oracle passes a right result and catches a wrong "
           "element, a NaN and a write outside the block (%d of 4)\n",
           caught == 4 ? "ok" : "not ok", tapno, caught);
    return tapno;
}

/* One call on 1, 2 and 3 threads (mmt_set_num_threads): right on one,
 * the same bits on the others, over shapes that take the packed, skinny
 * and small paths' teams, each transpose of A. */
static int same_bits(int tapno)
{
    static const size_t shape[][3] = { { 601, 503, 411 }, { 2000, 64, 64 },
                                       { 64, 1500, 700 },
                                       { 300, 300, 300 } };
    int before = mmt_get_num_threads(), most = 1, cases = 0, bad = 0;

    for (int i = 0; i < 8; i++) {
        struct tcase t = { F_NATIVE, i % 2, 0, shape[i / 2][0],
                           shape[i / 2][1], shape[i / 2][2], 0.7, 1.0, 1,
                           0 };
        unsigned long long seed = 5;
        struct arrays s;
        struct gr_result r;
        double *one = NULL;

        setup(&t, &s, &seed);
        for (int th = 1; th <= 3; th++) {
            if (mmt_set_num_threads(th) != 0)
                continue;           /* a serial build: one thread */
            most = th > most ? th : most;
            memcpy(s.c, s.c0, s.cells * sizeof *s.c);
            call(&t, &s);
            cases++;
            if (!one) {
                bad += gr_check(&s.v, s.c, s.c0, s.cells, BUDGET, &r) != 0;
                one = malloc(s.cells * sizeof *one);
                if (one)
                    memcpy(one, s.c, s.cells * sizeof *one);
            }
            bad += !one || memcmp(one, s.c, s.cells * sizeof *one) != 0;
        }
        free(one);
        release(&s);
    }
    mmt_set_num_threads(before);
    printf("%s %d - right on 1 thread and the same bits on up to %d: %d "
           "calls, %d wrong\n", bad || !cases ? "not ok" : "ok", tapno,
           most, cases, bad);
    return tapno;
}

/* Two threads at once, each with its own cases (its own workspace). */
static void *thread_cases(void *arg)
{
    struct group *g = arg;
    for (int i = 0; i < 12; i++) {
        size_t base = g->seed % 2 ? 150 : 40;
        struct tcase t = rotated(i, base + (size_t)i * 9, base + 7,
                                 base + (size_t)i * 5);
        add(g, &t);
    }
    return NULL;
}

static int threads(int tapno)
{
    struct group g[2] = { { "thread 1", 0, 0, 0, 11 },
                          { "thread 2", 0, 0, 0, 12 } };
    pthread_t th;
    int started = pthread_create(&th, NULL, thread_cases, &g[1]) == 0;

    thread_cases(&g[0]);
    if (started)
        pthread_join(th, NULL);
    printf("%s %d - two threads at once: %d and %d cases, %d failed\n",
           started && !g[0].bad && !g[1].bad ? "ok" : "not ok", tapno,
           g[0].cases, g[1].cases, g[0].bad + g[1].bad);
    return tapno;
}

int main(void)
{
    const struct mmt_kernel_info *ki = KERNEL_INFO();
    struct group g[] = {
        { "sizes 0, 1, 2, 3, 7, 13 in every dimension", 0, 0, 0, 1 },
        { "every face, transpose pair, alpha and beta at 29x31x37", 0, 0,
          0, 2 },
        { "NB - 1, NB, NB + 1 and the MC, KC edges", 0, 0, 0, 3 },
        { "3 NB + odd in each dimension", 0, 0, 0, 4 },
        { "skinny (M, N or K = 1) and more than one NC panel", 0, 0, 0, 5 },
        { "beta = 0 over NaN in C, alpha = 0 over NaN in A, B; large "
          "pads", 0, 0, 0, 6 },
        { "the small path: every fractional row and column count, "
          "transposed, any alpha and beta", 0, 0, 0, 7 },
        { "around the crossover NCNB", 0, 0, 0, 8 },
        { "the thin path (M or N = 1, N of 2 to 7): lengths around its "
          "vector, sweep and chunk", 0, 0, 0, 9 },
        { "the skinny path: tall, wide, deep and panels beyond NCNB", 0,
          0, 0, 10 },
        { "the small path's copy of op(A) in blocks of rows: M from two "
          "blocks to NCNB, every remainder", 0, 0, 0, 11 },
        { "the TT path: M and N around its tiles, every remainder, K "
          "long and short", 0, 0, 0, 12 },
        { "the TN path: M, N and K around its tiles, every remainder, "
          "alpha = 1 and beta = 0 and others", 0, 0, 0, 13 },
    };
    int tapno = 0;

    printf("1..%d\n", 16);
    printf("# %s (%s), MC=%d KC=%d NB=%d NC=%d NCNB=%d, %s\n", ki->kernel,
           ki->isa, ki->mc, ki->kc, ki->nb, ki->nc, ki->ncnb,
           ki->active ? "kernels active" : "reference path");
    tapno = planted(tapno + 1);
    small_sizes(&g[0]);
    report(&g[0], ++tapno);
    every_combination(&g[1]);
    report(&g[1], ++tapno);
    block_edges(&g[2], ki);
    report(&g[2], ++tapno);
    three_nb(&g[3], ki);
    report(&g[3], ++tapno);
    skinny(&g[4], ki);
    report(&g[4], ++tapno);
    nan_and_pads(&g[5], ki);
    report(&g[5], ++tapno);
    small_path(&g[6]);
    report(&g[6], ++tapno);
    crossover(&g[7], ki);
    report(&g[7], ++tapno);
    thin_path(&g[8]);
    report(&g[8], ++tapno);
    skinny_path(&g[9], ki);
    report(&g[9], ++tapno);
    small_a_blocks(&g[10], ki);
    report(&g[10], ++tapno);
    tt_path(&g[11]);
    report(&g[11], ++tapno);
    tn_path(&g[12]);
    report(&g[12], ++tapno);
    threads(++tapno);
    same_bits(++tapno);
    return 0;
}
