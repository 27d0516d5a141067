/* mmsmall: make tune's crossover step.  After the library has been built
 * from the search's params.conf, it times this build's own DGEMM and
 * SGEMM (their drivers and kernels, linked in) on the small-problem path
 * (the non-copy kernels on the caller's arrays) and on the packed path,
 * at square sizes from half the non-copy kernels' reach (their NCNB: for
 * double the search's SMALL_MAX, for single 8/5 of it) to all of it
 * (tune/smallpath.h), and writes to params.conf each precision's
 * crossover whose routing of those sizes ran the fastest (smallrule.h):
 * SMALL_MAX and S_SMALL_MAX.
 *
 * The search's step small chooses double's SMALL_MAX by the whole DGEMM
 * at the candidates' sizes among others, each call in its own blocking,
 * where one size's path weighs little in the mean: on an AVX2-only Zen 4
 * guest it kept 320 on a tie, and DGEMM ran N = 240 to 320 at 0.81-0.88
 * times OpenBLAS warm, the small path 1.06-1.29 times as slow as the
 * packed one from N = 224 (this step's rounds).  Single precision's
 * blocking is not searched: the library derives it from the double's
 * (kernels/libparams.c), its SMALL_MAX as 8/5 of the double's, which the
 * Zen 5 guest bore out and the Zen 4 one did not (SGEMM at N = 480 to
 * 512 ran on the small path at 0.80-0.93 times OpenBLAS, the packed path
 * at par).  The crossover is the CPU's, so it is timed here, on the two
 * paths alone.  The library is then rebuilt from the file (make tune):
 * the same kernels, the small paths' reach cut to the crossovers
 * (kernels/libparams.c). */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "tune/smallpath.h"
#include "tune/stepcli.h"

static const struct mms_small_type *const types[] = { &mms_small_type_d,
                                                      &mms_small_type_s };
static int (*const timers[])(int, int, struct mms_small_size *) = {
    mms_small_time_d, mms_small_time_s };

static void usage(void)
{
    printf("Usage: mmsmall --params=FILE [OPTION]...\n"
           "make tune's crossover step: time this build's DGEMM and SGEMM on "
           "the small-problem\npath (the non-copy kernels on the caller's "
           "arrays) and on the packed path at\nsquare sizes from half "
           "their kernels' reach to all of it in steps of %d, one\n"
           "thread, operands flushed, and write to FILE (params.conf) "
           "SMALL_MAX and\nS_SMALL_MAX, each the crossover whose routing "
           "of those sizes ran the fastest\n(each size counted by the "
           "median of its rounds' small/packed ratios).\n\n"
           "  --params=FILE   the params.conf to update (make tune: "
           "results/<host>/)\n"
           "  --log=FILE      every timing, also to FILE (appended)\n"
           "  --rounds=R      pairs timed at each size (default 9, 3 to "
           "%d)\n"
           "  --dry-run       time and report, write nothing\n"
           "  --test-timing=fake  predictable ratios, nothing timed (the "
           "tests': the small\n                  path faster up to N = "
           "192)\n"
           "  --help          this text\n\n"
           "Exit status: 0 done (or nothing to time: a CPU without the "
           "kernels' ISA, or\na build without the small path), 1 "
           "failure, 2 bad usage.\n", MMS_SMALL_STEP, MMS_STEP_ROUNDS_MAX);
}

/* The crossovers pick[0] (double's SMALL_MAX) and pick[1] (single's),
 * those not 0, into path, every other key as it was. */
static int write_choice(const char *path, const int *pick)
{
    struct mmc_paramsconf pc;
    char err[512];

    if (mmc_paramsconf_read(path, &pc, err, sizeof err) != 0) {
        fprintf(stderr, "mmsmall: %s\n", err);
        return -1;
    }
    if (pick[0])
        pc.small_max = pick[0], pc.present[MMC_Q_SMALL_MAX] = 1;
    if (pick[1])
        pc.single.small_max = pick[1], pc.present[MMC_Q_S_SMALL_MAX] = 1;
    if (mmc_paramsconf_write(path, &pc) != 0) {
        fprintf(stderr, "mmsmall: %s: cannot write: %s\n", path,
                strerror(errno));
        return -1;
    }
    return 0;
}

/* Type t's sizes timed and its crossover said; into *pick (0: none
 * timed).  Returns 0, or -1 out of memory. */
static int decide(int t, const struct mms_step_cli *c, int *pick)
{
    const struct mms_small_type *ty = types[t];
    struct mms_small_size s[MMS_SMALL_SIZES_MAX];
    double score[MMS_SMALL_SIZES_MAX + 1];
    int n = timers[t](c->rounds, c->fake, s), below;

    *pick = 0;
    if (n < 0)
        return -1;
    if (n == 0)
        return 0;
    below = s[0].n - MMS_SMALL_STEP;
    *pick = mms_small_crossover(s, n, below, score);
    mms_step_say("%s: time relative to the packed path (each size by its "
                 "median), routing the sizes timed with %s = %d: %.3f",
                 ty->tag, ty->key, below, score[0]);
    for (int j = 0; j < n; j++)
        mms_step_say(", %d: %.3f", s[j].n, score[j + 1]);
    mms_step_say("\n%s: %s = %d\n", ty->tag, ty->key, *pick);
    return 0;
}

int main(int argc, char **argv)
{
    struct mms_step_cli c;
    int pick[2], cpu;

    mmc_set_progname(argv[0]);
    mms_step_parse(argc, argv, &c, NULL, 0, NULL, usage);
    /* one thread, pinned where it started: no move between the two
     * paths of a pair */
    if ((cpu = sched_getcpu()) >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
    for (int t = 0; t < 2; t++)
        if (decide(t, &c, &pick[t]) != 0) {
            fprintf(stderr, "mmsmall: out of memory\n");
            return 1;
        }
    if (c.dry || (!pick[0] && !pick[1]))
        return 0;
    if (write_choice(c.params, pick) != 0)
        return 1;
    mms_step_say("small: written to %s\n", c.params);
    return 0;
}
