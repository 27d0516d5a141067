/* The blocked product around the generated kernels, BLIS's loop order
 * (docs/LIBRARY.md): for each NC columns of C, for each K panel of
 * KC, pack B's KC x NC panel once; for each MC rows, pack A's MC x KC
 * block (alpha folded in; it stays in L2) and run the kernel on every NB
 * columns of the panel.  ATLAS's CacheEdge K blocking (paper 002 Sec.
 * II-C) is the KC loop here.  Blocks of other sizes than the full
 * kernel's go to the edge kernel, generated with run-time sizes
 * (KERNEL_ABI.md "Cleanup"); the rows of a fractional register tile at
 * the bottom are packed tight and run by the edge kernel's masked tiles
 * where it has them (AVX-512, AVX2), else padded with zeros to whole
 * vectors and computed into a small C tile (the workspace's third part),
 * so no call copies an edge tile itself.
 *
 * Threads (mml_gemm_blocked_part, run by parallel.c's team): the M loop
 * of one K panel (k_panel) runs on each thread's rows with its own A
 * block and C tile once its group's B panel is packed, by the group
 * together; the groups take disjoint columns. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>

#include "kernels/driver.h"

/* Elements of one packed B block: NB columns padded to whole panels. */
static size_t b_block(const struct mml_plan *p, size_t kc)
{
    return mml_up_to((size_t)p->nb, (size_t)p->pnu) * kc;
}

/* Sizes of the three parts: A's block, B's panel, the C tile. */
static void parts(const struct mml_plan *p, const struct mml_gemm *g,
                  size_t part[3])
{
    size_t mc = mml_up_to(mml_min_z(g->m, p->mc), p->pmu);
    size_t kc = mml_min_z(g->k, p->kc);
    size_t nc = mml_min_z(g->n, p->nc), nb = mml_min_z(g->n, p->nb);

    part[0] = mml_up_to(mc * kc, MML_LINE_ELEMS);
    part[1] = mml_up_to((nc + (size_t)p->nb - 1) / (size_t)p->nb
                    * b_block(p, kc), MML_LINE_ELEMS);
    part[2] = mml_up_to(mc * mml_up_to(nb, p->pnu), MML_LINE_ELEMS);
}

size_t mml_work_elems(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t part[3];

    parts(p, g, part);
    return part[0] + part[1] + part[2];
}

struct ctx {
    const struct mml_gemm *g;
    const struct mml_plan *p;
    mml_elem *abuf, *bbuf, *ct;
    int via_tile;        /* every block through the C tile */
};

/* One kernel call on rows i0.. (a panel boundary) of the packed A block,
 * m of them (whole panels, or the last one padded to whole vectors), and
 * all n columns of the packed B block: into C(ic + i0, j..) -- directly,
 * or through the C tile when the call covers padding (mr < m) or the
 * context says so (a C that is no real matrix, whose merger assembles
 * each tile: driver.h).  The kernels take the columns past the last NU with
 * their exact-width tiles, the rows past the last MU with their whole-
 * vector ones (codegen/emit_simd.c). */
static void call(const struct ctx *x, size_t ic, size_t j, int i0, int m,
                 int mr, int n, int kc, mml_elem beta, const mml_elem *b)
{
    const struct mml_plan *p = x->p;
    const struct mmt_kernel_desc *d =
        p->full && m == p->full->m && n == p->full->n && kc == p->full->k
        ? p->full : p->edge;
    const mml_elem *a = x->abuf + (size_t)i0 * kc;
    mml_elem *c = x->g->c + ic + (size_t)i0 + j * x->g->ldc;

    if (!x->via_tile && mr == m) {
        mml_variant(d, beta)(m, n, kc, a, m, b, kc, beta, c, (int)x->g->ldc);
        return;
    }
    MML_B0(d)(m, n, kc, a, m, b, kc, 0.0, x->ct, m);
    if (x->g->merge)
        x->g->merge->merge(x->g->merge, ic + (size_t)i0, j, mr, n, beta,
                           x->ct, m);
    else
        mml_merge(mr, n, beta, x->ct, m, c, x->g->ldc);
}

/* C(ic.., j..) of mc x nb from the packed A block and the packed B block
 * at b: the whole panels of rows straight into C, the last fractional one
 * straight too when it has no padding (tight for an edge kernel with
 * masked tiles: plan.c), else through the C tile.  Masked, DGEMM ran
 * 0.98-1.02 times as fast at N = 333-2001, CGEMM 0.97-1.03, SGEMM
 * 0.96-1.05 (Zen 5, 9 rounds, medians).  No call is larger than the block
 * (the kernels take at most NB in each size).  The last rows had been
 * padded to a whole MU panel: N = 500 and 700 (20 rows past the 40 x 5
 * tile's last) ran at 89-90% of peak warm on Zen 4 where 480 and 560 ran
 * at 93-94%. */
