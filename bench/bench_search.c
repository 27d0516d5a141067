/* bench-search (issue 8, "Benchmark"): how good and how fast is the
 * search on this machine?  It runs mmsearch at its default level and
 * mmsearch --engine=model (when this build has it) into a scratch
 * directory, times both, then sweeps the search's space densely
 * (search_sweep.h) and prints the winner's ratio to the sweep's best.
 * Not a test: nothing here passes or fails; the targets are printed met
 * or missed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/search_sweep.h"
#include "common/common.h"
#include "timer/mmtimer.h"
#include "tune/tune.h"

#ifndef MMS_KERNEL_INCLUDE
#define MMS_KERNEL_INCLUDE "codegen"
#endif

/* Issue 8's targets. */
#define TARGET_OF_BEST 0.97      /* the winner within 3% of the best */
#define TARGET_SEARCH_S 180.0    /* the default search in 3 minutes */
#define TARGET_MODEL_S 5.0

struct cli {
    const char *mmsearch, *search_flags, *dir, *probe, *winner, *include;
    int list, fake, jobs, samples;
    double run_timeout, search_timeout;
    struct bs_opts o;
};

/* What one mmsearch run gave. */
struct engine_run {
    int ran;                    /* 0: not run (why says why) */
    double secs;
    char conf[MMS_PATH_MAX];    /* its params.conf */
    struct mmc_paramsconf pc;
    struct mmg_params p;
    char why[800];
};

static void usage(void)
{
    printf("Usage: %s [OPTION]...\n"
           "Time mmsearch (default level) and mmsearch --engine=model into "
           "a scratch\ndirectory, then sweep every NB x MU x NU (KU=1) of "
           "the search's space for its\nwinner's ISA, each timed right "
           "after the winner, re-time the best with the\nwinner and the "
           "model's kernel in interleaved rounds, and print the "
           "winner's\nratio to the sweep's best.\n\n"
           "  --mmsearch=PATH     the mmsearch to run (default ./mmsearch)\n"
           "  --search-flags=W    more options for both mmsearch runs "
           "(split at blanks)\n"
           "  --dir=DIR           scratch directory (default "
           "bench/search.d): search.log,\n"
           "                      params.conf, model.log, model.conf, "
           "sweep.txt\n"
           "  --probe-conf=FILE   default results/HOST/probe.conf\n"
           "  --winner=FILE       the winner is FILE's (a params.conf): "
           "no search is run\n"
           "  --pin=KEY=VALUE     sweep only kernels with this value (MU=24, "
           "NB=48, ...)\n"
           "  --nb-step=N         every Nth NB of each tile (default 1), "
           "and the winner's\n"
           "  --nb-max=N          no NB above N (default: the normal "
           "level's bound)\n"
           "  --time-limit=S      start no sweep chunk after S seconds "
           "(default 0: none)\n"
           "  --chunk=N           kernels built at once, then timed "
           "(default 32)\n"
           "  --finalists=N       sweep kernels in the final rounds, 1..16 "
           "(default 8)\n"
           "  --rounds=N          final rounds, 1..16 (default 15)\n"
           "  --samples=N         per timing (default 5, as the normal "
           "level)\n"
           "  --cpu=N             time on CPU N (default -1: anywhere); "
           "compiles run\n                      on every CPU\n"
           "  --lock=FILE         hold an flock on FILE while timing\n"
           "  --jobs=N            compilers at once (default: every CPU)\n"
           "  --run-timeout=S     per kernel timing (default 60)\n"
           "  --search-timeout=S  per mmsearch run (default 3600)\n"
           "  --kernel-include=DIR  where mmkernel.h is\n"
           "  --list              print the sweep's kernels and exit "
           "(needs --winner)\n"
           "  --no-progress       plain lines even on a terminal\n"
           "  --help              show this help and exit\n\n"
           "Test hook: --test-timing=fake (MFLOPS from the kernel name).\n"
           "Exit status: 0 done, 1 failure, 2 bad usage or input.\n",
           mmc_progname());
}

