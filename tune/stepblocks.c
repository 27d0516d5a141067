/* The blocks steps (steprun.h, issue 9): the library's MC, KC, NC and
 * SMALL_MAX, each candidate timed as the whole DGEMM. */
#include "tune/steprun.h"

#include <string.h>

#include "tune/blocks.h"
#include "tune/decide.h"
#include "tune/progress.h"
#include "tune/screen.h"
#include "tune/searchtext.h"
#include "tune/timing.h"

int mms_blocks_start(struct mms_search *s, char *why, size_t len)
{
    struct mms_blocks b = { 0 };

    if (s->blocks_ready)
        return 0;
    mms_pins_blocks(&s->pins, &b);
    if (mms_blocks_model(&s->pc, &s->ref, &b, why, len) != 0)
        return -1;
    s->blocks0 = s->blocks = b;
    s->blocks_ready = 1;
    s->has_blocks = s->pins.mc && s->pins.kc && s->pins.nc;
    return 0;
}

/* The candidates of blocks step st: its range around the blocking so
 * far, the pins applied, each completed by the library's model (a
 * blocking the library refuses, NC below NB, is left out) and made the
 * full kernel it implies, duplicates dropped.  Returns how many. */
static int blocks_candidates(struct mms_search *s, const struct mms_step *st,
                             struct mmg_params *cand, struct mms_how *how,
                             int max)
{
    static struct mms_blocks pts[MMS_MAX_CANDS];
    int n = st->blocks(&s->space, &s->ref, &s->blocks, pts, max), kept = 0;
    char why[MMS_WHY_MAX];

    for (int i = 0; i < n; i++) {
        struct mms_blocks b = pts[i];
        int dup = 0;
        mms_pins_blocks(&s->pins, &b);
        if (mms_blocks_model(&s->pc, &s->ref, &b, why, sizeof why) != 0)
            continue;
        mms_blocks_kernel(&s->ref, &b, &cand[kept]);
        mms_mark_perturbed(s, &cand[kept]);
        how[kept] = (struct mms_how){ s->ref_cc, b.nc };
        for (int j = 0; j < kept && !dup; j++)
            dup = mms_params_equal(&cand[j], &cand[kept])
                  && how[j].nc == b.nc;
        kept += !dup;
    }
    return kept;
}

/* The nc step's sizes: those of the level's where a candidate's NC cuts
 * B's panel (N past the least NC of how[0..n-1]; at the others every
 * candidate runs the same code, whose noise only blurs the mean), and
 * its nc_n past them, where the panels of B a smaller NC cuts pay
 * off (Zen 5, KVM guest: NC = 1440 won at 500-1500 and lost 5% at 2000,
 * 14% at 3000 to 480, medians of 8 interleaved runs, B's panel outgrowing
 * the LLC share other tenants leave; on the AVX2 Zen 4 guest NC = 384-1536
 * ran within 3% at 500-3000, where N = 3000 took 37 s of a 161 s search:
 * normal's nc_n is 2000).  No size on the small path, which has no NC,
 * nor the narrow shapes: L x 32 x L is narrower than any NC, and the
 * skinny path that 64 x L x L takes cuts by SMALL_MAX.  With them, the
 * nc step of a make tune on the AVX-512 Zen 4 guest tied NC = 1160 at
 * 0.999 of 580 over 5 rounds and kept 580; its square sizes alone put
 * 1160 at 1.005, and in the library 1160 ran 1.00-1.03 of 580 at N =
 * 1000-3000 (BENCHMARKS.md, 2026-12-01). */
static void nc_sizes(struct mms_search *s, const struct mms_how *how, int n)
{
    int k = 0, least = 0;

    for (int i = 0; i < n; i++)
        if (least == 0 || how[i].nc < least)
            least = how[i].nc;
    for (int i = 0; i < MMS_DGEMM_SIZES - 1 && s->pl.dgemm_n[i]; i++)
        if (s->pl.dgemm_n[i] > least && s->pl.dgemm_n[i] < s->lv->nc_n)
            s->pl.dgemm_n[k++] = s->pl.dgemm_n[i];
    if (s->lv->nc_n > 0)
        s->pl.dgemm_n[k++] = s->lv->nc_n;
    while (k < MMS_DGEMM_SIZES)
        s->pl.dgemm_n[k++] = 0;
    s->pl.dgemm_small_n = 0, s->pl.dgemm_narrow = 0;
}

