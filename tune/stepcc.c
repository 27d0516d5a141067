/* The cc step (steprun.h): the kernel compiler searched too. */
#include "tune/steprun.h"

#include <string.h>

#include "common/common.h"
#include "tune/decide.h"
#include "tune/progress.h"
#include "tune/screen.h"
#include "tune/timing.h"

/* Each family among gcc and clang that the pipeline lacks (the
 * configured compiler is its family's), added when installed with the
 * configured flags made the family's; the absent ones listed in absent
 * ("" none). */
static void find_compilers(struct mms_search *s, char *absent, size_t len)
{
    const char *mine = mmc_cc_family(s->pl.cc[0].name);
    char flags[1024], cflags[1024] = "";
    size_t used = 0;

    for (int i = 1; s->pl.cc[0].argv[i]; i++)
        used += snprintf(cflags + used, sizeof cflags - used, "%s%s",
                         i > 1 ? " " : "", s->pl.cc[0].argv[i]);
    absent[0] = '\0';
    for (int f = 0; f < mmc_cc_nfamilies; f++) {
        const char *fam = mmc_cc_families[f];
        if (!strcmp(fam, mine) || mms_pipeline_find_cc(&s->pl, fam) >= 0)
            continue;
        if (!mmc_cc_installed(fam))
            snprintf(absent + strlen(absent), len - strlen(absent), "%s%s",
                     absent[0] ? "," : "", fam);
        else if (mmc_cc_flags_for(fam, cflags, flags, sizeof flags) != 0
                 || mms_pipeline_add_cc(&s->pl, fam, flags) < 0)
            mms_say(s, "cc: %s: the flags do not fit; not tried\n", fam);
    }
}

/* 1 when step name decides the reference kernel, a kernel step or the cc
 * step (its candidates are kernels the library could call: not step 6's
 * non-copy ones, step 7's K cleanups, or the full kernels of a whole
 * DGEMM). */
static int ref_step(const struct mms_search *s, const char *name)
{
    for (int i = 0; i < s->nsteps; i++)
        if (strcmp(s->steps[i].name, name) == 0)
            return mms_step_kind(&s->steps[i]) == MMS_STEP_REF
                   || mms_step_kind(&s->steps[i]) == MMS_STEP_CC;
    return 0;
}

/* The kernels the cc step builds with every compiler: the winner, then
 * the best distinct others the earlier kernel steps screened (their
 * screening MFLOPS with the configured compiler), lv->cc_kernels in
 * all. */
static int cc_kernels(struct mms_search *s, struct mmg_params *k, int max)
{
    int n = 0;

    k[n++] = s->ref;
    while (n < s->lv->cc_kernels && n < max) {
        const struct mms_record *best = NULL;
        for (int i = 0; i < s->log.nrec; i++) {
            const struct mms_record *r = &s->log.rec[i];
            int seen = r->round != 0 || r->m.verdict != MMS_V_OK
                       || !ref_step(s, r->step)
                       || strcmp(r->cc, s->pl.cc[0].name) != 0;
            for (int j = 0; j < n && !seen; j++)
                seen = mms_params_equal(&k[j], &r->p);
            if (!seen && (!best || r->m.mflops > best->m.mflops))
                best = r;
        }
        if (!best)
            break;
        k[n++] = best->p;
    }
    return n;
}

/* Issue 8: the kernel compiler is searched too.  Every kernel of
 * cc_kernels with every installed compiler, screened and decided as the
 * other steps are (the configured compiler's timings come from the
 * earlier steps). */
int mms_run_cc(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    static struct mms_how cc[MMS_MAX_CANDS];
    int n = 0, nk, runs = mms_step_gate(s, st);
    struct mms_outcome o[MMS_MAX_CANDS];
    struct mmg_params k[8];
    char rest[1400], absent[64], names[160] = "";

    if (runs <= 0)               /* skipped (0), or the log failed (-1) */
        return runs;
    find_compilers(s, absent, sizeof absent);
    for (int c = 0; c < s->pl.ncc; c++)
        snprintf(names + strlen(names), sizeof names - strlen(names),
                 "%s%s", c ? "," : "", s->pl.cc[c].name);
    if (absent[0])
        mms_say(s, "cc: not installed, not tried: %s\n", absent);
    if (s->pl.ncc < 2)
        return mms_skip(s, st, "only %s is installed (absent: %s)", names,
                        absent[0] ? absent : "none");
    nk = cc_kernels(s, k, (int)(sizeof k / sizeof k[0]));
    for (int i = 0; i < nk; i++)
        for (int c = 0; c < s->pl.ncc && n < MMS_MAX_CANDS; c++) {
            cand[n] = k[i], cc[n] = (struct mms_how){ c, 0 };
            mms_mark_perturbed(s, &cand[n++]);
        }
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%d kernel%s with "
             "compilers %s (absent: %s): %s (%s)", st->sets, n, nk,
             nk > 1 ? "s" : "", names, absent[0] ? absent : "none", st->rule,
             st->source);
    mms_say(s, "%s: %d candidates (%d kernel%s with %s)\n", st->name, n, nk,
            nk > 1 ? "s" : "", names);
    if (mms_log_event(&s->log, "step", st->name, rest) != 0
        || mms_screen(s, st, cand, cc, n, o) != 0)
        return -1;
    return mms_choose(s, st, cand, cc, o, n);
}