enum {
    OPT_HELP = 256, OPT_MMSEARCH, OPT_FLAGS, OPT_DIR, OPT_PROBE,
    OPT_WINNER, OPT_PIN, OPT_NB_STEP, OPT_NB_MAX, OPT_TIME_LIMIT,
    OPT_FINALISTS, OPT_ROUNDS, OPT_SAMPLES, OPT_CPU, OPT_LOCK, OPT_JOBS,
    OPT_RTIMEOUT, OPT_STIMEOUT, OPT_INCLUDE, OPT_LIST, OPT_PROGRESS,
    OPT_FAKE, OPT_CHUNK
};

static const struct option options[] = {
    { "help", no_argument, NULL, OPT_HELP },
    { "mmsearch", required_argument, NULL, OPT_MMSEARCH },
    { "search-flags", required_argument, NULL, OPT_FLAGS },
    { "dir", required_argument, NULL, OPT_DIR },
    { "probe-conf", required_argument, NULL, OPT_PROBE },
    { "winner", required_argument, NULL, OPT_WINNER },
    { "pin", required_argument, NULL, OPT_PIN },
    { "nb-step", required_argument, NULL, OPT_NB_STEP },
    { "nb-max", required_argument, NULL, OPT_NB_MAX },
    { "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
    { "finalists", required_argument, NULL, OPT_FINALISTS },
    { "rounds", required_argument, NULL, OPT_ROUNDS },
    { "samples", required_argument, NULL, OPT_SAMPLES },
    { "cpu", required_argument, NULL, OPT_CPU },
    { "lock", required_argument, NULL, OPT_LOCK },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "run-timeout", required_argument, NULL, OPT_RTIMEOUT },
    { "search-timeout", required_argument, NULL, OPT_STIMEOUT },
    { "kernel-include", required_argument, NULL, OPT_INCLUDE },
    { "list", no_argument, NULL, OPT_LIST },
    { "no-progress", no_argument, NULL, OPT_PROGRESS },
    { "test-timing", required_argument, NULL, OPT_FAKE },
    { "chunk", required_argument, NULL, OPT_CHUNK },
    { NULL, 0, NULL, 0 }
};

static void pin(struct cli *c, const char *spec)
{
    char err[256];

    if (mms_pin(&c->o.only, spec, err, sizeof err) != 0)
        mmc_usage_error("--pin: %s", err);
}

static int int_opt(const char *name, const char *arg, long lo, long hi)
{
    return (int)mmc_parse_long(name, arg, lo, hi);
}

static void one_option(struct cli *c, int opt, const char *arg)
{
    switch (opt) {
    case OPT_HELP: usage(); exit(MMC_EXIT_OK);
    case OPT_MMSEARCH: c->mmsearch = arg; break;
    case OPT_FLAGS: c->search_flags = arg; break;
    case OPT_DIR: c->dir = arg; break;
    case OPT_PROBE: c->probe = arg; break;
    case OPT_WINNER: c->winner = arg; break;
    case OPT_PIN: pin(c, arg); break;
    case OPT_NB_STEP: c->o.nb_step = int_opt("--nb-step", arg, 1, 1024);
        break;
    case OPT_NB_MAX: c->o.nb_max = int_opt("--nb-max", arg, 1, 1024); break;
    case OPT_TIME_LIMIT:
        c->o.time_limit_s = mmc_parse_double("--time-limit", arg, 0, 1e7);
        break;
    case OPT_FINALISTS:
        c->o.finalists = int_opt("--finalists", arg, 1, BS_FINALS_MAX - 2);
        break;
    case OPT_ROUNDS:
        c->o.rounds = int_opt("--rounds", arg, 1, MMS_ROUNDS_MAX);
        break;
    case OPT_SAMPLES: c->samples = int_opt("--samples", arg, 1, 100); break;
    case OPT_CPU: c->o.cpu = int_opt("--cpu", arg, -1, 1023);
        break;
    case OPT_LOCK: c->o.lock = arg; break;
    case OPT_JOBS: c->jobs = int_opt("--jobs", arg, 1, 64); break;
    case OPT_RTIMEOUT:
        c->run_timeout = mmc_parse_double("--run-timeout", arg, 0.1, 1e5);
        break;
    case OPT_STIMEOUT:
        c->search_timeout = mmc_parse_double("--search-timeout", arg, 1,
                                             1e6);
        break;
    case OPT_INCLUDE: c->include = arg; break;
    case OPT_LIST: c->list = 1; break;
    case OPT_PROGRESS: c->o.progress = 0; break;
    case OPT_CHUNK: c->o.chunk = int_opt("--chunk", arg, 1, 256); break;
    default:   /* OPT_FAKE */
        if (strcmp(arg, "fake") != 0)
            mmc_usage_error("--test-timing: '%s' is not 'fake'", arg);
        c->fake = 1;
    }
}

