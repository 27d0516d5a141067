/* The winner checked, and timed when no step did (winner.h). */
#define _GNU_SOURCE
#include "tune/winner.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include "tune/searchtext.h"
#include "tune/timing.h"

/* A winner no step timed (everything pinned, or the step dgemm took a
 * --candidate file's kernel) is timed this many times, spread out, and
 * the best taken: one burst in a slow phase of the host read 89.0 GFLOPS
 * on the Zen 5 guest for a kernel that three searches minutes later
 * timed at 98.9, 100.6 and 103.5; three timings 0.5 s apart still fell in
 * one such phase (92.3, 94.1 and 92.8 for the 24 x 8 kernel a tune a few
 * hours before had read at 106.9, same guest), whose phases last
 * seconds.  They are taken one after each blocks step and the step
 * ncnu (search.c), whose seconds of work spread them at no cost (the
 * step seeds may then take another kernel); what is left at the end
 * is taken at least this far apart (five over 8 s when no blocks step
 * ran). */
#define WINNER_TIMINGS 5
#define WINNER_GAP_NS 2000000000L
#define NS_PER_S 1000000000L

/* The winner as checked and timed: built with every beta variant (the
 * beta-1 one alone with s->verify_only), checked against the oracle once
 * (verdict), and the build the timings use (the packed one in the
 * packed context); for the kernel params and compiler cc. */
static struct checked {
    struct mms_cand c, t, *timed;
    struct mmg_params params;
    int cc;
    struct mms_measure verdict;
    double last;               /* when this run last timed it (0: never) */
} win = { .cc = -1 };

/* The build of the winner c the steps would time: c itself, or in the
 * packed context its packed build, into t (timing.c's mms_prepare). */
static struct mms_cand *timed_as(struct mms_search *s, struct mms_cand *c,
                                 struct mms_cand *t)
{
    struct mms_cand *one[] = { t };

    if (!s->pl.packed)
        return c;
    mms_prepare(s, t, &s->ref, (struct mms_how){ s->ref_cc, 0 });
    if (!t->packed)
        return c;
    mms_build(&s->pl, one, 1);
    return t;
}

/* The winner (s->ref) built and checked, once for its params and
 * compiler. */
static struct checked *checked_winner(struct mms_search *s)
{
    struct mms_cand *one[] = { &win.c };
    struct mmg_params p = s->ref;

    p.betas = s->verify_only ? MMG_BETA1 : MMG_BETA_ALL;
    snprintf(p.name, sizeof p.name, "mms_winner");
    if (win.cc == s->ref_cc && mms_params_equal(&win.params, &p))
        return &win;
    mms_cand_init(&win.c, &s->pl, &p);
    mms_cand_use_cc(&win.c, &s->pl, s->ref_cc);
    mms_build(&s->pl, one, 1);
    mms_measure(&s->pl, &win.c, s->verify_only ? MMS_VERIFY
                : MMS_VERIFY_ALL, 0, &win.verdict);
    win.timed = win.verdict.verdict == MMS_V_OK && !s->verify_only
                ? timed_as(s, &win.c, &win.t) : &win.c;
    win.params = p, win.cc = s->ref_cc, win.last = 0;
    return &win;
}

void mms_winner_forget(void)
{
    win.cc = -1;
}

/* 1 when the winner needs timings of its own: no step timed it. */
static int untimed(struct mms_search *s)
{
    return s->ref_mflops == 0 && !s->verify_only
           && !mms_log_find_cc(&s->log, &s->ref, s->pl.cc[s->ref_cc].name,
                               NULL, 0, 0);
}

/* The header of the step MMS_WINNER_STEP, before its first timing. */
static int winner_header(struct mms_search *s)
{
    char rest[400];

    snprintf(rest, sizeof rest, "sets=kernel n=%d rule=no step timed "
             "the winner: timed %d times, after the blocks steps and at "
             "the end, at least %.1f s apart, the best taken",
             WINNER_TIMINGS, WINNER_TIMINGS, WINNER_GAP_NS / 1e9);
    return mms_log_event(&s->log, "step", MMS_WINNER_STEP, rest);
}

/* The winner's timing i, logged as a cand line of MMS_WINNER_STEP (the
 * step's header first when i is 0), at least WINNER_GAP_NS after this
 * run's last; NULL when the log cannot be written. */
static const struct mms_record *winner_timing(struct mms_search *s,
                                              struct checked *w, int i)
{
    struct mms_record r;
    double t, wait = w->last > 0 ? WINNER_GAP_NS / 1e9 - (mms_now() - w->last)
                                 : 0;

