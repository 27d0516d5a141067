/* A generated driver's command line: every context the timer offers
 * (mmtime's options, with the same meanings), the spec's size parameters
 * (--M=VALUE, or -DMS=VALUE as at build time) and --flush-sweep, --show. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "drivergen/mmspec.h"
#include "drivergen/options.h"
#include "drivergen/rt.h"
#include "timer/mmtimer.h"

/* What is read now and resolved once every option is known. */
struct later {
    const char *flush_size;
};

/* Timer options and their limits: mmtime's, parsed the same way. */
static void timing_option(struct mmd_driver *d, int ch, const char *arg)
{
    struct mmtm_timing_opts *o = &d->o;

    switch (ch) {
    case 'c':
        o->clock = mmc_parse_word("--clock", arg, mmtm_clock_parse,
                                  "wall, cycles or cpu");
        break;
    case 'f':
        o->flush = mmc_parse_word("--flush", arg, mmtm_flush_parse,
                     "none, onecall-lru, onecall-x86 or multicall-lru");
        break;
    case MMD_OPT_SAMPLES:
        o->samples = (int)mmc_parse_long("--samples", arg, 1,
                                         MMTM_SAMPLES_MAX);
        break;
    case MMD_OPT_PRECISION:
        o->rel_precision = mmc_parse_double("--precision", arg, 1e-6, 0.5);
        break;
    case MMD_OPT_MIN_SAMPLE:
        o->min_sample_s = mmc_parse_double("--min-sample-time", arg, 0, 10);
        break;
    case MMD_OPT_PEAK:
        o->peak_mflops = mmc_parse_double("--peak", arg, 0, 1e12);
        break;
    case MMD_OPT_NO_PAGE0: o->guards_off |= MMTM_GUARD_PAGE0; break;
    case MMD_OPT_NO_INSTLD: o->guards_off |= MMTM_GUARD_INSTLD; break;
    }
}

static void option(struct mmd_driver *d, struct later *l, int ch,
                   const char *arg)
{
    switch (ch) {
    case 's': l->flush_size = arg; break;
    case MMD_OPT_PROBE_CONF: d->probe_conf = arg; break;
    case MMD_OPT_HOT: d->hot = arg; break;
    case MMD_OPT_COLD: d->cold = arg; break;
    case MMD_OPT_ALIGN:
        d->align = mmc_parse_long("--align", arg, 1, 1 << 20);
        if (d->align & (d->align - 1))
            mmc_usage_error("--align: '%s' is not a power of two", arg);
        break;
    case MMD_OPT_MISALIGN:
        d->misalign = mmc_parse_long("--misalign", arg, 0, (1 << 20) - 1);
        break;
    case MMD_OPT_SWEEP: d->sweep = arg ? arg : ""; break;
    case MMD_OPT_SHOW: d->show = 1; break;
    case 'D': mmd_define(d, arg); break;
    case 'h': mmd_usage(d); exit(MMC_EXIT_OK);
    default:
        if (ch >= MMD_OPT_SIZE && ch < MMD_OPT_SIZE + d->nsizes)
            mmd_set_size(d, ch - MMD_OPT_SIZE, arg);
        else
            timing_option(d, ch, arg);
    }
}

/* The fixed options, then one per size parameter. */
static struct option *options(const struct mmd_driver *d)
{
#define ROW(name, has_arg, val) { name, has_arg, NULL, val },
    static const struct option fixed[] = { MMD_DRIVER_OPTIONS(ROW) };
#undef ROW
    size_t nfixed = sizeof fixed / sizeof fixed[0];
    struct option *all = calloc(nfixed + (size_t)d->nsizes + 1, sizeof *all);

    if (all == NULL) {
        mmc_error("out of memory");
        exit(MMC_EXIT_FAIL);
    }
    memcpy(all, fixed, sizeof fixed);
    for (int i = 0; i < d->nsizes; i++) {
        all[nfixed + (size_t)i].name = d->size[i].name;
        all[nfixed + (size_t)i].has_arg = required_argument;
        all[nfixed + (size_t)i].val = MMD_OPT_SIZE + i;
    }
    return all;
}

/* The flush size (mmtime's --flush-size and --probe-conf), the size that
 * evicts every level for --flush-sweep, and the peak. */
static void resolve(struct mmd_driver *d, const struct later *l)
{
    struct mmtm_machine m;

    mmtm_machine_load(&m, d->probe_conf);
    d->o.flush_bytes = mmtm_flush_size_resolve(&m, l->flush_size,
                                              d->flush_note,
                                              sizeof d->flush_note);
    if (m.kib[0] > 0 && m.kib[1] > 0 && m.kib[2] > 0)
        d->llc_flush_bytes = (size_t)(2 * 1024
                                      * (m.kib[0] + m.kib[1] + m.kib[2]));
    if (d->o.peak_mflops == 0)
        d->o.peak_mflops = m.peak_mflops;
}

void mmd_parse_args(struct mmd_driver *d, int argc, char **argv)
{
    struct option *all = options(d);
    struct later l = { NULL };
    int ch;

    mmc_set_progname(argv[0]);
    mmtm_timing_defaults(&d->o);
    d->align = d->misalign = -1;
    while ((ch = getopt_long(argc, argv, "c:f:s:D:h", all, NULL)) != -1) {
        if (ch == '?')
            mmc_usage_error("bad option (above)");
        option(d, &l, ch, optarg);
    }
    free(all);
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    if (d->hot && d->cold)
        mmc_usage_error("--hot and --cold both name the whole split; give "
                        "one of them");
    if (d->align > 0 && d->misalign >= d->align)
        mmc_usage_error("--misalign=%ld must be below --align=%ld",
                        d->misalign, d->align);
    resolve(d, &l);
}