static void parse(int argc, char **argv, struct cli *c)
{
    int opt;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
        if (opt == '?')
            mmc_usage_error("unknown option or missing value: '%s'",
                            argv[optind - 1]);
        one_option(c, opt, optarg);
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    if (strlen(c->dir) > 400)
        mmc_usage_error("--dir: longer than 400 characters");
    if (c->list && !c->winner)
        mmc_usage_error("--list needs --winner=FILE (a params.conf)");
}

/* ---- running mmsearch -------------------------------------------------- */

static struct mmc_proc child;      /* the mmsearch running, if any */
static char workdir[MMS_PATH_MAX];

static void remove_workdir(void)
{
    if (workdir[0])
        mms_workdir_remove(workdir);
}

static void on_signal(int sig)
{
    if (child.pid > 0)
        kill(-child.pid, SIGKILL);
    signal(sig, SIG_DFL);
    exit(MMC_EXIT_FAIL);           /* runs remove_workdir */
}

static double now(void)
{
    return mmtm_clock_seconds(MMTM_CLOCK_WALL);
}

static void pause_ms(int ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* Lines of path that begin with prefix (the timings of a log so far). */
static int count_lines(const char *path, const char *prefix)
{
    FILE *fp = fopen(path, "r");
    char line[4096];
    int n = 0;

    while (fp && fgets(line, sizeof line, fp))
        n += strncmp(line, prefix, strlen(prefix)) == 0;
    if (fp)
        fclose(fp);
    return n;
}

/* Run argv, its output into out; on a terminal the seconds so far and
 * the timings in log.  Returns the wait status, or -1 with why. */
static int run(char *const argv[], const char *out, const char *log,
               double timeout, int progress, char *why, size_t len)
{
    int status = -1, timed_out = 0;
    double t0 = now();

    if (mmc_spawn(&child, argv, out, timeout) != 0) {
        snprintf(why, len, "cannot run %s: %s", argv[0], strerror(errno));
        return -1;
    }
    for (int tick = 1; !mmc_proc_poll(&child, &status, &timed_out);
         tick++) {
        pause_ms(200);
        if (progress && log)
            fprintf(stderr, "\r\033[K%s: %.0f s, %d timings in %s",
                    argv[0], now() - t0, count_lines(log, "cand "), log);
        else if (log && tick % 150 == 0) {     /* every 30 s */
            printf("  %.0f s, %d timings in %s\n", now() - t0,
                   count_lines(log, "cand "), log);
            fflush(stdout);
        }
    }
    child.pid = 0;
    if (progress)
        fputs("\r\033[K", stderr);
    if (timed_out) {
        snprintf(why, len, "%s ran past %g s (killed)", argv[0], timeout);
        return -1;
    }
    return status;
}

/* The last line of path, for a message. */
static void last_line(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "r");
    char line[512];

    snprintf(buf, len, "(no output)");
    while (fp && fgets(line, sizeof line, fp))
        if (line[0] != '\n')
            snprintf(buf, len, "%.*s", (int)strcspn(line, "\n"), line);
    if (fp)
        fclose(fp);
}

