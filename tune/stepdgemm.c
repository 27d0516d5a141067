/* The dgemm and pf steps (steprun.h): the kernel, its compiler and its
 * prefetches chosen by the whole DGEMM. */
#include "tune/steprun.h"

#include <string.h>

#include "kernels/kernels.h"
#include "tune/decide.h"
#include "tune/incumbent.h"
#include "tune/progress.h"
#include "tune/ranges.h"
#include "tune/screen.h"
#include "tune/searchtext.h"
#include "tune/timing.h"

/* Kernel p as the dgemm step's kernels hold it: the pins applied, the
 * planted fault cleared (mark_perturbed sets it again on the full
 * kernel). */
static struct mmg_params dgemm_kernel(const struct mms_search *s,
                                      const struct mmg_params *p)
{
    struct mmg_params q = *p;

    mms_pins_apply(&s->pins, &q);
    q.perturb = 0;
    return q;
}

/* The index of kernel p with compiler cc among the n kernels k, h, or
 * -1. */
static int dgemm_find(const struct mmg_params *p, int cc,
                      const struct mmg_params *k, const struct mms_how *h,
                      int n)
{
    for (int j = 0; j < n; j++)
        if (h[j].cc == cc && mms_params_equal(&k[j], p))
            return j;
    return -1;
}

/* Kernel p with compiler cc appended to the dgemm step's kernels k, h,
 * unless it is there or max are. */
static void dgemm_add(const struct mms_search *s, const struct mmg_params *p,
                      int cc, struct mmg_params *k, struct mms_how *h, int *n,
                      int max)
{
    struct mmg_params q = dgemm_kernel(s, p);

    if (dgemm_find(&q, cc, k, h, *n) < 0 && *n < max)
        k[*n] = q, h[(*n)++] = (struct mms_how){ cc, 0 };
}

/* 1 when kernels of ISA isa reach the peak the kernel steps' winner's
 * ISA reaches, as another choice of the whole DGEMM: both at least
 * probe.conf's SIMD_DOUBLES wide (the narrowest width within 90% of the
 * best flops a cycle), isa one the probe found registers for, and the
 * ISA not pinned.  The isa step times such ISAs in L1 at the same peak,
 * where they tie, and the rest of the kernel steps search the one it
 * took: on the AVX-512 Zen 4 guest (SIMD_DOUBLES = 4: a 512-bit FMA runs
 * as two 256-bit halves) a search without seeds took avx2 at 1.012 of
 * avx512 (p = 0.13, 9 rounds), and its 16 x 5 library ran 0.84-0.97 of
 * the avx512 32 x 5 one at N = 200-3000 (docs/BENCHMARKS.md,
 * 2026-12-01). */
static int same_peak_isa(const struct mms_search *s, enum mmg_isa isa)
{
    return !s->pins.isa && mms_isa_regs(&s->pc, isa) > 0
           && mmg_vlen(isa) >= s->pc.simd_doubles
           && mmg_vlen(s->ref.isa) >= s->pc.simd_doubles;
}

int mms_extra_cc(const struct mms_search *s, int e)
{
    const struct mms_extra *x = &s->extra[e];
    int cc = x->cc[0] ? mms_pipeline_find_cc(&s->pl, x->cc) : s->ref_cc;

    return x->p.isa == s->ref.isa || same_peak_isa(s, x->p.isa) ? cc : -1;
}

/* The kernel steps' winner with ISA isa and the tile mu x nu (a pinned
 * MU or NU, rows in every ISA, stays), IF and NF cut to the tile's
 * loads, NB rounded up to a multiple of the tile (mms_nb_for_tile: the
 * nb step's grain) unless pinned, where the tile fits that ISA's
 * registers; with the winner's compiler, appended to k, h unless max are
 * there or it is. */
