/* What a driver prints: mmtime's result line with the average added
 * (paper 001 Fig. 5: min, average and max time, MFLOPS from the min and
 * the average), the flops and arrays, and the timer's own line saying how
 * it timed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdio.h>

#include "common/common.h"
#include "drivergen/rt.h"

static void print_arrays(const struct mmd_driver *d)
{
    char text[256];

    for (int i = 0; i < d->narrays; i++) {
        mmd_array_text(d, i, text, sizeof text);
        printf("  array %s\n", text);
    }
}

static void print_flops(const struct mmd_driver *d)
{
    if (d->flops == floor(d->flops) && d->flops < 1e17)
        printf("  flops per call: %.0f (%s)\n", d->flops, d->flop_text);
    else
        printf("  flops per call: %.9g (%s)\n", d->flops, d->flop_text);
}

int mmd_report(const struct mmd_driver *d, int rc,
               const struct mmtm_timing *r)
{
    char sizes[256];

    if (rc != 0) {
        mmc_error("%s", r->how);
        return MMC_EXIT_FAIL;
    }
    mmd_sizes_text(d, sizes, sizeof sizes);
    printf("%s %s: %.1f MFLOPS%s (per call %.4g us; min %.4g, avg %.4g, "
           "median %.4g, max %.4g us)\n", d->routine, sizes, r->mflops,
           r->sane ? "" : " SUSPECT", r->seconds * 1e6, r->t_min * 1e6,
           r->t_mean * 1e6, r->t_median * 1e6, r->t_max * 1e6);
    printf("  MFLOPS: %.1f from the min time, %.1f from the average, %.1f "
           "from the max\n", d->flops / r->t_min * 1e-6,
           d->flops / r->t_mean * 1e-6, d->flops / r->t_max * 1e-6);
    print_flops(d);
    print_arrays(d);
    printf("  timed: %s\n", r->how);
    if (!r->sane)
        mmc_warn("%.1f MFLOPS fails the sanity check 0 < MFLOPS < peak",
                 r->mflops);
    return MMC_EXIT_OK;
}

int mmd_show(const struct mmd_driver *d, const struct mmtm_kernel *k)
{
    char sizes[256];
    size_t bytes = 0;

    for (int i = 0; i < k->noperands; i++)
        bytes += k->operand[i].bytes;
    mmd_sizes_text(d, sizes, sizeof sizes);
    printf("%s %s: not timed (--show)\n", d->routine, sizes);
    print_flops(d);
    print_arrays(d);
    printf("  operands: %zu bytes in all, timer alignment %zu+%zu; flush "
           "%s, %zu KiB (%s)\n", bytes, d->o.align, d->o.misalign,
           mmtm_flush_name(d->o.flush), d->o.flush_bytes >> 10,
           d->flush_note);
    return MMC_EXIT_OK;
}
