#include "common/diag.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = "mmtune";

void mmc_set_progname(const char *argv0)
{
    const char *slash = argv0 ? strrchr(argv0, '/') : NULL;
    if (argv0)
        progname = slash ? slash + 1 : argv0;
    /* libtool wrappers run the real binary as lt-NAME */
    if (strncmp(progname, "lt-", 3) == 0)
        progname += 3;
}

const char *mmc_progname(void)
{
    return progname;
}

static void vreport(const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: %s", progname, kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void mmc_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("", fmt, ap);
    va_end(ap);
}

void mmc_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("warning: ", fmt, ap);
    va_end(ap);
}

void mmc_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("", fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help' for more information.\n", progname);
    exit(MMC_EXIT_USAGE);
}

long mmc_parse_long(const char *option, const char *text, long min, long max)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0')
        mmc_usage_error("%s: '%s' is not an integer (allowed %ld..%ld)",
                        option, text, min, max);
    if (v < min || v > max)
        mmc_usage_error("%s: %ld is out of range (allowed %ld..%ld)",
                        option, v, min, max);
    return v;
}

double mmc_parse_double(const char *option, const char *text,
                        double min, double max)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !isfinite(v))
        mmc_usage_error("%s: '%s' is not a number (allowed %g..%g)",
                        option, text, min, max);
    if (v < min || v > max)
        mmc_usage_error("%s: %g is out of range (allowed %g..%g)",
                        option, v, min, max);
    return v;
}

int mmc_parse_word(const char *option, const char *text,
                   int (*parse)(const char *), const char *allowed)
{
    int v = parse(text);

    if (v < 0)
        mmc_usage_error("%s: unknown value '%s' (expected %s)", option,
                        text, allowed);
    return v;
}
