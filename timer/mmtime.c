/* mmtime: time a reference kernel in any context the timer offers, and
 * say exactly how it was timed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#define _GNU_SOURCE
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/common.h"
#include "timer/mmtimer.h"
#include "timer/refkernels.h"

static void usage(void)
{
    printf(
"Usage: %s [OPTION]...\n"
"Time a reference kernel and print its MFLOPS with a line saying exactly\n"
"how it was timed (Whaley & Castaldo's timer methods).\n"
"\n"
"  -k, --kernel=NAME      dot (default), daxpy, or mmm (C = bC + aAB)\n"
"  -n, --size=N           vector length, or matrix order for mmm\n"
"                         (default 1024; mmm 40)\n"
"  -c, --clock=CLOCK      wall (default; min of samples), cycles (TSC,\n"
"                         rate measured; min), cpu (process CPU time; median)\n"
"  -f, --flush=METHOD     multicall-lru (default: many calls per sample,\n"
"                         working sets walked backwards, alpha flipped),\n"
"                         onecall-lru, onecall-x86 (clflush), none\n"
"  -s, --flush-size=SIZE  KiB, or L1, L2, LLC: twice the caches up to that\n"
"                         level, from --probe-conf or else sysfs.  Default:\n"
"                         max(2 x this core's private caches, 4 MiB), which\n"
"                         evicts L1 and L2 but not a shared L3\n"
"      --probe-conf=FILE  cache sizes measured by mmprobe\n"
"                         (default results/<host>/probe.conf if it exists)\n"
"      --hot=LIST         operands kept in cache (e.g. --hot=C); others cold\n"
"      --cold=LIST        operands flushed; others hot (default: all cold)\n"
"      --align=BYTES      operand alignment, a power of two (default 64)\n"
"      --misalign=BYTES   start this many bytes past the alignment (0)\n"
"      --samples=N        samples, 1..%d (default %d)\n"
"      --precision=P      relative MFLOPS error allowed from the clock (%g):\n"
"                         a pilot doubles the calls until a sample is 100\n"
"                         clock errors long, then paper 004 eq. 5 sets the\n"
"                         calls per sample so that one clock error (measured\n"
"                         resolution + cost of a reading) is P of a sample\n"
"      --min-sample-time=S  yet no sample shorter than S seconds (default\n"
"                         %g; 0: eq. 5 alone): short samples read low on a\n"
"                         busy machine\n"
"      --peak=MFLOPS      flag results at or above it (paper 003)\n"
"      --no-page0-guard   do not touch every operand page first\n"
"      --no-instld-guard  no dummy call before flushing\n"
"      --info             print the clocks (measured resolution, cost, TSC\n"
"                         rate), flush methods and sizes, cpufreq; exit\n"
"  -h, --help             this text\n"
"\n"
"Run pinned (taskset -c 1 %s ...) on a quiet machine.  Exit status: 0 ok,\n"
"1 timing failed, 2 bad usage.\n",
        mmc_progname(), MMTM_SAMPLES_MAX, MMTM_SAMPLES_DEFAULT,
        MMTM_PRECISION_DEFAULT, MMTM_MIN_SAMPLE_DEFAULT, mmc_progname());
}

struct cli {
    const char *kernel;
    long n;
    const char *flush_size;
    const char *probe_conf;
    const char *hot, *cold;
    int info;
    struct mmtm_timing_opts o;
};

enum {
    OPT_PROBE_CONF = 256, OPT_HOT, OPT_COLD, OPT_ALIGN, OPT_MISALIGN,
    OPT_SAMPLES, OPT_PRECISION, OPT_MIN_SAMPLE, OPT_PEAK, OPT_NO_PAGE0,
    OPT_NO_INSTLD, OPT_INFO
};

static const struct option long_opts[] = {
    { "kernel", required_argument, NULL, 'k' },
    { "size", required_argument, NULL, 'n' },
    { "clock", required_argument, NULL, 'c' },
    { "flush", required_argument, NULL, 'f' },
    { "flush-size", required_argument, NULL, 's' },
    { "probe-conf", required_argument, NULL, OPT_PROBE_CONF },
    { "hot", required_argument, NULL, OPT_HOT },
    { "cold", required_argument, NULL, OPT_COLD },
    { "align", required_argument, NULL, OPT_ALIGN },
    { "misalign", required_argument, NULL, OPT_MISALIGN },
    { "samples", required_argument, NULL, OPT_SAMPLES },
    { "precision", required_argument, NULL, OPT_PRECISION },
    { "min-sample-time", required_argument, NULL, OPT_MIN_SAMPLE },
    { "peak", required_argument, NULL, OPT_PEAK },
    { "no-page0-guard", no_argument, NULL, OPT_NO_PAGE0 },
    { "no-instld-guard", no_argument, NULL, OPT_NO_INSTLD },
    { "info", no_argument, NULL, OPT_INFO },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
};

static int kernel_known(const char *name)
{
    for (int i = 0; mmtm_refkernel_names[i]; i++)
        if (strcmp(name, mmtm_refkernel_names[i]) == 0)
            return i;
    return -1;
}

static void parse_option(struct cli *c, int ch, const char *arg)
{
    switch (ch) {
    case 'k':
        c->kernel = mmtm_refkernel_names[mmc_parse_word("--kernel", arg,
                            kernel_known, "dot, daxpy or mmm")];
        break;
    case 'n':
        c->n = mmc_parse_long("--size", arg, 1, 100000000);
        break;
    case 'c':
        c->o.clock = mmc_parse_word("--clock", arg, mmtm_clock_parse,
                                    "wall, cycles or cpu");
        break;
    case 'f':
        c->o.flush = mmc_parse_word("--flush", arg, mmtm_flush_parse,
                       "none, onecall-lru, onecall-x86 or multicall-lru");
        break;
    case 's': c->flush_size = arg; break;
    case OPT_PROBE_CONF: c->probe_conf = arg; break;
    case OPT_HOT: c->hot = arg; break;
    case OPT_COLD: c->cold = arg; break;
    case OPT_ALIGN:
        c->o.align = (size_t)mmc_parse_long("--align", arg, 1, 1 << 20);
        if (c->o.align & (c->o.align - 1))
            mmc_usage_error("--align: '%s' is not a power of two", arg);
        break;
    case OPT_MISALIGN:
        c->o.misalign = (size_t)mmc_parse_long("--misalign", arg, 0,
                                               (1 << 20) - 1);
        break;
    case OPT_SAMPLES:
        c->o.samples = (int)mmc_parse_long("--samples", arg, 1,
                                           MMTM_SAMPLES_MAX);
        break;
    case OPT_PRECISION:
        c->o.rel_precision = mmc_parse_double("--precision", arg, 1e-6, 0.5);
        break;
    case OPT_MIN_SAMPLE:
        c->o.min_sample_s = mmc_parse_double("--min-sample-time", arg, 0, 10);
        break;
    case OPT_PEAK:
        c->o.peak_mflops = mmc_parse_double("--peak", arg, 0, 1e12);
        break;
    case OPT_NO_PAGE0: c->o.guards_off |= MMTM_GUARD_PAGE0; break;
    case OPT_NO_INSTLD: c->o.guards_off |= MMTM_GUARD_INSTLD; break;
    case OPT_INFO: c->info = 1; break;
    case 'h': usage(); exit(MMC_EXIT_OK);
    default: mmc_usage_error("unknown option");
    }
}

/* getopt_long's '?' covers both an unknown option and a value given to
 * one that takes none ("--info=x"); name the option either way. */
