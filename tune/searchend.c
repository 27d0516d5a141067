/* The end of a search (search.h's mms_search_finish): the winner
 * verified, the side results it no longer fits dropped, the summary, and
 * params.conf. */
#define _GNU_SOURCE
#include "tune/search.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tune/how.h"
#include "tune/paramsout.h"
#include "tune/progress.h"
#include "tune/winner.h"

/* Seconds the log's cand lines of step (NULL: every step) hold, the
 * earlier runs' (read from the file) or this run's or both. */
static double logged_seconds(const struct mms_log *lg, const char *step,
                             int earlier, int this_run)
{
    double t = 0;

    for (int i = 0; i < lg->nrec; i++)
        if ((step == NULL || strcmp(lg->rec[i].step, step) == 0)
            && (i < lg->nread ? earlier : this_run))
            t += lg->rec[i].secs;
    return t;
}

/* "isa 3.1 s, nb 10.4 s, ...": each step's candidates' seconds over every
 * run that worked on it, so a resumed search reports the whole cost. */
static void step_times(const struct mms_search *s, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = 0;
    for (int i = 0; i < s->nsteps && used < len; i++)
        if (mms_step_searched(&s->steps[i])) {
            snprintf(buf + used, len - used, "%s%s %.1f s", used ? ", " : "",
                     s->steps[i].name,
                     logged_seconds(&s->log, s->steps[i].name, 1, 1));
            used = strlen(buf);
        }
    for (int i = 0; i < s->log.nrec && used < len; i++)
        if (strcmp(s->log.rec[i].step, MMS_WINNER_STEP) == 0) {
            snprintf(buf + used, len - used, "%s%s %.1f s", used ? ", " : "",
                     MMS_WINNER_STEP,
                     logged_seconds(&s->log, MMS_WINNER_STEP, 1, 1));
            break;
        }
}

/* NCNB and K_CROSSOVER left out of params.conf when the search ends on
 * another kernel than steps 6 and 7 searched with (the step cc or dgemm
 * took another; the step pf's PF and PFB alone do not count, nor another
 * compiler for the same kernel: both steps compare variants of one
 * kernel's code; nor the step ncnu's NU of the small path's tile, which
 * the copy kernel's K cleanup does not run, and whose small path the
 * step small bounds after it), unless pinned (the user's): they were
 * never timed with it (the Zen 5 guest's tune wrote the 40 x 5 kernel's
 * NCNB = 80 beside the 24 x 8 kernel the step dgemm kept).  The library
 * bounds its small path by SMALL_MAX, which the search writes; NCNB
 * counts only without it. */
static void forget_side_results(struct mms_search *s)
{
    struct mmg_params side = s->side_p;
    int ncnb = s->has_ncnb && !mms_pinned(&s->pins, "NCNB");
    int kx = s->has_kx && !mms_pinned(&s->pins, "K_CROSSOVER");

    side.pf = s->ref.pf, side.pfb = s->ref.pfb, side.ncnu = s->ref.ncnu;
    if (!s->has_side || (!ncnb && !kx) || mms_params_equal(&side, &s->ref))
        return;
    s->has_ncnb = s->has_ncnb && !ncnb;
    s->has_kx = s->has_kx && !kx;
    mms_log_line(&s->log, "note", "why=the search ended on another kernel "
                 "than the steps ncnb and kclean searched with: the NCNB "
                 "and K_CROSSOVER they found (unless pinned) are left out "
                 "of params.conf");
}

/* A winner timed above probe.conf's peak (by more than this factor, the
 * clock's own wobble): no kernel outruns the machine, so the probe read
 * the FPU in a slow phase of the host.  On the AVX2 Zen 4 guest a probe
 * once read FP_PIPES = 1 (a neighbour on the same core, as it seemed, for
 * its whole second of rounds), PEAK_MFLOPS 22962, and the search's winner
 * then ran at 44922 MFLOPS: "195.6% of peak".  (The probe has taken a
 * throughput's fastest round since, probe_vote.) */
