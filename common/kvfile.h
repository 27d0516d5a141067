/* KEY = value files (probe.conf, params.conf): one key per line, '#'
 * comments, no sections.  Reading is all-or-nothing against a schema: an
 * unknown key, a bad or out-of-range value, a duplicate, a missing required
 * key or a truncated file is an error naming file:line.  Writing is atomic. */
#ifndef MMC_KVFILE_H
#define MMC_KVFILE_H

#include <stddef.h>
#include <stdio.h>

#include "common/atomicfile.h"

enum kv_type { KV_INT, KV_REAL, KV_BOOL, KV_WORD };

struct kv_field {
    const char *key;
    enum kv_type type;
    double min, max;   /* inclusive range for KV_INT and KV_REAL */
    int required;
};

#define KV_WORD_MAX 160

struct kv_value {
    int set;           /* seen in the file */
    int line;          /* where */
    long i;            /* KV_INT, KV_BOOL (0/1) */
    double r;          /* KV_REAL (and KV_INT, converted) */
    char word[KV_WORD_MAX];  /* KV_WORD: the text, comment stripped */
};

/* Fill values[i] for fields[i].  Returns 0, or -1 with "path:line: why"
 * (or "path: why") in err. */
int kv_read(const char *path, const struct kv_field *fields, size_t nfields,
            struct kv_value *values, char *err, size_t errlen);

/* Index of key in fields, or -1. */
int kv_find(const struct kv_field *fields, size_t nfields, const char *key);

struct kv_writer {
    struct mmc_atomic_file file;
};

/* Begin writing path (through a temporary).  Returns 0 or -1 with errno. */
int kv_begin(struct kv_writer *w, const char *path);
void kv_comment(struct kv_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "KEY = value  # note"; note may be NULL. */
void kv_put(struct kv_writer *w, const char *key, const char *note,
            const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Rename into place.  Returns 0 or -1 with errno (nothing replaced). */
int kv_commit(struct kv_writer *w);
void kv_discard(struct kv_writer *w);

#endif