static void isa_twin(const struct mms_search *s, enum mmg_isa isa, int mu,
                     int nu, struct mmg_params *k, struct mms_how *h, int *n,
                     int max)
{
    struct mmg_params q = s->ref;
    int w = mmg_vlen(isa);

    q.isa = isa;
    q.regs = mms_isa_regs(&s->pc, isa);
    q.mu = mms_pinned(&s->pins, "MU") ? s->ref.mu : mu;
    q.nu = mms_pinned(&s->pins, "NU") ? s->ref.nu : nu;
    if (q.mu % w || q.mu > 64 || !mms_tile_fits(&q, q.mu, q.nu))
        return;
    mmg_fit_fetch(&q);
    if (!mms_pinned(&s->pins, "NB"))
        q.nb = mms_nb_for_tile(&q);
    dgemm_add(s, &q, s->ref_cc, k, h, n, max);
}

/* 1 when the isa step's rounds could not separate ISA isa from its
 * best (or it decided nothing): the condition for twins on isa.  An ISA
 * they measured slower is not offered again: on the AVX-512 Zen 4 guest
 * (SIMD_DOUBLES = 4) avx512 beat avx2 there at 1.004 (p = 0.025, 9
 * rounds), and its avx2 twins then ran the whole DGEMM at 0.85 and 0.83
 * of the avx512 winner in the step's screen; without them the step's
 * drivers built in 31.9 s instead of 40.3, a cc finalist and a tile in
 * their places (BENCHMARKS.md, 2026-12-02). */
static int isa_may_twin(const struct mms_search *s, enum mmg_isa isa)
{
    return !s->isa_tied || (s->isa_tied >> isa & 1u);
}

/* The kernel steps' winner on each other ISA of the same peak
 * (same_peak_isa) that the isa step tied with its winner (isa_may_twin)
 * and none of the n kernels k has yet, appended to k, h unless max are
 * there: with MU in vectors of that ISA as many as the
 * winner's (isa_twin), and with the library model's tile for that ISA
 * (kernels/libparams.c mml_isa_tiles), the winner's other values.  The
 * library widens NB to its blocking whatever it is, but the twin that
 * wins is the search's winner, timed once more in L1 at its NB: an avx2
 * 20 x 5 line's NB = 140 gave its avx512 40 x 5 twin fractional tiles
 * there, 38.6% of peak in bench-search's final rounds, against kernels
 * at 87-99% (the AVX-512 Zen 4 guest, 2026-12-01; BENCHMARKS.md).  The
 * model's tile: the other ISA's tiles are never screened (the isa step
 * takes one ISA for every kernel step after it), and a tile of the
 * winner's shape need not suit it: a search without seeds there took
 * avx2 12 x 9, whose twin 24 x 9 ran the step's whole DGEMM at 0.965 of
 * it, and the library at 0.92-0.94 of the defaults' avx512 32 x 5 at N
 * = 200-2000 flushed, medians (BENCHMARKS.md, 2026-12-02). */
static void isa_twins(const struct mms_search *s, struct mmg_params *k,
                      struct mms_how *h, int *n, int max)
{
    int v = mmg_vlen(s->ref.isa);

    for (int i = 0; i < MMG_NISA; i++) {
        enum mmg_isa isa = (enum mmg_isa)i;
        int seen = isa == s->ref.isa || !same_peak_isa(s, isa)
                   || !isa_may_twin(s, isa);
        for (int j = 0; j < *n && !seen; j++)
            seen = k[j].isa == isa;
        if (seen)
            continue;
        isa_twin(s, isa, s->ref.mu / v * mmg_vlen(isa), s->ref.nu, k, h, n,
                 max);
        isa_twin(s, isa, mml_isa_tiles[i].mu, mml_isa_tiles[i].nu, k, h, n,
                 max);
    }
}

