/* The search driver (search.h): the log's head, and the loop over the
 * steps, each run by its kind's entry of one table (steprun.h); the end
 * of a search is searchend.c. */
#define _GNU_SOURCE
#include "tune/search.h"

#include <errno.h>
#include <string.h>

#include "codegen/codegen.h"
#include "tune/how.h"
#include "tune/progress.h"
#include "tune/searchtext.h"
#include "tune/steprun.h"
#include "tune/winner.h"

void mms_search_init(struct mms_search *s, const struct mms_level *lv)
{
    memset(s, 0, sizeof *s);
    s->lv = lv;
    s->alpha = 0.05;
    s->out = stdout;
    s->cand_lines = 1;
    s->log.fd = -1;
    s->engine = "search";
    s->steps = mms_steps, s->nsteps = mms_nsteps;
    s->start = mms_start_params;
    mms_winner_forget();
}

void mms_search_head(const struct mms_search *s, struct mms_log_head *h)
{
    memset(h, 0, sizeof *h);
    mmc_origin_here(&h->origin, MMS_LOG_FORMAT, "mmsearch");
    snprintf(h->probe_fingerprint, KV_WORD_MAX, "%s", s->probe_fingerprint);
    snprintf(h->generator, KV_WORD_MAX, "mmgen %s", MMG_VERSION);
    h->kernel_abi = MMT_KERNEL_ABI;
    mms_timer_text(s, h->timer, sizeof h->timer);
    snprintf(h->level, KV_WORD_MAX, "%s", s->verify_only ? "-"
             : s->lv->name);
    mms_pins_text(&s->pins, h->pins, sizeof h->pins);
    snprintf(h->engine, KV_WORD_MAX, "%s", s->engine);
}

static void note_resume(struct mms_search *s)
{
    char why[256];

    if (s->log.nread == 0 && !s->log.torn)
        return;
    snprintf(why, sizeof why, "why=%sresumed: %d timings in the log are "
             "reused, not re-timed%s", mms_precision_said(s), s->log.nread,
             s->log.torn ? "; a torn last line (the run was killed while "
             "writing it) was dropped" : "");
    mms_log_line(&s->log, "note", why);
    mms_say(s, "%s\n", why + 4);
}

/* How the blocks steps time the whole DGEMM: the level's sizes, the
 * narrow shapes at the largest of them (MMS_NARROW_N, MMS_NARROW_M), and
 * samples (fewer than a kernel's: the calls take milliseconds to a
 * second, and the rounds repeat them), and a flush of twice the last
 * level (at least 8 MiB), so the operands come from memory as a
 * caller's would: the larger of probe.conf's and the caches sysfs
 * lists, where it lists them.  On a guest sharing its L3 the probe read
 * the chase's edge at 7.5 MiB in one run (and kept it, sysfs's 32 MiB
 * out of its range) and at 16 MiB in the next (taking sysfs's): the
 * flush, which must evict whatever the guest can hold, no longer follows
 * that flip (15 or 64 MiB before 2026-12-01). */
static void dgemm_timing(struct mms_search *s)
{
    double llc = s->pc.llc_kib > s->pc.l2_kib ? s->pc.llc_kib
                                              : s->pc.l2_kib;
    size_t flush = (size_t)(2 * llc * 1024);
    size_t listed = mmtm_flush_bytes_for_level(3);

    flush = listed > flush ? listed : flush;
    s->pl.dgemm_small_n = MMS_DGEMM_SMALL_N;
    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    memcpy(s->pl.dgemm_n, s->lv->dgemm_n, sizeof s->lv->dgemm_n);
    s->pl.dgemm_narrow = 0;
    for (int i = 0; i < MMS_DGEMM_SIZES && s->pl.dgemm_n[i]; i++)
        if (s->pl.dgemm_n[i] > s->pl.dgemm_narrow)
            s->pl.dgemm_narrow = s->pl.dgemm_n[i];
    s->pl.dgemm_samples = s->lv->dgemm_samples;
    s->pl.dgemm_flush_bytes = flush > (8u << 20) ? flush : 8u << 20;
}

/* Who runs each kind of step (steps.h): a step with rules of its own is
 * an entry here, in its own file, not a branch of the loop. */
static int (*const runners[])(struct mms_search *s,
                              const struct mms_step *st) = {
    [MMS_STEP_REF] = mms_run_kernels,
    [MMS_STEP_NCNB] = mms_run_ncnb,
    [MMS_STEP_KCLEAN] = mms_run_kclean,
    [MMS_STEP_CC] = mms_run_cc,
    [MMS_STEP_BLOCKS] = mms_run_blocks,
    [MMS_STEP_DGEMM] = mms_run_dgemm,
    [MMS_STEP_SEEDS] = mms_run_seeds,
};

/* 1 when one of the winner's timings is taken after step i (winner.h):
 * from the step ncnu on, where the kernel is final (its small path's
 * tile too), but not after the last step, which the end's timing
 * follows. */
static int spreads_winner(const struct mms_search *s, int i)
{
    const struct mms_step *st = &s->steps[i];

    return i < s->nsteps - 1 && (mms_step_kind(st) == MMS_STEP_BLOCKS
                                 || strcmp(st->name, "ncnu") == 0);
}

int mms_search_run(struct mms_search *s, const char *log_path, char *err,
                   size_t errlen)
{
    struct mms_log_head h;
    enum mmg_isa isa = s->pins.isa ? s->pins.p.isa : mms_widest_isa(&s->pc);

    /* a vector holds twice the floats: single's peak is twice the
     * probe's, of doubles */
    double peak = s->pc.peak_mflops * mmg_types[s->type].per_double;

    s->t0 = mms_now();
    s->pl.peak_mflops = peak;
    s->pl.timing.samples = s->lv->samples;
    s->pl.timing.peak_mflops = peak;
    dgemm_timing(s);
    mms_search_head(s, &h);
    if (mms_log_open(&s->log, log_path, &h, err, errlen) != 0)
        return -1;
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes,
                    -1);
    note_resume(s);
    s->kpins = s->pins;
    if (s->type == MMT_TYPE_S)
        mms_pins_drop(&s->kpins, "MU");
    s->space = (struct mms_space){ &s->pc, s->lv, &s->kpins,
                                   s->type == MMT_TYPE_S ? &s->from : NULL };
    s->start(&s->space, isa, &s->fixed);
    mms_pins_apply(&s->kpins, &s->fixed);
    s->ref = s->fixed;
    for (int i = 0; i < s->nsteps; i++) {
        const struct mms_step *st = &s->steps[i];
        if (runners[mms_step_kind(st)](s, st) != 0
            || (spreads_winner(s, i) && mms_winner_between(s) != 0)) {
            snprintf(err, errlen, "%s: cannot write: %s", log_path,
                     strerror(errno));
            return -1;
        }
    }
    return 0;
}
