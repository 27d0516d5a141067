/* mmspec: a timing driver from a routine specification (paper 001 §4):
 * read SPEC, check it, write a C driver that times the routine in every
 * context the timer offers; or turn the heaviest shapes of an mmprofile
 * table into specs; or say how to build a driver. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "drivergen/emit.h"
#include "drivergen/mmspec_cli.h"
#include "drivergen/spec.h"

static void usage(void)
{
    printf(
"Usage: %s [OPTION]... SPEC -o DRIVER.c\n"
"       %s --from-profile=FILE [--top=N] -o DIR\n"
"       %s --cflags | --libs\n"
"Write a timing driver for the routine SPEC describes (paper 001): a C\n"
"program that calls it in any context the timer offers (clock, flush\n"
"method and size, hot or cold per array, samples, alignment, sizes) and\n"
"prints min, average and max time, MFLOPS and how it was timed.\n"
"\n"
"  -o, --output=FILE     the driver (written whole or not at all; '-':\n"
"                        standard output); with --from-profile, a directory\n"
"      --check           read and check SPEC, print what it holds; no -o\n"
"      --from-profile=FILE  one spec per call shape of an mmprofile table,\n"
"                        heaviest first, written to DIR as\n"
"                        NN-ROUTINE-ORDERTATB-MxNxK.spec\n"
"                        (01-dgemm_-colNT-500x500x64.spec)\n"
"      --top=N           only the N heaviest shapes (default %d)\n"
"      --cflags          compiler flags a driver needs (this build tree's,\n"
"                        or the installed ones)\n"
"      --libs            its link flags (libmmspec: the timer and the\n"
"                        drivers' command line)\n"
"  -h, --help            this text\n"
"\n"
"Build a driver: cc $(mmspec --cflags) DRIVER.c ROUTINE.o $(mmspec --libs)\n"
"(or pkg-config --cflags --libs mmspec once installed).  Spec syntax:\n"
"drivergen/specs/*.spec and README.  Exit status: 0 written, 1 could not\n"
"write, 2 bad usage or a bad spec (FILE:LINE:COL: expected X, got Y).\n",
        mmc_progname(), mmc_progname(), mmc_progname(), MMD_TOP_DEFAULT);
}

enum { OPT_CHECK = 256, OPT_PROFILE, OPT_TOP, OPT_CFLAGS, OPT_LIBS };

static const struct option long_opts[] = {
    { "output", required_argument, NULL, 'o' },
    { "check", no_argument, NULL, OPT_CHECK },
    { "from-profile", required_argument, NULL, OPT_PROFILE },
    { "top", required_argument, NULL, OPT_TOP },
    { "cflags", no_argument, NULL, OPT_CFLAGS },
    { "libs", no_argument, NULL, OPT_LIBS },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
};

static void parse_args(struct mmd_cli *c, int argc, char **argv)
{
    int ch;

    while ((ch = getopt_long(argc, argv, "o:h", long_opts, NULL)) != -1) {
        switch (ch) {
        case 'o': c->output = optarg; break;
        case OPT_CHECK: c->check = 1; break;
        case OPT_PROFILE: c->profile = optarg; break;
        case OPT_TOP:
            c->top = (int)mmc_parse_long("--top", optarg, 1, 10000);
            break;
        case OPT_CFLAGS: c->flags |= 1; break;
        case OPT_LIBS: c->flags |= 2; break;
        case 'h': usage(); exit(MMC_EXIT_OK);
        default: mmc_usage_error("bad option (above)");
        }
    }
    if (optind < argc)
        c->spec = argv[optind++];
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    mmd_cli_validate(c);
}

/* Write to -o atomically, or to standard output. */
static int write_driver(const struct mmd_spec *s, const struct mmd_cli *c)
{
    struct mmd_origin o = { c->command, c->output };
    struct mmc_atomic_file af;
    FILE *fp;

    if (strcmp(c->output, "-") == 0) {
        o.output = "driver.c";
        return mmd_emit_driver(stdout, s, &o) || fflush(stdout) ? -1 : 0;
    }
    fp = mmc_atomic_open(&af, c->output);
    if (fp == NULL)
        return -1;
    if (mmd_emit_driver(fp, s, &o) != 0) {
        int e = errno;
        mmc_atomic_discard(&af);
        errno = e;
        return -1;
    }
    return mmc_atomic_commit(&af);
}

static int generate(const struct mmd_cli *c)
{
    struct mmd_spec s;
    char err[1024];
    int rc = MMC_EXIT_OK;

    if (mmd_spec_read(c->spec, &s, err, sizeof err) != 0) {
        mmc_error("%s", err);
        return MMC_EXIT_USAGE;
    }
    if (c->check) {
        mmd_cli_describe(&s);
    } else if (write_driver(&s, c) != 0) {
        mmc_error("%s: cannot write: %s", c->output, strerror(errno));
        rc = MMC_EXIT_FAIL;
    }
    mmd_spec_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    struct mmd_cli c = { .top = MMD_TOP_DEFAULT };
    int rc;

    mmc_set_progname(argv[0]);
    /* before getopt_long reorders argv */
    if (mmd_cli_command(&c, argc, argv) != 0) {
        mmc_error("out of memory");
        return MMC_EXIT_FAIL;
    }
    parse_args(&c, argc, argv);
    if (c.flags)
        return mmd_cli_flags(c.flags);
    rc = c.profile ? mmd_from_profile(&c) : generate(&c);
    free(c.command);
    return rc;
}