/* The best MU x NU tile the munu step screened (ok, ref's ISA) that
 * none of the n kernels k of its ISA is, or NULL: with mu > 0, one of
 * that MU (an NU none of k's of that MU has); else one whose MU is none
 * of k's.  One
 * per MU otherwise: the munu step screens every tile at the NB chosen
 * for the first, which a tile of another MU divides worse (fractional
 * register tiles), so its best other tiles by those MFLOPS would be the
 * first's neighbours; the whole DGEMM widens NB to hold MC and KC, a
 * multiple of the tile.  But the neighbour with the winner's MU is the
 * one the screen's setting (NB^3 in L1) compresses most: on the AVX2
 * Zen 4 guest a search without seeds kept 8 x 5 over 8 x 6 by a tie in
 * L1, and as the library 8 x 5 ran 0.88-0.92 of 8 x 6 at 64 x 1500 x
 * 1500 and 64 x 2000 x 2000 (docs/BENCHMARKS.md, 2026-12-01).  That
 * neighbour fits the registers: the munu step also screens a ring past
 * them, and 8 x 7, the neighbour of 8 x 6 it took in the next tune, ran
 * the whole DGEMM at 23.6 GFLOPS where 8 x 6 ran 35.4. */
static const struct mms_record *other_tile(const struct mms_search *s,
                                           const struct mmg_params *k,
                                           int n, int mu)
{
    const struct mms_record *best = NULL;

    for (int i = 0; i < s->log.nrec; i++) {
        const struct mms_record *r = &s->log.rec[i];
        int seen = strcmp(r->step, "munu") != 0 || r->round != 0 || r->ref
                   || r->m.verdict != MMS_V_OK || r->p.isa != s->ref.isa
                   || (mu > 0 && (r->p.mu != mu
                                  || !mms_tile_fits(&s->ref, r->p.mu,
                                                    r->p.nu)));
        for (int j = 0; j < n && !seen; j++)
            seen = k[j].isa == r->p.isa && k[j].mu == r->p.mu
                   && (mu == 0 || k[j].nu == r->p.nu);
        if (!seen && (!best || r->m.mflops > best->m.mflops))
            best = r;
    }
    return best;
}

/* The kernel steps' winner at the other end of the unroll its edge
 * kernel can have, where KU is not pinned: with KU=1 where it unrolls
 * more, else with KU = MMG_RUNTIME_KU_MAX (where NB holds it); appended
 * to k, h unless max are there.  The ku step times K = NB; the library
 * runs the kernel at K = KC, and its edge kernel, which carries most of
 * the packed path, at K of the call with KU at most MMG_RUNTIME_KU_MAX
 * (codegen/params.h).  On the AVX-512 Zen 4 guest a search without seeds
 * (before the kernel steps stopped at KU = 8) took 32 x 5 KU = 120 at
 * NB = 120 (every candidate of its dgemm step had KU = 120), whose
 * library ran N = 2000 and 3000 at 0.96-0.99 of the same parameters
 * with KU = 1; and clang's 40 x 5 at KU = 1 ran N = 500-2000 at
 * 0.94-0.97 of the same with its edge kernel at KU = 8, 2000 x 2000 x 64
 * at 0.88, where gcc's 32 x 5 ran level (BENCHMARKS.md, 2026-12-01):
 * the edge kernel's best KU is the compiler's, which no kernel step
 * times. */
static void ku_twin(const struct mms_search *s, struct mmg_params *k,
                    struct mms_how *h, int *n, int max)
{
    struct mmg_params q = s->ref;

    if (mms_pinned(&s->pins, "KU"))
        return;
    if (q.ku > 1)
        q.ku = 1;
    else if (q.nb >= MMG_RUNTIME_KU_MAX)
        q.ku = MMG_RUNTIME_KU_MAX;
    else
        return;
    dgemm_add(s, &q, s->ref_cc, k, h, n, max);
}