/* argv of mmsearch: the fixed words, then --search-flags split. */
static int search_argv(const struct cli *c, char **argv, int max,
                       char *words, size_t wlen, char *const *fixed)
{
    int n = 0;

    argv[n++] = (char *)c->mmsearch;
    while (*fixed && n < max - 1)
        argv[n++] = *fixed++;
    snprintf(words, wlen, "%s", c->search_flags ? c->search_flags : "");
    for (char *w = strtok(words, " \t"); w && n < max - 1;
         w = strtok(NULL, " \t"))
        argv[n++] = w;
    argv[n] = NULL;
    return n;
}

static int read_conf(struct engine_run *e, char *err, size_t errlen)
{
    mmg_params_default(&e->p);
    if (mmc_paramsconf_read(e->conf, &e->pc, err, errlen) != 0
        || mmg_params_read(&e->p, e->conf, err, errlen) != 0)
        return -1;
    e->p.name[0] = '\0';
    return 0;
}

/* One mmsearch run (engine NULL: the default search) into c->dir. */
static int run_engine(const struct cli *c, const char *engine,
                      struct engine_run *e)
{
    char log[MMS_PATH_MAX + 16], out[MMS_PATH_MAX + 16], eng[64];
    char logopt[MMS_PATH_MAX + 32], outopt[MMS_PATH_MAX + 32];
    char probe[MMS_PATH_MAX + 16], wd[MMS_PATH_MAX + 16], words[1024];
    const char *name = engine ? engine : "search";
    char *fixed[] = { logopt, outopt, probe, wd, "--no-progress", NULL,
                      NULL };
    char *argv[64];
    int st;
    double t0;

    snprintf(log, sizeof log, "%.400s/%s.log", c->dir, name);
    snprintf(out, sizeof out, "%.400s/%s.out", c->dir, name);
    snprintf(e->conf, sizeof e->conf, "%.400s/%s.conf", c->dir, name);
    snprintf(logopt, sizeof logopt, "--log=%s", log);
    snprintf(outopt, sizeof outopt, "--output=%s", e->conf);
    snprintf(probe, sizeof probe, "--probe-conf=%s", c->probe);
    snprintf(wd, sizeof wd, "--work-dir=%s", c->dir);
    snprintf(eng, sizeof eng, "--engine=%s", name);
    fixed[5] = engine ? eng : NULL;
    search_argv(c, argv, 64, words, sizeof words, fixed);
    remove(log), remove(e->conf);   /* a fresh search, not a resumed one */
    printf("%s: running %s%s%s (log %s)\n", name, c->mmsearch,
           engine ? " " : "", engine ? eng : "", log);
    fflush(stdout);
    bs_lock(&c->o);
    t0 = now();
    st = run(argv, out, log, c->search_timeout, c->o.progress, e->why,
             sizeof e->why);
    e->secs = now() - t0;
    bs_unlock();
    if (st == -1)
        return -1;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char line[300];
        last_line(out, line, sizeof line);
        snprintf(e->why, sizeof e->why, "%.200s failed (see %.300s): %.250s",
                 c->mmsearch, out, line);
        return -1;
    }
    e->ran = 1;
    return read_conf(e, e->why, sizeof e->why);
}

/* Does this mmsearch have --engine=model?  (It came after this bench.) */
static int has_model(const struct cli *c)
{
    char out[MMS_PATH_MAX + 16], why[200], text[8192] = "";
    char *argv[] = { (char *)c->mmsearch, "--help", NULL };
    FILE *fp;
    size_t n = 0;
    int st;

    snprintf(out, sizeof out, "%s/help.out", c->dir);
    st = run(argv, out, NULL, 30, 0, why, sizeof why);
    if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return 0;
    fp = fopen(out, "r");
    if (fp) {
        n = fread(text, 1, sizeof text - 1, fp);
        fclose(fp);
    }
    text[n] = '\0';
    return strstr(text, "--engine") && strstr(text, "model");
}

