/* Work directories of dead searches (workdir.h). */
#define _GNU_SOURCE
#include "tune/workdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tune/candidate.h"

/* A record lock (fcntl), not flock: the kernel drops it when its process
 * dies, and the forks that time candidates do not inherit it, so a
 * candidate still dying of its parent's death (PR_SET_PDEATHSIG) never
 * makes a dead search's directory look in use. */
static int lock_whole(int fd)
{
    struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

    return fcntl(fd, F_SETLK, &l);
}

#define LOCK_NAME ".in-use"

int mms_workdir_claim(const char *dir)
{
    char tmp[4096], path[4096];
    int fd;

    /* locked under another name, then renamed: a sweep never finds the
     * lock file unlocked while its search lives */
    if (snprintf(tmp, sizeof tmp, "%s/%s.new", dir, LOCK_NAME)
            >= (int)sizeof tmp
        || snprintf(path, sizeof path, "%s/%s", dir, LOCK_NAME)
            >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    if (lock_whole(fd) != 0 || rename(tmp, path) != 0) {
        int err = errno;
        close(fd);
        unlink(tmp);
        errno = err;
        return -1;
    }
    return 0;   /* fd stays open: the lock lasts as long as the process */
}

/* 1 when name, in parent, is a work directory of this user whose lock
 * this process could take: its search is dead. */
static int dead_search(int parent, const char *name)
{
    struct stat st;
    char path[512];
    int fd, dead;

    if (strncmp(name, "mmsearch.", 9) != 0 || strlen(name) != 15
        || fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0
        || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
        return 0;
    snprintf(path, sizeof path, "%s/%s", name, LOCK_NAME);
    fd = openat(parent, path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return 0;
    dead = lock_whole(fd) == 0;
    close(fd);   /* and the lock with it */
    return dead;
}

int mms_workdir_sweep(const char *parent)
{
    DIR *d = opendir(parent);
    struct dirent *e;
    char path[4096];
    int removed = 0;

    while (d && (e = readdir(d)) != NULL)
        if (dead_search(dirfd(d), e->d_name)
            && snprintf(path, sizeof path, "%s/%s", parent, e->d_name)
               < (int)sizeof path) {
            mms_workdir_remove(path);
            removed++;
        }
    if (d)
        closedir(d);
    return removed;
}