/* The dgemm step's kernels, in range order (the tie rule's): the kernel
 * steps' winner, the --candidate files' kernels (those of its ISA or of
 * one of the same peak, with their compilers when installed), the
 * winner on each other ISA of the same peak none of them has
 * (isa_twins) and with KU=1 or 8 (ku_twin; each twin takes the place
 * of a cc finalist: the step's time is mostly its drivers' builds), the
 * cc step's finalists (its round-1 samples, each kernel with its
 * compiler, in the order the cc step ranked them), and the munu step's
 * best lv->dgemm_tiles other tiles: the first of the winner's MU
 * (another NU, within the registers) when the munu step screened one,
 * the others one per MU (other than those), each with the winner's
 * other values (IF and NF cut to the tile's loads) and compiler;
 * lv->dgemm_kernels at most besides the files'.  Returns how many. */
static int dgemm_kernels(const struct mms_search *s, struct mmg_params *k,
                         struct mms_how *h)
{
    int n = 0, max = s->lv->dgemm_kernels, tiles = s->lv->dgemm_tiles;
    int twins;

    dgemm_add(s, &s->ref, s->ref_cc, k, h, &n, max);
    for (int e = 0; e < s->nextra; e++)
        if (mms_extra_cc(s, e) >= 0)
            dgemm_add(s, &s->extra[e].p, mms_extra_cc(s, e), k, h, &n,
                      max + s->nextra);
    twins = n;
    isa_twins(s, k, h, &n, max + s->nextra - tiles);
    ku_twin(s, k, h, &n, max + s->nextra - tiles);
    twins = n - twins;
    for (int i = 0; i < s->log.nrec; i++) {
        const struct mms_record *r = &s->log.rec[i];
        int cc = mms_pipeline_find_cc(&s->pl, r->cc);
        if (strcmp(r->step, "cc") == 0 && r->round == 1 && !r->ref
            && cc >= 0)
            dgemm_add(s, &r->p, cc, k, h, &n,
                      max + s->nextra - tiles - twins);
    }
    for (int t = 0; t < tiles; t++) {
        const struct mms_record *r = t == 0 ? other_tile(s, k, n, s->ref.mu)
                                            : NULL;
        if (!r)
            r = other_tile(s, k, n, 0);
        struct mmg_params q = s->ref;
        if (!r)
            break;
        q.mu = r->p.mu, q.nu = r->p.nu;
        mmg_fit_fetch(&q);
        dgemm_add(s, &q, s->ref_cc, k, h, &n, max + s->nextra);
    }
    return n;
}

/* The pf step's kernels: the kernel the dgemm step chose, its twin with
 * PF flipped and, on a SIMD ISA, its twin with PFB flipped (whether
 * prefetching the next tile's C, or B's next packed panel, pays shows
 * only where C and B come from memory and the L3: the kernel steps time
 * one tile, C hot).  Returns how many. */
static int pf_kernels(const struct mms_search *s, struct mmg_params *k,
                      struct mms_how *h)
{
    struct mmg_params twin = s->ref;
    int n = 0;

    twin.pf = !twin.pf;
    dgemm_add(s, &s->ref, s->ref_cc, k, h, &n, 3);
    dgemm_add(s, &twin, s->ref_cc, k, h, &n, 3);
    if (mmg_vlen(s->ref.isa) > 1) {
        twin = s->ref;
        twin.pfb = !twin.pfb;
        dgemm_add(s, &twin, s->ref_cc, k, h, &n, 3);
    }
    return n;
}

/* The step ncnu's kernels: its range around the kernel so far (pins
 * applied), each with the kernel's compiler.  Returns how many. */
static int ncnu_kernels(const struct mms_search *s, const struct mms_step *st,
                        struct mmg_params *k, struct mms_how *h)
{
    int n = mms_step_candidates(&s->space, st, &s->ref, k, MMS_MAX_CANDS);

    for (int i = 0; i < n; i++)
        k[i] = dgemm_kernel(s, &k[i]), h[i] = (struct mms_how){ s->ref_cc, 0 };
    return n;
}

