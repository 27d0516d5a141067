/* A candidate prepared (its kernel, and for a whole DGEMM the library's
 * driver around it), timed, and logged as a cand line; the log's
 * timings found again. */
#ifndef MMS_TIMING_H
#define MMS_TIMING_H

#include "tune/how.h"
#include "tune/search.h"

/* The screen's candidate a reference is timed beside: its place in the
 * step's list (1, 2, ...) and its fingerprint (mms_pair_of). */
struct mms_pair {
    int i;
    char of[MMC_FINGERPRINT_LEN];
};

/* Test hook (--test-perturb): p built wrong when its values are those
 * picked. */
void mms_mark_perturbed(const struct mms_search *s, struct mmg_params *p);
/* c: p's kernel built as h says (with an NC, the full kernel and the
 * library's driver it is timed in). */
void mms_prepare(struct mms_search *s, struct mms_cand *c,
                 const struct mmg_params *p, struct mms_how h);
/* The drivers the whole-DGEMM candidates p[0..n-1] (built as h says:
 * those with an NC) need and the search has not built, built in one
 * batch (tune/blocks.h), so that their compiles share the CPUs; then
 * mms_prepare finds them built. */
void mms_drivers_prepare(struct mms_search *s, const struct mmg_params *p,
                         const struct mms_how *h, int n);
/* How candidate i is built and timed (h NULL: the configured compiler,
 * the kernel alone), and its compiler. */
struct mms_how mms_how_of(const struct mms_how *h, int i);
int mms_cc_of(const struct mms_how *h, int i);
/* The timing of p built and timed as h says, held by the log (step NULL:
 * any step's screen). */
const struct mms_record *mms_logged(struct mms_search *s,
                                    const struct mmg_params *p,
                                    struct mms_how h, const char *step,
                                    int round, int ref);
/* r, its measure taken, logged as step's cand line for c; the kept
 * record, or NULL when the log cannot be written. */
const struct mms_record *mms_log_measured(
    struct mms_search *s, const char *step, const struct mms_cand *c,
    int round, int ref, const struct mms_pair *pair, struct mms_record *r,
    double secs);
/* Time c (built) and log it into *o.  Returns 0, or -1 when the log
 * cannot be written. */
int mms_timing(struct mms_search *s, const char *step,
               const struct mms_cand *c, int round, int ref,
               const struct mms_pair *pair, double build_s,
               struct mms_outcome *o);

#endif
