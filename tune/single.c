/* The single-precision search (single.h): its start, its steps and their
 * range rules, its end. */
#define _GNU_SOURCE
#include "tune/single.h"

#include <errno.h>
#include <string.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "kernels/kernels.h"
#include "tune/blocks.h"
#include "tune/how.h"
#include "tune/paramsout.h"
#include "tune/progress.h"
#include "tune/ranges.h"
#include "tune/winner.h"


/* The tile's grain: what the search's NB is a multiple of (steps.h). */
static int grain(const struct mmg_params *p)
{
    return mms_lcm(mms_lcm(p->mu, p->nu), 4);
}

/* KU for a tile of nb: ref's, or the most the kernel steps offer at nb
 * (mms_ku_top) where ref unrolls all of its own or more than that. */
static int ku_for(const struct mmg_params *ref, int nb)
{
    int top = mms_ku_top(nb);

    return ref->ku >= ref->nb || ref->ku > top ? top : ref->ku;
}

/* The start and every round's reference: the double winner's tile in
 * vectors and its schedule (mml_params_single: MU doubled, IF and NF
 * within the loads, PF and PFB the double's), the element type float,
 * as the library's single kernel is made, NB the double's times sqrt 2
 * to the nearest multiple of the grain (mml_single_nb). */
static void single_start(const struct mms_space *sp, enum mmg_isa isa,
                         struct mmg_params *p)
{
    struct mml_libparams d, s;
    struct mml_cpu cpu = { .l2_bytes = (long)(sp->pc->l2_kib * 1024),
                           .llc_bytes = (long)(sp->pc->llc_kib * 1024) };
    int g, nb;

    (void)isa;                    /* the double winner's */
    *p = *sp->from;
    mms_libparams_of(sp->from, &d);
    memset(&s, 0, sizeof s);
    p->type = MMT_TYPE_S;
    p->pf = p->pfa = p->pfb = 0;
    if (mml_params_single(&d, &cpu, &s) == 0)
        p->mu = s.v[MML_MU], p->ifetch = s.v[MML_IF],
        p->nfetch = s.v[MML_NF], p->pf = s.v[MML_PF],
        p->pfb = s.v[MML_PFB];
    g = grain(p);
    nb = (int)((double)mml_single_nb(sp->from->nb) / g + 0.5) * g;
    p->nb = nb < g ? g : nb > MMC_DIM_MAX ? MMC_DIM_MAX / g * g : nb;
    p->ku = ku_for(sp->from, p->nb);
}

/* ref with each of vals as its NB (what 'N', KU at ku_for) or KU
 * ('K'), those within range. */
static int around(const struct mmg_params *ref, char what, const int *vals,
                  int nvals, struct mmg_params *out, int max)
{
    int n = 0;

    for (int i = 0; i < nvals; i++) {
        int v = vals[i], ok = what == 'N' ? v >= grain(ref) && v <= MMC_DIM_MAX
                                          : v >= 1 && v <= ref->nb;
        struct mmg_params *c = ok ? mms_push(out, &n, max, ref) : NULL;

        if (c && what == 'N')
            c->nb = v, c->ku = ku_for(ref, v);
        else if (c)
            c->ku = v;
    }
    return n;
}

/* s-nb: ref's NB and one grain below and above. */
static int near_nb(const struct mms_space *sp, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    const int g = grain(ref), nbs[3] = { ref->nb, ref->nb - g, ref->nb + g };

    (void)sp;
    return around(ref, 'N', nbs, 3, out, max);
}

/* s-ku: ref's KU, 1, 4 and the most (the quick level's KU of the step
 * ku). */
static int near_ku(const struct mms_space *sp, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    const int kus[4] = { ref->ku, 1, 4, mms_ku_top(ref->nb) };

    (void)sp;
    return around(ref, 'K', kus, 4, out, max);
}

/* Named apart from the double search's steps: the same log holds both,
 * and a step's lines are found by its name. */
static const struct mms_step single_steps[] = {
    { "s-nb", "NB", near_nb,
      "single precision: the double winner's NB times sqrt 2 (the same "
      "bytes of L1) to a multiple of lcm(MU,NU,4), and one such step "
      "below and above, with the double winner's tile in vectors (MU "
      "doubled)", "issue 34: docs/DESIGN.md (Precision)", NULL },
    { "s-ku", "KU", near_ku,
      "single precision: the KU so far, 1, 4 and min(NB, 8)",
      "issue 34; paper 002 III-B step 3", NULL },
    { "s-blocks", "MC,KC,NC", NULL,
      "single precision: the library's model for 4-byte elements "
      "(kernels/libparams.c, mml_params_single); the whole SGEMM is not "
      "timed yet", "issue 34", NULL },
};

