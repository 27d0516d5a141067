/* mmreport: a search.log as tables -- its head, every step's candidates
 * in the order the step tried them with the chosen one marked, the
 * winner -- and, with --plot, paper 002's sensitivity plots (Fig.
 * 6(e)-(i)) drawn with gnuplot when it is installed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/common.h"
#include "tune/report.h"

#define WIDTH 79

struct cli {
    const char *log, *plot_dir;
    int plot;
};

static void usage(void)
{
    printf("Usage: %s [OPTION]...\n"
           "Print what a search did (mmsearch's search.log) as tables: "
           "the head, each\nstep's candidates in the order it tried them "
           "(the chosen one marked *),\nthe winner.\n\n"
           "  --log=FILE       default results/HOST/search.log\n"
           "  --plot           also write paper 002's sensitivity plots "
           "(Fig. 6(e)-(i):\n"
           "                   MFLOPS vs NB, over MU x NU, vs KU, vs LS) "
           "as PNG with\n"
           "                   gnuplot, with their data files and "
           "script; without\n"
           "                   gnuplot in PATH the data and script only\n"
           "  --plot-dir=DIR   where (default: the log's directory)\n"
           "  --help           show this help and exit\n\n"
           "Columns: screen = the candidate's first timing (MFLOPS), "
           "%%peak of probe.conf's\npeak, smp samples and their spread "
           "(max-min)/min, rnd the interleaved\nre-timings of the "
           "finalists, median their MFLOPS, ratio the median of each\n"
           "round's ratio to the step's reference kernel (what the step "
           "decided on);\nin the blocks steps (mc, kc, nc) M, K and N "
           "are the full kernel's MC, KC\nand NB, NC B's panel, MFLOPS "
           "the whole DGEMM's.\nA step that screened in pairs (the "
           "reference timed just before each\ncandidate) lists each "
           "one's screen over it on a pairs: line, what its\nfinalists "
           "were picked by.\n"
           "Exit status: 0 done, 1 failure, 2 bad usage or a malformed or "
           "foreign log.\n", mmc_progname());
}

static void parse(int argc, char **argv, struct cli *c)
{
    static const struct option opts[] = {
        { "help", no_argument, NULL, 'h' },
        { "log", required_argument, NULL, 'l' },
        { "plot", no_argument, NULL, 'p' },
        { "plot-dir", required_argument, NULL, 'd' },
        { NULL, 0, NULL, 0 },
    };
    int opt;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1)
        switch (opt) {
        case 'h': usage(); exit(MMC_EXIT_OK);
        case 'l': c->log = optarg; break;
        case 'p': c->plot = 1; break;
        case 'd': c->plot_dir = optarg; c->plot = 1; break;
        default:
            mmc_usage_error("unknown option or missing value: '%s'",
                            argv[optind - 1]);
        }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
}

/* ---- text -------------------------------------------------------------- */

/* label, then text wrapped at WIDTH columns, each line indented by
 * indent (the label's width). */
static void wrapped(const char *label, int indent, const char *text)
{
    int col = printf("%-*s", indent, label);

    while (*text) {
        size_t n = strcspn(text, " ");
        if (col > indent && col + 1 + (int)n > WIDTH)
            col = printf("\n%*s", indent, "") - 1;
        else if (col > indent)
            col += printf(" ");
        col += printf("%.*s", (int)n, text);
        text += n + strspn(text + n, " ");
    }
    printf("\n");
}

static void print_head(const struct mmr_report *r)
{
    const struct mms_log_head *h = &r->head;
    char buf[4 * KV_WORD_MAX];

    snprintf(buf, sizeof buf, "%s (%d timings)", r->path, r->ncand_lines);
    wrapped("search.log", 12, buf);
    snprintf(buf, sizeof buf, "%s: %s", h->origin.host, h->origin.cpu);
    wrapped("machine", 12, buf);
    snprintf(buf, sizeof buf, "fingerprint %s", h->probe_fingerprint);
    wrapped("probe.conf", 12, buf);
    snprintf(buf, sizeof buf, "%s %s", h->origin.kernel_cc,
             h->origin.kernel_cflags);
    wrapped("compiler", 12, buf);
    snprintf(buf, sizeof buf, "%s, kernel ABI %d", h->generator,
             h->kernel_abi);
    wrapped("generator", 12, buf);
    wrapped("timed as", 12, h->timer);
    snprintf(buf, sizeof buf, "%s; pinned: %s", h->level, h->pins);
    wrapped("level", 12, buf);
    wrapped("written by", 12, h->origin.written_by);
}