/* The full kernels of the kernels k (each at the model's blocking for it;
 * one the model refuses is left out, why says the last such) into cand,
 * how, with the index of each one's kernel in from.  Returns how many. */
static int dgemm_candidates(const struct mms_search *s,
                            const struct mmg_params *k,
                            const struct mms_how *hk, int nk,
                            struct mmg_params *cand, struct mms_how *how,
                            int *from, char *why, size_t len)
{
    int n = 0;

    for (int i = 0; i < nk; i++) {
        int dup = 0;
        if (mms_at_model(s, &k[i], hk[i].cc, &cand[n], &how[n], why, len) != 0)
            continue;
        mms_mark_perturbed(s, &cand[n]);
        for (int j = 0; j < n && !dup; j++)
            dup = mms_params_equal(&cand[j], &cand[n])
                  && how[j].cc == how[n].cc && how[j].nc == how[n].nc;
        if (!dup)
            from[n++] = i;
    }
    return n;
}

/* Why the dgemm step is not run, into why ("" when it is). */
static void dgemm_skip_why(const struct mms_search *s,
                           const struct mms_step *st, char *why, size_t len)
{
    char pins[160];

    why[0] = '\0';
    if (s->skip_blocks || s->skip_dgemm)
        snprintf(why, len, "%s: the kernel the kernel steps chose is kept",
                 s->skip_blocks ? "--skip-blocks" : "--skip-dgemm");
    else if (mms_pinned(&s->pins, st->sets)) {
        mms_sets_text(s, st->sets, &s->ref,
                      (struct mms_how){ s->ref_cc, 0 }, pins, sizeof pins);
        snprintf(why, len, "pinned: %s (one candidate)", pins);
    } else if (s->time_limit_s > 0 && mms_now() - s->t0 > s->time_limit_s)
        snprintf(why, len, "the time limit of %g s was reached; the values "
                 "so far are kept", s->time_limit_s);
}

/* The kernel's decision: the winner becomes the reference kernel (its
 * MFLOPS alone, from the log, or timed at the end when it never was:
 * time_winner). */
static void dgemm_take(struct mms_search *s, const struct mmg_params *k,
                       struct mms_how h, double dgemm_mflops)
{
    const struct mms_record *r;

    if (!mms_params_equal(k, &s->ref) || h.cc != s->ref_cc) {
        s->ref = *k, s->ref_cc = h.cc;
        r = mms_log_find_cc(&s->log, k, s->pl.cc[h.cc].name, NULL, 0, 0);
        s->ref_mflops = r && r->m.verdict == MMS_V_OK ? r->m.mflops : 0;
    }
    s->blocks_mflops = dgemm_mflops;
    s->blocks_ready = 0;        /* the blocks steps start from its model */
}

/* The dgemm step's incumbent: the first --candidate file's kernel when it is
 * one of the n candidates cand (k[from[i]] the kernel of cand[i], of the nk
 * kernels k, hk), not the kernel steps' winner.  It is every round's
 * reference and always a finalist, so each finalist is measured against
 * what a build from the file (make tune's: the architectural defaults)
 * has; a tie no longer keeps it (tune/stats.h): on the Zen 5 guest the
 * defaults' 24 x 8 kept that way was 7.6% faster as a whole DGEMM than
 * the kernel steps' 40 x 5, which an earlier tie had kept; either kept
 * on a tie could be the slower. */
static void keep_first_file(struct mms_search *s, const struct mmg_params *k,
                            const struct mms_how *hk, int nk, const int *from,
                            const struct mmg_params *cand,
                            const struct mms_how *how, int n)
{
    int cc = s->nextra ? mms_extra_cc(s, 0) : -1, j = -1;
    struct mmg_params q;

    s->kept = 0;
    if (cc >= 0) {
        q = dgemm_kernel(s, &s->extra[0].p);
        j = dgemm_find(&q, cc, k, hk, nk);
    }
    for (int i = 1; i < n && j > 0 && !s->kept; i++)
        if (from[i] == j) {
            s->kept = 1, s->kept_p = cand[i];
            s->kept_cc = how[i].cc, s->kept_nc = how[i].nc;
        }
}

