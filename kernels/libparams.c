/* The library's parameter table, its params.conf loader and the model
 * (paramset.h; this file keeps its name, which params.conf's comments
 * and search.log quote). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "kernels/paramset.h"


const struct mml_param mml_params[MML_NPARAMS] = {
    [MML_MU] = { "MU", "MU" }, [MML_NU] = { "NU", "NU" },
    [MML_KU] = { "KU", "KU" }, [MML_NB] = { "NB", "NB" },
    [MML_MC] = { "MC", "M" }, [MML_KC] = { "KC", "K" },
    [MML_NC] = { "NC", NULL }, [MML_NCNB] = { "NCNB", "NCNB" },
    [MML_LS] = { "LS", "LS" },
    [MML_FMA] = { "FMA", "FMA" }, [MML_FF] = { "FF", "FF" },
    [MML_IF] = { "IF", "IF" }, [MML_NF] = { "NF", "NF" },
    [MML_PF] = { "PF", "PF" }, [MML_PFB] = { "PFB", "PFB" },
    [MML_SMALL_MAX] = { "SMALL_MAX", NULL },
    [MML_THREAD_N] = { "THREAD_N", NULL },
    [MML_THREAD_JC] = { "THREAD_JC", NULL },
    [MML_THREAD_N_HOT] = { "THREAD_N_HOT", NULL },
    [MML_THREAD_HOT_US] = { "THREAD_HOT_US", NULL },
    [MML_NCNU] = { "NCNU", "NCNU" },
};

/* Register tiles that fit the ISA's registers by inequality (1) of paper
 * 002 (counted in vectors, one broadcast register): avx512 3x8 vectors of
 * 8 in 32 registers, the tile of docs/LIBRARY.md; avx2 2x6 of 4 and
 * sse2 2x4 of 2 in 16; scalar 4x2 (14 of 16). */
const struct mml_isa_tile mml_isa_tiles[MMC_NISA] = {
    [MMC_ISA_AVX512] = { 24, 8, 1 },
    [MMC_ISA_AVX2] = { 8, 6, 1 },
    [MMC_ISA_SSE2] = { 4, 4, 1 },
    [MMC_ISA_NONE] = { 4, 2, 1 },
};

/* Without cache sizes from cpuid the model assumes a small machine. */
#define L2_GUESS (256L * 1024)
#define LLC_GUESS (8L * 1024 * 1024)
#define A_BLOCK_EIGHTHS 5   /* of the L2 that A's MC x KC block fills */
#define KC_PER_MC 8
#define KC_MAX MMC_DIM_MAX
#define NC_MAX 4096      /* wider B panels gain nothing, cost workspace */
/* The crossover to the non-copy path (M, N and K at most NCNB).  On Zen 5
 * (avx512, 24 x 8, MC = 120, KC = 480), square, single thread, flushed
 * and warm GFLOPS, packed vs non-copy: N = 256 73/86 and 87/105; N = 300
 * 71/84 and 84/102; N = 384 82/75 and 93/88; N = 512 77/59 and 88/63
 * (operands of a power-of-two leading dimension, read in place, conflict
 * in the caches once they outgrow L2). */
#define NCNB_MODEL 320
/* The cube side from which a call runs on two threads where make tune's
 * step threads (mmthreads) did not time it.  Zen 5 guest, 2 vCPUs,
 * 2026-11-29, gcc's libgomp: back to back the team gained 8-17% from N =
 * 48 and 1.8x from 160; after 20 ms of other work (its threads asleep) it
 * ran N = 192 at 0.94 of one thread, 224 at 1.26, 512 at 1.83. */
#define THREAD_N_MODEL 224

/* "dir/probe.conf" for the params.conf at path. */
static void beside(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) : 1;

    snprintf(out, len, "%.*s/probe.conf", dir, slash ? path : ".");
}

/* The probe.conf beside path, which must be the one pc was made from;
 * its nominal cache sizes replace cpuid's for the model (the model was
 * calibrated against nominal sizes and leaves half of each level free). */
static int load_probe(const char *path, const struct mmc_paramsconf *pc,
                      struct mml_cpu *cpu, char *err, size_t errlen)
{
    struct mmc_probeconf probe;
    char probe_path[4096], fp[MMC_FINGERPRINT_LEN];

