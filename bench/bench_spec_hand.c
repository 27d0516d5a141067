/* bench-spec's hand-written timer: one mmgen kernel (linked in as mmk,
 * its _b1 variant) in a struct mmtm_kernel written by hand, as
 * bench-codegen and the search time kernels -- the other side of paper
 * 001 §5.3's comparison with the driver mmspec generates from
 * bench/mmk.spec.  Prints one line as the driver's first:
 *   mmk NB=48: 12345.6 MFLOPS (...)
 * Usage: bench-spec-hand none|multicall-lru */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "codegen/codegen.h"
#include "timer/mmtimer.h"

extern const struct mmt_kernel_desc mmk_desc;

/* Values between -0.5 and 0.5 that neither grow nor cancel. */
static void fill(int operand, void *p, size_t bytes, void *user)
{
    double *x = p;

    (void)user;
    for (size_t i = 0; i < bytes / sizeof *x; i++)
        x[i] = (double)((i * 7 + (size_t)operand * 3) % 11) / 11.0 - 0.5;
}

static void call(const struct mmtm_call *c, void *user)
{
    const struct mmt_kernel_desc *d = user;

    d->beta1(d->nb, d->nb, d->nb, c->op[0], d->nb, c->op[1], d->nb, 1.0,
             c->op[2], d->nb);
}

int main(int argc, char **argv)
{
    size_t bytes = sizeof(double) * (size_t)mmk_desc.nb * mmk_desc.nb;
    struct mmtm_kernel k = {
        .name = "mmk", .flops = 2.0 * mmk_desc.nb * mmk_desc.nb
                                * mmk_desc.nb,
        .noperands = 3,
        .operand = { { "A", bytes, 1, 0 }, { "B", bytes, 1, 0 },
                     { "C", bytes, 1, 1 } },
        .init = fill, .call = call, .user = (void *)&mmk_desc,
    };
    struct mmtm_timing_opts o;
    struct mmtm_timing r;

    mmtm_timing_defaults(&o);
    if (argc != 2 || mmtm_flush_parse(argv[1]) < 0) {
        fprintf(stderr, "usage: %s none|multicall-lru\n", argv[0]);
        return 2;
    }
    o.flush = mmtm_flush_parse(argv[1]);
    if (mmtm_time_kernel(&k, &o, &r) != 0) {
        fprintf(stderr, "%s: %s\n", argv[0], r.how);
        return 1;
    }
    printf("mmk NB=%d: %.1f MFLOPS (per call %.4g us)\n  timed: %s\n",
           mmk_desc.nb, r.mflops, r.seconds * 1e6, r.how);
    return 0;
}
