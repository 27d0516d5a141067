/* mmsearch: find the fastest generated kernel on this machine (paper 002
 * §III-B's orthogonal line search; tune/search.h) and write params.conf. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/common.h"
#include "tune/model.h"
#include "tune/objcache.h"
#include "tune/search.h"
#include "tune/single.h"
#include "tune/workdir.h"

#ifndef MMS_KERNEL_INCLUDE
#define MMS_KERNEL_INCLUDE "codegen"
#endif
#ifndef MMS_SOURCE_DIR
#define MMS_SOURCE_DIR "."
#endif

enum {
    OPT_HELP = 256, OPT_LEVEL, OPT_TIME_LIMIT, OPT_PROBE, OPT_LOG,
    OPT_OUTPUT, OPT_PIN, OPT_ISA, OPT_JOBS, OPT_CTIMEOUT, OPT_RTIMEOUT,
    OPT_CHECK_LOG, OPT_INCLUDE, OPT_WORKDIR, OPT_PROGRESS, OPT_FAKE,
    OPT_STOP, OPT_PERTURB, OPT_BUSY, OPT_SLOW, OPT_ENGINE, OPT_PIN_FILE,
    OPT_SKIP_BLOCKS, OPT_SKIP_DGEMM, OPT_SOURCE, OPT_CANDIDATE,
    OPT_PRECISION, OPT_CONTEXT, OPT_OBJCACHE,
    OPT_INT                 /* last: the generator's options from here */
};

struct cli {
    const char *level, *probe, *log, *output, *check_log, *include;
    const char *workdir, *engine, *source, *objcache;
    int single;                   /* --precision=s */
    int packed;                   /* --context=packed */
    double time_limit, compile_timeout, run_timeout;
    int jobs, progress, fake, stop_after, busy, skip_blocks, skip_dgemm;
    int slow[MMS_SLOW_MAX], nslow;
    struct mms_pins pins, perturb;
    const char *candidates[MMS_EXTRA_MAX];
    int ncandidates;
};

/* text from column 4, wrapped at 78 columns. */
static void wrapped(const char *text)
{
    int col = 0;

    while (*text) {
        int w = (int)strcspn(text, " ");
        if (col > 4 && col + 1 + w > 78)
            col = 0, putchar('\n');
        col += col ? printf(" ") : printf("    ");
        col += printf("%.*s", w, text);
        text += w + (text[w] == ' ');
    }
    putchar('\n');
}

/* The hybrid's neighbourhood per step (tune/model.c's table). */
static void hybrid_help(void)
{
    static struct mms_search tmp;

    mms_search_init(&tmp, mms_levels);
    mms_engine_setup(&tmp, "hybrid");
    printf("\nThe hybrid engine times, in the steps the model decides:\n");
    for (int i = 0; i < tmp.nsteps; i++)
        if (strncmp(tmp.steps[i].source, "hybrid", 6) == 0) {
            printf("  %s:\n", tmp.steps[i].name);
            wrapped(tmp.steps[i].rule);
        }
    printf("and the other steps as the search does.\n");
}