    beside(path, probe_path, sizeof probe_path);
    if (mmc_probeconf_read(probe_path, &probe, err, errlen) != 0)
        return -1;
    mmc_probeconf_fingerprint(&probe, fp);
    if (strcmp(fp, pc->probe_fingerprint) != 0) {
        snprintf(err, errlen, "%s:%d: PROBE_FINGERPRINT: %s is not %s, the "
                 "fingerprint of %s beside it (params.conf and probe.conf "
                 "from different runs)", path,
                 pc->line[MMC_Q_PROBE_FINGERPRINT], pc->probe_fingerprint,
                 fp, probe_path);
        return -1;
    }
    cpu->l2_bytes = (long)(probe.l2_kib * 1024);
    cpu->llc_bytes = (long)(probe.llc_kib * 1024);
    return 0;
}

/* p's values from pc's keys, each named prefix and its key ("S_" "MU"),
 * where pc has them. */
static void take(struct mml_libparams *p, const struct mmc_paramsconf *pc,
                 const char *prefix)
{
    for (int i = 0; i < MML_NPARAMS; i++) {
        char key[64];
        int k;

        snprintf(key, sizeof key, "%s%s", prefix, mml_params[i].key);
        k = mmc_paramsconf_find(key);
        if (k >= 0 && (mmc_paramsconf_schema[k].required || pc->present[k])) {
            p->v[i] = *(const int *)((const char *)pc
                                     + mmc_paramsconf_schema[k].offset);
            p->given[i] = 1;
        }
    }
}

int mml_params_load(const char *path, struct mml_libparams *p,
                    struct mml_libparams *s, struct mml_cpu *cpu, char *err,
                    size_t errlen)
{
    struct mmc_paramsconf pc;

    memset(p, 0, sizeof *p);
    memset(s, 0, sizeof *s);
    if (mmc_paramsconf_read(path, &pc, err, errlen) != 0)
        return -1;
    if (!mmc_isa_find(pc.isa)) {
        char names[64];

        snprintf(err, errlen, "%s:%d: ISA: '%s' is not known (allowed %s)",
                 path, pc.line[MMC_Q_ISA], pc.isa,
                 mmc_isa_list(names, sizeof names, 1));
        return -1;
    }
    if (load_probe(path, &pc, cpu, err, errlen) != 0)
        return -1;
    snprintf(p->isa, sizeof p->isa, "%.15s", pc.isa);
    snprintf(p->cc, sizeof p->cc, "%.63s", pc.cc);
    p->cc_line = pc.line[MMC_Q_CC];
    take(p, &pc, "");
    take(s, &pc, MMC_PARAMSCONF_SINGLE);
    return 0;
}

/* The largest multiple of step <= x, and at least step. */
static long down_to(long x, long step)
{
    return x < step ? step : x / step * step;
}

/* MC, then KC: A's MC x KC block fills 5/8 of the L2 with KC = 8 MC.
 * Deep K panels cost less C traffic (C is loaded and stored once per
 * panel) and fewer kernel calls; B's micro-panel need not stay in L1 (at
 * KC = 768 its 48 KiB streams from L2 beside A's, within L2's bandwidth).
 * On Zen 5 (L2 1 MiB, 24 x 8 tile: MC = 96, KC = 768), flushed, 16 runs
 * of bench-dgemm alternating the two, median ratio (min-max) over the
 * old model's MC = 120, KC = 480 (A in half the L2, KC = 4 MC): N = 500
 * 1.035 (1.02-1.06), 1000 1.022 (0.99-1.04), 2000 1.030 (0.99-1.05),
 * 3000 1.015 (0.98-1.02), 64 x 2000 x 2000 0.993, 2000 x 32 x 2000
 * 1.001; MC = 120 with KC = 768 (A in 70%) lost at 3000 and 2000 x 32 x
 * 2000 (1.002, 0.974).  NB is widened to hold both: a params.conf's NB
 * is the tile the search timed in L1, but the kernel's tile only bounds
 * its sizes (KERNEL_ABI.md: the panel layout does not depend on it), and
 * the driver calls the kernel on MC x NB x KC blocks.  The block is
 * counted in bytes: elem is the size of an element (a float block of
 * the same bytes holds twice the elements). */
