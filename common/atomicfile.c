#include "common/atomicfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkstemp creates 0600; a results file is meant to be read like any other
 * file the user creates, so give it the mode umask allows. */
static int chmod_like_umask(const char *path)
{
    mode_t mask = umask(0);
    umask(mask);
    return chmod(path, 0666 & ~mask);
}

static void release(struct mmt_atomic_file *af)
{
    free(af->path);
    free(af->tmppath);
    af->path = af->tmppath = NULL;
    af->fp = NULL;
}

FILE *mmt_atomic_open(struct mmt_atomic_file *af, const char *path)
{
    size_t len = strlen(path) + 32;
    int fd;

    af->fp = NULL;
    af->path = strdup(path);
    af->tmppath = malloc(len);
    if (!af->path || !af->tmppath) {
        release(af);
        errno = ENOMEM;
        return NULL;
    }
    snprintf(af->tmppath, len, "%s.tmp.XXXXXX", path);
    fd = mkstemp(af->tmppath);
    if (fd < 0) {
        int e = errno;
        release(af);
        errno = e;
        return NULL;
    }
    af->fp = fdopen(fd, "w");
    if (!af->fp) {
        int e = errno;
        close(fd);
        unlink(af->tmppath);
        release(af);
        errno = e;
    }
    return af->fp;
}

int mmt_atomic_commit(struct mmt_atomic_file *af)
{
    int failed = 0, e = 0;

    if (fflush(af->fp) != 0 || ferror(af->fp) || fsync(fileno(af->fp)) != 0)
        failed = 1, e = errno ? errno : EIO;
    if (fclose(af->fp) != 0 && !failed)
        failed = 1, e = errno;
    if (!failed && chmod_like_umask(af->tmppath) != 0)
        failed = 1, e = errno;
    if (!failed && rename(af->tmppath, af->path) != 0)
        failed = 1, e = errno;
    if (failed)
        unlink(af->tmppath);
    release(af);
    errno = e;
    return failed ? -1 : 0;
}

void mmt_atomic_discard(struct mmt_atomic_file *af)
{
    if (af->fp)
        fclose(af->fp);
    if (af->tmppath)
        unlink(af->tmppath);
    release(af);
}