static void block(const struct ctx *x, size_t ic, size_t j, int mc, int nb,
                  int kc, mml_elem beta, const mml_elem *b)
{
    int mu = x->p->pmu, pv = x->p->pv, mf = mc / mu * mu, mr = mc - mf;

    if (mf)
        call(x, ic, j, 0, mf, mf, nb, kc, beta, b);
    if (mr)
        call(x, ic, j, mf, (mr + pv - 1) / pv * pv, mr, nb, kc, beta, b);
}

/* Rows [lo, hi) of the block of op(A) at (ic, pc) of kc columns, times
 * alpha, into the A block where packing the whole block puts them (lo at
 * a panel boundary; the last panel padded when hi ends the block). */
static void pack_a_rows(const struct ctx *x, size_t ic, size_t lo,
                        size_t hi, size_t pc, int kc)
{
    const struct mml_gemm *g = x->g;
    size_t i = ic + lo;
    mml_elem *dst = x->abuf + lo * (size_t)kc;

    if (g->apack)
        g->apack->pack(g->apack, i, pc, (int)(hi - lo), kc, x->p->pmu,
                       x->p->pv, dst);
    else if (g->ta)
        mml_pack(g->a + pc + i * g->lda, g->lda, 1, (int)(hi - lo), kc,
                 x->p->pmu, x->p->pv, g->alpha, dst);
    else
        mml_pack(g->a + i + pc * g->lda, 1, g->lda, (int)(hi - lo), kc,
                 x->p->pmu, x->p->pv, g->alpha, dst);
}

/* op(A)(ic.., pc..) of mc x kc, times alpha, into the A block. */
static void pack_a(const struct ctx *x, size_t ic, int mc, size_t pc,
                   int kc)
{
    pack_a_rows(x, ic, 0, (size_t)mc, pc, kc);
}

/* Columns j.. (cols of them, from a panel boundary) of op(B)(pc.., ..)
 * of kc rows, in the kernel's layout, at dst. */
static void pack_b_cols(const struct ctx *x, size_t pc, int kc, size_t j,
                        int cols, mml_elem *dst)
{
    const struct mml_gemm *g = x->g;

    if (g->bpack)
        g->bpack->pack(g->bpack, j, pc, cols, kc, x->p->pnu, 1, dst);
    else if (g->tb)
        mml_pack(g->b + j + pc * g->ldb, 1, g->ldb, cols, kc, x->p->pnu, 1,
                 1.0, dst);
    else
        mml_pack(g->b + pc + j * g->ldb, g->ldb, 1, cols, kc, x->p->pnu, 1,
                 1.0, dst);
}

/* op(B)(pc.., jc..) of kc x nc into the panel, as NB-column blocks, each
 * in the kernel's layout (padded to whole panels) at b_block apart. */
static void pack_b(const struct ctx *x, size_t pc, int kc, size_t jc,
                   int nc)
{
    mml_elem *dst = x->bbuf;

    for (int jb = 0; jb < nc; jb += x->p->nb, dst += b_block(x->p, kc)) {
        int nb = nc - jb < x->p->nb ? nc - jb : x->p->nb;
        pack_b_cols(x, pc, kc, jc + (size_t)jb, nb, dst);
    }
}

/* The M loop of one K panel over rows [i0, i1), B's panel packed. */
static void k_panel(const struct ctx *x, size_t pc, int kc, size_t jc,
                    int nc, mml_elem beta, size_t i0, size_t i1)
{
    const struct mml_plan *p = x->p;
    size_t mb = mml_even_blocks(i1 - i0, p->mc, p->pmu);

    for (size_t ic = i0; ic < i1; ic += mb) {
        int mc = (int)mml_min_z(mb, i1 - ic);
        const mml_elem *b = x->bbuf;
        pack_a(x, ic, mc, pc, kc);
        for (int jb = 0; jb < nc; jb += p->nb, b += b_block(p, kc))
            block(x, ic, jc + (size_t)jb, mc,
                  nc - jb < p->nb ? nc - jb : p->nb, kc, beta, b);
    }
}

