/* The kernel's part of the search space (steps.h, ranges.h): the
 * starting values of paper 002 §III-B step 1 and each kernel step's range
 * rule. */
#include "tune/ranges.h"

#include <math.h>
#include <stdlib.h>

#include "common/common.h"

int mms_isa_regs(const struct mmc_probeconf *pc, enum mmg_isa isa)
{
    return (int)mmc_probeconf_get(pc, mmc_isas[isa].fp_regs_key);
}

enum mmg_isa mms_widest_isa(const struct mmc_probeconf *pc)
{
    int isa = MMG_NISA - 1;

    while (isa > MMG_ISA_NONE && mms_isa_regs(pc, isa) <= 0)
        isa--;
    return (enum mmg_isa)isa;
}

static int fits(const struct mmg_params *base, int mu, int nu)
{
    struct mmg_params t = *base;

    t.mu = mu, t.nu = nu;
    return mmg_regs_needed(&t) <= mmg_regs_available(&t);
}

/* Flops per load of one k step: MU/V*NU vector updates for MU/V + NU
 * loads (paper 002 §II-B; §V-G for SIMD). */
static double per_load(int mv, int nu)
{
    return (double)mv * nu / (mv + nu);
}

/* Is tile (mv, nu) better than (bv, bn)?  Flops per load, then more
 * accumulators, then fewer rows. */
static int better_tile(int mv, int nu, int bv, int bn)
{
    double r = per_load(mv, nu), q = per_load(bv, bn);

    if (r != q)
        return r > q;
    if (mv * nu != bv * bn)
        return mv * nu > bv * bn;
    return mv < bv;
}

static int gcd(int a, int b)
{
    return b ? gcd(b, a % b) : a;
}

static int lcm(int a, int b)
{
    return a / gcd(a, b) * b;
}

int mms_tile_fits(const struct mmg_params *base, int mu, int nu)
{
    return fits(base, mu, nu);
}

int mms_lcm(int a, int b)
{
    return lcm(a, b);
}

/* NB runs over multiples of lcm(MU, NU, 4): no fractional register tile
 * in the reference kernel, and ATLAS's multiples of 4. */
static int nb_grain(const struct mmg_params *p)
{
    return lcm(lcm(p->mu, p->nu), 4);
}

static int round_up(int v, int grain)
{
    return (v + grain - 1) / grain * grain;
}

int mms_nb_for_tile(const struct mmg_params *p)
{
    int g = nb_grain(p), up = round_up(p->nb, g);

    return up <= MMC_DIM_MAX ? up : up - g > 0 ? up - g : p->nb;
}

/* Inequality (3) of paper 002: NB <= min(80, sqrt(C1)), C1 in doubles. */
static int l1_bound(const struct mmc_probeconf *pc)
{
    return (int)fmin(80, sqrt(pc->l1d_kib * 1024 / 8));
}

/* An NB x NB block of doubles in L2 (docs/LIBRARY.md: tiles of
 * 144-384 win in a real driver). */
int mms_nb_l2_bound(const struct mmc_probeconf *pc)
{
    return (int)fmin(1024, sqrt(pc->l2_kib * 1024 / 8));
}

void mms_start_params(const struct mms_space *s, enum mmg_isa isa,
                      struct mmg_params *p)
{
    int vlen = mmg_vlen(isa), bv = 1, bn = 1, grain;

    mmg_params_default(p);
    p->isa = isa;
    p->regs = mms_isa_regs(s->pc, isa);
    p->fma = s->pc->fma ? 1 : 0;
    p->ls = p->fma ? 1 : s->pc->ls < 16 ? s->pc->ls : 16;
    for (int mv = 1; mv * vlen <= 64; mv++)
        for (int nu = 1; nu <= 64; nu++)
            if (fits(p, mv * vlen, nu) && better_tile(mv, nu, bv, bn))
                bv = mv, bn = nu;
    p->mu = bv * vlen, p->nu = bn;
    p->ku = 1;
    /* the next tile's C prefetched, as the library's model builds it:
     * free in the kernel steps (C hot), and the step pf's tie rule
     * prefers it at the same median (Zen 4, whole DGEMM flushed, PF=1
     * against 0: never slower, N = 2000 +2-3%, 2000 x 2000 x 64 +5-11%,
     * sizes the step does not time) */
    p->pf = 1;
    grain = nb_grain(p);
    p->nb = l1_bound(s->pc) / grain * grain;
    if (p->nb < grain)
        p->nb = grain;
}

/* A copy of ref appended to out for the caller to change, or NULL when
 * out is full. */