/* The step small's sizes: those where its candidates' SMALL_MAX act,
 * each on the path the candidate routes it to, as the library does.
 * Square N = each candidate's value but the least's (at most
 * MMS_DGEMM_SIZES - 1 of them, increasing) and MMS_DGEMM_SMALL_N among
 * them, where the paths meet, and 64 x L x L, which the skinny path cuts
 * in blocks of SMALL_MAX; not a size every candidate routes alike (the
 * least value and below: the small path's kernels, whose code SMALL_MAX
 * does not change), nor L x 32 x L, a panel cut by MC and KC alone while
 * L exceeds every candidate.  Those only blur the mean: in a make tune
 * on the AVX-512 Zen 4 guest that panel, which streams A from memory,
 * read 22.1 and 33.3 GFLOPS in two timings of one pair, and SMALL_MAX 160
 * won a tie over 320 (1.006, p = 0.35) while it ran N = 200 at 0.86 of it
 * in the same pair; its library ran N = 200 at 0.79 of the defaults'
 * (BENCHMARKS.md, "make tune with seeds at 80660cb").  N = 200 is there
 * because every step before it times that size on the small path: two
 * tunes on the Zen 5 guest chose SMALL_MAX 160 on a tie at N = 160-480
 * without it, and their libraries ran N = 200 at 0.82 of 320's, flushed
 * (BENCHMARKS.md, 2026-11-29 21:09). */
static void small_sizes(struct mms_search *s, const struct mmg_params *cand,
                        int n)
{
    int k = 0, at = MMS_DGEMM_SMALL_N, least = cand[0].ncnb, most = least;

    for (int i = 1; i < n; i++) {
        least = cand[i].ncnb < least ? cand[i].ncnb : least;
        most = cand[i].ncnb > most ? cand[i].ncnb : most;
    }
    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    for (int i = 0; i < n && k < MMS_DGEMM_SIZES; i++) {
        int v = cand[i].ncnb, last = k ? s->pl.dgemm_n[k - 1] : least;
        if (at > last && at < v && k < MMS_DGEMM_SIZES)
            s->pl.dgemm_n[k++] = at, last = at;
        if (v > last && k < MMS_DGEMM_SIZES)
            s->pl.dgemm_n[k++] = v;
    }
    if (k < MMS_DGEMM_SIZES && at > least
        && (k == 0 || s->pl.dgemm_n[k - 1] < at))
        s->pl.dgemm_n[k++] = at;
    if (k == 0)     /* one candidate: its value */
        s->pl.dgemm_n[k++] = least;
    s->pl.dgemm_small_n = 0, s->pl.dgemm_route = 1;
    s->pl.dgemm_no_panel = s->pl.dgemm_narrow > most;
}

int mms_run_blocks(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    static struct mms_how how[MMS_MAX_CANDS];
    struct mms_outcome o[MMS_MAX_CANDS];
    char rest[1400], sizes[2 * MMS_SIZES_TEXT + 32], why[MMS_WHY_MAX];
    int n, rc, level_n[MMS_DGEMM_SIZES], level_small = s->pl.dgemm_small_n;
    int level_narrow = s->pl.dgemm_narrow;

    if (s->skip_blocks)
        return mms_skip(s, st, "--skip-blocks: MC, KC, NC and SMALL_MAX are "
                        "left to the library's model");
    if (mms_blocks_start(s, why, sizeof why) != 0)
        return mms_skip(s, st, "the library's model: %s", why);
    if (mms_pinned(&s->pins, st->sets))
        return mms_skip(s, st, "pinned: %s=%d", st->sets,
                        mms_block_pin(&s->pins, st->sets));
    if (s->time_limit_s > 0 && mms_now() - s->t0 > s->time_limit_s)
        return mms_skip(s, st, "the time limit of %g s was reached; the "
                        "values so far are kept", s->time_limit_s);
    n = blocks_candidates(s, st, cand, how, MMS_MAX_CANDS);
    if (n == 0)
        return mms_skip(s, st, "no candidates: %s", st->rule);
    /* the nc step's, where the model's NC caps its range (the blocking so
     * far is kept: timing it alone at N = 2000 decides nothing) */
    if (n == 1)
        return mms_skip(s, st, "one candidate, the value so far: %s",
                        st->rule);
    memcpy(level_n, s->pl.dgemm_n, sizeof level_n);
    if (!strcmp(st->sets, "NC"))
        nc_sizes(s, how, n);
    if (!strcmp(st->sets, "SMALL_MAX"))
        small_sizes(s, cand, n);
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes, -1);
    mms_shapes_said(&s->pl, sizes, sizeof sizes);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s; %s, operands "
             "flushed; the reference of every round: the blocking so far, "
             "MC=%d KC=%d NC=%d (the model's: MC=%d KC=%d NC=%d, %s)",
             st->sets, n, st->rule, sizes, s->blocks.mc, s->blocks.kc,
             s->blocks.nc, s->blocks0.mc, s->blocks0.kc, s->blocks0.nc,
             st->source);
    mms_say(s, "%s: %d candidates (%s, the whole DGEMM at %s)\n", st->name, n,
            st->sets, sizes);
    rc = mms_log_event(&s->log, "step", st->name, rest) != 0
         || mms_screen(s, st, cand, how, n, o) != 0
         ? -1 : mms_choose(s, st, cand, how, o, n);
    memcpy(s->pl.dgemm_n, level_n, sizeof level_n);
    s->pl.dgemm_small_n = level_small, s->pl.dgemm_route = 0;
    s->pl.dgemm_narrow = level_narrow, s->pl.dgemm_no_panel = 0;
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes, -1);
    return rc;
}