static void model_blocks(int *v, long l2, size_t elem)
{
    double area = l2 * (A_BLOCK_EIGHTHS / 8.0) / elem;
    int mc = v[MML_MC], kc = v[MML_KC], big;

    if (!mc)
        mc = (int)down_to(kc ? (long)(area / kc)
                          : (long)sqrt(area / KC_PER_MC), v[MML_MU]);
    if (!kc)
        kc = KC_PER_MC * mc < KC_MAX ? KC_PER_MC * mc : KC_MAX;
    mc = mc < MMC_DIM_MAX ? mc : (int)down_to(MMC_DIM_MAX, v[MML_MU]);
    big = v[MML_NB] > mc ? v[MML_NB] : mc;
    big = big > kc ? big : kc;
    v[MML_MC] = mc;
    v[MML_KC] = kc;
    v[MML_NB] = (big + v[MML_NU] - 1) / v[MML_NU] * v[MML_NU];
    if (v[MML_NB] > MMC_DIM_MAX)
        v[MML_NB] = big;
}

int mml_isa_vlen(const char *isa)
{
    const struct mmc_isa *i = mmc_isa_find(isa);

    return i ? i->vlen : 1;
}

/* The bytes of one of p's elements. */
static size_t elem_bytes(const struct mml_libparams *p)
{
    return p->single ? sizeof(float) : sizeof(double);
}

int mml_params_lanes(const struct mml_libparams *p)
{
    int v = mml_isa_vlen(p->isa);

    /* a vector holds bytes; a scalar register one element of any type */
    return v == 1 ? 1 : v * (int)(sizeof(double) / elem_bytes(p));
}

int mml_params_model(struct mml_libparams *p, const struct mml_cpu *cpu)
{
    const struct mmc_isa *isa = mmc_isa_find(p->isa);
    const struct mml_isa_tile *t;
    long l2 = cpu->l2_bytes > 0 ? cpu->l2_bytes : L2_GUESS;
    int *v = p->v;

    if (!isa)
        return -1;
    t = &mml_isa_tiles[isa - mmc_isas];
    /* The model's own kernel prefetches the next tile's C: from memory,
     * the first tile of every strip waits for its C otherwise (Zen 4,
     * avx512 32 x 5, whole DGEMM flushed: N = 2000 53.2 to 54.5 GFLOPS,
     * 2000 x 2000 x 64 46.9 to 51.9).  A kernel a file or the search
     * gave keeps its own PF (absent: 0, the kernel as it was chosen). */
    if (!v[MML_MU] && !p->given[MML_PF])
        v[MML_PF] = 1;
    /* B's next packed panel prefetched (PFB, codegen/mmkernel.h) unless
     * a file or the search says otherwise: a choice of the whole DGEMM,
     * which the kernel steps never time (files from before it have none,
     * and take the model's) -- SIMD only, as mmgen allows it */
    if (!p->given[MML_PFB])
        v[MML_PFB] = isa->vlen > 1;
    v[MML_MU] = v[MML_MU] ? v[MML_MU] : t->mu;
    v[MML_NU] = v[MML_NU] ? v[MML_NU] : t->nu;
    v[MML_KU] = v[MML_KU] ? v[MML_KU] : t->ku;
    model_blocks(v, l2, elem_bytes(p));
    /* Widened like NB: a params.conf's NCNB is the non-copy tile mmsearch
     * timed in L1 (step 6, never past its NB), while here it bounds the
     * run-time sizes of the small-problem path: the crossover with the
     * packed path that mmsearch's step small timed (SMALL_MAX), else the
     * one measured on Zen 5 (NCNB_MODEL).  The non-copy kernels' code
     * does not depend on it (run-time sizes), so a reach larger than
     * SMALL_MAX is kept: single's, derived, when make tune's mmsmall
     * wrote a crossover below it -- the same kernels serve it, and the
     * rebuild after mmsmall generates none again. */
    if (v[MML_SMALL_MAX])
        v[MML_NCNB] = v[MML_NCNB] > v[MML_SMALL_MAX] ? v[MML_NCNB]
                                                      : v[MML_SMALL_MAX];
    else
        v[MML_NCNB] = v[MML_NCNB] > NCNB_MODEL ? v[MML_NCNB] : NCNB_MODEL;
    /* mmgen makes the non-copy kernels with this NCNB and wants KU <= it
     * (the search's step small never offers less) */
    v[MML_NCNB] = v[MML_NCNB] > v[MML_KU] ? v[MML_NCNB] : v[MML_KU];
    if (!v[MML_SMALL_MAX])
        v[MML_SMALL_MAX] = v[MML_NCNB];
    /* Threads: a team from cubes of THREAD_N_MODEL unless a file or the
     * search says otherwise; THREAD_JC 0, rows first, as BLIS does (B's
     * panel packed once and shared, A's blocks each thread's own). */
    if (!p->given[MML_THREAD_N])
        v[MML_THREAD_N] = THREAD_N_MODEL;
    /* How long the runtime's threads wait awake is the runtime's and the
     * CPU's, which no model knows: without the search's timing, no call
     * counts on an awake team (THREAD_HOT_US 0, the band empty). */
    if (!p->given[MML_THREAD_N_HOT] || !v[MML_THREAD_HOT_US])
        v[MML_THREAD_N_HOT] = v[MML_THREAD_N];
    if (!v[MML_NC])
        v[MML_NC] = mml_nc_model(cpu->llc_bytes, elem_bytes(p), v[MML_KC],
                                 v[MML_NB]);
    return 0;
}

