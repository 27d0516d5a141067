/* make tune's steps on the library it built (mmthreads, mmsmall): the
 * options they share, what they say (to stderr and to the step's log),
 * and the clock their timings read. */
#ifndef MMS_STEPCLI_H
#define MMS_STEPCLI_H

#define MMS_STEP_ROUNDS_MAX 32

/* The options every such step takes: --params=FILE (the params.conf to
 * update), --log=FILE (appended), --rounds=R (3 to MMS_STEP_ROUNDS_MAX),
 * --dry-run (time, report, write nothing), --test-timing=fake (the
 * tests': predictable ratios, nothing timed), --help. */
struct mms_step_cli {
    const char *params, *log;
    int rounds, dry, fake;
};

/* A step's own option: its name, whether it takes an argument, and what
 * to do with it (0, or -1 after a usage error of its own). */
struct mms_step_opt {
    const char *name;
    int has_arg;
    int (*take)(const char *arg, void *ctx);
};

/* Parse argv into c (rounds defaulting to 9) and the step's own options
 * (nopts of them, their take() given ctx); --help prints usage() and
 * exits 0, a bad option exits 2 naming it; the log, when given, is
 * opened (exit 1 naming it when it cannot be). */
void mms_step_parse(int argc, char **argv, struct mms_step_cli *c,
                    const struct mms_step_opt *opts, int nopts, void *ctx,
                    void (*usage)(void));

/* printf to stderr and to the log (flushed: a step killed midway keeps
 * what it said). */
void mms_step_say(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Seconds on the monotonic clock. */
double mms_step_now(void);

#endif
