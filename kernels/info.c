/* mmt_kernel_info: what this build runs, from the generated kernel's
 * descriptor and the parameters mmselect chose.  Compiled once per real
 * type (kernels/elem.h): with MML_SINGLE it is mmt_single_kernel_info. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>

#include "kernels/driver.h"
#include "kernels/params.h"
#include "mmtune.h"

#ifdef MML_SINGLE
#define FACE_INFO mmt_single_kernel_info
#else
#define FACE_INFO mmt_kernel_info
#endif

extern const struct mmt_kernel_desc mml_kfull_desc, mml_knc_desc;

static struct mmt_kernel_info info;
static pthread_once_t info_once = PTHREAD_ONCE_INIT;

static void info_init(void)
{
    const struct mmt_kernel_desc *d = &mml_kfull_desc;

    info = (struct mmt_kernel_info){
        .kernel = d->name, .command = d->command, .isa = d->isa,
        .requires = d->requires,
        .compiler = MML_KERNEL_COMPILER,
        .params = MML_PARAMS_SOURCE, .why = MML_PARAMS_WHY,
        .arch_key = MML_ARCH_KEY,
        .mu = d->mu, .nu = d->nu, .ku = d->ku, .nb = d->n, .mc = d->m,
        .kc = d->k, .nc = MML_PARAM_NC,
        .active = mml_plan_default() != NULL, .ncnb = MML_PARAM_SMALL_MAX,
        .ncmu = mml_knc_desc.mu, .ncnu = mml_knc_desc.nu,
        .thread_n = MML_PARAM_THREAD_N,
        .thread_n_hot = MML_PARAM_THREAD_N_HOT,
        .thread_hot_us = MML_PARAM_THREAD_HOT_US,
    };
}

const struct mmt_kernel_info *FACE_INFO(void)
{
    pthread_once(&info_once, info_init);
    return &info;
}