    if (i == 0 && winner_header(s) != 0)
        return NULL;
    memset(&r, 0, sizeof r);
    if (wait > 0 && !s->pl.fake_timing) {
        long ns = (long)(wait * NS_PER_S);
        nanosleep(&(struct timespec){ ns / NS_PER_S, ns % NS_PER_S }, NULL);
    }
    t = mms_now();
    /* in the packed context the kernel timed is another build than the
     * one checked: the first timing verifies it */
    mms_measure(&s->pl, w->timed, MMS_TIME
                | (i == 0 && w->timed->packed ? MMS_VERIFY : 0), i, &r.m);
    s->timed++;
    w->last = mms_now();
    return mms_log_measured(s, MMS_WINNER_STEP, w->timed, i, 0, NULL, &r,
                            w->last - t);
}

int mms_winner_between(struct mms_search *s)
{
    const char *cc = s->pl.cc[s->ref_cc].name;
    struct checked *w;

    if (!untimed(s))
        return 0;
    w = checked_winner(s);
    if (w->verdict.verdict != MMS_V_OK)
        return 0;              /* the end says why */
    for (int i = 0; i < WINNER_TIMINGS - 1; i++)
        if (!mms_log_find_cc(&s->log, &w->timed->p, cc, MMS_WINNER_STEP, i,
                             0))
            return winner_timing(s, w, i) ? 0 : -1;
    return 0;
}

/* The winner's timings that the log does not hold yet, logged as the
 * step MMS_WINNER_STEP (its header, a cand line per timing, its choice)
 * so that a resumed search takes them from the log rather than timing
 * again; the best into s->ref_mflops and each into text.  Returns 0; -1
 * when one fails (its measure in m); -2 when the log cannot be written
 * (errno). */
static int time_winner(struct mms_search *s, struct checked *w,
                       struct mms_measure *m, char *text, size_t len)
{
    const char *cc = s->pl.cc[s->ref_cc].name;
    char rest[1200], params[512];
    size_t used = 0;
    double best = 0;

    text[0] = '\0';
    for (int i = 0; i < WINNER_TIMINGS; i++) {
        const struct mms_record *r =
            mms_log_find_cc(&s->log, &w->timed->p, cc, MMS_WINNER_STEP, i,
                            0);

        if (!r && !(r = winner_timing(s, w, i)))
            return -2;
        *m = r->m;
        if (m->verdict != MMS_V_OK)
            return -1;
        best = m->mflops > best ? m->mflops : best;
        if (used < len)
            used += (size_t)snprintf(text + used, len - used, " %.1f",
                                     m->mflops);
    }
    s->ref_mflops = best;
    mms_params_text(&w->timed->p, params, sizeof params);
    /* no test, so p = 1; the rounds after the first, as a step counts */
    snprintf(rest, sizeof rest, "by=best %s cc=%s mflops=%.1f p=1 rounds=%d "
             "why=the best of %d timings", params, cc, best,
             WINNER_TIMINGS - 1, WINNER_TIMINGS);
    return mms_log_event(&s->log, "chosen", MMS_WINNER_STEP, rest) != 0 ? -2
                                                                    : 0;
}

/* The winner built with every beta variant and verified; timed too when
 * no step timed it (time_winner).  With s->verify_only, the beta-1
 * variant alone is built and verified, never timed (the model engine's
 * few seconds are mostly this compiler call).  Returns 0 or -1 with
 * err. */
int mms_verify_winner(struct mms_search *s, char *err, size_t errlen)
{
    const struct mms_record *r = mms_log_find_cc(
        &s->log, &s->ref, s->pl.cc[s->ref_cc].name, NULL, 0, 0);
    int timed = untimed(s);
    struct checked *w = checked_winner(s);
    struct mms_measure m = w->verdict;
    char times[WINNER_TIMINGS * 16], note[400];
    int rc = 0;

    if (m.verdict == MMS_V_OK && timed)
        rc = time_winner(s, w, &m, times, sizeof times);
    if (rc == -2) {
        snprintf(err, errlen, "%s: cannot write: %s", s->log.path,
                 strerror(errno));
        return -1;
    }
    if (rc == -1) {
        snprintf(err, errlen, "the winner %s passed its final check, but "
                 "timing it failed (%s): %s", w->c.name,
                 mms_verdict_name(m.verdict), m.why);
        return -1;
    }
    if (m.verdict != MMS_V_OK) {
        snprintf(err, errlen, "the winner %s fails its final check (%s): "
                 "%s", w->c.name, mms_verdict_name(m.verdict), m.why);
        return -1;
    }
    if (s->ref_mflops == 0 && r)
        s->ref_mflops = r->m.mflops;
    if (s->verify_only)
        snprintf(note, sizeof note, "why=the kernel (beta-1 variant) passed "
                 "the oracle, not timed");
    else if (timed)
        snprintf(note, sizeof note, "why=%sthe winner, built with every "
                 "beta variant, passed the oracle again; no step timed it: "
                 "timed %d times, after the blocks steps and at the end,%s "
                 "MFLOPS, the best taken", mms_precision_said(s),
                 WINNER_TIMINGS, times);
    else
        snprintf(note, sizeof note, "why=%sthe winner, built with every "
                 "beta variant, passed the oracle again",
                 mms_precision_said(s));
    mms_log_line(&s->log, "note", note);
    return 0;
}