/* ---- the report -------------------------------------------------------- */

static double pct(const struct bs_sweep *s, double mflops)
{
    return s->pc->peak_mflops > 0 ? 100 * mflops / s->pc->peak_mflops : 0;
}

static void engine_line(const char *name, const struct engine_run *e)
{
    char tile[64], logged[64] = "";

    if (!e->ran) {
        printf("%-8s %s\n", name, e->why);
        return;
    }
    bs_tile_text(&e->p, tile, sizeof tile);
    if (e->pc.mflops > 0)
        snprintf(logged, sizeof logged, ", logged %.0f MFLOPS (%.1f%%)",
                 e->pc.mflops, e->pc.peak_percent);
    printf("%-8s %6.1f s  %s %s LS=%d FMA=%d FF=%d IF=%d NF=%d (%s)%s\n",
           name, e->secs, mmg_isa_name(e->p.isa), tile, e->p.ls, e->p.fma,
           e->p.ff, e->p.ifetch, e->p.nfetch, e->pc.cc, logged);
}

static int by_ratio(const void *a, const void *b)
{
    const struct bs_point *x = *(struct bs_point *const *)a;
    const struct bs_point *y = *(struct bs_point *const *)b;

    return (x->ratio < y->ratio) - (x->ratio > y->ratio);
}

static void top_table(const struct bs_sweep *s, int show)
{
    struct bs_point **ok = calloc((size_t)s->n + 1, sizeof *ok);
    int nok = 0, bad = 0;

    if (!ok)
        return;
    for (int i = 0; i < s->n; i++)
        if (s->pt[i].verdict == MMS_V_OK)
            ok[nok++] = &s->pt[i];
        else
            bad += s->pt[i].verdict != MMS_V_NONE;
    qsort(ok, (size_t)nok, sizeof *ok, by_ratio);
    printf("\nsweep: %d kernels, %d timed (%d ok, %d failed: wrong, "
           "compile-error, crash or\ntimeout), %.0f s; the best %d by "
           "their ratio to the winner (the mean of its\ntimings just "
           "before and after):\n"
           "    NB  MU  NU     MFLOPS  %% peak  ratio\n", s->n, s->timed,
           nok, bad, s->screen_s, nok < show ? nok : show);
    for (int i = 0; i < nok && i < show; i++)
        printf("  %4d %3d %3d %10.1f  %6.2f  %5.3f\n", ok[i]->p.nb,
               ok[i]->p.mu, ok[i]->p.nu, ok[i]->mflops,
               pct(s, ok[i]->mflops), ok[i]->ratio);
    free(ok);
}

static void final_row(const struct bs_sweep *s, const struct bs_final *f,
                      int winner)
{
    char pf[16] = "     -";        /* the winner against itself */

    if (!f->ok) {
        printf("  %-8s %4d %3d %3d %3d    %s\n", f->role, f->p.nb, f->p.mu,
               f->p.nu, f->p.ku, f->why);
        return;
    }
    if (!winner)
        snprintf(pf, sizeof pf, "%6.4f", f->p_faster);
    printf("  %-8s %4d %3d %3d %3d  %13.1f  %6.2f  %5.3f (%.3f-%.3f) %s%s\n",
           f->role, f->p.nb, f->p.mu, f->p.nu, f->p.ku, f->med_mflops,
           pct(s, f->med_mflops), f->med_ratio, f->lo_ratio, f->hi_ratio,
           pf, f->in_sweep && strncmp(f->role, "sweep", 5) != 0
               ? "  (in the sweep)" : "");
}