static void usage(void)
{
    printf("Usage: %s [OPTION]...\n"
           "Search the generator's parameters for the fastest kernel on "
           "this machine\n(paper 002 Sec. III-B), log every candidate and "
           "write params.conf.\n\n"
           "  --engine=WORD       search (default): the line search of "
           "Sec. III-B;\n"
           "                      model: paper 002 Sec. IV and V-G, every "
           "value from\n"
           "                      probe.conf by a formula the log names, "
           "verified, not\n"
           "                      timed (log default results/HOST/"
           "model.log);\n"
           "                      hybrid: the model's values, then each step "
           "times only\n"
           "                      their neighbours (log default "
           "results/HOST/hybrid.log)\n"
           "  --precision=WORD    d (default): the double kernel; s: the "
           "single one,\n"
           "                      around the double winner's tile in "
           "--output (no second\n"
           "                      full search: steps s-nb, s-ku), its S_ "
           "keys written\n"
           "                      into --output; make tune runs d, then "
           "s (the model\n"
           "                      engine leaves s to the library's "
           "rule)\n"
           "  --context=WORD      how the kernel steps time a double "
           "kernel: l1 (default),\n"
           "                      one call at M=N=K=NB in L1; packed, the "
           "library's full\n"
           "                      kernel at its blocking model's MC, NB, "
           "KC on A's packed\n"
           "                      block (hot), B's panel and a block of "
           "C (cold, ldc 2000);\n"
           "                      there the step nb is skipped (the "
           "library widens NB)\n"
           "  --level=WORD        quick, normal (default) or full\n"
           "  --time-limit=S      start no step after S seconds (0: none)\n"
           "  --probe-conf=FILE   default results/HOST/probe.conf\n"
           "  --log=FILE          the log and checkpoint; default "
           "results/HOST/search.log\n"
           "                      (a rerun resumes it and re-times "
           "nothing it holds)\n"
           "  --output=FILE       default results/HOST/params.conf\n"
           "  --pin=KEY=VALUE     fix a parameter (ISA, NB, MU, NU, KU, "
           "LS, FMA, FF, IF,\n"
           "                      NF, ...), the kernel compiler (CC=gcc, "
           "CC=clang:\n"
           "                      every candidate is built with it) or the "
           "library's\n"
           "                      blocking (MC=120, KC=480, NC=480, "
           "SMALL_MAX=320: its\n"
           "                      step is skipped); also --nb=48, "
           "--isa=avx2 ...\n"
           "  --pin-file=FILE     the same from FILE, one KEY = value a line "
           "(# comments)\n"
           "  --skip-blocks       do not search MC, KC, NC, SMALL_MAX (the "
           "steps mc, kc,\n"
           "                      nc, small, which time the whole DGEMM): "
           "the library's\n"
           "                      model fills them; the step dgemm is "
           "skipped too\n"
           "  --skip-dgemm        keep the kernel the kernel steps chose "
           "(skip the step\n"
           "                      dgemm, which chooses it by the whole "
           "DGEMM)\n"
           "  --candidate=FILE    a params.conf whose kernel and compiler "
           "join the step\n"
           "                      dgemm's candidates (make tune passes "
           "this CPU's\n"
           "                      architectural defaults); up to 4; the "
           "first file's\n"
           "                      kernel is the step's incumbent, every "
           "round's reference;\n"
           "                      the step seeds times each file's whole "
           "set against the\n"
           "                      search's and takes the faster\n"
           "  --jobs=N            compilers at once (default: every CPU)\n"
           "  --compile-timeout=S, --run-timeout=S  per candidate "
           "(120, 60)\n"
           "  --check-log=FILE    check FILE's syntax and exit (0 good, 2 "
           "FILE:LINE: why)\n"
           "  --kernel-include=DIR  where mmkernel.h is (default: codegen/ "
           "of the source\n"
           "                      tree mmsearch was built from)\n"
           "  --source-dir=DIR    the source tree whose kernels/ driver the "
           "blocks steps\n"
           "                      compile (default: the one mmsearch was "
           "built from)\n"
           "  --work-dir=DIR      for the kernels being built (default "
           "$TMPDIR or /tmp)\n"
           "  --object-cache=DIR  keep the driver builds' objects in DIR "
           "(made if missing;\n"
           "                      entries unused for a week pruned) for "
           "the next search\n"
           "                      (default: the work directory's, gone "
           "with it)\n"
           "  --no-progress       plain lines even on a terminal\n"
           "  --help              show this help and exit\n\n"
           "Test hooks: --test-timing=fake (MFLOPS from the kernel name),\n"
           "--test-stop-after=N (SIGKILL itself after N timings),\n"
           "--test-perturb=KEY=VALUE (candidates with that value are built "
           "wrong,\nmmgen --perturb), --test-busy (every timing counts as "
           "made beside busy\nCPUs), --test-slow=N,... (with fake timing, "
           "the run's Nth timings run at\n%.1f of their speed, as in a slow "
           "phase of the host).\n\nSteps, in order:\n",
           mmc_progname(), MMS_SLOW_PHASE);
    for (int i = 0; i < mms_nsteps; i++)
        printf("  %-6s %-11s %s%s\n", mms_steps[i].name, mms_steps[i].sets,
               mms_step_searched(&mms_steps[i]) ? ""
                                                : "(not searched yet) ",
               mms_steps[i].source);
    hybrid_help();
    printf("\nEach candidate is generated, compiled with the kernel compiler "
           "and flags,\nverified against the reference (2(k+2)eps bound) and "
           "timed (MultiCallFlushLRU,\nA and B cold); each step re-times "
           "its best few interleaved with a fixed\nreference kernel and "
           "keeps the leader when a rank-sum test says it won; else\na "
           "tie, and the highest median is taken: one measured slower "
           "never wins\n(at the same median, step nb prefers the larger "
           "NB within L2, step pf\nthe model's PF=1 PFB=1).  A timing "
           "made while other CPUs were more than\nhalf busy is taken "
           "again (twice at most, a whole DGEMM once) and marked in\nthe "
           "log.\n"
           "The step dgemm chooses the kernel and its compiler again, by "
           "the whole DGEMM\n(the kernel steps time one call in L1): the "
           "winner, the --candidate files'\nkernels, the cc step's finalists "
           "and the munu step's best other tiles\n(quick 3 candidates at "
           "most, normal 6, full 8, besides the files'), each\nat the "
           "library model's blocking for it.  The last steps "
           "(mc,\nkc, nc) keep that kernel and search the library's "
           "blocking around it from\nthe library's model.  In these four "
           "steps each candidate is the full kernel\nat M=MC N=NB K=KC "
           "with the library's driver (its kernels/ sources, built\nfor "
           "each kernel and compiler), verified as the whole DGEMM at odd "
           "sizes and\ntimed at square N = 200 (the small-problem path), "
           "then quick 1000, normal\n500,1000,1500, full "
           "500,1000,2000,3000 (nc: those past its least NC and one\nmore: "
           "2000, 2000, 4000), with every "
           "operand flushed; the figure is the\ngeometric mean over the "
           "sizes.\nThe step small (SMALL_MAX, the crossover to the "
           "small-problem path) times\nits candidates at square N = each "
           "of their values, each on the path it takes.\n"
           "Exit status: 0 done, 1 failure, 2 bad usage or a bad or foreign "
           "input file.\n");
}