int mms_single_setup(struct mms_search *s, const char *path, char *cc,
                     size_t cclen, char *err, size_t errlen)
{
    struct mmc_paramsconf pc;

    if (mmc_paramsconf_read(path, &pc, err, errlen) != 0)
        return -1;
    if (strcmp(pc.probe_fingerprint, s->probe_fingerprint) != 0) {
        snprintf(err, errlen, "%s:%d: PROBE_FINGERPRINT: %s is not %s, "
                 "this probe.conf's: the double search's result is of "
                 "another probe (run mmsearch --precision=d first)", path,
                 pc.line[MMC_Q_PROBE_FINGERPRINT], pc.probe_fingerprint,
                 s->probe_fingerprint);
        return -1;
    }
    mmg_params_default(&s->from);
    if (mmg_params_read(&s->from, path, err, errlen) != 0)
        return -1;
    s->from.ncnb = MMG_TILE;      /* the non-copy tile is no kernel key */
    s->from.ncnu = 0;             /* single's small tile is the double's
                                     in vectors: the library derives it
                                     (kernels/libparams.c) */
    snprintf(cc, cclen, "%s", pc.cc);
    s->type = MMT_TYPE_S;
    s->steps = single_steps;
    s->nsteps = sizeof single_steps / sizeof single_steps[0];
    s->start = single_start;
    return 0;
}

/* The winner's values into pc's S_ keys. */
static void put_single(const struct mms_search *s, struct mmc_paramsconf *pc)
{
    const struct mmg_params *p = &s->ref;
    static const int keys[] = { MMC_Q_S_NB, MMC_Q_S_MU, MMC_Q_S_NU,
                                MMC_Q_S_KU, MMC_Q_S_LS, MMC_Q_S_FMA,
                                MMC_Q_S_FF, MMC_Q_S_IF, MMC_Q_S_NF,
                                MMC_Q_S_MFLOPS };

    pc->single.nb = p->nb, pc->single.mu = p->mu, pc->single.nu = p->nu;
    pc->single.ku = p->ku, pc->single.ls = p->ls, pc->single.fma = p->fma;
    pc->single.ff = p->ff, pc->single.ifetch = p->ifetch;
    pc->single.nfetch = p->nfetch, pc->single.mflops = s->ref_mflops;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        pc->present[keys[i]] = 1;
    /* the blocking is the library's model's (not searched) */
    pc->present[MMC_Q_S_MC] = pc->present[MMC_Q_S_KC] = 0;
    pc->present[MMC_Q_S_NC] = pc->present[MMC_Q_S_SMALL_MAX] = 0;
}

int mms_single_finish(struct mms_search *s, const char *output, char *err,
                      size_t errlen)
{
    struct mmc_paramsconf pc;
    char note[600];
    double pct;

    if (mms_verify_winner(s, err, errlen) != 0
        || mmc_paramsconf_read(output, &pc, err, errlen) != 0)
        return -1;
    put_single(s, &pc);
    if (mms_params_put(output, &pc, err, errlen) != 0)
        return -1;
    snprintf(note, sizeof note, "why=single precision: S_NB=%d S_MU=%d "
             "S_NU=%d S_KU=%d S_LS=%d S_FMA=%d S_FF=%d S_IF=%d S_NF=%d "
             "S_MFLOPS=%.1f into %s; S_MC, S_KC, S_NC, S_SMALL_MAX left "
             "to the library's model", s->ref.nb, s->ref.mu, s->ref.nu, s->ref.ku,
             s->ref.ls, s->ref.fma, s->ref.ff, s->ref.ifetch,
             s->ref.nfetch, s->ref_mflops, output);
    if (mms_log_line(&s->log, "note", note) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", s->log.path,
                 strerror(errno));
        return -1;
    }
    pct = s->pl.peak_mflops > 0 ? 100 * s->ref_mflops / s->pl.peak_mflops
                                : 0;
    mms_say(s, "single: %s NB=%d MU=%d NU=%d KU=%d LS=%d FMA=%d FF=%d "
            "IF=%d NF=%d CC=%s, %.1f MFLOPS (%.1f%% of the peak in "
            "floats); %d timings, %d from the log, %.1f s\n",
            mmg_isa_name(s->ref.isa), s->ref.nb, s->ref.mu, s->ref.nu,
            s->ref.ku, s->ref.ls, s->ref.fma, s->ref.ff, s->ref.ifetch,
            s->ref.nfetch, s->pl.cc[s->ref_cc].name, s->ref_mflops, pct,
            s->timed, mms_log_reused(&s->log), mms_now() - s->t0);
    return 0;
}
