/* The steps' options, log and clock (stepcli.h). */
#define _GNU_SOURCE
#include "tune/stepcli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/common.h"

static FILE *logf;

enum { OPTS_MAX = 8, OWN = 256 };   /* a step's own: OWN + its index */

void mms_step_parse(int argc, char **argv, struct mms_step_cli *c,
                    const struct mms_step_opt *opts, int nopts, void *ctx,
                    void (*usage)(void))
{
    struct option lo[6 + OPTS_MAX + 1] = {
        { "params", required_argument, NULL, 'p' },
        { "log", required_argument, NULL, 'l' },
        { "rounds", required_argument, NULL, 'r' },
        { "dry-run", no_argument, NULL, 'd' },
        { "test-timing", required_argument, NULL, 'T' },
        { "help", no_argument, NULL, 'h' },
    };
    int o;

    for (int i = 0; i < nopts && i < OPTS_MAX; i++)
        lo[6 + i] = (struct option){ opts[i].name, opts[i].has_arg
                                     ? required_argument : no_argument,
                                     NULL, OWN + i };
    *c = (struct mms_step_cli){ NULL, NULL, 9, 0, 0 };
    while ((o = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        switch (o) {
        case 'p': c->params = optarg; break;
        case 'l': c->log = optarg; break;
        case 'r':
            c->rounds = (int)mmc_parse_long("--rounds", optarg, 3,
                                            MMS_STEP_ROUNDS_MAX);
            break;
        case 'd': c->dry = 1; break;
        case 'T':
            if (strcmp(optarg, "fake") != 0)
                mmc_usage_error("--test-timing=%s: only fake", optarg);
            c->fake = 1;
            break;
        case 'h': usage(); exit(0);
        default:
            if (o >= OWN && o < OWN + nopts
                && opts[o - OWN].take(optarg, ctx) == 0)
                break;
            exit(MMC_EXIT_USAGE);   /* getopt or take() named it */
        }
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    if (!c->params && !c->dry)
        mmc_usage_error("--params=FILE is needed (or --dry-run)");
    if (c->log && !(logf = fopen(c->log, "a"))) {
        mmc_error("--log=%s: %s", c->log, strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
}

void mms_step_say(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (logf) {
        va_start(ap, fmt);
        vfprintf(logf, fmt, ap);
        va_end(ap);
        fflush(logf);
    }
}

double mms_step_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