/* "; --candidate FILE: the kernel ... CC" for each file, appended to
 * buf (what the step line says of them; one of another ISA or with a
 * compiler not installed is named as left out). */
static void extras_text(const struct mms_search *s, char *buf, size_t len)
{
    for (int e = 0; e < s->nextra; e++) {
        const struct mms_extra *x = &s->extra[e];
        int cc = mms_extra_cc(s, e);
        size_t used = strlen(buf);
        char k[160];
        if (cc < 0) {
            snprintf(buf + used, len - used, "; --candidate %s: left out "
                     "(%s)", x->path, x->p.isa != s->ref.isa ? "another "
                     "ISA" : "its compiler is not installed");
            continue;
        }
        mms_kernel_text(s, &x->p, (struct mms_how){ cc, 0 }, k, sizeof k);
        snprintf(buf + used, len - used, "; --candidate %s: %s", x->path,
                 k);
    }
}

/* The whole DGEMM's small size and narrow shapes (0: none), and the
 * log's sizes text with them.  The step pf times the level's square
 * sizes alone, on the packed path, where the copy kernels PF and PFB
 * are generated in run; the small size and the narrow shapes run the
 * non-copy kernels.  Timed with them, PFB's effect was diluted in a
 * geometric mean of six shapes, three it does not act in: a seedless
 * make tune on the Zen 5 guest took PFB=0 on a tie (PFB=1 at 1.013 of
 * it, p = 0.15), whose library then ran 0.95-0.96 of the same parameters
 * with PFB=1 at N = 500-2000 flushed (BENCHMARKS.md, 2026-11-29 21:09). */
static void set_shapes(struct mms_search *s, int small, int narrow)
{
    s->pl.dgemm_small_n = small, s->pl.dgemm_narrow = narrow;
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes,
                    -1);
}

/* The step ncnu's shapes: those the small path's tile acts in.  Warm
 * square sizes (a loop of small calls, where OpenBLAS's small-matrix
 * kernels led by 5-13% at N = 16-100 on the AVX-512 Zen 4 guest), 100
 * flushed (routed: the small path) and the small size, and the narrow
 * shapes, whose skinny path runs the non-copy kernels; not the level's
 * square sizes, on the packed path, where every candidate runs the same
 * code.  With on 0, the level's square sizes (level_n) back, and no warm
 * ones.  The log's sizes text follows. */
static void ncnu_shapes(struct mms_search *s, int on, const int *level_n)
{
    memset(s->pl.dgemm_warm_n, 0, sizeof s->pl.dgemm_warm_n);
    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    s->pl.dgemm_route = on;
    if (on) {
        memcpy(s->pl.dgemm_warm_n, mms_dgemm_warm_sizes,
               sizeof mms_dgemm_warm_sizes);
        s->pl.dgemm_n[0] = 100;
    } else {
        memcpy(s->pl.dgemm_n, level_n, sizeof s->pl.dgemm_n);
    }
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes,
                    -1);
}