static struct option *build_options(void)
{
    static const struct option fixed[] = {
        { "help", no_argument, NULL, OPT_HELP },
        { "engine", required_argument, NULL, OPT_ENGINE },
        { "level", required_argument, NULL, OPT_LEVEL },
        { "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
        { "probe-conf", required_argument, NULL, OPT_PROBE },
        { "log", required_argument, NULL, OPT_LOG },
        { "output", required_argument, NULL, OPT_OUTPUT },
        { "pin", required_argument, NULL, OPT_PIN },
        { "pin-file", required_argument, NULL, OPT_PIN_FILE },
        { "isa", required_argument, NULL, OPT_ISA },
        { "jobs", required_argument, NULL, OPT_JOBS },
        { "compile-timeout", required_argument, NULL, OPT_CTIMEOUT },
        { "run-timeout", required_argument, NULL, OPT_RTIMEOUT },
        { "check-log", required_argument, NULL, OPT_CHECK_LOG },
        { "kernel-include", required_argument, NULL, OPT_INCLUDE },
        { "work-dir", required_argument, NULL, OPT_WORKDIR },
        { "object-cache", required_argument, NULL, OPT_OBJCACHE },
        { "no-progress", no_argument, NULL, OPT_PROGRESS },
        { "test-timing", required_argument, NULL, OPT_FAKE },
        { "test-stop-after", required_argument, NULL, OPT_STOP },
        { "test-perturb", required_argument, NULL, OPT_PERTURB },
        { "test-busy", no_argument, NULL, OPT_BUSY },
        { "test-slow", required_argument, NULL, OPT_SLOW },
        { "skip-blocks", no_argument, NULL, OPT_SKIP_BLOCKS },
        { "skip-dgemm", no_argument, NULL, OPT_SKIP_DGEMM },
        { "candidate", required_argument, NULL, OPT_CANDIDATE },
        { "source-dir", required_argument, NULL, OPT_SOURCE },
        { "precision", required_argument, NULL, OPT_PRECISION },
        { "context", required_argument, NULL, OPT_CONTEXT },
    };
    return mmg_long_options(fixed, sizeof fixed / sizeof fixed[0], OPT_INT);
}

/* --test-slow=N,...: timing numbers, 1 or more, comma-separated. */
static void slow_list(struct cli *c, const char *arg)
{
    char buf[256], *save = NULL;

    snprintf(buf, sizeof buf, "%s", arg);
    c->nslow = 0;
    for (char *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (c->nslow == MMS_SLOW_MAX)
            mmc_usage_error("--test-slow: at most %d timings", MMS_SLOW_MAX);
        c->slow[c->nslow++] = (int)mmc_parse_long("--test-slow", t, 1,
                                                  1000000);
    }
    if (c->nslow == 0)
        mmc_usage_error("--test-slow: '%s': expected N,...", arg);
}

static void pin_or_die(struct mms_pins *pins, const char *key,
                       const char *value)
{
    char spec[128], err[256];

    snprintf(spec, sizeof spec, "%s%s%s", key, key[0] ? "=" : "", value);
    if (mms_pin(pins, spec, err, sizeof err) != 0)
        mmc_usage_error("%s", err);
}

static void one_option(struct cli *c, int opt, const char *arg)
{
    switch (opt) {
    case OPT_HELP: usage(); exit(MMC_EXIT_OK);
    case OPT_ENGINE: c->engine = arg; break;
    case OPT_LEVEL: c->level = arg; break;
    case OPT_TIME_LIMIT:
        c->time_limit = mmc_parse_double("--time-limit", arg, 0, 1e7);
        break;
    case OPT_PROBE: c->probe = arg; break;
    case OPT_LOG: c->log = arg; break;
    case OPT_OUTPUT: c->output = arg; break;
    case OPT_PIN: pin_or_die(&c->pins, "", arg); break;
    case OPT_PIN_FILE: {
        char err[700];
        if (mms_pin_file(&c->pins, arg, err, sizeof err) != 0)
            mmc_usage_error("--pin-file: %s", err);
        break;
    }
    case OPT_ISA: pin_or_die(&c->pins, "ISA", arg); break;
    case OPT_JOBS: c->jobs = (int)mmc_parse_long("--jobs", arg, 1, 64); break;
    case OPT_CTIMEOUT:
        c->compile_timeout = mmc_parse_double("--compile-timeout", arg,
                                              0.1, 1e5);
        break;
    case OPT_RTIMEOUT:
        c->run_timeout = mmc_parse_double("--run-timeout", arg, 0.1, 1e5);
        break;
    case OPT_CHECK_LOG: c->check_log = arg; break;
    case OPT_INCLUDE: c->include = arg; break;
    case OPT_WORKDIR: c->workdir = arg; break;
    case OPT_OBJCACHE: c->objcache = arg; break;
    case OPT_PROGRESS: c->progress = 0; break;
    case OPT_FAKE:
        if (strcmp(arg, "fake") != 0)
            mmc_usage_error("--test-timing: '%s' is not 'fake'", arg);
        c->fake = 1;
        break;
    case OPT_STOP:
        c->stop_after = (int)mmc_parse_long("--test-stop-after", arg, 1,
                                            1000000);
        break;
    case OPT_PERTURB: pin_or_die(&c->perturb, "", arg); break;
    case OPT_BUSY: c->busy = 1; break;
    case OPT_SLOW: slow_list(c, arg); break;
    case OPT_SKIP_BLOCKS: c->skip_blocks = 1; break;
    case OPT_SKIP_DGEMM: c->skip_dgemm = 1; break;
    case OPT_CANDIDATE:
        if (c->ncandidates == MMS_EXTRA_MAX)
            mmc_usage_error("--candidate: at most %d files", MMS_EXTRA_MAX);
        c->candidates[c->ncandidates++] = arg;
        break;
    case OPT_SOURCE: c->source = arg; break;
    case OPT_PRECISION:
        if (strcmp(arg, "d") != 0 && strcmp(arg, "s") != 0)
            mmc_usage_error("--precision: '%s' is not d or s", arg);
        c->single = arg[0] == 's';
        break;
    case OPT_CONTEXT:
        if (strcmp(arg, "l1") != 0 && strcmp(arg, "packed") != 0)
            mmc_usage_error("--context: '%s' is not l1 or packed", arg);
        c->packed = arg[0] == 'p';
        break;
    default:
        pin_or_die(&c->pins, mmg_int_params[opt - OPT_INT].key, arg);
    }
}

static void parse(int argc, char **argv, struct cli *c)
{
    struct option *o = build_options();
    int opt;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, "", o, NULL)) != -1) {
        if (opt == '?' && optopt && optopt < OPT_HELP)
            mmc_usage_error("unknown option '-%c'", optopt);
        if (opt == '?')
            mmc_usage_error("unknown option or missing value: '%s'",
                            argv[optind - 1]);
        one_option(c, opt, optarg);
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
}

