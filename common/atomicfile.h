/* Files that appear whole or not at all: written to a temporary beside the
 * target, flushed to disk and renamed into place (docs/DESIGN.md). */
#ifndef MMC_ATOMICFILE_H
#define MMC_ATOMICFILE_H

#include <stdio.h>

struct mmc_atomic_file {
    FILE *fp;
    char *path;     /* the target */
    char *tmppath;  /* where the bytes go until commit */
};

/* Returns the stream to write, or NULL with errno set. */
FILE *mmc_atomic_open(struct mmc_atomic_file *af, const char *path);
/* Flush, fsync, rename. 0 on success, -1 with errno set (temp removed). */
int mmc_atomic_commit(struct mmc_atomic_file *af);
/* Drop the temporary; the target is left as it was. */
void mmc_atomic_discard(struct mmc_atomic_file *af);

#endif
