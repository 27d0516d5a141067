/* mmprobe: measure this machine and write probe.conf (docs/DESIGN.md, probe/).
 *
 * The probes run in a fixed order, each after the ones it needs (the FPU
 * latencies are in cycles, so the clock comes first).  The process pins
 * itself to one CPU so that every probe sees the same core and caches. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/common.h"
#include "probe/probes.h"
#include "timer/mmtimer.h"

#ifndef MMT_KERNEL_CC
#define MMT_KERNEL_CC "cc"
#define MMT_KERNEL_CFLAGS "-O2"
#endif

#define BIT(k) (1u << (k))

static int derive(struct probe_ctx *ctx, struct mmc_probeconf *pc);

/* The probes, in the order they run: what each measures, what it needs. */
static const struct step {
    const char *name;
    int (*run)(struct probe_ctx *, struct mmc_probeconf *);
    unsigned keys;
    unsigned needs;             /* bits of earlier steps */
    int timed;                  /* 0: read from the compiler or derived */
} steps[] = {
    /* Untimed: TSC ticks against CLOCK_MONOTONIC do not slow down when
     * other CPUs are busy, so a busy machine leaves it confirmed. */
    { "tsc", probe_tsc, BIT(MMC_P_TSC_MHZ), 0, 0 },
    { "clock", probe_clock, BIT(MMC_P_CLOCK_MHZ), 0, 1 },
    { "registers", probe_regs,
      BIT(MMC_P_FP_REGS_SCALAR) | BIT(MMC_P_FP_REGS_SSE2) |
      BIT(MMC_P_FP_REGS_AVX2) | BIT(MMC_P_FP_REGS_AVX512) |
      BIT(MMC_P_FMA_COMPILER), 0, 0 },
    { "fpu", probe_fpu,
      BIT(MMC_P_LAT_MUL) | BIT(MMC_P_LAT_ADD) | BIT(MMC_P_LAT_FMA) |
      BIT(MMC_P_FMA) | BIT(MMC_P_FP_PIPES) | BIT(MMC_P_SIMD_DOUBLES),
      BIT(2), 1 },
    { "caches", probe_cache,
      BIT(MMC_P_L1D_KIB) | BIT(MMC_P_LINE_BYTES) | BIT(MMC_P_L1D_ASSOC) |
      BIT(MMC_P_L2_KIB) | BIT(MMC_P_L2_EFF_KIB) | BIT(MMC_P_LLC_KIB) |
      BIT(MMC_P_LLC_EFF_KIB), BIT(1), 1 },
    { "derived", derive, BIT(MMC_P_LS) | BIT(MMC_P_PEAK_MFLOPS),
      BIT(1) | BIT(3), 0 },
};
#define NSTEPS (int)(sizeof steps / sizeof steps[0])

/* Watchdog: every probe has a fixed number of iterations, but a machine
 * that stalls must not hang a build. */
enum { WATCHDOG_S = 300 };

/* Nothing has been written when it fires (files are renamed into place
 * at the end), so say why and fail; write() is async-signal-safe. */
static void watchdog(int sig)
{
    static const char msg[] = "mmprobe: watchdog: the probes took over "
                              "300 s; nothing written\n";

    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0)
        _exit(MMC_EXIT_FAIL);
    _exit(MMC_EXIT_FAIL);
}

/* L_s from paper 002 eq. 13 and the peak from clock, width, FMA, pipes. */
static int derive(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    double lat = round(pc->lat_mul);
    int ls = (int)ceil((lat * pc->fp_pipes + 1) / 2);
    double peak = pc->clock_mhz * pc->simd_doubles * (pc->fma ? 2 : 1) *
                  pc->fp_pipes;
    int *ok = pc->confirmed;

    (void)ctx;
    probe_set(pc, MMC_P_LS, ls < 1 ? 1 : ls,
              ok[MMC_P_LAT_MUL] && ok[MMC_P_FP_PIPES],
              "ceil((LAT_MUL * FP_PIPES + 1) / 2)");
    probe_set(pc, MMC_P_PEAK_MFLOPS, round(peak), ok[MMC_P_CLOCK_MHZ] &&
              ok[MMC_P_SIMD_DOUBLES] && ok[MMC_P_FP_PIPES],
              "CLOCK_MHZ (fastest seen) * SIMD_DOUBLES * %d * FP_PIPES",
              pc->fma ? 2 : 1);
    return 0;
}