/* B's KC x NC panel in a quarter of the last level: the rest holds A's
 * block as it is packed, C, and on a shared LLC the other cores' and the
 * other tenants' data.  Zen 5 (11.6 MiB L3, KVM guest), KC = 480,
 * flushed, median of 8 interleaved runs, NC = 480 (the quarter) over 960
 * and 1440 (the half, the old model's): N = 1000 1.01 and 0.99, 2000 1.00
 * and 1.05, 3000 1.04 and 1.14.  At least NB: with KC = 768 there (NB
 * 768) the quarter is 495 columns and NC = 768 (a 4.5 MiB panel), in the
 * runs of model_blocks' comment. */
int mml_nc_model(long llc_bytes, int elem_bytes, int kc, int nb)
{
    long llc = llc_bytes > 0 ? llc_bytes : LLC_GUESS;
    long nc = llc / 4 / (long)elem_bytes / (kc > 0 ? kc : 1);

    return (int)down_to(nc > NC_MAX ? NC_MAX : nc, nb > 0 ? nb : 1);
}

int mml_single_nb(int nb)
{
    int s = (int)(nb * sqrt(2.0));

    return s < MMC_DIM_MAX ? s : MMC_DIM_MAX;
}

/* The single small path's bound from the double's (the rule below). */
static int small_single(int n)
{
    int s = n * 8 / 5;

    return s < MMC_DIM_MAX ? s : MMC_DIM_MAX;
}

/* A derived value: kept by the model as a value given is. */
static void derive(struct mml_libparams *s, int k, int v)
{
    s->v[k] = v;
    s->given[k] = 1;
}

