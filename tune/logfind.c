/* A timing found in search.log (searchlog.h): what a resumed search
 * reuses instead of timing again. */
#include "tune/searchlog.h"

#include <stdio.h>
#include <string.h>

#include "tune/steps.h"

const struct mms_record *mms_log_find_cc(struct mms_log *lg,
                                         const struct mmg_params *p,
                                         const char *cc, const char *step,
                                         int round, int ref)
{
    return mms_log_find_at(lg, p, 0, 0, cc, step, round, ref);
}

/* 1 when why, an ok whole-DGEMM timing's ("N=32w:41234.5 N=200:812.5
 * N=1000:901.2 N=1000x32x1000:702.3; ..."), names exactly the shapes
 * "32w,200,1000,1000x32x1000". */
static int timed_at(const char *why, const char *sizes)
{
    char got[MMS_SIZES_TEXT] = "", n[40];
    size_t used = 0;
    int k = 0;

    while (sscanf(why, "N=%39[0-9xw]:%*f%n", n, &k) == 1 && k > 0
           && used < sizeof got) {
        used += (size_t)snprintf(got + used, sizeof got - used, "%s%s",
                                 used ? "," : "", n);
        why += k;
        if (*why++ != ' ')
            break;
        k = 0;
    }
    return strcmp(got, sizes) == 0;
}

/* 1 when r is the pair line find_pair asks for: by the candidate's
 * fingerprint where the line has one (its place in the list may differ
 * in a rerun), else (a log older than of=) by the place; when not asked
 * for a pair (of NULL), a line that is none. */
static int pair_matches(const struct mms_record *r, int pair, const char *of)
{
    if (!of || !r->pair)
        return r->pair == pair;
    return r->of[0] ? strcmp(r->of, of) == 0 : r->pair == pair;
}

/* What find_at or find_pair asks for (of: find_pair's, else NULL). */
struct query {
    const struct mmg_params *p;
    int kt, nc;
    const char *cc, *step;
    int round, ref, pair;
    const char *of;
};

static int matches(const struct mms_log *lg, const struct mms_record *r,
                   const struct query *q)
{
    if (r->kt != q->kt || r->nc != q->nc
        || !pair_matches(r, q->pair, q->of)
        || (q->step ? strcmp(r->step, q->step) != 0 || r->round != q->round
                          || r->ref != q->ref
                    : r->round != 0
                          || strcmp(r->step, MMS_WINNER_STEP) == 0))
        return 0;
    return mms_params_equal(&r->p, q->p) && (!q->cc || !strcmp(r->cc, q->cc))
           && !(q->nc && lg->dgemm_sizes[0] && r->m.verdict == MMS_V_OK
                && !timed_at(r->m.why, lg->dgemm_sizes));
}

/* A verdict that may say more about the run than about the kernel: a
 * compile killed by a full /tmp, a timing cut by a loaded host. */
static int transient(enum mms_verdict v)
{
    return v == MMS_V_TIMEOUT || v == MMS_V_CRASH || v == MMS_V_COMPILE;
}

/* The log says a record an earlier run left with a transient verdict is
 * timed again (once per run). */
static void note_retime(struct mms_log *lg, struct mms_record *r)
{
    char params[512], text[1024];

    if (r->retimed)
        return;
    r->retimed = 1;
    mms_params_text(&r->p, params, sizeof params);
    snprintf(text, sizeof text, "why=timed again once, an earlier run's "
             "verdict=%s may not be the kernel's: step=%s round=%d ref=%d "
             "%s cc=%s", mms_verdict_name(r->m.verdict), r->step, r->round,
             r->ref, params, r->cc);
    mms_log_line(lg, "note", text);   /* a failure fails the next line */
}

/* The record q names: the first, but that one read from the file with a
 * transient verdict is timed again once, so the next such record (the
 * re-timing, in this run or one before) stands in for it; NULL when
 * there is none. */
static const struct mms_record *find(struct mms_log *lg,
                                     const struct query *q)
{
    int first = -1;

    for (int i = 0; i < lg->nrec; i++) {
        struct mms_record *r = &lg->rec[i];
        if (!matches(lg, r, q))
            continue;
        if (first >= 0 || i >= lg->nread || !transient(r->m.verdict)) {
            r->used = 1;
            return r;
        }
        first = i;
    }
    if (first >= 0)
        note_retime(lg, &lg->rec[first]);
    return NULL;
}

const struct mms_record *mms_log_find_at(struct mms_log *lg,
                                         const struct mmg_params *p, int kt,
                                         int nc, const char *cc,
                                         const char *step, int round,
                                         int ref)
{
    struct query q = { p, kt, nc, cc, step, round, ref, 0, NULL };

    return find(lg, &q);
}

const struct mms_record *mms_log_find_pair(struct mms_log *lg,
                                           const struct mmg_params *p,
                                           int nc, const char *cc,
                                           const char *step, int pair,
                                           const char *of)
{
    struct query q = { p, 0, nc, cc, step, 0, 1, pair, of };

    return find(lg, &q);
}

void mms_pair_of(const struct mmg_params *p, const char *cc, int nc,
                 char of[MMC_FINGERPRINT_LEN])
{
    char text[640];

    mms_params_text(p, text, sizeof text - 64);
    snprintf(text + strlen(text), sizeof text - strlen(text),
             " cc=%s nc=%d", cc, nc);
    mmc_fingerprint_text(text, of);
}

const struct mms_record *mms_log_find(struct mms_log *lg,
                                      const struct mmg_params *p,
                                      const char *step, int round, int ref)
{
    return mms_log_find_cc(lg, p, NULL, step, round, ref);
}

int mms_log_reused(const struct mms_log *lg)
{
    int n = 0;

    for (int i = 0; i < lg->nread; i++)
        n += lg->rec[i].used && !lg->rec[i].twin;   /* a twin: no timing */
    return n;
}