static void usage(void)
{
    printf("Usage: %s [OPTION]...\n"
           "Measure this machine with microbenchmarks and write probe.conf.\n"
           "\n"
           "  --output=FILE   write probe.conf to FILE (directory created);\n"
           "                  default results/HOST/probe.conf\n"
           "  --header=FILE   write the C header (#define MMT_PROBE_<KEY>)\n"
           "                  to FILE; default probe.h beside probe.conf\n"
           "  --only=KEY,...  measure only these keys (and what they need);\n"
           "                  updates FILE if it exists (the old one kept\n"
           "                  as FILE.prev), else prints them\n"
           "  --check=FILE    validate FILE as a probe.conf and exit\n"
           "                  (0 good; 2 and FILE:LINE: reason if not)\n"
           "  --verbose       show the curves behind each answer\n"
           "  --results-dir   print the results directory (results/HOST), exit\n"
           "  --help          show this help and exit\n"
           "\n"
           "Keys:", mmc_progname());
    for (int k = 0, col = 80; k < MMC_P_NKEYS; k++) {
        const char *key = mmc_probeconf_schema[k].key;

        if (col + 1 + (int)strlen(key) > 78)
            printf("\n "), col = 1;
        col += printf(" %s", key);
    }
    printf("\n\nEvery probe runs a fixed number of samples (about 5 s in "
           "all); a watchdog\nstops mmprobe after %d s.  Values whose "
           "repetitions disagreed, that disagree\nwith their second method "
           "or with sysfs/cpuid, or that were timed while other\nCPUs were "
           "busy, are written with KEY_CONFIRMED = 0, a warning and a\n"
           "\"note:\" that says why.  L2_KIB and LLC_KIB are the nominal "
           "sizes (sysfs's\nor cpuid's when the measured curve bears them "
           "out), L2_EFF_KIB and\nLLC_EFF_KIB the effective ones.\n\n"
           "Exit status: 0 ok, 1 a probe failed (e.g. no L2 edge and no "
           "sysfs/cpuid\nfigure) or a file could not be written, 2 bad "
           "usage or (--check) a\nmalformed file.\n", WATCHDOG_S);
}

struct options {
    const char *output, *header;
    unsigned only;              /* key bits; 0: all */
    int verbose;
};

static unsigned parse_only(const char *text)
{
    char *copy = strdup(text), *save = NULL;
    unsigned bits = 0;

    if (!copy) {
        mmc_error("out of memory");
        exit(MMC_EXIT_FAIL);
    }
    for (char *w = strtok_r(copy, ",", &save); w;
         w = strtok_r(NULL, ",", &save)) {
        int k = mmc_probeconf_find(w);
        if (k < 0)
            mmc_usage_error("--only: unknown key '%s' (see --help)", w);
        bits |= BIT(k);
    }
    free(copy);
    if (!bits)
        mmc_usage_error("--only: no key given");
    return bits;
}

/* --check: read path back the way every consumer will. */
static int check_file(const char *path)
{
    struct mmc_probeconf pc;
    char err[512];

    if (mmc_probeconf_read(path, &pc, err, sizeof err) < 0) {
        mmc_error("%s", err);
        return MMC_EXIT_USAGE;
    }
    printf("%s: valid probe.conf\n", path);
    return MMC_EXIT_OK;
}

