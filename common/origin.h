/* The head every file mmtune writes for itself to read back (probe.conf,
 * params.conf, search.log): its format version and who wrote it -- the
 * mmtune version, host, CPU and kernel compiler (docs/DESIGN.md; FFTW's
 * wisdom signature).  A reader refuses another FORMAT before it reads a
 * single value, so a foreign file is named as foreign, not as a list of
 * unknown keys. */
#ifndef MMT_ORIGIN_H
#define MMT_ORIGIN_H

#include <stddef.h>

#include "common/kvfile.h"

enum {
    MMT_O_FORMAT, MMT_O_WRITTEN_BY, MMT_O_HOST, MMT_O_CPU, MMT_O_KERNEL_CC,
    MMT_O_KERNEL_CFLAGS, MMT_O_NFIELDS
};

struct mmt_origin {
    int format;
    char written_by[KV_WORD_MAX];   /* "mmtune 0.1.0 mmprobe" */
    char host[KV_WORD_MAX];
    char cpu[KV_WORD_MAX];          /* /proc/cpuinfo's model name */
    char kernel_cc[KV_WORD_MAX];
    char kernel_cflags[KV_WORD_MAX];
};

/* This build on this machine, for a file of the given format written by
 * program. */
void mmt_origin_here(struct mmt_origin *o, int format, const char *program);

/* Write the head as KEY = value lines. */
void mmt_origin_put(struct kv_writer *w, const struct mmt_origin *o);

/* The head's schema rows, to put in front of a file's own
 * (MMT_O_NFIELDS of them, all required); and the values read back. */
void mmt_origin_fields(struct kv_field *fields);
void mmt_origin_get(struct mmt_origin *o, const struct kv_value *values);

/* Before reading path as a file of this format: its first key must be
 * FORMAT and equal format.  Returns 0, or -1 with "path:line: why" in
 * err (what says what the file should be: "probe.conf"; older, when not
 * NULL, the remedy for a file of an older format, which the reader
 * knows: "rerun make tune ..."). */
int mmt_origin_check_format(const char *path, const char *what, int format,
                            const char *older, char *err, size_t errlen);

/* 1 when path's first KEY = value line is FORMAT (a file with this head,
 * like params.conf, rather than a bare list of keys), else 0. */
int mmt_origin_has_head(const char *path);

#endif