static void bad_option(const char *arg)
{
    size_t len;

    if (strncmp(arg, "--", 2) != 0)
        mmc_usage_error("unknown option '-%c'", optopt);
    len = strcspn(arg + 2, "=");
    for (const struct option *o = long_opts; o->name; o++)
        if (arg[2 + len] == '=' && strlen(o->name) == len
            && strncmp(o->name, arg + 2, len) == 0)
            mmc_usage_error("option '--%s' takes no value", o->name);
    mmc_usage_error("unknown option '%.*s'", (int)len + 2, arg);
}

static void parse_args(struct cli *c, int argc, char **argv)
{
    int ch;

    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":k:n:c:f:s:h", long_opts, NULL))
           != -1) {
        if (ch == '?')
            bad_option(argv[optind - 1]);
        if (ch == ':')
            mmc_usage_error("option '%s' needs a value", argv[optind - 1]);
        parse_option(c, ch, optarg);
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    if (c->o.misalign >= c->o.align)
        mmc_usage_error("--misalign=%zu must be below --align=%zu",
                        c->o.misalign, c->o.align);
    if (c->hot && c->cold)
        mmc_usage_error("--hot and --cold both name the whole split; "
                        "give one of them");
}

/* Mark the operands named in list (comma-separated) as cold = value, the
 * others as !value. */
static void set_temperature(struct mmtm_kernel *k, const char *opt,
                            const char *list, int value)
{
    char buf[128], *save = NULL;
    size_t len = strlen(list);

    /* strtok_r would skip empty names and hide a typo such as "A,,B". */
    if (len == 0 || len >= sizeof buf || list[0] == ','
        || list[len - 1] == ',' || strstr(list, ",,"))
        mmc_usage_error("%s: '%s' is not a comma-separated list of operand "
                        "names", opt, list);
    for (int i = 0; i < k->noperands; i++)
        k->operand[i].cold = !value;
    memcpy(buf, list, len + 1);
    for (char *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        int i;
        for (i = 0; i < k->noperands; i++)
            if (strcasecmp(t, k->operand[i].name) == 0)
                break;
        if (i == k->noperands)
            mmc_usage_error("%s: kernel %s has no operand '%s'", opt,
                            k->name, t);
        k->operand[i].cold = value;
    }
}

