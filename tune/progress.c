/* What the user sees while a search runs (progress.h). */
#include "tune/progress.h"

#include <stdarg.h>
#include <stdio.h>

#include "tune/how.h"

void mms_say(const struct mms_search *s, const char *fmt, ...)
{
    va_list ap;

    if (s->progress)
        fputs("\r\033[K", stderr);     /* the display line gives way */
    if (!s->out)
        return;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
    fflush(s->out);
}

/* One line on the terminal, rewritten: the step, what it does (candidate
 * k of n), the best so far, elapsed, and a guess of what is left of the
 * step from the time its candidates took so far. */
void mms_show_progress(const struct mms_search *s, const char *step,
                       const char *what, int k, int n, double best, double t0)
{
    double t = mms_now(), per = k > 0 ? (t - t0) / k : 0;

    if (!s->progress)
        return;
    fprintf(stderr, "\r\033[K%s: %s %d/%d, best %.0f MFLOPS, %.0f s, ~%.0f "
            "s left in the step", step, what, k, n,
            best > s->ref_mflops ? best : s->ref_mflops, t - s->t0,
            per * (n - k));
}