static void finals_table(const struct bs_sweep *s)
{
    printf("\nfinal rounds: %d, interleaved (each round times every kernel "
           "below in this\norder); ratio = MFLOPS / the winner's of the "
           "same round; p = one-sided\nrank-sum p that the kernel is "
           "faster than the winner (small: it is)\n"
           "  kernel     NB  MU  NU  KU  median MFLOPS  %% peak  ratio "
           "(min-max)        p\n", s->o->rounds);
    for (int i = 0; i < s->nfin; i++)
        final_row(s, &s->fin[i], i == 0);
}

static const char *met(int yes)
{
    return yes ? "met" : "missed";
}

static int model_final(const struct bs_sweep *s)
{
    for (int i = 0; i < s->nfin; i++)
        if (s->has_model && mms_params_equal(&s->fin[i].p, &s->model))
            return i;
    return -1;
}

static void targets(const struct bs_sweep *s, const struct engine_run *se,
                    const struct engine_run *me, int b, double of_best,
                    double of_model)
{
    const struct bs_final *w = &s->fin[0];

    printf("\ntargets (issue 8):\n");
    if (se->ran)
        printf("  default search <= %.0f s: %.1f s, %s\n", TARGET_SEARCH_S,
               se->secs, met(se->secs <= TARGET_SEARCH_S));
    if (me->ran)
        printf("  model <= %.0f s: %.1f s, %s\n", TARGET_MODEL_S, me->secs,
               met(me->secs <= TARGET_MODEL_S));
    if (of_best > 0)
        printf("  winner within %.0f%% of the sweep's best: %.3f, %s "
               "(best faster: p=%.3f)\n",
               100 * (1 - TARGET_OF_BEST), of_best,
               met(of_best >= TARGET_OF_BEST), s->fin[b].p_faster);
    if (of_model > 0)
        printf("  winner >= the model's kernel: %.3f, %s\n", of_model,
               met(of_model >= 1));
    if (w->p.isa == MMG_ISA_AVX512 && s->pc->peak_mflops > 0)
        printf("  >= 88%% of peak in L1 (AVX-512): %.1f%%, %s (timed "
               "flushed: A and B cold)\n", pct(s, w->med_mflops),
               met(pct(s, w->med_mflops) >= 88));
}

/* The one-line summary: to stdout and, last, to the sweep file. */
static void summary(const struct bs_sweep *s, const struct engine_run *se,
                    const struct engine_run *me, FILE *fp)
{
    const struct bs_final *w = &s->fin[0];
    int b = bs_best_final(s), m = model_final(s);
    double of_best = b >= 0 && s->fin[b].med_ratio > 0
        ? 1 / s->fin[b].med_ratio : 0;
    double of_model = m >= 0 && s->fin[m].ok && s->fin[m].med_ratio > 0
        ? 1 / s->fin[m].med_ratio : 0;
    char line[1200], tile[64], btile[64] = "-", st[32], mt[40];
    char ob[16], om[16];

    targets(s, se, me, b, of_best, of_model);
    bs_tile_text(&w->p, tile, sizeof tile);
    if (b >= 0)
        bs_tile_text(&s->fin[b].p, btile, sizeof btile);
    snprintf(st, sizeof st, se->ran ? "%.1f s" : "not run", se->secs);
    snprintf(mt, sizeof mt, me->ran ? "%.1f s" : "not available",
             me->secs);
    snprintf(ob, sizeof ob, of_best > 0 ? "%.3f" : "-", of_best);
    snprintf(om, sizeof om, of_model > 0 ? "%.3f" : "-", of_model);
    snprintf(line, sizeof line, "summary: search %s, model %s; winner %s "
             "%s %.0f MFLOPS (%.1f%% of peak); sweep best %s %.0f MFLOPS "
             "(%d of %d timed); winner/best %s; winner/model %s",
             st, mt, mmg_isa_name(w->p.isa), tile, w->med_mflops,
             pct(s, w->med_mflops), btile, b >= 0 ? s->fin[b].med_mflops
                                                  : 0, s->timed, s->n,
             ob, om);
    printf("\n%s\n", line);
    if (fp)
        fprintf(fp, "# %s\n", line);
}