static struct mmg_params *push(struct mmg_params *out, int *n, int max,
                               const struct mmg_params *ref)
{
    if (*n >= max)
        return NULL;
    out[*n] = *ref;
    return &out[(*n)++];
}

struct mmg_params *mms_push(struct mmg_params *out, int *n, int max,
                            const struct mmg_params *ref)
{
    return push(out, n, max, ref);
}

int mms_range_isa(const struct mms_space *s, const struct mmg_params *ref,
                  struct mmg_params *out, int max)
{
    int n = 0;

    (void)ref;
    for (int isa = 0; isa < MMG_NISA && n < max; isa++)
        if (mms_isa_regs(s->pc, isa) > 0)
            mms_start_params(s, (enum mmg_isa)isa, &out[n++]);
    return n;
}

/* Keep first, middle and last of v[0..n-1] (quick level). */
static int thin3(int *v, int n)
{
    if (n <= 3)
        return n;
    v[1] = v[n / 2];
    v[2] = v[n - 1];
    return 3;
}

static int nb_values(const struct mms_space *s, const struct mmg_params *ref,
                     int *v, int max)
{
    int grain = nb_grain(ref), lo = round_up(16, grain);
    int l1 = l1_bound(s->pc), l2 = mms_nb_l2_bound(s->pc), n = 0, x;

    if (l1 < lo)
        l1 = lo;
    if (l2 < l1)
        l2 = l1;
    for (x = lo; x <= (s->lv->nb_reach == 2 ? l2 : l1) && n < max;
         x += grain)
        v[n++] = x;
    if (s->lv->nb_reach == 0) {
        if (n < max)
            v[n++] = x;           /* one past the L1 bound */
        return thin3(v, n);
    }
    /* normal: past the L1 bound in steps of a quarter */
    while (s->lv->nb_reach == 1 && x <= l2 && n < max) {
        v[n++] = x;
        x = round_up(x * 5 / 4, grain);
        if (x <= v[n - 1])
            x = v[n - 1] + grain;
    }
    return n;
}

/* The library's edge kernel, which carries most of its packed path (the
 * driver's even split seldom makes a block of the full kernel's fixed
 * sizes: kernels/local.mk), unrolls at most MMG_RUNTIME_KU_MAX, as every
 * kernel with K at run time does; a larger KU reaches the full kernel
 * alone.  A step timing KU = NB in L1 times one straight pass of K = NB
 * that the library never runs: lines that ended there (KU = 64 or 120
 * in 6 of 13 make tunes on the AVX-512 Zen 4 guest) gained nothing in
 * the whole DGEMM (with gcc level with KU = 1, with clang 0.67 of it),
 * and every later kernel step compiled their full unrolls (gcc, 40 x 5:
 * 4.2 s at NB = KU = 120, 9.0 at 360, against 0.3-0.4 at KU = 1 and 8):
 * those searches took 120-174 s, the others 89-107 (docs/SEARCH.md, "KU
 * at most 8"). */
int mms_ku_top(int nb)
{
    return nb < MMG_RUNTIME_KU_MAX ? nb : MMG_RUNTIME_KU_MAX;
}

int mms_range_nb(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    int v[MMS_MAX_CANDS], nv = nb_values(s, ref, v, max / 2), n = 0;
    struct mmg_params *c;

    for (int i = 0; i < nv; i++)
        for (int full = 0; full < 2; full++)
            if ((c = push(out, &n, max, ref)) != NULL) {
                c->nb = v[i];
                c->ku = full ? mms_ku_top(v[i]) : 1;
            }
    return n;
}

struct tile { int mv, nu; };

static int by_tile(const void *a, const void *b)
{
    const struct tile *x = a, *y = b;

    return better_tile(x->mv, x->nu, y->mv, y->nu) ? -1
        : better_tile(y->mv, y->nu, x->mv, x->nu);
}