int mms_run_dgemm(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params k[MMS_MAX_CANDS], cand[MMS_MAX_CANDS];
    static struct mms_how hk[MMS_MAX_CANDS], how[MMS_MAX_CANDS];
    struct mms_outcome o[MMS_MAX_CANDS];
    struct mms_step_verdict v;
    struct mmg_params p;
    struct mms_how h;
    char rest[1800], sizes[2 * MMS_SIZES_TEXT + 32], ref[160];
    char why[MMS_WHY_MAX] = "";
    int from[MMS_MAX_CANDS], nk, n, rc, pf = strcmp(st->name, "pf") == 0;
    int ncnu = strcmp(st->name, "ncnu") == 0, level_n[MMS_DGEMM_SIZES];
    int level_small = s->pl.dgemm_small_n, level_narrow = s->pl.dgemm_narrow;

    dgemm_skip_why(s, st, why, sizeof why);
    if (why[0])
        return mms_skip(s, st, "%s", why);
    /* The step pf starts from PF=1 (ranges.c), whatever the dgemm step's
     * kernel had: a --candidate file written before PF existed reads as
     * PF=0, and a tie would have kept that untried value (the Zen 5
     * guest's tune: PF=0 kept on a tie at N = 200-1500, where PF=1 ran
     * 2-6% faster at N = 1000-3000 in bench-dgemm); PFB from the
     * library model's, 1 on a SIMD ISA; a pinned value stays. */
    if (strcmp(st->name, "pf") == 0) {
        s->ref.pf = 1;
        s->ref.pfb = mmg_vlen(s->ref.isa) > 1;
        mms_pins_apply(&s->pins, &s->ref);
        nk = pf_kernels(s, k, hk);
    } else if (ncnu)
        nk = ncnu_kernels(s, st, k, hk);
    else
        nk = dgemm_kernels(s, k, hk);
    n = dgemm_candidates(s, k, hk, nk, cand, how, from, why, sizeof why);
    if (n == 0 || from[0] != 0)
        return mms_skip(s, st, "the library's model: %s", why);
    if (n == 1 && strcmp(st->name, "pf") == 0)
        return mms_skip(s, st, "one candidate: PF pinned, and no PFB twin "
                        "on ISA=%s; the kernel is kept",
                        mmg_isa_name(s->ref.isa));
    if (n == 1 && ncnu)
        return mms_skip(s, st, "one candidate: no other NU fits the small "
                        "path's tile; its NU is the kernel's");
    if (n == 1)
        return mms_skip(s, st, "one candidate: no other cc finalist, no other "
                        "tile the munu step screened; the kernel is kept");
    if (strcmp(st->name, "dgemm") == 0)
        keep_first_file(s, k, hk, nk, from, cand, how, n);
    if (pf)
        set_shapes(s, 0, 0);
    memcpy(level_n, s->pl.dgemm_n, sizeof level_n);
    if (ncnu)
        ncnu_shapes(s, 1, level_n);
    mms_incumbent(s, st, &p, &h);
    mms_shapes_said(&s->pl, sizes, sizeof sizes);
    mms_kernel_text(s, &p, h, ref, sizeof ref);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s; %s, "
             "operands flushed%s; the reference of every round: %s %s at "
             "the model's MC=%d KC=%d NC=%d (%s)", st->sets,
             n, st->rule, sizes, ncnu ? " (the warm sizes, marked w, "
             "not: each call on those the last one left)" : "",
             s->kept ? "the first --candidate file's"
             : "the kernel steps'", ref, p.m, p.k, h.nc, st->source);
    extras_text(s, rest, sizeof rest);
    mms_say(s, "%s: %d candidates (%s, the whole DGEMM at %s)\n", st->name,
            n, ncnu ? "the small path's NU" : "the kernel and its compiler",
            sizes);
    rc = mms_log_event(&s->log, "step", st->name, rest) != 0
         || mms_screen(s, st, cand, how, n, o) != 0
         || mms_pick(s, st, cand, how, o, n, &v) != 0;
    if (ncnu)
        ncnu_shapes(s, 0, level_n);
    if (pf)
        set_shapes(s, level_small, level_narrow);
    s->kept = 0;                 /* the incumbent is the kernel so far */
    if (rc)
        return -1;
    if (v.chosen >= 0)
        dgemm_take(s, &k[from[v.chosen]], how[v.chosen], v.mflops);
    s->has_pfb = s->has_pfb || strcmp(st->name, "pf") == 0;
    s->has_ncnu = s->has_ncnu || ncnu;
    mms_incumbent(s, st, &p, &h);
    return mms_log_chosen(s, st, &p, h, &v);
}