static const char *results_path(const char *given, const char *name,
                                char *buf, size_t len)
{
    if (given)
        return given;
    if (mmc_results_file(buf, len, name) != 0)
        mmc_usage_error("the results path for %s is too long", name);
    return buf;
}

static char workdir[MMS_PATH_MAX];

static void remove_workdir(void)
{
    if (workdir[0])
        mms_workdir_remove(workdir);
}

/* The compiler every candidate is built with: the configured one, the
 * pinned one, or want (the single search's: the double winner's) when it
 * is installed, with the configured flags made its family's. */
static const char *kernel_cc(const struct cli *c, const char *want,
                             char *flags, size_t len)
{
    const char *cc = c->pins.cc[0] ? c->pins.cc
                     : want[0] && mmc_cc_installed(want) ? want
                     : MMT_KERNEL_CC;

    if (!mmc_cc_installed(cc))
        mmc_usage_error("--pin=CC=%s: %s is not installed (not found on "
                        "PATH)", cc, cc);
    if (!strcmp(cc, MMT_KERNEL_CC))
        snprintf(flags, len, "%s", MMT_KERNEL_CFLAGS);
    else if (mmc_cc_flags_for(mmc_cc_family(cc), MMT_KERNEL_CFLAGS, flags,
                              len) != 0)
        mmc_usage_error("--pin=CC=%s: the flags do not fit", cc);
    return cc;
}

