#include "common/atomicfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A new temporary beside path, created 0666 so that the kernel applies
 * the umask: a results file is read like any other file the user
 * creates.  (mkstemp's 0600 needed a chmod by the umask, which only
 * umask(0) could tell: for that moment every thread of the process --
 * the profiler's host -- created files world-writable.) */
static int create_temporary(char *tmppath, size_t len, const char *path)
{
    static unsigned seq;
    int fd = -1;

    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(tmppath, len, "%s.tmp.%ld.%u", path, (long)getpid(),
                 __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED));
        fd = open(tmppath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    return fd;
}

static void release(struct mmc_atomic_file *af)
{
    free(af->path);
    free(af->tmppath);
    af->path = af->tmppath = NULL;
    af->fp = NULL;
}

FILE *mmc_atomic_open(struct mmc_atomic_file *af, const char *path)
{
    size_t len = strlen(path) + 48;
    int fd;

    af->fp = NULL;
    af->path = strdup(path);
    af->tmppath = malloc(len);
    if (!af->path || !af->tmppath) {
        release(af);
        errno = ENOMEM;
        return NULL;
    }
    fd = create_temporary(af->tmppath, len, path);
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

int mmc_atomic_commit(struct mmc_atomic_file *af)
{
    int failed = 0, e = 0;

    if (fflush(af->fp) != 0 || ferror(af->fp) || fsync(fileno(af->fp)) != 0)
        failed = 1, e = errno ? errno : EIO;
    if (fclose(af->fp) != 0 && !failed)
        failed = 1, e = errno;
    if (!failed && rename(af->tmppath, af->path) != 0)
        failed = 1, e = errno;
    if (failed)
        unlink(af->tmppath);
    release(af);
    errno = e;
    return failed ? -1 : 0;
}

void mmc_atomic_discard(struct mmc_atomic_file *af)
{
    if (af->fp)
        fclose(af->fp);
    if (af->tmppath)
        unlink(af->tmppath);
    release(af);
}