/* The one results path, for the Makefile's targets. */
static void print_results_dir(void)
{
    char dir[300];

    if (mmc_results_dir(dir, sizeof dir) < 0) {
        mmc_error("the results path is too long for this host name");
        exit(MMC_EXIT_FAIL);
    }
    printf("%s\n", dir);
}

static void parse_args(int argc, char **argv, struct options *o)
{
    static const struct option longopts[] = {
        { "output", required_argument, NULL, 'o' },
        { "header", required_argument, NULL, 'H' },
        { "only", required_argument, NULL, 'n' },
        { "check", required_argument, NULL, 'c' },
        { "verbose", no_argument, NULL, 'v' },
        { "results-dir", no_argument, NULL, 'r' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': o->output = optarg; break;
        case 'H': o->header = optarg; break;
        case 'n': o->only = parse_only(optarg); break;
        case 'v': o->verbose = 1; break;
        case 'c': exit(check_file(optarg));
        case 'r': print_results_dir(); exit(MMC_EXIT_OK);
        case 'h': usage(); exit(MMC_EXIT_OK);
        default:
            mmc_usage_error("unknown or incomplete option '%s'",
                            argv[optind - 1]);
        }
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
}

/* Steps needed for the wanted keys, with what they need in turn. */
static unsigned steps_for(unsigned keys)
{
    unsigned want = 0;

    for (int s = NSTEPS - 1; s >= 0; s--)
        if ((steps[s].keys & keys) || (want & BIT(s)))
            want |= BIT(s) | steps[s].needs;
    return want;
}

static void pin_to_one_cpu(void)
{
#ifdef HAVE_SCHED_SETAFFINITY
    cpu_set_t set;
    int cpu = sched_getcpu();

    CPU_ZERO(&set);
    CPU_SET(cpu < 0 ? 0 : cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        mmc_warn("cannot pin to one CPU: %s", strerror(errno));
#endif
}

/* A timed step that ran beside busy CPUs may read low through no fault of
 * its own (timer/load.c): say so, and confirm none of its values. */
static void doubt_if_busy(const struct mmtm_load *load,
                          const struct step *step, struct mmc_probeconf *pc)
{
    double busy = mmtm_load_busy(load);

    if (busy <= 0.5)
        return;
    mmc_warn("other CPUs were %.0f%% busy during the %s probe: its values "
             "are not confirmed (rerun on a quiet machine)", 100 * busy,
             step->name);
    for (int k = 0; k < MMC_P_NKEYS; k++)
        if (step->keys & BIT(k))
            pc->confirmed[k] = 0;
}

/* Run the wanted steps; returns the bits of measured keys, or 0 when a
 * probe failed. */
static unsigned run_steps(struct probe_ctx *ctx, struct mmc_probeconf *pc,
                          unsigned want)
{
    unsigned measured = 0;
    struct mmtm_load load;

    for (int s = 0; s < NSTEPS; s++) {
        if (!(want & BIT(s)))
            continue;
        double t0 = probe_now();
        mmtm_load_start(&load, sched_getcpu());
        if (isatty(2) || ctx->verbose)
            fprintf(stderr, "mmprobe: %s...%s", steps[s].name,
                    ctx->verbose ? "\n" : "");
        int rc = steps[s].run(ctx, pc);
        if (isatty(2) || ctx->verbose)
            fprintf(stderr, "%s%.1f s\n", ctx->verbose ? "mmprobe: " : " ",
                    probe_now() - t0);
        if (rc < 0) {
            mmc_error("the %s probe could not measure on this machine",
                      steps[s].name);
            return 0;
        }
        if (steps[s].timed)
            doubt_if_busy(&load, &steps[s], pc);
        measured |= steps[s].keys;
    }
    return measured;
}

static void print_table(const struct mmc_probeconf *pc, unsigned keys)
{
    for (int k = 0; k < MMC_P_NKEYS; k++)
        if (keys & BIT(k))
            printf("%-16s %12.6g  %-11s %s\n", mmc_probeconf_schema[k].key,
                   mmc_probeconf_get(pc, k),
                   pc->confirmed[k] ? "confirmed" : "UNCONFIRMED",
                   pc->how[k]);
}

/* mkdir -p of path's directory. */
static int make_parent(const char *path)
{
    char *dir = strdup(path);
    int rc = 0;

    if (!dir)
        return -1;
    for (char *p = dir + 1; *p && rc == 0; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            rc = -1;
        *p = '/';
    }
    free(dir);
    return rc;
}

/* --only: fold the new keys into an existing file; its fingerprint into
 * old_fp. */
static int merge_existing(const char *path, struct mmc_probeconf *pc,
                          unsigned measured, char old_fp[MMC_FINGERPRINT_LEN])
{
    struct mmc_probeconf old;
    char err[512];

    if (mmc_probeconf_read(path, &old, err, sizeof err) < 0) {
        mmc_error("--only updates an existing file: %s", err);
        return -1;
    }
    mmc_probeconf_fingerprint(&old, old_fp);
    for (int k = 0; k < MMC_P_NKEYS; k++)
        if (!(measured & BIT(k))) {
            mmc_probeconf_set(pc, k, mmc_probeconf_get(&old, k));
            pc->confirmed[k] = old.confirmed[k];
            snprintf(pc->how[k], sizeof pc->how[k], "kept from last run");
        }
    return 0;
}

/* --only is about to replace path: the old file kept as path.prev (a
 * hard link, since the write renames a new file into place; made beside
 * it and renamed over an older .prev, which stays when this fails); 0
 * when kept, else a warning. */
static int keep_previous(const char *path, char *prev, size_t len)
{
    char tmp[4096 + 16];

    if ((size_t)snprintf(prev, len, "%s.prev", path) >= len
        || (size_t)snprintf(tmp, sizeof tmp, "%s.tmp", prev) >= sizeof tmp)
        return -1;
    unlink(tmp);
    if (link(path, tmp) != 0 || rename(tmp, prev) != 0) {
        mmc_warn("cannot keep %s as %s: %s", path, prev, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* A params.conf beside probe.conf binds a tune to the probe.conf it was
 * searched against (its fingerprint): once --only changed a value, the
 * library no longer builds from that tune, and the user should know why
 * and how to undo it. */
static void note_stale_tune(const char *output, const char *old_fp,
                            const struct mmc_probeconf *pc, const char *prev)
{
    char params[4096], fp[MMC_FINGERPRINT_LEN], err[256];
    const char *slash = strrchr(output, '/');
    int dir = slash ? (int)(slash - output + 1) : 0;
    static struct mmc_paramsconf tune;

    mmc_probeconf_fingerprint(pc, fp);
    if (!strcmp(fp, old_fp))
        return;
    snprintf(params, sizeof params, "%.*sparams.conf", dir, output);
    if (mmc_paramsconf_read(params, &tune, err, sizeof err) != 0
        || strcmp(tune.probe_fingerprint, old_fp) != 0)
        return;
    fprintf(stderr, "mmprobe: note: %s was searched against the probe.conf "
            "just replaced and no longer matches it: mmselect will not take "
            "it until make tune searches again%s%s%s%s%s\n", params,
            prev ? "; to undo: mv " : "", prev ? prev : "", prev ? " " : "",
            prev ? output : "", prev ? " (probe.h keeps the new values)"
                                     : "");
}

static int write_outputs(const struct options *o, struct mmc_probeconf *pc,
                         unsigned measured)
{
    char err[256], old_fp[MMC_FINGERPRINT_LEN] = "", prev[4096];
    int kept = 0;

    if (o->only && access(o->output, F_OK) != 0) {
        print_table(pc, o->only);
        return 0;
    }
    if (o->only && merge_existing(o->output, pc, measured, old_fp) < 0)
        return -1;
    if (mmc_probeconf_validate(pc, err, sizeof err) < 0) {
        /* The reader would refuse it: a probe produced nonsense. */
        mmc_error("not writing %s: %s", o->output, err);
        return -1;
    }
    if (o->only)
        kept = keep_previous(o->output, prev, sizeof prev) == 0;
    if (make_parent(o->output) < 0 || mmc_probeconf_write(o->output, pc) < 0) {
        mmc_error("cannot write %s: %s", o->output, strerror(errno));
        return -1;
    }
    if (o->only)
        note_stale_tune(o->output, old_fp, pc, kept ? prev : NULL);
    if (make_parent(o->header) < 0 ||
        mmc_probeconf_write_header(o->header, pc) < 0) {
        mmc_error("cannot write %s: %s", o->header, strerror(errno));
        return -1;
    }
    return 0;
}

/* results/HOST/probe.conf unless --output; probe.h beside it unless
 * --header. */
static void default_paths(struct options *o, char *out, char *hdr,
                          size_t len)
{
    const char *slash;

    if (!o->output) {
        if (mmc_results_file(out, len, "probe.conf") < 0) {
            mmc_error("the results path is too long for this host name");
            exit(MMC_EXIT_FAIL);
        }
        o->output = out;
    }
    if (!o->header) {
        slash = strrchr(o->output, '/');
        snprintf(hdr, len, "%.*sprobe.h",
                 slash ? (int)(slash - o->output + 1) : 0, o->output);
        o->header = hdr;
    }
}

/* FORMAT, host, CPU and kernel compiler: the head of probe.conf. */
static void describe_origin(struct mmc_probeconf *pc, double seconds)
{
    mmc_origin_here(&pc->origin, MMC_PROBECONF_FORMAT, "mmprobe");
    snprintf(pc->note, sizeof pc->note, "probes took %.1f s", seconds);
}

int main(int argc, char **argv)
{
    struct options o = { 0 };
    struct probe_ctx ctx = { .log = stderr, .kernel_cc = MMT_KERNEL_CC,
                             .kernel_cflags = MMT_KERNEL_CFLAGS };
    static struct mmc_probeconf pc;
    char outbuf[256], hdrbuf[256];
    int measured[MMC_P_NKEYS];

    mmc_set_progname(argv[0]);
    parse_args(argc, argv, &o);
    default_paths(&o, outbuf, hdrbuf, sizeof outbuf);
    ctx.verbose = o.verbose;
#if defined(__x86_64__)
    ctx.have_fma_isa = !!__builtin_cpu_supports("fma");
#endif
    signal(SIGALRM, watchdog);
    alarm(WATCHDOG_S);
    pin_to_one_cpu();

    double t0 = probe_now();
    unsigned keys = run_steps(&ctx, &pc, steps_for(o.only ? o.only : ~0u));
    if (!keys)
        return MMC_EXIT_FAIL;
    for (int k = 0; k < MMC_P_NKEYS; k++)
        measured[k] = (keys & BIT(k)) != 0;
    probe_crosscheck(&ctx, &pc, measured);
    if (!o.only)
        print_table(&pc, keys);
    for (int k = 0; k < MMC_P_NKEYS; k++)
        if ((keys & BIT(k)) && !pc.confirmed[k])
            mmc_warn("%s = %g is not confirmed (repetitions, a second "
                     "method or cpuid disagreed, or other CPUs were busy)",
                     mmc_probeconf_schema[k].key, mmc_probeconf_get(&pc, k));
    describe_origin(&pc, probe_now() - t0);
    fprintf(stderr, "mmprobe: probes took %.1f s\n", probe_now() - t0);
    if (write_outputs(&o, &pc, keys) < 0)
        return MMC_EXIT_FAIL;
    if (!o.only || access(o.output, F_OK) == 0)
        fprintf(stderr, "mmprobe: wrote %s and %s\n", o.output, o.header);
    return MMC_EXIT_OK;
}
