/* Step 6 of paper 002 §III-B (steprun.h): NCNB, the non-copy kernel's
 * tile, a side result. */
#include "tune/steprun.h"

#include <string.h>

#include "tune/decide.h"
#include "tune/screen.h"

/* Screening stops when a non-copy kernel falls this far below the best
 * non-copy one seen (ATLAS's 20%). */
#define NCNB_DROP 0.20

/* Screen cand in range order, in chunks of as many as compilers run at
 * once, until an ok one falls NCNB_DROP below the best seen: the rest
 * keep verdict none (those of the last chunk past it were timed, and are
 * in the log, but not considered).  *stop is the index it stopped at, or
 * -1.  Returns 0, or -1 when the log cannot be written. */
static int screen_until_drop(struct mms_search *s, const struct mms_step *st,
                             const struct mmg_params *cand, int n,
                             struct mms_outcome *o, int *stop, double *best)
{
    int chunk = s->pl.jobs > 1 ? s->pl.jobs : 2;

    *stop = -1, *best = 0;
    for (int i = 0; i < n; i += chunk) {
        int m = n - i < chunk ? n - i : chunk;
        if (mms_screen(s, st, cand + i, NULL, m, o + i) != 0)
            return -1;
        for (int j = i; j < i + m && *stop < 0; j++) {
            if (o[j].verdict != MMS_V_OK)
                continue;
            if (o[j].mflops < (1 - NCNB_DROP) * *best)
                *stop = j;
            else if (o[j].mflops > *best)
                *best = o[j].mflops;
        }
        if (*stop >= 0) {
            for (int j = *stop + 1; j < n; j++)
                o[j].verdict = MMS_V_NONE;
            return 0;
        }
    }
    return 0;
}

/* Step 6: NCNB, a side result -- the reference kernel stays as it is. */
static int ncnb_search(struct mms_search *s, const struct mms_step *st,
                       const struct mmg_params *cand, int n)
{
    /* zeroed: the screen (another file) fills each one it times, which
     * the compiler cannot see */
    struct mms_outcome o[MMS_MAX_CANDS] = { { 0 } };
    struct mms_step_verdict v;
    char stopped[200];
    int stop;
    double best;
    size_t used;

    if (screen_until_drop(s, st, cand, n, o, &stop, &best) != 0
        || mms_pick(s, st, cand, NULL, o, n, &v) != 0)
        return -1;
    if (stop >= 0)
        snprintf(stopped, sizeof stopped, "; screening stopped at NCNB=%d: "
                 "%.1f MFLOPS, %.0f%% below the best non-copy %.1f",
                 cand[stop].ncnb, o[stop].mflops, 100 * NCNB_DROP, best);
    else
        snprintf(stopped, sizeof stopped, "; every NCNB screened, none "
                 "%.0f%% below the best", 100 * NCNB_DROP);
    used = strlen(v.why);
    snprintf(v.why + used, sizeof v.why - used, "%s", stopped);
    if (v.chosen < 0) {
        snprintf(v.why, sizeof v.why, "no non-copy kernel passed: NCNB is "
                 "left out of params.conf%s", stopped);
        return mms_log_chosen(s, st, &s->ref,
                              (struct mms_how){ s->ref_cc, 0 }, &v);
    }
    s->has_ncnb = 1;
    s->ncnb = cand[v.chosen].ncnb;
    mms_side_searched(s);
    return mms_log_chosen(s, st, &cand[v.chosen],
                          (struct mms_how){ s->ref_cc, 0 }, &v);
}

int mms_run_ncnb(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    int n;

    /* pinned: the user's NCNB goes to params.conf, and the step is
     * skipped as a kernel step is */
    if (mms_pinned(&s->pins, st->sets))
        s->has_ncnb = 1, s->ncnb = s->pins.p.ncnb;
    n = mms_step_start(s, st, cand);
    return n <= 0 ? n : ncnb_search(s, st, cand, n);
}