void mml_gemm_blocked(const struct mml_gemm *g, const struct mml_plan *p,
                      mml_elem *work)
{
    size_t part[3], d = (size_t)(p->mc > p->nb ? p->mc : p->nb);
    size_t ncb = mml_even_blocks(g->n, p->nc, p->nb);
    size_t kcb = mml_even_blocks(g->k, p->kc, 1);
    struct ctx x;

    /* the kernels index C with int: c[i + j*ldc], i < MC, j < NB */
    parts(p, g, part);
    x = (struct ctx){ g, p, work, work + part[0], work + part[0] + part[1],
                      p->ctile || g->merge || g->ldc > (INT_MAX - d) / d };
    for (size_t jc = 0; jc < g->n; jc += ncb) {
        int nc = (int)mml_min_z(ncb, g->n - jc);
        for (size_t pc = 0; pc < g->k; pc += kcb) {
            int kc = (int)mml_min_z(kcb, g->k - pc);
            pack_b(&x, pc, kc, jc, nc);
            k_panel(&x, pc, kc, jc, nc, pc == 0 ? g->beta : 1.0, 0, g->m);
        }
    }
}

size_t mml_blocked_shared_elems(const struct mml_plan *p,
                                  const struct mml_gemm *g,
                                  struct mml_ways w)
{
    size_t part[3];

    parts(p, g, part);
    /* B's panel a jc group; with jr ways, A's block a grid block */
    return part[1] * (size_t)w.jc
           + (w.jr > 1 ? part[0] * (size_t)(w.jc * w.ic) : 0);
}

size_t mml_blocked_own_elems(const struct mml_plan *p,
                               const struct mml_gemm *g)
{
    size_t part[3];

    parts(p, g, part);
    return part[0] + part[2];
}

/* The share of B's panel (pc.., jc..) of kc x nc that thread id of the
 * ways packing it together packs: whole NU-column panels of its NB
 * blocks, each where pack_b would put it. */
static void pack_b_share(const struct ctx *x, size_t pc, int kc, size_t jc,
                         int nc, int ways, int id)
{
    int nb = x->p->nb, w = x->p->pnu;
    size_t panels = 0, u0, u1, u = 0;

    for (int jb = 0; jb < nc; jb += nb)
        panels += (size_t)(((nc - jb < nb ? nc - jb : nb) + w - 1) / w);
    mml_split_range(panels, 1, ways, id, &u0, &u1);
    for (int jb = 0; jb < nc && u < u1; jb += nb) {
        int bn = nc - jb < nb ? nc - jb : nb;
        mml_elem *dst = x->bbuf + (size_t)(jb / nb) * b_block(x->p, kc);
        for (int q = 0; q < bn && u < u1; q += w, u++) {
            if (u >= u0)
                pack_b_cols(x, pc, kc, jc + (size_t)jb + (size_t)q,
                            bn - q < w ? bn - q : w, dst + (size_t)q * kc);
        }
    }
}

/* The share of op(A)(ic.., pc..)'s mc x kc block (alpha folded in) that
 * thread id of the ways packing it together packs: whole MU-row panels,
 * each where pack_a would put it (the last, padded, with the last
 * share). */
static void pack_a_share(const struct ctx *x, size_t ic, int mc, size_t pc,
                         int kc, int ways, int id)
{
    size_t lo, hi;

    mml_split_range((size_t)mc, (size_t)x->p->pmu, ways, id, &lo, &hi);
    if (hi > lo)
        pack_a_rows(x, ic, lo, hi, pc, kc);
}

/* The team's barrier (a serial build never runs a team of two). */
#ifdef _OPENMP
#define MML_BARRIER() _Pragma("omp barrier")
#else
#define MML_BARRIER() ((void)0)
#endif

/* The M loop of one K panel over rows [i0, i1) by the jr threads of a
 * grid block, sharing its A blocks: thread rid packs its share of each,
 * meets the team's barrier, and computes its share of the NU-column
 * panels of every NB block.  Every thread of the team loops to blocks,
 * the most A blocks any grid block has (it meets the same barriers). */
