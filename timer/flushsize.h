/* mmtime's view of the machine: cache sizes and peak from mmprobe's
 * probe.conf (read through common/, never probe/) when there is one, else
 * sysfs.  Lives with the command, not in libmmtimer, which reads no
 * files. */
#ifndef MMT_TIMER_FLUSHSIZE_H
#define MMT_TIMER_FLUSHSIZE_H

#include <stddef.h>

struct mmt_machine {
    int from_probe;          /* 1: the numbers below come from probe.conf */
    char source[320];        /* where they come from, for the notes */
    double kib[3];           /* L1d, L2, LLC, nominal (0: unknown) */
    double peak_mflops;      /* 0: unknown */
};

/* Read probe_conf (NULL: results/<host>/probe.conf if it exists).  A file
 * named explicitly that cannot be read is a usage error (exit 2); the
 * default one only warns.  Falls back to sysfs. */
void mmt_machine_load(struct mmt_machine *m, const char *probe_conf);

/* Bytes for --flush-size=TEXT: KiB, or L1/L2/LLC meaning twice the caches
 * up to that level; NULL: the library default.  Bad text exits 2.  note
 * says where the size came from. */
size_t mmt_flush_size_resolve(const struct mmt_machine *m, const char *text,
                              char *note, size_t len);

#endif