static void setup_pipeline(const struct cli *c, const char *want,
                           struct mms_search *s)
{
    const char *tmp = c->workdir ? c->workdir : getenv("TMPDIR");
    char flags[1024];
    const char *cc = kernel_cc(c, want, flags, sizeof flags);

    if (!tmp || !*tmp)
        tmp = "/tmp";
    /* what a search killed by SIGKILL left (workdir.h) */
    mms_workdir_sweep(tmp);
    if (mms_workdir_create(workdir, sizeof workdir, tmp) != 0) {
        mmc_error("%s: cannot make a work directory: %m", tmp);
        exit(MMC_EXIT_FAIL);
    }
    /* a signal's exit (130, 143) runs remove_workdir too */
    atexit(remove_workdir);
    /* the compilers' temporary files too: a compiler killed with the
     * search leaves them where the next search's sweep finds them */
    if (mms_workdir_claim(workdir) != 0
        || setenv("TMPDIR", workdir, 1) != 0) {
        mmc_error("%s: cannot mark the work directory in use: %m",
                  workdir);
        exit(MMC_EXIT_FAIL);
    }
    mmc_proc_setup();
    if (mms_pipeline_init(&s->pl, cc, flags, c->include, workdir) != 0) {
        mmc_error("the kernel compiler and flags do not fit: %s %s", cc,
                  flags);
        exit(MMC_EXIT_FAIL);
    }
    if (c->objcache && mms_objcache_dir(c->objcache, s->pl.objdir,
                                        sizeof s->pl.objdir) != 0) {
        mmc_error("--object-cache=%s: cannot make it or it is not this "
                  "user's directory: %m", c->objcache);
        exit(MMC_EXIT_FAIL);
    }
    if (c->jobs)
        s->pl.jobs = c->jobs;
    if (c->compile_timeout)
        s->pl.compile_timeout_s = c->compile_timeout;
    if (c->run_timeout)
        s->pl.run_timeout_s = c->run_timeout;
    s->pl.fake_timing = c->fake;
    s->pl.packed = c->packed;
    snprintf(s->pl.source_dir, sizeof s->pl.source_dir, "%s", c->source);
    if (c->busy)
        s->pl.busy_limit = -1, s->pl.busy_pause_ms = 0;
}

/* The --candidate files' kernels and compilers into s; a file that
 * cannot be read is bad usage (its path and line named). */
static void read_candidates(const struct cli *c, struct mms_search *s)
{
    char err[1024];

    for (int i = 0; i < c->ncandidates; i++) {
        struct mms_extra *x = &s->extra[s->nextra++];
        struct mmc_paramsconf q;
        if (mmc_paramsconf_read(c->candidates[i], &q, err, sizeof err) != 0)
            mmc_usage_error("--candidate: %s", err);
        mmg_params_default(&x->p);
        if (mmg_params_read(&x->p, c->candidates[i], err, sizeof err) != 0)
            mmc_usage_error("--candidate: %s", err);
        x->p.ncnb = MMG_TILE;     /* the non-copy tile is no kernel key */
        x->p.ncnu = 0;            /* the step ncnu's, after the kernel */
        x->b = (struct mms_blocks){
            q.present[MMC_Q_MC] ? q.mc : 0, q.present[MMC_Q_KC] ? q.kc : 0,
            q.present[MMC_Q_NC] ? q.nc : 0, 0,
            q.present[MMC_Q_SMALL_MAX] ? q.small_max : 0 };
        x->ncnu = q.present[MMC_Q_NCNU] ? q.ncnu : 0;
        x->has_pfb = q.present[MMC_Q_PFB];
        x->ncnb = q.ncnb;
        if (strlen(q.cc) >= sizeof x->cc)
            mmc_usage_error("--candidate: %s: CC '%s' is too long",
                            c->candidates[i], q.cc);
        strcpy(x->cc, q.present[MMC_Q_CC] ? q.cc : "");
        snprintf(x->path, sizeof x->path, "%s", c->candidates[i]);
    }
}

