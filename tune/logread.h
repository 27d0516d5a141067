/* What search.log's writer (searchlog.c) takes from its reader
 * (logread.c): a resumed search reads the file it then appends to, and
 * each cand line it writes is kept as it would be read. */
#ifndef MMS_LOGREAD_H
#define MMS_LOGREAD_H

#include <stddef.h>

#include "tune/searchlog.h"

/* What a walk through a file does with what it reads. */
struct mms_log_reader {
    const char *want;            /* the head to compare with, or NULL */
    struct mms_log *lg;          /* keeps cand records and marks, or NULL */
    struct mms_log_head *head;   /* gets the head's values, or NULL */
    unsigned long head_seen;     /* bit i: head_keys[i] was read */
    mms_event_fn fn;             /* takes every event, or NULL */
    void *ctx;
    int lineno, in_head;
};

/* "path:lineno: " and the message into err; returns -1. */
int mms_log_failf(char *err, size_t errlen, const char *path, int lineno,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The whole file, NUL-terminated (its length in *len), or NULL. */
char *mms_log_slurp(const char *path, size_t *len);
/* Walk the file as rd says: the head, then events.  *good_len gets the
 * length of the whole lines (a torn last one is left out).  Returns the
 * cand lines, or -1 with "path:line: why" in err. */
int mms_log_read(const char *path, struct mms_log_reader *rd,
                 size_t *good_len, char *err, size_t errlen);
/* One event line (no newline): checked, handed to rd's fn and kept in
 * its lg.  Returns 0, or -1 with why. */
int mms_log_take_event(const struct mms_log_reader *rd, char *text,
                       char *why, size_t len);
/* The marks of the step, skip and chosen events a log holds ("type
 * name", and a chosen line's decision), so that a resumed search writes
 * each once; mms_log_mark: the mark of the event type with name and
 * fields text, as the reader makes it. */
int mms_log_has_mark(const struct mms_log *lg, const char *mark);
int mms_log_keep_mark(struct mms_log *lg, const char *mark);
void mms_log_mark(char mark[40], const char *type, const char *name,
                  const char *text);

#endif
