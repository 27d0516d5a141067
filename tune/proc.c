/* Child processes with deadlines (proc.h). */
#define _GNU_SOURCE
#include "tune/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "timer/mmtimer.h"

extern char **environ;

static double now(void)
{
    return mmt_clock_seconds(MMT_CLOCK_WALL);
}

int mms_spawn(struct mms_proc *pr, char *const argv[], const char *outpath,
              double timeout_s)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    int rc;

    pr->fd = -1;
    if ((rc = posix_spawn_file_actions_init(&fa)) != 0) {
        errno = rc;
        return -1;
    }
    posix_spawnattr_init(&attr);
    /* Its own group, so that the deadline kills cc1 and as as well. */
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, outpath,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    rc = posix_spawnp(&pr->pid, argv[0], &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    pr->deadline = now() + timeout_s;
    return 0;
}

static void kill_group(struct mms_proc *pr)
{
    kill(-pr->pid, SIGKILL);
    kill(pr->pid, SIGKILL);
}

int mms_proc_poll(struct mms_proc *pr, int *status, int *timed_out)
{
    pid_t got = waitpid(pr->pid, status, WNOHANG);

    *timed_out = 0;
    if (got == pr->pid)
        return 1;
    if (got < 0 && errno != EINTR) {
        *status = 0;
        return 1;
    }
    if (now() < pr->deadline)
        return 0;
    kill_group(pr);
    while (waitpid(pr->pid, status, 0) < 0 && errno == EINTR)
        ;
    *timed_out = 1;
    return 1;
}

/* Read the child's report until EOF or the deadline.  1 at EOF. */
static int collect(struct mms_proc *pr, char *out, size_t len)
{
    size_t used = 0;

    for (;;) {
        double left = pr->deadline - now();
        struct pollfd pfd = { pr->fd, POLLIN, 0 };
        char scrap[256];
        ssize_t n;
        int ready;

        if (left <= 0)
            return 0;
        ready = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return ready < 0 ? 1 : 0;
        if (used + 1 < len)
            n = read(pr->fd, out + used, len - 1 - used);
        else
            n = read(pr->fd, scrap, sizeof scrap);   /* drain, drop */
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 1;
        if (used + 1 < len)
            used += (size_t)n;
        out[used] = '\0';
    }
}

int mms_fork_report(void (*fn)(void *arg, int fd), void *arg,
                    double timeout_s, char *out, size_t len, int *status,
                    int *timed_out)
{
    struct mms_proc pr;
    int fds[2];

    out[0] = '\0';
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);   /* nothing buffered is written twice */
    pr.pid = fork();
    if (pr.pid < 0) {
        close(fds[0]), close(fds[1]);
        return -1;
    }
    if (pr.pid == 0) {
        /* A crash must kill the child: no handler of the parent's (a test
         * harness has some) may catch it and carry on. */
        static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                     SIGABRT };
        struct rlimit no_core = { 0, 0 };
        for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
            signal(fatal[i], SIG_DFL);
        setrlimit(RLIMIT_CORE, &no_core);   /* a crash is a verdict */
        setpgid(0, 0);
        close(fds[0]);
        fn(arg, fds[1]);
        _exit(0);
    }
    setpgid(pr.pid, pr.pid);   /* either side may win the race */
    close(fds[1]);
    pr.fd = fds[0];
    pr.deadline = now() + timeout_s;
    *timed_out = !collect(&pr, out, len);
    close(pr.fd);
    if (*timed_out)
        kill_group(&pr);
    while (waitpid(pr.pid, status, 0) < 0 && errno == EINTR)
        ;
    return 0;
}

void mms_status_text(int status, char *buf, size_t len)
{
    if (WIFSIGNALED(status))
        snprintf(buf, len, "signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status))
        snprintf(buf, len, "exit %d", WEXITSTATUS(status));
    else
        snprintf(buf, len, "wait status %#x", status);
}