static void read_probe(const char *path, struct mms_search *s)
{
    char err[512];

    if (access(path, F_OK) != 0) {
        mmc_error("%s: no probe.conf: run mmprobe first (make tune does)",
                  path);
        exit(MMC_EXIT_FAIL);
    }
    if (mmc_probeconf_read(path, &s->pc, err, sizeof err) != 0) {
        mmc_error("%s", err);
        exit(MMC_EXIT_USAGE);
    }
    mmc_probeconf_fingerprint(&s->pc, s->probe_fingerprint);
}

static int check_log(const char *path)
{
    char err[512];
    int n = mms_log_check(path, err, sizeof err);

    if (n < 0) {
        mmc_error("%s", err);
        return MMC_EXIT_USAGE;
    }
    printf("%s: a search.log with %d timings\n", path, n);
    return MMC_EXIT_OK;
}

int main(int argc, char **argv)
{
    static struct mms_search s;
    struct cli c = { .level = "normal", .include = MMS_KERNEL_INCLUDE,
                     .progress = 1, .engine = "search",
                     .source = MMS_SOURCE_DIR };
    char log_name[32], cc[KV_WORD_MAX] = "";
    int rc;
    char probe[512], log[512], output[512], err[1024];

    mmc_set_progname(argv[0]);
    parse(argc, argv, &c);
    if (c.check_log)
        return check_log(c.check_log);
    mms_search_init(&s, mms_level_find(c.level));
    if (!s.lv)
        mmc_usage_error("--level: '%s' is not quick, normal or full",
                        c.level);
    if (mms_engine_setup(&s, c.engine) != 0)
        mmc_usage_error("--engine: '%s' is not search, model or hybrid",
                        c.engine);
    s.pins = c.pins, s.perturb = c.perturb;
    s.time_limit_s = c.time_limit, s.stop_after = c.stop_after;
    memcpy(s.slow, c.slow, sizeof s.slow), s.nslow = c.nslow;
    s.skip_blocks = c.skip_blocks, s.skip_dgemm = c.skip_dgemm;
    read_candidates(&c, &s);
    s.progress = c.progress && isatty(STDERR_FILENO);
    s.cand_lines = !s.progress;
    read_probe(results_path(c.probe, "probe.conf", probe, sizeof probe),
               &s);
    results_path(c.output, "params.conf", output, sizeof output);
    /* the model engine times nothing: the library's rule is its single
     * set (kernels/libparams.c, mml_params_single) */
    if (c.single && s.verify_only) {
        printf("single: not searched by the model engine: the library "
               "derives it from the double set\n");
        return MMC_EXIT_OK;
    }
    if (c.single && mms_single_setup(&s, c.output ? c.output : output, cc,
                                     sizeof cc, err, sizeof err) != 0) {
        mmc_error("%s", err);
        return MMC_EXIT_USAGE;
    }
    setup_pipeline(&c, cc, &s);
    snprintf(log_name, sizeof log_name, "%s.log", strcmp(c.engine,
             "search") ? c.engine : "search");
    results_path(c.log, log_name, log, sizeof log);
    rc = s.verify_only ? mms_model_run(&s, c.log ? c.log : log, err,
                                       sizeof err)
                       : mms_search_run(&s, c.log ? c.log : log, err,
                                        sizeof err);
    if (rc != 0) {
        mmc_error("%s", err);
        return strstr(err, "cannot") ? MMC_EXIT_FAIL : MMC_EXIT_USAGE;
    }
    if ((c.single ? mms_single_finish : mms_search_finish)(
            &s, c.output ? c.output : output, err, sizeof err) != 0) {
        mmc_error("%s", err);
        return MMC_EXIT_FAIL;
    }
    mms_log_close(&s.log);
    return MMC_EXIT_OK;
}
