/* Child processes with deadlines (proc.h). */
#define _GNU_SOURCE
#include "common/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/* The children running, by pid (each its own process group), for the
 * signal handler to kill: written with SIGINT and SIGTERM blocked. */
enum { TRACK_MAX = 256 };
static volatile pid_t tracked[TRACK_MAX];
static volatile sig_atomic_t stop_signal;

/* The descriptors no child may keep (mmc_proc_private), -1 for none. */
enum { PRIVATE_MAX = 8 };
static int private_fd[PRIVATE_MAX] = { -1, -1, -1, -1, -1, -1, -1, -1 };

/* The monotonic clock, read here (common/ is below the timer room). */
static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void kill_pid_group(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

/* Async-signal-safe: a flag and kill(2) only; the rest is
 * mmc_proc_check's, outside the handler (exit and waitpid loops are not
 * for a handler interrupting malloc or a log line). */
static void on_stop(int sig)
{
    int saved = errno;

    stop_signal = sig;
    for (int i = 0; i < TRACK_MAX; i++)
        if (tracked[i] > 0)
            kill_pid_group(tracked[i]);
    errno = saved;
}

void mmc_proc_setup(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &sa, NULL);
    /* past a file size limit a write fails (EFBIG), and the log is cut
     * back to its last whole line, rather than the tool killed mid-line */
    sa.sa_handler = SIG_IGN;
    sigaction(SIGXFSZ, &sa, NULL);
    /* restarted: a read of the log cut short would look like its end */
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void block_stop(sigset_t *old)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void track(pid_t pid, pid_t was)
{
    sigset_t old;

    block_stop(&old);
    for (int i = 0; i < TRACK_MAX; i++)
        if (tracked[i] == was) {
            tracked[i] = pid;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* waitpid(pid, status, 0) through EINTR; MMC_STATUS_LOST when it fails. */
static void reap(pid_t pid, int *status)
{
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR) {
            *status = MMC_STATUS_LOST;
            break;
        }
    track(0, pid);
}

void mmc_proc_check(void)
{
    int sig = stop_signal, status;

    if (!sig)
        return;
    for (int i = 0; i < TRACK_MAX; i++) {
        pid_t pid = tracked[i];
        if (pid > 0) {
            kill_pid_group(pid);
            reap(pid, &status);
        }
    }
    exit(128 + sig);
}

void mmc_proc_private(int fd, int on)
{
    for (int i = 0; i < PRIVATE_MAX; i++)
        if (on ? private_fd[i] < 0 : private_fd[i] == fd) {
            private_fd[i] = on ? fd : -1;
            return;
        }
}

/* In a child just forked (stop signals blocked; old, the mask before):
 * the parent's private descriptors closed first (before anything can
 * stop it), its own group, the parent's handlers gone, dead with its
 * parent. */
static void child_setup(pid_t parent, const sigset_t *old)
{
    for (int i = 0; i < PRIVATE_MAX; i++)
        if (private_fd[i] >= 0)
            close(private_fd[i]);
    stop_signal = 0;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    sigprocmask(SIG_SETMASK, old, NULL);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)    /* it died before the prctl */
        _exit(127);
}

/* fork, the child set up (child_setup) and tracked; in the child, 0
 * with the stop signals' mask restored. */
static pid_t fork_tracked(void)
{
    pid_t parent = getpid(), pid;
    sigset_t old;

    fflush(NULL);   /* nothing buffered is written twice */
    block_stop(&old);
    pid = fork();
    if (pid == 0) {
        child_setup(parent, &old);
        return 0;
    }
    if (pid > 0) {
        setpgid(pid, pid);   /* either side may win the race */
        track(pid, 0);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return pid;
}

/* The child of mmc_spawn: stdin /dev/null, stdout and stderr outpath;
 * exec's errno written to fd when it fails. */
static void exec_child(char *const argv[], const char *outpath, int fd)
{
    int in = open("/dev/null", O_RDONLY),
        out = open(outpath, O_WRONLY | O_CREAT | O_TRUNC, 0644), err;

    if (in >= 0 && out >= 0 && dup2(in, 0) == 0 && dup2(out, 1) == 1
        && dup2(out, 2) == 2) {
        if (in > 2)
            close(in);
        if (out > 2)
            close(out);
        execvp(argv[0], argv);
    }
    err = errno;
    (void)!write(fd, &err, sizeof err);   /* nothing to do if it fails */
    _exit(127);
}

/* The guard's death signal: its parent is gone, and so must be the
 * whole group, the guard with it (async-signal-safe: kill(2) only). */
static void guard_stop(int sig)
{
    (void)sig;
    kill(0, SIGKILL);
}

/* The child of mmc_spawn, which stays as the guard of its process group:
 * PR_SET_PDEATHSIG reaches only the process that set it, and a compiler
 * is a tree (gcc runs cc1, as, collect2 and ld) whose leaves would
 * outlive a search killed by SIGKILL.  So the guard starts the program
 * in its group, waits for it and ends as it ended (its exit status, or
 * its signal raised again); when the guard's parent dies first, its
 * death signal (SIGTERM) kills the group, every descendant in it. */
static void guard(pid_t parent, char *const argv[], const char *outpath,
                  int fd)
{
    struct sigaction sa;
    struct rlimit no_core = { 0, 0 };
    int status, err;
    pid_t pid;

    if (getpgrp() != getpid())   /* kill(0) would reach the search's */
        _exit(127);
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = guard_stop;
    sigaction(SIGTERM, &sa, NULL);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)   /* it died before the prctl */
        kill(0, SIGKILL);
    pid = fork();
    if (pid == 0) {
        signal(SIGTERM, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* the guard killed alone */
        exec_child(argv, outpath, fd);
    }
    if (pid < 0) {
        err = errno;
        (void)!write(fd, &err, sizeof err);   /* as exec_child's */
        _exit(127);
    }
    close(fd);   /* the program's exec closes the last: EOF */
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            _exit(127);
    if (WIFSIGNALED(status)) {
        sigset_t all;
        setrlimit(RLIMIT_CORE, &no_core);   /* not a copy of the search */
        signal(WTERMSIG(status), SIG_DFL);
        sigfillset(&all);
        sigprocmask(SIG_UNBLOCK, &all, NULL);
        raise(WTERMSIG(status));
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

int mmc_spawn(struct mmc_proc *pr, char *const argv[], const char *outpath,
              double timeout_s)
{
    pid_t parent = getpid();
    int fds[2], err = 0, status;
    ssize_t n;

    mmc_proc_check();
    pr->fd = -1;
    /* closed by a successful exec: EOF; else the child's errno */
    if (pipe2(fds, O_CLOEXEC) != 0)
        return -1;
    pr->pid = fork_tracked();
    if (pr->pid == 0)
        guard(parent, argv, outpath, fds[1]);
    close(fds[1]);
    if (pr->pid < 0) {
        close(fds[0]);
        return -1;
    }
    while ((n = read(fds[0], &err, sizeof err)) < 0 && errno == EINTR)
        ;
    close(fds[0]);
    if (n == (ssize_t)sizeof err) {
        reap(pr->pid, &status);
        errno = err;
        return -1;
    }
    pr->deadline = now() + timeout_s;
    return 0;
}

static void kill_group(struct mmc_proc *pr)
{
    kill_pid_group(pr->pid);
}

int mmc_proc_poll(struct mmc_proc *pr, int *status, int *timed_out)
{
    pid_t got;

    mmc_proc_check();
    got = waitpid(pr->pid, status, WNOHANG);
    *timed_out = 0;
    if (got == pr->pid) {
        track(0, pr->pid);
        return 1;
    }
    if (got < 0 && errno != EINTR) {   /* lost: never a success */
        *status = MMC_STATUS_LOST;
        track(0, pr->pid);
        return 1;
    }
    if (now() < pr->deadline)
        return 0;
    kill_group(pr);
    reap(pr->pid, status);
    *timed_out = 1;
    return 1;
}

void mmc_proc_wait(struct mmc_proc *pr, int *status, int *timed_out)
{
    const struct timespec tick = { 0, 5000000 };

    while (!mmc_proc_poll(pr, status, timed_out))
        nanosleep(&tick, NULL);
}

/* Read the child's report until EOF or the deadline.  1 at EOF. */
static int collect(struct mmc_proc *pr, char *out, size_t len)
{
    size_t used = 0;

    for (;;) {
        double left;
        mmc_proc_check();
        left = pr->deadline - now();
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

/* Lower limit res to cur (soft) and max (hard), never raising either
 * (RLIM_INFINITY is the largest value): a caller's own lower limit is
 * kept. */
static void lower_limit(int res, rlim_t cur, rlim_t max)
{
    struct rlimit r;

    if (getrlimit(res, &r) != 0)
        return;
    r.rlim_max = r.rlim_max < max ? r.rlim_max : max;
    r.rlim_cur = r.rlim_cur < cur ? r.rlim_cur : cur;
    r.rlim_cur = r.rlim_cur < r.rlim_max ? r.rlim_cur : r.rlim_max;
    setrlimit(res, &r);
}

/* The bytes of address space this process maps (/proc/self/statm's
 * first field), 0 when it cannot be read.  No stdio: a forked child. */
static size_t mapped_bytes(void)
{
    char buf[64];
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
    unsigned long long pages = 0;

    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    for (char *c = buf; *c >= '0' && *c <= '9'; c++)
        pages = pages * 10 + (unsigned long long)(*c - '0');
    return (size_t)(pages * (unsigned long long)sysconf(_SC_PAGESIZE));
}

/* A candidate's limits, so that a runaway is a verdict: CPU time of the
 * timeout, rounded up (past it SIGXCPU, a second later SIGKILL) -- the
 * deadline the kernel keeps when the parent cannot (a Ctrl-Z stops the
 * search, not its children, each in a group of its own); and address
 * space of what the process maps now and mem_bytes more (an ASan
 * build's shadow is mapped already, and so counted). */
static void limit_child(double timeout_s, size_t mem_bytes)
{
    rlim_t cpu = (rlim_t)timeout_s + 1;   /* whole seconds, rounded up */
    size_t have = mapped_bytes();

    lower_limit(RLIMIT_CPU, cpu, cpu + 1);
    if (mem_bytes && have)
        lower_limit(RLIMIT_AS, (rlim_t)(have + mem_bytes),
                    (rlim_t)(have + mem_bytes));
}

int mmc_fork_report(void (*fn)(void *arg, int fd), void *arg,
                    double timeout_s, size_t mem_bytes, char *out,
                    size_t len, int *status, int *timed_out)
{
    struct mmc_proc pr;
    int fds[2];

    out[0] = '\0';
    mmc_proc_check();
    if (pipe2(fds, O_CLOEXEC) != 0)
        return -1;
    pr.pid = fork_tracked();
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
        limit_child(timeout_s, mem_bytes);
        close(fds[0]);
        fn(arg, fds[1]);
        _exit(0);
    }
    close(fds[1]);
    pr.fd = fds[0];
    pr.deadline = now() + timeout_s;
    *timed_out = !collect(&pr, out, len);
    close(pr.fd);
    if (*timed_out)
        kill_group(&pr);
    reap(pr.pid, status);
    mmc_proc_check();
    return 0;
}

void mmc_status_text(int status, char *buf, size_t len)
{
    if (status == MMC_STATUS_LOST)
        snprintf(buf, len, "no wait status (waitpid failed)");
    else if (WIFSIGNALED(status))
        snprintf(buf, len, "signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status))
        snprintf(buf, len, "exit %d", WEXITSTATUS(status));
    else
        snprintf(buf, len, "wait status %#x", status);
}