/* ---- main -------------------------------------------------------------- */

static void setup(struct cli *c, struct mmc_probeconf *pc)
{
    static char probe[MMS_PATH_MAX];
    char err[512];

    if (!c->probe) {
        if (mmc_results_file(probe, sizeof probe, "probe.conf") != 0)
            mmc_usage_error("the results path is too long");
        c->probe = probe;
    }
    if (mmc_probeconf_read(c->probe, pc, err, sizeof err) != 0) {
        mmc_error("%s", err);
        exit(access(c->probe, F_OK) == 0 ? MMC_EXIT_USAGE : MMC_EXIT_FAIL);
    }
    if (mkdir(c->dir, 0777) != 0 && errno != EEXIST) {
        mmc_error("%s: cannot make the scratch directory: %s", c->dir,
                  strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
    if (mms_workdir_create(workdir, sizeof workdir, c->dir) != 0) {
        mmc_error("%s: cannot make a work directory: %s", c->dir,
                  strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
    atexit(remove_workdir);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
}

/* Every kernel of the bench is built with the winner's compiler and flags
 * (params.conf's CC and CFLAGS: the search may have chosen another than
 * the configured one); without them, the configured kernel compiler. */
static void pipeline(const struct cli *c, const struct engine_run *se,
                     const struct mmc_probeconf *pc, struct mms_pipeline *pl,
                     char *cc_text, size_t len)
{
    const char *cc = se->pc.cc[0] ? se->pc.cc : MMT_KERNEL_CC;
    const char *flags = !se->pc.cc[0] ? MMT_KERNEL_CFLAGS
        : strcmp(se->pc.cflags, "-") == 0 ? "" : se->pc.cflags;

    snprintf(cc_text, len, "%s %s", cc, flags);
    if (mms_pipeline_init(pl, cc, flags, c->include, workdir) != 0) {
        mmc_error("%s: the compiler and flags do not fit: %s", se->conf,
                  cc_text);
        exit(MMC_EXIT_FAIL);
    }
    if (c->jobs)
        pl->jobs = c->jobs;
    pl->run_timeout_s = c->run_timeout;
    pl->fake_timing = c->fake;
    pl->peak_mflops = pl->timing.peak_mflops = pc->peak_mflops;
    pl->timing.samples = c->samples;
}

/* The winner: --winner's file, or the default search's.  Then the
 * model's, when this mmsearch has the engine. */
static void engines(const struct cli *c, struct engine_run *se,
                    struct engine_run *me)
{
    char err[600];

    if (c->winner) {
        snprintf(se->conf, sizeof se->conf, "%s", c->winner);
        snprintf(se->why, sizeof se->why, "not run: the winner is %s",
                 c->winner);
        if (read_conf(se, err, sizeof err) != 0) {
            mmc_error("%s", err);
            exit(MMC_EXIT_USAGE);
        }
    } else if (run_engine(c, NULL, se) != 0) {
        mmc_error("%s", se->why);
        exit(MMC_EXIT_FAIL);
    }
    if (c->list)
        return;
    if (!has_model(c)) {
        snprintf(me->why, sizeof me->why, "model: not available in this "
                 "build");
        printf("%s\n", me->why);
    } else if (run_engine(c, "model", me) != 0) {
        mmc_warn("model: %s", me->why);
        me->ran = 0;
    }
}

static void list(const struct bs_sweep *s)
{
    char params[512];

    for (int i = 0; i < s->n; i++) {
        mms_params_text(&s->pt[i].p, params, sizeof params);
        printf("%s\n", params);
    }
    printf("%d kernels\n", s->n);
}

static void head(const struct cli *c, const struct bs_sweep *s)
{
    char on[32] = "any CPU";

    if (c->o.cpu >= 0)
        snprintf(on, sizeof on, "CPU %d", c->o.cpu);
    printf("\nbench-search on %s (%s), peak %.0f MFLOPS (%s)\n"
           "kernels: %s (the winner's)\ntimed on %s: %s\n",
           s->pc->origin.host, s->pc->origin.cpu, s->pc->peak_mflops,
           c->probe, s->cc, on,
           s->how[0] ? s->how : "-");
}

static FILE *sweep_file(const struct cli *c, char *tmp, size_t len)
{
    FILE *fp;

    snprintf(tmp, len, "%s/sweep.txt.tmp", c->dir);
    fp = fopen(tmp, "w");
    if (!fp) {
        mmc_error("%s: cannot write: %s", tmp, strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
    fprintf(fp, "# bench-search: the dense sweep, one line per kernel "
            "(sweep: timed between\n# two timings of the winner, "
            "winner_mflops their mean, ratio = mflops /\n# winner_mflops; "
            "verdict=none: not timed), then the final rounds (final:\n"
            "# every kernel once per round, ratio to the winner's of the "
            "same round)\n");
    return fp;
}

/* sweep.txt.tmp -> sweep.txt, once complete. */
static int sweep_done(const struct cli *c, FILE *fp, const char *tmp)
{
    char path[MMS_PATH_MAX + 16];

    snprintf(path, sizeof path, "%s/sweep.txt", c->dir);
    if (fclose(fp) != 0 || rename(tmp, path) != 0) {
        mmc_error("%s: cannot write: %s", path, strerror(errno));
        return MMC_EXIT_FAIL;
    }
    printf("sweep and final rounds: %s\n", path);
    return MMC_EXIT_OK;
}

static int bench(const struct cli *c, struct bs_sweep *s,
                 const struct engine_run *se, const struct engine_run *me)
{
    char tmp[MMS_PATH_MAX + 16], err[800];

    s->log = sweep_file(c, tmp, sizeof tmp);
    printf("sweep: %d kernels (KU=1; every fitting MU x NU, the normal "
           "level's NB range)\n", s->n);
    if (bs_screen(s, err, sizeof err) != 0
        || bs_finals(s, err, sizeof err) != 0) {
        mmc_error("%s", err);
        fclose(s->log);
        return MMC_EXIT_FAIL;
    }
    head(c, s);
    printf("\n");
    engine_line("search:", se);
    if (me->ran)
        engine_line("model:", me);
    else
        printf("%s\n", me->why);
    top_table(s, 10);
    finals_table(s);
    summary(s, se, me, s->log);
    return sweep_done(c, s->log, tmp);
}

int main(int argc, char **argv)
{
    static struct cli c = {
        .mmsearch = "./mmsearch", .dir = "bench/search.d",
        .include = MMS_KERNEL_INCLUDE, .samples = MMTM_SAMPLES_DEFAULT,
        .run_timeout = 60, .search_timeout = 3600,
        .o = { .nb_step = 1, .finalists = 8, .rounds = 15, .cpu = -1,
               .chunk = 32,
               .progress = 1 },
    };
    static struct mms_pipeline pl;
    static struct mmc_probeconf pc;
    static struct engine_run se, me;
    static struct bs_sweep s;

    mmc_set_progname(argv[0]);
    parse(argc, argv, &c);
    c.o.progress = c.o.progress && isatty(STDERR_FILENO);
    setup(&c, &pc);
    engines(&c, &se, &me);
    pipeline(&c, &se, &pc, &pl, s.cc, sizeof s.cc);
    s.pl = &pl, s.pc = &pc, s.o = &c.o;
    s.has_model = me.ran, s.model = me.p;
    if (bs_space(&s, &se.p) != 0) {
        mmc_error("out of memory");
        return MMC_EXIT_FAIL;
    }
    if (c.list) {
        list(&s);
        return MMC_EXIT_OK;
    }
    return bench(&c, &s, &se, &me);
}
