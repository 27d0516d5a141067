/* --flush-sweep: one timing per flush size, from no flush (operands
 * warm) to a flush that evicts every cache level -- paper 000's two
 * extremes and the curve between them (paper 001 Fig. 10). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "drivergen/rt.h"
#include "timer/mmtimer.h"

#define MAXSTEPS 32

/* Flush bytes per step; 0 is no flush. */
struct steps {
    int n;
    size_t bytes[MAXSTEPS];
};

/* none, 16 KiB, 64 KiB, ... (x 4) up to the size that evicts every level
 * (or the flush size, when the caches are unknown). */
static void ladder(const struct mmd_driver *d, struct steps *s)
{
    size_t top = d->llc_flush_bytes > d->o.flush_bytes ? d->llc_flush_bytes
                                                       : d->o.flush_bytes;

    s->n = 0;
    s->bytes[s->n++] = 0;
    for (size_t b = 16 << 10; b < top && s->n < MAXSTEPS - 1; b *= 4)
        s->bytes[s->n++] = b;
    s->bytes[s->n++] = top;
}

/* LIST: 'none' and --flush-size values (KiB, L1, L2, LLC). */
static void from_list(const struct mmd_driver *d, const char *list,
                      struct steps *s)
{
    struct mmtm_machine m;
    char item[64], note[320];

    mmtm_machine_load(&m, d->probe_conf);
    s->n = 0;
    for (const char *p = list; ; p++) {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof item || s->n == MAXSTEPS)
            mmc_usage_error("--flush-sweep=%s: expected up to %d of 'none', "
                            "KiB, L1, L2, LLC, comma-separated", list,
                            MAXSTEPS);
        snprintf(item, sizeof item, "%.*s", (int)n, p);
        s->bytes[s->n++] = strcmp(item, "none") == 0 ? 0
            : mmtm_flush_size_resolve(&m, item, note, sizeof note);
        p += n;
        if (*p == '\0')
            break;
    }
}

static int step(const struct mmd_driver *d, const struct mmtm_kernel *k,
                size_t bytes, char *how, size_t len)
{
    struct mmtm_timing_opts o = d->o;
    struct mmtm_timing r;

    o.flush = bytes == 0 ? MMTM_FLUSH_NONE : d->o.flush == MMTM_FLUSH_NONE
              ? MMTM_FLUSH_MULTICALL_LRU : d->o.flush;
    o.flush_bytes = bytes;
    if (mmtm_time_kernel(k, &o, &r) != 0) {
        mmc_error("%s", r.how);
        return MMC_EXIT_FAIL;
    }
    printf("%-14s %8zu %6d %10.1f %12.4g %6.1f%%\n", mmtm_flush_name(o.flush),
           bytes >> 10, r.nsets, r.mflops, r.seconds * 1e6,
           r.spread * 100);
    fflush(stdout);
    snprintf(how, len, "%s", r.how);
    return MMC_EXIT_OK;
}

int mmd_sweep(struct mmd_driver *d, const struct mmtm_kernel *k)
{
    static char how[MAXSTEPS][320];
    struct steps s;
    char sizes[256];

    if (d->sweep[0])
        from_list(d, d->sweep, &s);
    else
        ladder(d, &s);
    mmd_sizes_text(d, sizes, sizeof sizes);
    printf("%s %s: MFLOPS from warm to cold over flush sizes "
           "(flops per call %.9g)\n", d->routine, sizes, d->flops);
    printf("%-14s %8s %6s %10s %12s %7s\n", "flush", "KiB", "sets",
           "MFLOPS", "per call us", "spread");
    for (int i = 0; i < s.n; i++)
        if (step(d, k, s.bytes[i], how[i], sizeof how[i]) != 0)
            return MMC_EXIT_FAIL;
    for (int i = 0; i < s.n; i++)
        printf("  timed: %s\n", how[i]);
    return MMC_EXIT_OK;
}