static void k_panel_jr(const struct ctx *x, size_t pc, int kc, size_t jc,
                       int nc, mml_elem beta, size_t i0, size_t i1, int jr,
                       int rid, size_t blocks)
{
    const struct mml_plan *p = x->p;
    size_t mb = i1 > i0 ? mml_even_blocks(i1 - i0, p->mc, p->pmu) : 1;

    for (size_t ib = 0; ib < blocks; ib++) {
        size_t ic = i0 + ib * mb;
        int mc = nc && ic < i1 ? (int)mml_min_z(mb, i1 - ic) : 0;
        const mml_elem *b = x->bbuf;
        /* the block's last readers are done with it */
        MML_BARRIER();
        if (mc)
            pack_a_share(x, ic, mc, pc, kc, jr, rid);
        /* and it is whole */
        MML_BARRIER();
        for (int jb = 0; mc && jb < nc; jb += p->nb, b += b_block(p, kc)) {
            int bn = nc - jb < p->nb ? nc - jb : p->nb;
            size_t q0, q1;
            mml_split_range((size_t)bn, (size_t)p->pnu, jr, rid, &q0, &q1);
            if (q1 > q0)
                block(x, ic, jc + (size_t)jb + q0, mc, (int)(q1 - q0), kc,
                      beta, b + q0 * (size_t)kc);
        }
    }
}

/* The NC panels group jid's columns [n0, n1) are cut into. */
static size_t group_panels(const struct mml_plan *p, size_t n0, size_t n1,
                           size_t *ncb)
{
    *ncb = 1;
    if (n1 <= n0)
        return 0;
    *ncb = mml_even_blocks(n1 - n0, p->nc, p->nb);
    return (n1 - n0 + *ncb - 1) / *ncb;
}

void mml_gemm_blocked_part(const struct mml_gemm *g,
                           const struct mml_plan *p, struct mml_ways w,
                           int id, mml_elem *bshared, mml_elem *own)
{
    size_t part[3], d = (size_t)(p->mc > p->nb ? p->mc : p->nb);
    size_t kcb = mml_even_blocks(g->k, p->kc, 1), n0 = 0, n1 = 0, m0 = 0;
    size_t m1 = 0, ncb = 1, most = 0, mine = 0, blocks = 0;
    int group = w.ic * w.jr, jid = id / group, iid = id / w.jr % w.ic;
    int rid = id % w.jr, mu = p->edge->mu, nu = p->edge->nu;
    int shared = group > 1;
    mml_elem *abuf = own;
    struct ctx x;

    parts(p, g, part);
    /* every thread meets the same barriers: as many panels as the group
     * with most of them, as many A blocks as the grid block with most */
    for (int j = 0; j < w.jc; j++) {
        size_t lo, hi, cb, np;
        mml_split_range(g->n, (size_t)nu, w.jc, j, &lo, &hi);
        np = group_panels(p, lo, hi, &cb);
        most = np > most ? np : most;
        if (j == jid)
            n0 = lo, n1 = hi, mine = np, ncb = cb;
    }
    for (int i = 0; i < w.ic; i++) {
        size_t lo, hi, mb, nblk;
        mml_split_range(g->m, (size_t)mu, w.ic, i, &lo, &hi);
        mb = hi > lo ? mml_even_blocks(hi - lo, p->mc, p->pmu) : 1;
        nblk = (hi - lo + mb - 1) / mb;
        blocks = nblk > blocks ? nblk : blocks;
        if (i == iid)
            m0 = lo, m1 = hi;
    }
    if (id >= w.jc * group)
        mine = 0, m1 = m0;
    if (w.jr > 1)
        abuf = bshared + (size_t)w.jc * part[1]
               + (size_t)(jid * w.ic + iid) * part[0];
    x = (struct ctx){ g, p, abuf, bshared + (size_t)jid * part[1],
                      own + part[0],
                      p->ctile || g->merge || g->ldc > (INT_MAX - d) / d };
    for (size_t it = 0; it < most; it++) {
        size_t jc = n0 + it * ncb;
        int nc = it < mine ? (int)mml_min_z(ncb, n1 - jc) : 0;
        for (size_t pc = 0; pc < g->k; pc += kcb) {
            int kc = (int)mml_min_z(kcb, g->k - pc);
            mml_elem beta = pc == 0 ? g->beta : 1.0;
            if (shared) {
                /* the panel's last readers are done with it */
                MML_BARRIER();
                if (nc)
                    pack_b_share(&x, pc, kc, jc, nc, group, id % group);
                /* and it is whole */
                MML_BARRIER();
            } else if (nc) {
                pack_b(&x, pc, kc, jc, nc);
            }
            if (w.jr > 1)
                k_panel_jr(&x, pc, kc, jc, m1 > m0 ? nc : 0, beta, m0, m1,
                           w.jr, rid, blocks);
            else if (nc && m1 > m0)
                k_panel(&x, pc, kc, jc, nc, beta, m0, m1);
        }
    }
}
