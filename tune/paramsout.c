/* The params.conf writer (paramsout.h). */
#define _GNU_SOURCE
#include "tune/paramsout.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "tune/searchtext.h"

static void word_of_argv(char *const *argv, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; argv[i] && used < len; i++)
        used += snprintf(buf + used, len - used, "%s%s", i ? " " : "",
                         argv[i]);
}

int mms_write_params(const struct mms_search *s, const char *output,
                     char *err, size_t errlen)
{
    struct mmc_paramsconf pc;
    const struct mmg_params *p = &s->ref;

    memset(&pc, 0, sizeof pc);
    mmc_origin_here(&pc.origin, MMC_PARAMSCONF_FORMAT, "mmsearch");
    snprintf(pc.probe_fingerprint, KV_WORD_MAX, "%s", s->probe_fingerprint);
    snprintf(pc.generator, KV_WORD_MAX, "mmgen %s", MMG_VERSION);
    pc.kernel_abi = MMT_KERNEL_ABI;
    snprintf(pc.isa, KV_WORD_MAX, "%s", mmg_isa_name(p->isa));
    pc.nb = p->nb, pc.mu = p->mu, pc.nu = p->nu, pc.ku = p->ku;
    pc.ls = p->ls, pc.fma = p->fma, pc.ff = p->ff;
    pc.ifetch = p->ifetch, pc.nfetch = p->nfetch, pc.regs = p->regs;
    pc.pf = p->pf, pc.present[MMC_Q_PF] = 1;
    /* PFB only as the step pf decided it or the user pinned it: the
     * kernel steps' PFB=0 is no choice, and the library's model takes 1
     * on a SIMD ISA where the key is absent */
    pc.pfb = p->pfb;
    pc.present[MMC_Q_PFB] = s->has_pfb || mms_pinned(&s->pins, "PFB");
    pc.ncnb = s->ncnb, pc.present[MMC_Q_NCNB] = s->has_ncnb;
    pc.ncnu = p->ncnu;
    pc.present[MMC_Q_NCNU] = s->has_ncnu || mms_pinned(&s->pins, "NCNU");
    pc.k_crossover = s->k_crossover;
    pc.present[MMC_Q_K_CROSSOVER] = s->has_kx;
    /* the blocks steps' choice; else only what was pinned (the library's
     * model fills the rest) */
    pc.mc = s->has_blocks ? s->blocks.mc : s->pins.mc;
    pc.kc = s->has_blocks ? s->blocks.kc : s->pins.kc;
    pc.nc = s->has_blocks ? s->blocks.nc : s->pins.nc;
    pc.present[MMC_Q_MC] = pc.mc > 0;
    pc.present[MMC_Q_KC] = pc.kc > 0;
    pc.present[MMC_Q_NC] = pc.nc > 0;
    /* the bound every whole DGEMM of the search ran with */
    pc.small_max = s->has_blocks ? s->blocks.small : s->pins.small;
    pc.present[MMC_Q_SMALL_MAX] = pc.small_max > 0;
    snprintf(pc.cc, KV_WORD_MAX, "%s", s->pl.cc[s->ref_cc].name);
    word_of_argv(s->pl.cc[s->ref_cc].argv + 1, pc.cflags, KV_WORD_MAX);
    if (!pc.cflags[0])
        snprintf(pc.cflags, KV_WORD_MAX, "-");
    pc.mflops = s->ref_mflops;
    pc.peak_percent = s->pc.peak_mflops > 0
        ? round(10000 * s->ref_mflops / s->pc.peak_mflops) / 100 : 0;
    if (s->verify_only)
        snprintf(pc.timing, KV_WORD_MAX, "not timed (engine %s: verified "
                 "only)", s->engine);
    else
        mms_timer_text(s, pc.timing, sizeof pc.timing);
    /* LEVEL says the engine too where it is not the search */
    snprintf(pc.level, KV_WORD_MAX, "%s%s%s",
             strcmp(s->engine, "search") ? s->engine : "",
             strcmp(s->engine, "search") && !s->verify_only ? "-" : "",
             s->verify_only ? "" : s->lv->name);
    return mms_params_put(output, &pc, err, errlen);
}

int mms_params_put(const char *output, const struct mmc_paramsconf *pc,
                   char *err, size_t errlen)
{
    if (mmc_paramsconf_write(output, pc) == 0)
        return 0;
    if (errno == EDOM)
        mmc_paramsconf_validate(pc, err, errlen);
    else
        snprintf(err, errlen, "%s: cannot write: %s", output,
                 strerror(errno));
    return -1;
}
