/* Child processes, the one way any tool of mmtune runs them (docs/DESIGN.md:
 * no system(), no make): a program (the kernel compiler, gnuplot) started
 * (fork and exec) in a process group of its own with its output kept in a
 * file, and forks that load and run a candidate kernel, which report
 * through a pipe.  Both have a deadline; past it the whole group is
 * killed.  The search, mmreport and the register probe use it. */
#ifndef MMC_PROC_H
#define MMC_PROC_H

#include <stddef.h>
#include <sys/types.h>

struct mmc_proc {
    pid_t pid;          /* also the process group */
    double deadline;    /* on CLOCK_MONOTONIC, in seconds */
    int fd;             /* forks: the read end of the report pipe, or -1 */
};

/* Process hygiene, for every tool that runs these children: SIGCHLD at
 * its default (ignored, the kernel reaps the children and waitpid can
 * only fail), and SIGINT and SIGTERM caught: the handler notes the
 * signal and kills the process groups of the children running; the tool
 * then waits for them and exits with 128 + the signal (130, 143) at the
 * next mmc_proc_check, which every wait here makes.  Children die with
 * their parent in any case, even of SIGKILL: PR_SET_PDEATHSIG, and for
 * a program spawned, its whole process group (mmc_spawn's guard). */
void mmc_proc_setup(void);

/* When a signal asked the tool to stop: kill and reap the children
 * running and exit(128 + signal) (atexit handlers run); else nothing.
 * Never call it in the middle of a write that must stay whole. */
void mmc_proc_check(void);

/* fd (on 1) is this process's alone, or no longer (on 0): every child
 * closes it right after the fork.  A forked child that is not exec'd
 * keeps what O_CLOEXEC would close, with its flock: search.log's lock
 * would outlive the search in a candidate still dying. */
void mmc_proc_private(int fd, int on);

/* The wait status of a child whose waitpid failed (ECHILD: reaped by
 * someone else): neither an exit nor a signal, so never a success. */
#define MMC_STATUS_LOST 0xff7f

/* Start argv (argv[0] searched in PATH) with stdout and stderr going to
 * outpath, to be killed after timeout_s.  The child forked stays as the
 * guard of the group: it runs argv in it, ends as argv ended, and kills
 * the whole group (a compiler's own children: cc1, as, ld) when its
 * parent dies, even of SIGKILL.  Returns 0, or -1 with errno. */
int mmc_spawn(struct mmc_proc *pr, char *const argv[], const char *outpath,
              double timeout_s);

/* Has pr ended?  1 with its wait status in *status (*timed_out 1 when it
 * was killed at its deadline; MMC_STATUS_LOST when waitpid failed), 0
 * while it runs. */
int mmc_proc_poll(struct mmc_proc *pr, int *status, int *timed_out);

/* mmc_proc_poll until pr ends (every 5 ms, so its deadline holds). */
void mmc_proc_wait(struct mmc_proc *pr, int *status, int *timed_out);

/* Run fn(arg, fd) in a forked child that reports by writing to fd, and
 * collect what it wrote (up to len - 1 bytes, NUL-terminated) until it
 * closes the pipe or timeout_s passes (then its group is killed).  The
 * child runs under limits, so that a runaway ends as a crash, never as
 * a hang: RLIMIT_CPU of timeout_s (rounded up; SIGXCPU, then SIGKILL a
 * second later), which holds when the parent cannot keep the deadline
 * (stopped); and, when mem_bytes is not 0, RLIMIT_AS of the address
 * space mapped at the fork plus mem_bytes.  Returns 0 with the wait
 * status in *status and *timed_out set, or -1 with errno when no child
 * could be started. */
int mmc_fork_report(void (*fn)(void *arg, int fd), void *arg,
                    double timeout_s, size_t mem_bytes, char *out,
                    size_t len, int *status, int *timed_out);

/* "exit 3", "signal 11 (Segmentation fault)" for a wait status. */
void mmc_status_text(int status, char *buf, size_t len);

#endif
