/* The one compile scheduler: compiler calls (the search's candidate
 * batches, tune/build.c, and the library's driver of its blocks steps,
 * tune/blocks.c; the register probe's, probe/regs.c), each a child with
 * a deadline (proc.h), run up to a number at once; and what a log says
 * of a call that failed. */
#ifndef MMC_COMPILE_H
#define MMC_COMPILE_H

#include <stddef.h>

#include "common/proc.h"

/* Compiler calls at once, at most. */
#define MMC_COMPILE_MAX 64

/* What a run of compiler calls does with call i.  start: start it into
 * pr; 0 started, 1 not (the next is tried), -1 not (no more are
 * started).  finish: take its end (its wait status, timed_out 1 when it
 * was killed at its deadline); 0, or -1: no more are started. */
struct mmc_compile_ops {
    int (*start)(void *ctx, int i, struct mmc_proc *pr);
    int (*finish)(void *ctx, int i, int status, int timed_out);
    void *ctx;
};

/* Run calls 0..*n-1, up to at_once (1..MMC_COMPILE_MAX) together; *n
 * may grow while they run (a finish may add calls).  Returns 0, or -1
 * when a start or a finish stopped it (the calls still running are
 * waited for). */
int mmc_compile_run(const struct mmc_compile_ops *ops, int *n, int at_once);

/* The first line of a compiler's output at path that says "error", else
 * its first line ("(no output)" for none): enough for the log to say
 * why. */
void mmc_first_error(const char *path, char *why, size_t len);

#endif
