/* A fault injector preloaded (LD_PRELOAD) into mmsearch by
 * tests/tune/regtest_faults.sh: it counts the search's forks and its
 * writes to search.log and, at the one it is told, sends mmsearch a
 * signal -- so that a kill lands at a chosen point of the run (inside a
 * compile batch, while a candidate is timed, in the middle of a line of
 * the log, between two steps) and the same point again on every run,
 * which a kill from outside at a time cannot do.
 *
 * MMT_FAULT_TRACE=FILE  each event appended to FILE, one line each:
 *                       "start PID" (mmsearch's own), "fork N PID",
 *                       "exec N PROGRAM" (from the child that execs),
 *                       "write N WORD" (the line's first word), "fire
 *                       EVENT N SIGNAL" just before the signal
 * MMT_FAULT_LOG=FILE    the search.log whose writes are counted
 * MMT_FAULT_AT=fork:N | write:N | half:N
 *                       the event the signal follows: the Nth fork (the
 *                       child started), the Nth line written, or the
 *                       Nth line half written (the rest never is)
 * MMT_FAULT_SIG=KILL | INT | TERM | 0   the signal (0: none, a pause)
 * MMT_FAULT_DELAY_MS=D  wait D ms first (a compiler under way)
 * MMT_FAULT_LINGER=1    the child of the fork the signal follows
 *                       outlives mmsearch: its PR_SET_PDEATHSIG is
 *                       dropped and its _exit never returns -- a child
 *                       slow to die (unmapping gigabytes), which the
 *                       test kills itself
 *
 * It acts in the process it was loaded into only: the children that
 * mmsearch forks inherit it passive, and the programs they exec run
 * without it (LD_PRELOAD is dropped from the environment at load). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum at_kind { AT_NONE, AT_FORK, AT_WRITE, AT_HALF };

static pid_t acting;           /* the process the shim acts in */
static int child_of;           /* in a forked child: its fork's number */
static int forks, writes;      /* the events counted so far */
static enum at_kind at_kind;
static int at_n, at_sig = SIGKILL, delay_ms, linger;
static const char *trace_path, *log_path;

static ssize_t (*real_write)(int, const void *, size_t);

static void trace(const char *fmt, ...)
{
    char line[256];
    va_list ap;
    int fd, len;

    if (!trace_path)
        return;
    va_start(ap, fmt);
    len = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fd = open(trace_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    /* one write with O_APPEND: a child's line never splits the parent's */
    (void)!real_write(fd, line, len < (int)sizeof line ? (size_t)len
                                                       : sizeof line - 1);
    close(fd);
}

static int signal_named(const char *name)
{
    if (!name || !strcmp(name, "KILL"))
        return SIGKILL;
    if (!strcmp(name, "INT"))
        return SIGINT;
    if (!strcmp(name, "TERM"))
        return SIGTERM;
    return 0;
}

__attribute__((constructor)) static void faultshim_init(void)
{
    const char *at = getenv("MMT_FAULT_AT"), *delay;
    static const char *const kinds[] = { "fork:", "write:", "half:" };

    real_write = (ssize_t (*)(int, const void *, size_t))
                 dlsym(RTLD_NEXT, "write");
    acting = getpid();
    trace_path = getenv("MMT_FAULT_TRACE");
    log_path = getenv("MMT_FAULT_LOG");
    at_sig = signal_named(getenv("MMT_FAULT_SIG"));
    delay = getenv("MMT_FAULT_DELAY_MS");
    delay_ms = delay ? atoi(delay) : 0;
    linger = getenv("MMT_FAULT_LINGER") != NULL;
    for (int k = 0; at && k < 3; k++)
        if (!strncmp(at, kinds[k], strlen(kinds[k]))) {
            at_kind = (enum at_kind)(k + 1);
            at_n = atoi(at + strlen(kinds[k]));
        }
    unsetenv("LD_PRELOAD");
    trace("start %d\n", (int)acting);
}

/* The fault, at event what number n. */
static void fire(const char *what, int n)
{
    struct timespec d = { delay_ms / 1000, delay_ms % 1000 * 1000000L };

    nanosleep(&d, NULL);
    trace("fire %s %d %d\n", what, n, at_sig);
    if (at_sig)
        kill(acting, at_sig);
}

/* 1 in the child that is to outlive mmsearch (MMT_FAULT_LINGER). */
static int lingering(void)
{
    return linger && at_kind == AT_FORK && child_of && child_of == at_n;
}

pid_t fork(void)
{
    static pid_t (*real_fork)(void);
    pid_t pid;
    int n;

    if (!real_fork)
        real_fork = (pid_t (*)(void))dlsym(RTLD_NEXT, "fork");
    if (getpid() != acting)
        return real_fork();
    n = ++forks;
    pid = real_fork();
    if (pid == 0) {
        child_of = n;
        /* a lingering child's report to its dead parent must not kill
         * it (SIGPIPE): it is to outlive the search, whatever it writes */
        if (lingering())
            signal(SIGPIPE, SIG_IGN);
        return 0;
    }
    if (pid > 0)
        trace("fork %d %d\n", n, (int)pid);
    if (at_kind == AT_FORK && n == at_n)
        fire("fork", n);
    return pid;
}

int prctl(int option, ...)
{
    static int (*real_prctl)(int, ...);
    unsigned long arg[4];
    va_list ap;

    if (!real_prctl)
        real_prctl = (int (*)(int, ...))dlsym(RTLD_NEXT, "prctl");
    va_start(ap, option);
    for (int i = 0; i < 4; i++)
        arg[i] = va_arg(ap, unsigned long);
    va_end(ap);
    if (option == PR_SET_PDEATHSIG && lingering())
        return 0;
    return real_prctl(option, arg[0], arg[1], arg[2], arg[3]);
}

void _exit(int status)
{
    static void (*real_exit)(int);

    if (!real_exit)
        real_exit = (void (*)(int))dlsym(RTLD_NEXT, "_exit");
    while (lingering())
        pause();
    real_exit(status);
    abort();   /* not reached */
}

int execvp(const char *file, char *const argv[])
{
    static int (*real_execvp)(const char *, char *const[]);

    if (!real_execvp)
        real_execvp = (int (*)(const char *, char *const[]))
                      dlsym(RTLD_NEXT, "execvp");
    if (child_of)
        trace("exec %d %s\n", child_of, file);
    return real_execvp(file, argv);
}

/* 1 when fd is the search.log named (the same file, not the same name:
 * the log is opened by whatever path the test gave) */
static int is_log(int fd)
{
    struct stat f, l;

    return log_path && getpid() == acting && fstat(fd, &f) == 0
           && S_ISREG(f.st_mode) && stat(log_path, &l) == 0
           && f.st_dev == l.st_dev && f.st_ino == l.st_ino;
}

ssize_t write(int fd, const void *buf, size_t len)
{
    const char *text = buf;
    ssize_t done;
    int n, w = 0;

    if (!is_log(fd))
        return real_write(fd, buf, len);
    n = ++writes;
    while ((size_t)w < len && w < 15 && !strchr(" =\n", text[w]))
        w++;
    trace("write %d %.*s\n", n, w, text);
    if (at_kind == AT_HALF && n == at_n) {
        (void)!real_write(fd, buf, len / 2);
        fire("half", n);
        if (at_sig != SIGKILL)
            return (ssize_t)(len / 2);
    }
    done = real_write(fd, buf, len);
    if (at_kind == AT_WRITE && n == at_n)
        fire("write", n);
    return done;
}
