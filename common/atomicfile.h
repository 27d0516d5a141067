/* Files that appear whole or not at all: written to a temporary beside the
 * target, flushed to disk and renamed into place (docs/DESIGN.md). */
#ifndef MMT_ATOMICFILE_H
#define MMT_ATOMICFILE_H

#include <stdio.h>

struct mmt_atomic_file {
    FILE *fp;
    char *path;     /* the target */
    char *tmppath;  /* where the bytes go until commit */
};

/* Returns the stream to write, or NULL with errno set. */
FILE *mmt_atomic_open(struct mmt_atomic_file *af, const char *path);
/* Flush, fsync, rename. 0 on success, -1 with errno set (temp removed). */
int mmt_atomic_commit(struct mmt_atomic_file *af);
/* Drop the temporary; the target is left as it was. */
void mmt_atomic_discard(struct mmt_atomic_file *af);

#endif
