/* Child processes of the search, the only ones it runs (docs/DESIGN.md: no
 * system(), no make): the kernel compiler, started with posix_spawn in a
 * process group of its own with its output kept in a file, and forks that
 * load and run a candidate kernel, which report through a pipe.  Both have
 * a deadline; past it the whole group is killed. */
#ifndef MMS_PROC_H
#define MMS_PROC_H

#include <stddef.h>
#include <sys/types.h>

struct mms_proc {
    pid_t pid;          /* also the process group */
    double deadline;    /* on the wall clock of mmt_clock_seconds */
    int fd;             /* forks: the read end of the report pipe, or -1 */
};

/* Start argv (argv[0] searched in PATH) with stdout and stderr going to
 * outpath, to be killed after timeout_s.  Returns 0, or -1 with errno. */
int mms_spawn(struct mms_proc *pr, char *const argv[], const char *outpath,
              double timeout_s);

/* Has pr ended?  1 with its wait status in *status (*timed_out 1 when it
 * was killed at its deadline), 0 while it runs. */
int mms_proc_poll(struct mms_proc *pr, int *status, int *timed_out);

/* Run fn(arg, fd) in a forked child that reports by writing to fd, and
 * collect what it wrote (up to len - 1 bytes, NUL-terminated) until it
 * closes the pipe or timeout_s passes (then its group is killed).  Returns
 * 0 with the wait status in *status and *timed_out set, or -1 with errno
 * when no child could be started. */
int mms_fork_report(void (*fn)(void *arg, int fd), void *arg,
                    double timeout_s, char *out, size_t len, int *status,
                    int *timed_out);

/* "exit 3", "signal 11 (Segmentation fault)" for a wait status. */
void mms_status_text(int status, char *buf, size_t len);

#endif
