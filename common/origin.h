/* The head every file mmtune writes for itself to read back (probe.conf,
 * params.conf, search.log): its format version and who wrote it -- the
 * mmtune version, host, CPU and kernel compiler (docs/DESIGN.md; FFTW's
 * wisdom signature).  A reader refuses another FORMAT before it reads a
 * single value, so a foreign file is named as foreign, not as a list of
 * unknown keys. */
#ifndef MMC_ORIGIN_H
#define MMC_ORIGIN_H

#include <stddef.h>

#include "common/kvfile.h"

enum {
    MMC_O_FORMAT, MMC_O_WRITTEN_BY, MMC_O_HOST, MMC_O_CPU, MMC_O_KERNEL_CC,
    MMC_O_KERNEL_CFLAGS, MMC_O_NFIELDS
};

struct mmc_origin {
    int format;
    char written_by[KV_WORD_MAX];   /* "mmtune 0.1.0 mmprobe" */
    char host[KV_WORD_MAX];
    char cpu[KV_WORD_MAX];          /* /proc/cpuinfo's model name */
    char kernel_cc[KV_WORD_MAX];
    char kernel_cflags[KV_WORD_MAX];
};

/* This build on this machine, for a file of the given format written by
 * program. */
void mmc_origin_here(struct mmc_origin *o, int format, const char *program);

/* Write the head as KEY = value lines. */
void mmc_origin_put(struct kv_writer *w, const struct mmc_origin *o);

/* The head's schema rows, to put in front of a file's own
 * (MMC_O_NFIELDS of them, all required); and the values read back. */
void mmc_origin_fields(struct kv_field *fields);
void mmc_origin_get(struct mmc_origin *o, const struct kv_value *values);

/* Before reading path as a file of this format: its first key must be
 * FORMAT and equal format.  Returns 0, or -1 with "path:line: why" in
 * err (what says what the file should be: "probe.conf"; older, when not
 * NULL, the remedy for a file of an older format, which the reader
 * knows: "rerun make tune ..."). */
int mmc_origin_check_format(const char *path, const char *what, int format,
                            const char *older, char *err, size_t errlen);

/* 1 when path's first KEY = value line is FORMAT (a file with this head,
 * like params.conf, rather than a bare list of keys), else 0. */
int mmc_origin_has_head(const char *path);

#endif