#define ABOVE_PEAK 1.05

/* Say so, in the log and on stderr, with the remedy. */
static void above_peak(struct mms_search *s, double pct)
{
    char why[400];

    snprintf(why, sizeof why, "why=the winner ran at %.1f%% of "
             "probe.conf's PEAK_MFLOPS %.0f: no kernel outruns the "
             "machine, so the probe read its FPU in a slow phase of the "
             "host, and every percentage of peak here is of that figure; "
             "delete probe.conf and search.log, and tune again",
             pct, s->pc.peak_mflops);
    mms_log_line(&s->log, "note", why);
    fprintf(stderr, "mmsearch: warning: %s\n", why + 4);
}

int mms_search_finish(struct mms_search *s, const char *output, char *err,
                      size_t errlen)
{
    char params[512], rest[1400], why[600], blocks[160] = "";
    double pct;

    if (mms_verify_winner(s, err, errlen) != 0)
        return -1;
    forget_side_results(s);
    if (s->has_blocks)
        snprintf(blocks, sizeof blocks, " mc=%d kc=%d nc=%d dgemm=%.1f",
                 s->blocks.mc, s->blocks.kc, s->blocks.nc,
                 s->blocks_mflops);
    s->reused = mms_log_reused(&s->log);
    pct = s->pc.peak_mflops > 0 ? 100 * s->ref_mflops / s->pc.peak_mflops
                                : 0;
    if (!s->verify_only && pct > 100 * ABOVE_PEAK)
        above_peak(s, pct);
    mms_params_text(&s->ref, params, sizeof params);
    if (s->steps_done[0])
        snprintf(why, sizeof why, "%s", s->steps_done);
    else
        step_times(s, why, sizeof why);
    /* this run whole, and what earlier runs' timings cost */
    snprintf(rest, sizeof rest, "%s cc=%s mflops=%.1f pct=%.2f%s "
             "seconds=%.1f timed=%d reused=%d why=%s", params,
             s->pl.cc[s->ref_cc].name, s->ref_mflops, pct, blocks,
             mms_now() - s->t0 + logged_seconds(&s->log, NULL, 1, 0), s->timed,
             s->reused, why[0] ? why : "no step timed");
    if (mms_log_line(&s->log, "summary", rest) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", s->log.path,
                 strerror(errno));
        return -1;
    }
    mms_say(s, "%s: %s NB=%d MU=%d NU=%d KU=%d LS=%d FMA=%d FF=%d IF=%d "
            "NF=%d CC=%s, %.1f MFLOPS (%.1f%% of peak); %d timings, %d from "
            "the log, %.1f s\n", s->verify_only ? "model (verified, not timed)"
            : "winner", mmg_isa_name(s->ref.isa), s->ref.nb, s->ref.mu,
            s->ref.nu, s->ref.ku, s->ref.ls, s->ref.fma, s->ref.ff,
            s->ref.ifetch, s->ref.nfetch, s->pl.cc[s->ref_cc].name,
            s->ref_mflops, pct, s->timed,
            s->reused, mms_now() - s->t0);
    if (s->has_blocks)
        mms_say(s, "blocking: MC=%d KC=%d NC=%d (NB=%d) SMALL_MAX=%d%s",
                s->blocks.mc, s->blocks.kc, s->blocks.nc, s->blocks.nb,
                s->blocks.small, s->blocks_mflops > 0 ? ", " : "\n");
    if (s->has_blocks && s->blocks_mflops > 0)
        mms_say(s, "the whole DGEMM at %.1f MFLOPS (%.1f%% of peak)\n",
                s->blocks_mflops, s->pc.peak_mflops > 0
                ? 100 * s->blocks_mflops / s->pc.peak_mflops : 0);
    return output ? mms_write_params(s, output, err, errlen) : 0;
}