/* ---- a step ------------------------------------------------------------ */

/* The step's columns of p: "MU=2 NU=4". */
static void cols_text(const struct mmr_step *st, const struct mmg_params *p,
                      const char *cc, int nc, char *buf, size_t len)
{
    char v[32];
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < st->ncol && used < len; i++) {
        mmr_col_value(st->col[i], p, cc, nc, v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s%s=%s",
                                 i ? " " : "", mmr_col_name(st->col[i]), v);
    }
}

static void print_columns(const struct mmr_step *st)
{
    printf("    ");
    for (int i = 0; i < st->ncol; i++)
        printf("%*s", mmr_col_width(st->col[i]),
               mmr_col_name(st->col[i]));
    printf(" %-13s %8s  %6s %3s %6s %3s %7s %6s\n", "verdict", "screen",
           "%peak", "smp", "spread", "rnd", "median", "ratio");
}

static void print_row(const struct mmr_step *st, const struct mmr_cand *c)
{
    const struct mms_record *s = c->screen;
    char v[32];

    printf("  %c ", c->chosen ? '*' : ' ');
    for (int i = 0; i < st->ncol; i++) {
        mmr_col_value(st->col[i], &c->p, c->cc, c->nc, v, sizeof v);
        printf("%*s", mmr_col_width(st->col[i]), v);
    }
    printf(" %-13s", mms_verdict_name(c->verdict));
    if (s && s->m.verdict == MMS_V_OK)
        printf(" %8.1f%c %6.2f %3d %5.1f%%", s->m.mflops,
               c->screen_here ? ' ' : '^', s->pct, s->m.samples,
               100 * s->m.spread);
    else
        printf(" %8s  %6s %3s %6s", "-", "-", "-", "-");
    if (c->rounds > 0 && c->ratio > 0)
        printf(" %3d %7.1f %6.3f\n", c->rounds, c->median, c->ratio);
    else if (c->rounds > 0)     /* no reference in its rounds (winner) */
        printf(" %3d %7.1f %6s\n", c->rounds, c->median, "-");
    else
        printf(" %3d %7s %6s\n", 0, "-", "-");
    if (c->verdict != MMS_V_OK && c->why)
        wrapped("      why:", 11, c->why);
}

static void print_time(const struct mmr_step *st, char *buf, size_t len)
{
    if (st->secs < 0)
        snprintf(buf, len, "time not logged");
    else if (st->secs_timings_only)
        snprintf(buf, len, "%.1f s in its candidates (no summary yet)",
                 st->secs);
    else
        snprintf(buf, len, "%.1f s", st->secs);
}

static void print_chosen(const struct mmr_step *st)
{
    char cols[256], line[512];

    if (!st->has_chosen) {
        printf("  no decision logged (the search stopped in this step)\n");
        return;
    }
    cols_text(st, &st->chosen.p, st->chosen.cc, st->chosen.nc, cols,
              sizeof cols);
    /* no columns when nothing varied (the step winner: one kernel) */
    snprintf(line, sizeof line, "%s%sby %s (p=%.4f, %d rounds), %.1f "
             "MFLOPS: %s", cols, cols[0] ? ", " : "", st->by, st->p,
             st->chosen_rounds, st->chosen.m.mflops, st->chosen_why);
    wrapped("  chosen:", 10, line);
}

/* A screen in pairs: each candidate's screen over the reference timed
 * just before it, what its finalists were picked by. */
static void print_pairs(const struct mmr_step *st)
{
    char buf[MMR_TEXT + 64], cols[256];
    size_t used = (size_t)snprintf(buf, sizeof buf, "the screen over the "
                                   "reference timed just before it, what "
                                   "the finalists were ranked by:");
    const size_t head = used;

    for (int i = 0; i < st->ncand && used < sizeof buf; i++) {
        const struct mmr_cand *c = &st->cand[i];
        if (!c->screen_here || c->beside <= 0)
            continue;
        cols_text(st, &c->p, c->cc, c->nc, cols, sizeof cols);
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s %s %.3f",
                                 used > head ? "," : "", cols, c->beside);
    }
    wrapped("  pairs:", 9, buf);
}

/* A step without timings is one line; one with them a table set off by
 * blank lines. */