/* The rule (paramset.h: what s does not give): the double's register
 * tile in vectors, its schedule, and the model's blocking for floats.
 * - MU doubled, NU and KU kept: a vector holds twice the floats, so
 *   MU/V x NU vectors (the registers of inequality (1), paper 002) are
 *   the same tile.  MU at most mmgen's 64 (a 40 x 5 avx512 tile, five
 *   vectors, becomes four: 64 x 5).  A scalar tile is kept: a register
 *   holds one element of either type.  LS, FMA, FF kept; IF and NF kept
 *   within the loads of the tile's k step (the same loads unless MU was
 *   cut).  NCNU (the small path's NU, the double search's step ncnu)
 *   kept too: the small path's tile in vectors is the double's.  On the
 *   AVX-512 Zen 4 guest (32 x 5, NCNU = 8: single's small path 32 x 8
 *   against 32 x 5) SGEMM ran warm N = 16 1.07, 32 1.05, 64 1.05, 100
 *   1.01 times as fast, flushed N = 100 0.96, 200 1.01, 2000 x 32 x 2000
 *   and 64 x 2000 x 2000 1.02, 2000 x 64 x 64 0.99 (bench-dgemm, 9 and 7
 *   alternated rounds, medians, 2026-12-01).
 * - NB, the search's L1 tile, times sqrt 2 (the same bytes of L1 hold
 *   twice the floats); KC twice the double's (at most 1024): a B
 *   micro-panel of NU x KC takes the bytes of L1 the double's took
 *   (Zen 5: 768 x 8 doubles, 48 KiB, its L1); MC and NC the model's for
 *   4-byte elements around that KC, NC at most the columns whose panel
 *   takes the bytes of the double's (where the search's nc step chose
 *   a panel below the model's quarter of the LLC: on the Zen 3 guest,
 *   NC 684 x KC 224, S_NC 450 where the model gave 1350; SGEMM flushed
 *   at N = 1000-3000 ran 1.00-1.06 times as fast, CGEMM 1.01-1.08, in a
 *   slow phase, 7 alternated rounds, medians, 2026-12-02 13:12).  On
 *   Zen 5 (768: 1024, MC 144, NC 1024 where the model alone gave 96,
 *   768, 768) SGEMM ran N = 600 to 3000 1.01-1.07 times as fast flushed
 *   and warm, CGEMM 1.00-1.04; the
 *   narrow 64 x 2000 x 2000 0.92-0.97 and 2000 x 64 x 2000 0.94-1.00
 *   (bench-dgemm, 5 alternated rounds, medians, 2026-11-29 11:40).
 * - PF and PFB the double's: the search's step pf times them for double
 *   only, and the single kernels (mmgen's helpers count a line by the
 *   type) gained with them where the double did, flushed: Zen 5, 48 x 8,
 *   SGEMM at N = 500 to 2000 1.02-1.06 times without, 2000 x 64 x 64
 *   1.19, warm within 0.93-1.01 (bench-dgemm, 5 alternated rounds,
 *   medians, 2026-11-29 10:33).
 * - NCNB and SMALL_MAX the double's times 8/5 (at most 1024): the
 *   small path reads the operands in place, and the same bytes of cache
 *   hold twice the floats, so it holds on to larger N (by the footprint
 *   alone sqrt 2).  Measured on Zen 5 (320 for double), SGEMM and CGEMM
 *   flushed at N = 200 to 700, 5 alternated rounds, medians (2026-11-29
 *   10:53-11:10): 512 ran N = 400 to 500 1.05-1.16 times 320 and at par
 *   elsewhere (64 x 2000 x 2000 0.96); 452 (sqrt 2) left N = 500 on the
 *   packed path at 0.84 of 512; 768 lost 9-11% at N = 600 to 700.
 *   The crossover is the CPU's: on a Zen 4 guest with AVX-512 hidden
 *   (avx2, L1d 32 KiB; 2026-11-30) 512 ran SGEMM flushed at N = 400 to
 *   500 0.78-0.85 times 320 (medians of 7 alternated rounds; 400 lost
 *   to 320 as well), so that CPU's archdef gives S_SMALL_MAX, which a
 *   params.conf may (taken as given, as every S_ key), and make tune
 *   times it within this rule's reach on the library built (mmsmall,
 *   tune/smallrule.h).
 * - The threads the double's.  A single call of side N runs about half
 *   as long as a double one, so the team's fixed cost (waking, the
 *   barriers) weighs twice: by that alone the crossover would be 2^(1/3)
 *   = 1.26 times the side.  Kept all the same: near a crossover either
 *   choice runs at about the same speed, and a scaled side would be a
 *   figure no one timed; THREAD_HOT_US is the runtime's and THREAD_JC
 *   the split's, neither the type's. */
