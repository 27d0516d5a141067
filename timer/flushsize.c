/* Flush size for mmtime: a number of KiB or a cache level. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/common.h"
#include "timer/mmtimer.h"

static void load_sysfs(struct mmtm_machine *m)
{
    /* mmtm_flush_bytes_for_level(L) is 2 x the sum up to L: undo both. */
    size_t prev = 0;

    for (int level = 1; level <= 3; level++) {
        size_t b = mmtm_flush_bytes_for_level(level) / 2;
        m->kib[level - 1] = b > prev ? (double)(b - prev) / 1024 : 0;
        prev = b;
    }
    snprintf(m->source, sizeof m->source,
             "sysfs " MMC_SYSFS_CPU "/cpu0/cache (no probe.conf)");
}

void mmtm_machine_load(struct mmtm_machine *m, const char *probe_conf)
{
    char path[300], err[512];
    struct mmc_probeconf pc;

    memset(m, 0, sizeof *m);
    if (probe_conf == NULL) {
        if (mmc_results_file(path, sizeof path, "probe.conf") < 0 ||
            access(path, R_OK) != 0) {
            load_sysfs(m);
            return;
        }
        probe_conf = path;
    }
    if (mmc_probeconf_read(probe_conf, &pc, err, sizeof err) != 0) {
        if (probe_conf != path)
            mmc_usage_error("--probe-conf: %s", err);
        mmc_warn("%s; using sysfs instead", err);
        load_sysfs(m);
        return;
    }
    /* The nominal sizes, not the effective ones (L2_EFF_KIB, LLC_EFF_KIB):
     * a flush must evict whatever the hardware can still hold, and the
     * effective size is only what a random walk keeps under page
     * placement and other tenants' load (about 0.8x for the L2 here) --
     * sized on it, a flush would leave an operand's tail in cache. */
    m->from_probe = 1;
    m->kib[0] = pc.l1d_kib;
    m->kib[1] = pc.l2_kib;
    m->kib[2] = pc.llc_kib;
    m->peak_mflops = pc.peak_mflops;
    snprintf(m->source, sizeof m->source, "%s", probe_conf);
}

static int level_of(const char *text)
{
    static const char *const names[] = { "L1", "L2", "LLC" };

    for (int i = 0; i < 3; i++)
        if (strcasecmp(text, names[i]) == 0)
            return i + 1;
    if (strcasecmp(text, "L3") == 0)
        return 3;
    return 0;
}

size_t mmtm_flush_size_resolve(const struct mmtm_machine *m, const char *text,
                              char *note, size_t len)
{
    int level;
    double kib = 0;

    if (text == NULL) {
        snprintf(note, len, "default: max(2 x private caches, 4 MiB)");
        return mmtm_flush_default_bytes();
    }
    level = level_of(text);
    if (level == 0) {
        long v = mmc_parse_long("--flush-size (KiB, or L1, L2, LLC)", text,
                                1, 64L << 20);
        snprintf(note, len, "%ld KiB as given", v);
        return (size_t)v << 10;
    }
    /* Twice the caches up to the level: they need not be inclusive, and
     * replacement is seldom true LRU (paper 000 §3). */
    for (int i = 0; i < level; i++)
        kib += m->kib[i];
    if (!(kib > 0))
        mmc_usage_error("--flush-size=%s: the cache sizes are unknown here "
                        "(%s); give a size in KiB", text, m->source);
    snprintf(note, len, "%s: 2 x %.0f KiB of caches up to it, from %s",
             text, kib, m->source);
    return (size_t)(2 * kib * 1024);
}
