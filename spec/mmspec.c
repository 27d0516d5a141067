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
#include "spec/emit.h"
#include "spec/mmspec_cli.h"
#include "spec/spec.h"

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
"spec/specs/*.spec and README.  Exit status: 0 written, 1 could not\n"
"write, 2 bad usage or a bad spec (FILE:LINE:COL: expected X, got Y).\n",
        mmt_progname(), mmt_progname(), mmt_progname(), MMS_TOP_DEFAULT);
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

static void parse_args(struct mms_cli *c, int argc, char **argv)
{
    int ch;

    while ((ch = getopt_long(argc, argv, "o:h", long_opts, NULL)) != -1) {
        switch (ch) {
        case 'o': c->output = optarg; break;
        case OPT_CHECK: c->check = 1; break;
        case OPT_PROFILE: c->profile = optarg; break;
        case OPT_TOP:
            c->top = (int)mmt_parse_long("--top", optarg, 1, 10000);
            break;
        case OPT_CFLAGS: c->flags |= 1; break;
        case OPT_LIBS: c->flags |= 2; break;
        case 'h': usage(); exit(MMT_EXIT_OK);
        default: mmt_usage_error("bad option (above)");
        }
    }
    if (optind < argc)
        c->spec = argv[optind++];
    if (optind < argc)
        mmt_usage_error("unexpected argument '%s'", argv[optind]);
    mms_cli_validate(c);
}

/* Write to -o atomically, or to standard output. */
static int write_driver(const struct mms_spec *s, const struct mms_cli *c)
{
    struct mms_origin o = { c->command, c->output };
    struct mmt_atomic_file af;
    FILE *fp;

    if (strcmp(c->output, "-") == 0) {
        o.output = "driver.c";
        return mms_emit_driver(stdout, s, &o) || fflush(stdout) ? -1 : 0;
    }
    fp = mmt_atomic_open(&af, c->output);
    if (fp == NULL)
        return -1;
    if (mms_emit_driver(fp, s, &o) != 0) {
        int e = errno;
        mmt_atomic_discard(&af);
        errno = e;
        return -1;
    }
    return mmt_atomic_commit(&af);
}

static int generate(const struct mms_cli *c)
{
    struct mms_spec s;
    char err[1024];
    int rc = MMT_EXIT_OK;

    if (mms_spec_read(c->spec, &s, err, sizeof err) != 0) {
        mmt_error("%s", err);
        return MMT_EXIT_USAGE;
    }
    if (c->check) {
        mms_cli_describe(&s);
    } else if (write_driver(&s, c) != 0) {
        mmt_error("%s: cannot write: %s", c->output, strerror(errno));
        rc = MMT_EXIT_FAIL;
    }
    mms_spec_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    struct mms_cli c = { .top = MMS_TOP_DEFAULT };
    int rc;

    mmt_set_progname(argv[0]);
    /* before getopt_long reorders argv */
    if (mms_cli_command(&c, argc, argv) != 0) {
        mmt_error("out of memory");
        return MMT_EXIT_FAIL;
    }
    parse_args(&c, argc, argv);
    if (c.flags)
        return mms_cli_flags(c.flags);
    rc = c.profile ? mms_from_profile(&c) : generate(&c);
    free(c.command);
    return rc;
}