int mml_params_single(const struct mml_libparams *d,
                      const struct mml_cpu *cpu, struct mml_libparams *s)
{
    static const int kept[] = { MML_NU, MML_KU, MML_LS, MML_FMA, MML_FF,
                                MML_IF, MML_NF, MML_NCNU, MML_THREAD_N,
                                MML_THREAD_JC, MML_THREAD_N_HOT,
                                MML_THREAD_HOT_US };
    static const int fetch[] = { MML_IF, MML_NF };
    struct mml_libparams m = *d;    /* d completed: the model's tile */
    int mu_max = (int)mmc_paramsconf_schema[MMC_Q_MU].max, lanes, loads;
    int own[MML_NPARAMS];           /* what s gives */

    if (mml_params_model(&m, cpu) != 0)
        return -1;
    s->single = 1;
    snprintf(s->isa, sizeof s->isa, "%s", d->isa);
    snprintf(s->cc, sizeof s->cc, "%s", d->cc);
    s->cc_line = d->cc_line;
    memcpy(own, s->given, sizeof own);
    for (int k = 0; k < MML_NPARAMS; k++)
        if (!own[k])
            s->v[k] = 0;
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (!own[kept[i]]) {
            s->v[kept[i]] = m.v[kept[i]];
            s->given[kept[i]] = m.given[kept[i]];
        }
    lanes = mml_params_lanes(s);
    if (!own[MML_MU]) {
        int mu = m.v[MML_MU] * (lanes / mml_params_lanes(&m));
        derive(s, MML_MU, mu > mu_max ? mu_max / lanes * lanes : mu);
    }
    loads = s->v[MML_MU] / lanes + s->v[MML_NU];
    for (size_t i = 0; i < sizeof fetch / sizeof fetch[0]; i++)
        if (!own[fetch[i]] && s->v[fetch[i]] > loads)
            s->v[fetch[i]] = loads;
    if (!own[MML_NB] && d->v[MML_NB])
        derive(s, MML_NB, mml_single_nb(d->v[MML_NB]));
    if (!own[MML_KC] && m.v[MML_KC])
        derive(s, MML_KC, 2 * m.v[MML_KC] < MMC_DIM_MAX ? 2 * m.v[MML_KC]
                                                    : MMC_DIM_MAX);
    derive(s, MML_PF, m.v[MML_PF]);
    derive(s, MML_PFB, m.v[MML_PFB]);
    if (!own[MML_NCNB])
        derive(s, MML_NCNB, small_single(m.v[MML_NCNB]));
    if (!own[MML_SMALL_MAX])
        derive(s, MML_SMALL_MAX, small_single(m.v[MML_SMALL_MAX]));
    if (mml_params_model(s, cpu) != 0)
        return -1;
    if (!own[MML_NC]) {
        long bytes = (long)m.v[MML_NC] * m.v[MML_KC] * (long)sizeof(double);
        long nc = (long)down_to(bytes / (long)sizeof(float) / s->v[MML_KC],
                                s->v[MML_NB]);
        if (nc < s->v[MML_NC])
            s->v[MML_NC] = (int)nc;
    }
    return 0;
}

int mml_params_check(const struct mml_libparams *p, char *err,
                     size_t errlen)
{
    const int *v = p->v;

    if (v[MML_THREAD_N] && v[MML_THREAD_N_HOT] > v[MML_THREAD_N]) {
        snprintf(err, errlen, "THREAD_N_HOT: %d is too large (allowed 0 "
                 "to THREAD_N, %d: an awake team pays where a sleeping "
                 "one does)", v[MML_THREAD_N_HOT], v[MML_THREAD_N]);
        return -1;
    }
    if (v[MML_NC] < v[MML_NB]) {
        snprintf(err, errlen, "NC: %d is too small (allowed %d or more: "
                 "the library's NB, the largest of NB, MC and KC rounded "
                 "up to NU; one panel holds at least one kernel call)",
                 v[MML_NC], v[MML_NB]);
        return -1;
    }
    if (v[MML_PFB] && mml_isa_vlen(p->isa) == 1) {
        snprintf(err, errlen, "PFB: 1 is not allowed with ISA=%s (allowed "
                 "0; B's next panel is prefetched by SIMD kernels only)",
                 p->isa);
        return -1;
    }
    return 0;
}

void mml_params_mmgen_put(FILE *f, const struct mml_libparams *p,
                          const char *source)
{
    fprintf(f, "# The library's %sfull kernel, from %s.\n"
            "# Written by mmselect: a build product, do not edit.\n"
            "ISA = %s\nCOPY = 1\nN = %d\n",
            p->single ? "single-precision " : "", source, p->isa,
            p->v[MML_NB]);
    if (p->single)
        fprintf(f, "TYPE = s\n");
    /* a value read, even 0 (FF = 0, FMA = 0: left out, mmgen's default
     * 1 would build another kernel than the search chose) */
    for (int i = 0; i < MML_NPARAMS; i++)
        if (mml_params[i].mmgen && (p->v[i] || p->given[i]))
            fprintf(f, "%s = %d\n", mml_params[i].mmgen, p->v[i]);
}