static void print_step(const struct mmr_step *st, int first)
{
    static int after_table;
    char buf[MMR_TEXT + 64], t[256];
    int carried = 0;

    if (first || after_table || st->ncand > 0)
        printf("\n");
    after_table = st->ncand > 0;
    if (st->ncand == 0) {
        snprintf(buf, sizeof buf, "step %s:", st->name);
        /* the model engine's steps: the formula that chose the value */
        wrapped(buf, (int)strlen(buf) + 1, st->skipped ? st->skip_why
                : strcmp(st->by, "model") == 0 ? st->chosen_why
                : "no timings");
        return;
    }
    print_time(st, t, sizeof t);
    printf("step %s (%s): %d candidates, %s\n", st->name, st->sets,
           st->ncand, t);
    wrapped("  rule:", 8, st->rule);
    print_columns(st);
    for (int i = 0; i < st->ncand; i++) {
        print_row(st, &st->cand[i]);
        carried |= !st->cand[i].screen_here;
    }
    if (carried)
        printf("  ^ screened in an earlier step (the value carried in)\n");
    if (st->paired)
        print_pairs(st);
    if (st->has_ref) {
        cols_text(st, &st->ref, st->ref_cc, st->ref_nc, t, sizeof t);
        snprintf(buf, sizeof buf, "%s, median %.1f MFLOPS", t,
                 st->ref_median);
        /* the whole-DGEMM steps': their incumbent (tune/incumbent.c) */
        wrapped(st->ref_nc ? "  reference (the incumbent):"
                           : "  reference kernel:", 2, buf);
    }
    print_chosen(st);
}

/* ---- the end ----------------------------------------------------------- */

static void print_summary(const struct mmr_report *r)
{
    char buf[1024];

    if (!r->has_summary) {
        printf("no summary: the search has not finished (killed, or "
               "still running);\nmmsearch resumes it from the log\n");
        return;
    }
    mmr_params_text(&r->summary.p, buf, sizeof buf);
    wrapped("winner", 12, buf);
    snprintf(buf, sizeof buf, "%.1f MFLOPS, %.2f%% of peak",
             r->summary.m.mflops, r->summary.pct);
    wrapped("", 12, buf);
    if (r->mc) {
        snprintf(buf, sizeof buf, "MC=%d KC=%d NC=%d, the whole DGEMM at "
                 "%.1f MFLOPS", r->mc, r->kc, r->nc, r->dgemm);
        wrapped("blocking", 12, buf);
    }
    snprintf(buf, sizeof buf, "%.1f s in all; %d timings made, %d taken "
             "from an earlier run", r->seconds, r->timed, r->reused);
    wrapped("time", 12, buf);
}

/* The log's directory and its name without the extension. */
static void plot_names(const char *log, char *dir, char *stem, size_t len)
{
    char copy[1024];

    snprintf(copy, sizeof copy, "%s", log);
    snprintf(dir, len, "%s", dirname(copy));
    snprintf(copy, sizeof copy, "%s", log);
    snprintf(stem, len, "%s", basename(copy));
    if (strrchr(stem, '.') && strrchr(stem, '.') != stem)
        *strrchr(stem, '.') = '\0';
}

int main(int argc, char **argv)
{
    struct cli c = { 0 };
    struct mmr_report r;
    char path[512], dir[512], stem[512], err[1024];
    int rc = MMC_EXIT_OK;

    mmc_set_progname(argv[0]);
    parse(argc, argv, &c);
    if (!c.log && mmc_results_file(path, sizeof path, "search.log") != 0)
        mmc_usage_error("the results path is too long");
    if (!c.log)
        c.log = path;
    if (access(c.log, F_OK) != 0) {
        mmc_error("%s: no search.log: run mmsearch first (make tune does)",
                  c.log);
        return MMC_EXIT_FAIL;
    }
    if (mmr_read(&r, c.log, err, sizeof err) != 0) {
        mmc_error("%s", err);
        mmr_free(&r);
        return strstr(err, "cannot read") || strstr(err, "out of memory")
               ? MMC_EXIT_FAIL : MMC_EXIT_USAGE;
    }
    print_head(&r);
    for (int i = 0; i < r.nsteps; i++)
        print_step(&r.step[i], i == 0);
    printf("\n");
    print_summary(&r);
    plot_names(c.log, dir, stem, sizeof dir);
    /* only now: a Ctrl-C while reading stops at once, as by default */
    if (c.plot)
        mmc_proc_setup();   /* gnuplot's status, and never left behind */
    if (c.plot && mmr_plot(&r, c.plot_dir ? c.plot_dir : dir, stem, err,
                           sizeof err) != 0) {
        mmc_error("%s", err);
        rc = MMC_EXIT_FAIL;
    }
    mmr_free(&r);
    return rc;
}