int mms_range_munu(const struct mms_space *s,
                   const struct mmg_params *ref, struct mmg_params *out,
                   int max)
{
    static struct tile t[64 * 64];
    int vlen = mmg_vlen(ref->isa), nt = 0, keep, n = 0;
    struct mmg_params *c;

    for (int mv = 1; mv * vlen <= 64; mv++)
        for (int nu = 1; nu <= 64; nu++)
            if (fits(ref, mv * vlen, nu))
                t[nt++] = (struct tile){ mv, nu };
    qsort(t, nt, sizeof t[0], by_tile);
    keep = s->lv->munu_keep && s->lv->munu_keep < nt ? s->lv->munu_keep
                                                     : nt;
    for (int i = 0; i < keep && (c = push(out, &n, max, ref)); i++)
        c->mu = t[i].mv * vlen, c->nu = t[i].nu;
    /* The ring past the registers: for each MU kept (quick: the best),
     * the first NU that does not fit, so the log shows the cliff. */
    for (int i = 0; i < keep && n < max; i++) {
        int nu = t[i].nu, seen = 0;
        for (int j = 0; j < i; j++)
            seen |= t[j].mv == t[i].mv;
        if (seen || (!s->lv->munu_ring && i > 0))
            continue;
        while (nu <= 64 && fits(ref, t[i].mv * vlen, nu))
            nu++;
        if (nu <= 64 && (c = push(out, &n, max, ref)))
            c->mu = t[i].mv * vlen, c->nu = nu;
    }
    return n;
}

int mms_range_ku(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    int n = 0, top = mms_ku_top(ref->nb);
    struct mmg_params *c;

    for (int ku = 1; ku <= top / 2; ku *= 2)
        if ((s->lv->ku_all || ku == 1 || ku == 4)
            && (c = push(out, &n, max, ref)))
            c->ku = ku;
    if ((c = push(out, &n, max, ref)))
        c->ku = top;
    return n;
}

static int probe_ls(const struct mms_space *s)
{
    return s->pc->ls < 1 ? 1 : s->pc->ls > 16 ? 16 : s->pc->ls;
}

int mms_range_fma(const struct mms_space *s, const struct mmg_params *ref,
                  struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    if ((c = push(out, &n, max, ref)))
        c->fma = 1, c->ls = 1;
    if ((c = push(out, &n, max, ref)))
        c->fma = 0, c->ls = probe_ls(s);
    return n;
}

int mms_range_ls(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    if (ref->fma)
        return 0;
    for (int ls = 1; ls <= 6; ls++)
        if ((s->lv->ls_all || ls == 1 || ls == probe_ls(s))
            && (c = push(out, &n, max, ref)))
            c->ls = ls;
    if (!s->lv->ls_all && probe_ls(s) > 6 && (c = push(out, &n, max, ref)))
        c->ls = probe_ls(s);
    return n;
}

int mms_range_ff(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    (void)s;
    for (int ff = 0; ff <= 1; ff++)
        if ((c = push(out, &n, max, ref)))
            c->ff = ff;
    return n;
}

static int in_list(int v, const int *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return 1;
    return 0;
}

int mms_range_ifnf(const struct mms_space *s,
                   const struct mmg_params *ref, struct mmg_params *out,
                   int max)
{
    int loads = mmg_loads_per_step(ref), n = 0;
    int ifs[] = { 2, 3, loads / 2, loads }, quick_ifs[] = { 2, loads };
    struct mmg_params *c;

    for (int i = 2; i <= loads; i++) {
        int top = loads - i > 1 ? loads - i : 1;
        int nfs[] = { 1, 2, top };
        if (s->lv->ifnf == 1 ? !in_list(i, ifs, 4)
            : s->lv->ifnf == 0 ? !in_list(i, quick_ifs, 2) : 0)
            continue;
        for (int f = 1; f <= top; f++)
            if ((s->lv->ifnf == 2 || in_list(f, nfs, s->lv->ifnf ? 3 : 2))
                && (c = push(out, &n, max, ref)))
                c->ifetch = i, c->nfetch = f;
    }
    return n;
}

/* Paper 002 §III-B step 6: the non-copy kernel with the reference's
 * other values, NCNB from NB down by the tile grain lcm(MU,NU,4) (full:
 * by 4, the paper's [NB:-4:4], fractional register tiles included), to
 * the grain.  KU follows NCNB down where it would pass it (KU = NB, full
 * unrolling, stays full).  The driver screens them in this order and
 * stops at the 20% drop. */
int mms_range_ncnb(const struct mms_space *s,
                   const struct mmg_params *ref, struct mmg_params *out,
                   int max)
{
    int grain = s->lv->nb_reach == 2 ? 4 : nb_grain(ref), n = 0;
    struct mmg_params *c, nc;

    /* the library's kernel, not the line's at COPY=0: a line at KU = NB
     * had timed each NCNB fully unrolled (KU = NCNB), which the library
     * never builds, 10.7-14.5 s of a search against 1.9 s at KU = 16 (the
     * AVX-512 Zen 4 guest, make tune, 2026-12-01) */
    mms_small_kernel(ref, &nc);
    nc.m = ref->m, nc.n = ref->n, nc.k = ref->k;  /* timed at NCNB cubed */
    for (int v = ref->nb; v >= grain && (c = push(out, &n, max, &nc));
         v -= grain)
        c->ncnb = v;
    if (n == 0 && (c = push(out, &n, max, &nc)))     /* NB below the grain */
        c->ncnb = ref->nb;
    return n;
}