/* A C string literal of s (quotes and backslashes escaped). */
static void put_literal(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putc('\\', f);
        putc(*s, f);
    }
    putc('"', f);
}

/* One set's macros, their names prefixed by what (MML_PARAM_MU,
 * MML_SPARAM_MU). */
static void put_set(FILE *f, const struct mml_libparams *p,
                    const char *what)
{
    fprintf(f, "#define MML_%sNARROW_MU %d\n", what, mml_params_lanes(p));
    for (int i = 0; i < MML_NPARAMS; i++)
        fprintf(f, "#define MML_%sPARAM_%s %d\n", what, mml_params[i].key,
                p->v[i]);
}

void mml_params_header_put(FILE *f, const struct mml_libparams *p,
                           const struct mml_libparams *s,
                           const char *source, const char *why,
                           const char *key)
{
    const char *requires = mmc_isa_find(p->isa)->cpu_needs;

    fprintf(f, "/* The library's parameters, chosen by mmselect at build "
            "time: a build\n * product, do not edit. */\n"
            "#ifndef MML_GEN_LIBPARAMS_H\n#define MML_GEN_LIBPARAMS_H\n"
            "#define MML_PARAMS_SOURCE ");
    put_literal(f, source);
    fprintf(f, "\n#define MML_PARAMS_WHY ");
    put_literal(f, why);
    fprintf(f, "\n#define MML_ARCH_KEY ");
    put_literal(f, key);
    fprintf(f, "\n#define MML_ISA ");
    put_literal(f, p->isa);
    fprintf(f, "\n#define MML_KERNEL_COMPILER ");
    put_literal(f, p->compiler);
    fprintf(f, "\n");
    fprintf(f, "\n");
    put_set(f, p, "");
    /* the driver's -DMML_SINGLE build defines its way to these */
    put_set(f, s, "S");
    /* code beside the kernels (packing) is compiled for their ISA */
    fprintf(f, "#if defined(__x86_64__) || defined(__i386__)\n"
            "#define MML_TARGET_ATTR");
    if (requires[0])
        fprintf(f, " __attribute__((target(\"%s\")))", requires);
    fprintf(f, "\n#else\n#define MML_TARGET_ATTR\n#endif\n#endif\n");
}

int mml_params_compiler(struct mml_libparams *p, const char *source,
                        const char *cc, const char *cflags, char *why,
                        size_t len)
{
    char flags[1024];

    why[0] = '\0';
    if (p->cc[0] && strcmp(p->cc, cc) != 0 && mmc_cc_installed(p->cc)
        && mmc_cc_flags_for(mmc_cc_family(p->cc), cflags, flags,
                            sizeof flags) == 0) {
        snprintf(p->compiler, sizeof p->compiler, "%s %s", p->cc, flags);
        return 0;
    }
    snprintf(p->compiler, sizeof p->compiler, "%s %s", cc, cflags);
    if (!p->cc[0] || strcmp(p->cc, cc) == 0 || mmc_cc_installed(p->cc))
        return 0;
    snprintf(why, len, "%s:%d: CC = %s is not installed: the library's "
             "kernels are built with the configured %s", source, p->cc_line,
             p->cc, cc);
    return -1;
}

static int same_content(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    size_t n = strlen(text), i = 0;
    int c, same = 1;

    if (!f)
        return 0;
    while (same && (c = getc(f)) != EOF)
        same = i < n && text[i++] == (char)c;
    fclose(f);
    return same && i == n;
}

int mml_write_if_changed(const char *path, const char *text)
{
    struct mmc_atomic_file af;
    FILE *f;

    if (same_content(path, text))
        return 0;
    f = mmc_atomic_open(&af, path);
    if (!f)
        return -1;
    if (fputs(text, f) == EOF) {
        int e = errno;
        mmc_atomic_discard(&af);
        errno = e;
        return -1;
    }
    return mmc_atomic_commit(&af);
}