static void print_clock(enum mmtm_clock id)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(id);

    if (!ci->available) {
        printf("clock %-6s  not available: %s\n", ci->name, ci->why_not);
        return;
    }
    printf("clock %-6s  resolution %.3g ns, cost per reading %.3g ns "
           "(read with %s)", ci->name, ci->resolution_s * 1e9,
           ci->cost_s * 1e9, ci->reads);
    if (id == MMTM_CLOCK_CYCLES)
        printf(", TSC rate %.6g GHz (measured against CLOCK_MONOTONIC; "
               "%s)", ci->rate_hz * 1e-9, mmtm_tsc_invariant() ?
               "invariant TSC" : "TSC not invariant: may follow the core "
               "clock");
    printf("\n");
}

static void print_info(const char *flush_note, size_t flush_bytes)
{
    char msg[256];
    int cpu = sched_getcpu();

    for (int i = 0; i < MMTM_NCLOCKS; i++)
        print_clock(i);
    for (int f = 0; f < MMTM_NFLUSH; f++)
        printf("flush %-13s %s\n", mmtm_flush_name(f),
               mmtm_flush_available(f) ? "available" : "not available");
    printf("flush size    %zu KiB (%s)\n", flush_bytes >> 10, flush_note);
    mmtm_throttle_check(cpu < 0 ? 0 : cpu, msg, sizeof msg);
    printf("throttling    %s\n", msg);
}

static void throttle_note(void)
{
    char msg[256];
    int cpu = sched_getcpu();
    int rc = mmtm_throttle_check(cpu < 0 ? 0 : cpu, msg, sizeof msg);

    if (rc > 0)
        mmc_warn("%s", msg);
    else if (rc < 0)
        fprintf(stderr, "%s: note: %s\n", mmc_progname(), msg);
}

static int run(struct cli *c)
{
    struct mmtm_kernel k;
    struct mmtm_timing r;
    int rc;

    if (mmtm_refkernel_make(c->kernel, c->n, &k) != 0) {
        mmc_error("cannot set up kernel %s (N=%ld)", c->kernel, c->n);
        return MMC_EXIT_FAIL;
    }
    if (c->hot)
        set_temperature(&k, "--hot", c->hot, 0);
    if (c->cold)
        set_temperature(&k, "--cold", c->cold, 1);
    throttle_note();
    rc = mmtm_time_kernel(&k, &c->o, &r);
    mmtm_refkernel_free(&k);
    if (rc != 0) {
        mmc_error("%s", r.how);
        return MMC_EXIT_FAIL;
    }
    printf("%s N=%ld: %.1f MFLOPS%s (per call %.4g us; min %.4g, median "
           "%.4g, max %.4g us)\n", c->kernel, c->n, r.mflops,
           r.sane ? "" : " SUSPECT", r.seconds * 1e6, r.t_min * 1e6,
           r.t_median * 1e6, r.t_max * 1e6);
    printf("  timed: %s\n", r.how);
    if (!r.sane)
        mmc_warn("%.1f MFLOPS fails the sanity check 0 < MFLOPS < peak",
                 r.mflops);
    return MMC_EXIT_OK;
}

int main(int argc, char **argv)
{
    struct cli c = { .kernel = "dot", .n = 0 };
    struct mmtm_machine machine;
    const struct mmtm_clock_info *ci;
    char note[320];

    mmc_set_progname(argv[0]);
    mmtm_timing_defaults(&c.o);
    parse_args(&c, argc, argv);
    if (c.n == 0)
        c.n = mmtm_refkernel_default_n(c.kernel);
    mmtm_machine_load(&machine, c.probe_conf);
    c.o.flush_bytes = mmtm_flush_size_resolve(&machine, c.flush_size, note,
                                             sizeof note);
    if (c.o.peak_mflops == 0)
        c.o.peak_mflops = machine.peak_mflops;
    if (c.info) {
        print_info(note, c.o.flush_bytes);
        return MMC_EXIT_OK;
    }
    if (c.flush_size)
        fprintf(stderr, "%s: note: flush size %zu KiB (%s)\n",
                mmc_progname(), c.o.flush_bytes >> 10, note);
    ci = mmtm_clock_describe(c.o.clock);
    if (!ci->available) {
        mmc_error("clock '%s' is not available here: %s", ci->name,
                  ci->why_not);
        return MMC_EXIT_FAIL;
    }
    if (!mmtm_flush_available(c.o.flush)) {
        mmc_error("--flush=%s is not available here (no clflush)",
                  mmtm_flush_name(c.o.flush));
        return MMC_EXIT_FAIL;
    }
    return run(&c);
}