void mms_small_kernel(const struct mmg_params *p, struct mmg_params *nc)
{
    *nc = *p;
    mmg_small_path(nc);
    mmg_fit_fetch(nc);
}

void mms_kclean_general(const struct mmg_params *ref, struct mmg_params *g)
{
    *g = *ref;
    g->k = MMG_RUNTIME;
    mmg_runtime_unroll(g);
}

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* The leftovers L step 7 samples, from NB-1 down: quick NB-1, NB/2, 4
 * and 1; normal also 3NB/4, NB/4, NB/8 and 2; full every L. */
static int kclean_values(const struct mms_space *s, int nb, int *v)
{
    int want[] = { nb - 1, nb / 2, 4, 1, 3 * nb / 4, nb / 4, nb / 8, 2 };
    int nwant = s->lv->kclean ? 8 : 4, n = 0;

    if (s->lv->kclean == 2) {
        for (int l = nb - 1; l >= 1 && n < MMS_MAX_CANDS; l--)
            v[n++] = l;
        return n;
    }
    for (int i = 0; i < nwant; i++)
        if (want[i] >= 1 && want[i] < nb && !in_list(want[i], v, n))
            v[n++] = want[i];
    qsort(v, (size_t)n, sizeof *v, cmp_desc);
    return n;
}

/* Paper 002 §III-B step 7: the specialised K cleanup kernels K=L with
 * the reference's other values (the driver times each against the
 * general one, mms_kclean_general, at k=L). */
int mms_range_kclean(const struct mms_space *s,
                     const struct mmg_params *ref, struct mmg_params *out,
                     int max)
{
    int v[MMS_MAX_CANDS], nv = kclean_values(s, ref->nb, v), n = 0;
    struct mmg_params *c;

    for (int i = 0; i < nv && (c = push(out, &n, max, ref)); i++)
        c->k = v[i];
    return n;
}

/* The cc step's kernels around ref: ref itself (the search adds the best
 * distinct kernels of the earlier steps and builds each with every
 * installed compiler, stepcc.c). */
int mms_range_cc(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    (void)s;
    if (max < 1)
        return 0;
    out[0] = *ref;
    return 1;
}

/* The dgemm step's kernels around ref: ref itself (the search adds the
 * cc step's finalists and the munu step's best other tiles from the log,
 * stepdgemm.c). */
int mms_range_dgemm(const struct mms_space *s,
                    const struct mmg_params *ref, struct mmg_params *out,
                    int max)
{
    return mms_range_cc(s, ref, out, max);
}

/* The step ncnu's: ref itself (NCNU = 0: the small path's tile has its
 * NU), then the small path's tile (ref cut by mms_small_kernel) with the
 * widest power of two NU that fits its registers, when it is wider than
 * ref's.  The cut frees the registers of the rows it drops, which only a
 * wider tile uses: the AVX-512 Zen 4 guest's 40 x 5 ran its small calls
 * on 16 x 5, whose 16 x 8 twin ran warm calls at N = 16-160 3-9% faster
 * and flushed ones 7% slower to 5% faster; 16 x 10, 12 and 14, the
 * widest, ran slower than 16 x 8 (the step timed 16 x 14 at 0.95-0.98
 * of 16 x 5 in three searches), and each candidate is a driver to
 * build, 7-9 s of a search (docs/BENCHMARKS.md, 2026-12-01).  A tile not
 * cut (MU within two vectors) has no wider NU: one candidate. */
int mms_range_ncnu(const struct mms_space *s, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    struct mmg_params cut, *c;
    int n = 0, pow2 = 0;

    (void)s;
    if (!push(out, &n, max, ref))
        return 0;
    out[0].ncnu = 0;
    mms_small_kernel(&out[0], &cut);
    for (int nu = 1; nu <= 64 && fits(&cut, cut.mu, nu); nu *= 2)
        pow2 = nu;
    if (pow2 > ref->nu && (c = push(out, &n, max, ref)))
        c->ncnu = pow2;
    return n;
}

/* The step seeds': ref itself (stepseeds.c adds the --candidate files'
 * sets, which the space does not hold). */
int mms_range_seeds(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    return mms_range_cc(s, ref, out, max);
}

/* The pf step's: ref itself (stepdgemm.c adds its twin with PF flipped). */
int mms_range_pf(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max)
{
    return mms_range_cc(s, ref, out, max);
}
