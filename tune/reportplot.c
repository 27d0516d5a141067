/* Paper 002's sensitivity plots (Fig. 6(e)-(i)) from a search.log: one
 * data file per plot and one gnuplot script that draws them all, written
 * whole (atomically) beside the log, then gnuplot run on the script when
 * it is in PATH (the only program mmreport runs; common/proc.h).  The data
 * and script stay, so a plot can be redrawn or restyled by hand. */
#include "tune/report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/common.h"

/* The plots, as data: whose step, the file name after the stem, the
 * keys on the axes, the key whose value 1 starts a second series (NB is
 * searched with KU = 1 and KU = NB), and the title. */
static const struct plot {
    const char *step, *file, *x, *y, *split, *title;
} plots[] = {
    { "nb", "mflops-vs-nb", "NB", NULL, "KU",
      "MFLOPS vs NB (paper 002 Fig. 6(f))" },
    { "munu", "mflops-by-mu-nu", "MU", "NU", NULL,
      "MFLOPS by register tile MU x NU (paper 002 Fig. 6(e))" },
    { "ku", "mflops-vs-ku", "KU", NULL, NULL,
      "MFLOPS vs KU (paper 002 Fig. 6(h))" },
    { "ls", "mflops-vs-ls", "LS", NULL, NULL,
      "MFLOPS vs LS, FMA = 0 (paper 002 Fig. 6(i))" },
};
enum { NPLOTS = sizeof plots / sizeof plots[0] };

/* What one plot's data holds, for the script to plot only series with
 * points (gnuplot stops at a plot with none). */
struct plotted {
    int rows, screened, retimed, chosen, series2;
};

static int failf(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int failf(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return -1;
}

static int key_index(const char *key)
{
    for (int i = 0; i < (int)mmg_n_int_params; i++)
        if (strcmp(mmg_int_params[i].key, key) == 0)
            return i;
    return -1;
}

static int value(const struct mmg_params *p, const char *key)
{
    int i = key_index(key);

    return i < 0 ? 0 : *(const int *)((const char *)p
                                      + mmg_int_params[i].offset);
}

/* ---- the data ---------------------------------------------------------- */

/* Sort key of a row: the second series after the first, then x, y. */
static const struct plot *sorting;

static int row_key(const struct mmr_cand *c, int *k)
{
    k[0] = sorting->split && value(&c->p, sorting->split) != 1;
    k[1] = value(&c->p, sorting->x);
    k[2] = sorting->y ? value(&c->p, sorting->y) : 0;
    return k[0];
}

static int cmp_rows(const void *a, const void *b)
{
    int ka[3], kb[3];

    row_key(*(const struct mmr_cand *const *)a, ka);
    row_key(*(const struct mmr_cand *const *)b, kb);
    for (int i = 0; i < 3; i++)
        if (ka[i] != kb[i])
            return (ka[i] > kb[i]) - (ka[i] < kb[i]);
    return 0;
}

/* One row: x, y or the split key, screen MFLOPS, median of the
 * re-timings, chosen, verdict; "-" where there is no value. */
static void put_row(FILE *fp, const struct plot *pl,
                    const struct mmr_cand *c, struct plotted *got)
{
    const struct mms_record *s = c->screen;
    int ok = c->verdict == MMS_V_OK && s && s->m.verdict == MMS_V_OK;

    fprintf(fp, "%d %d ", value(&c->p, pl->x),
            value(&c->p, pl->y ? pl->y : pl->split ? pl->split : pl->x));
    if (ok)
        fprintf(fp, "%.1f ", s->m.mflops);
    else
        fprintf(fp, "- ");
    if (c->rounds > 0)
        fprintf(fp, "%.1f ", c->median);
    else
        fprintf(fp, "- ");
    fprintf(fp, "%d %s\n", c->chosen, mms_verdict_name(c->verdict));
    got->rows++, got->screened += ok, got->retimed += c->rounds > 0;
    got->chosen |= c->chosen && ok;
}

static int write_data(const struct mmr_step *st, const struct plot *pl,
                      const char *path, struct plotted *got)
{
    struct mmc_atomic_file af;
    const struct mmr_cand **row = malloc(sizeof *row * (size_t)st->ncand);
    FILE *fp = row ? mmc_atomic_open(&af, path) : NULL;
    int k[3], block = 0;

    if (!fp) {
        free(row);
        return -1;
    }
    for (int i = 0; i < st->ncand; i++)
        row[i] = &st->cand[i];
    sorting = pl;
    qsort(row, (size_t)st->ncand, sizeof *row, cmp_rows);
    fprintf(fp, "# %s: step %s of the search.log\n# %s %s screen_mflops "
            "median_mflops chosen verdict ('-': none)\n", pl->title,
            st->name, pl->x, pl->y ? pl->y : pl->split ? pl->split : pl->x);
    for (int i = 0; i < st->ncand; i++) {
        if (row_key(row[i], k) != block)   /* gnuplot's next index */
            fprintf(fp, "\n\n"), block = k[0], got->series2 = 1;
        put_row(fp, pl, row[i], got);
    }
    free(row);
    return mmc_atomic_commit(&af);
}

/* ---- the script -------------------------------------------------------- */

/* The names the script quotes come from the command line and the log's
 * name: in gnuplot's single quotes a quote is doubled (nothing else is
 * special there); a name that does not fit whole is cut at a pair, never
 * inside one (a lone quote would end the string early). */
static void gp_quote(char *buf, size_t len, const char *s)
{
    size_t n = 0;

    for (; *s && n + 3 <= len; s++) {
        if (*s == '\'')
            buf[n++] = '\'';
        buf[n++] = *s;
    }
    buf[n] = '\0';
}

/* A line break or other control character would end the script's line
 * (a string, a comment) and start a command of the name's making. */
static int plain(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

static void script_line(FILE *fp, const struct plot *pl, const char *dat,
                        const struct plotted *got)
{
    fprintf(fp, "plot ");
    if (pl->y) {
        fprintf(fp, "'%s' using 1:2:3 with points pt 5 ps 6 palette "
                "notitle, \\\n  '' using 1:2:(sprintf(\"%%.0f\", $3)) with "
                "labels offset 0,-2 notitle", dat);
    } else if (got->series2) {
        fprintf(fp, "'%s' index 0 using 1:3 with linespoints pt 7 title "
                "\"%s = 1\", \\\n  '' index 1 using 1:3 with linespoints "
                "pt 7 title \"%s = %s\"", dat, pl->split, pl->split, pl->x);
    } else {
        fprintf(fp, "'%s' using 1:3 with linespoints pt 7 title \"screen"
                "\"", dat);
    }
    if (got->retimed && !pl->y)
        fprintf(fp, ", \\\n  '' using 1:4 with points pt 1 ps 2 title "
                "\"re-timed (median)\"");
    if (got->chosen)
        fprintf(fp, ", \\\n  '' using 1:($5 > 0 ? $%d : 1/0) with points "
                "pt 6 ps %d lc rgb \"black\" title \"chosen\"",
                pl->y ? 2 : 3, pl->y ? 8 : 3);
    fprintf(fp, "\n");
}

static void script_plot(FILE *fp, const struct plot *pl, const char *stem,
                        const struct plotted *got)
{
    char name[600], dat[1200], png[1200];

    snprintf(name, sizeof name, "%s-%s.dat", stem, pl->file);
    gp_quote(dat, sizeof dat, name);
    snprintf(name, sizeof name, "%s-%s.png", stem, pl->file);
    gp_quote(png, sizeof png, name);
    fprintf(fp, "\nreset\nset terminal png size 800,560\n"
            "set output '%s'\nset title \"%s\"\nset grid\n"
            "set datafile missing '-'\nset key below\n"
            "set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08\n",
            png, pl->title);
    if (pl->y)
        fprintf(fp, "set xlabel \"%s\"\nset ylabel \"%s\"\nset xtics 1\n"
                "set ytics 1\nset cblabel \"MFLOPS (screen)\"\n", pl->x,
                pl->y);
    else
        fprintf(fp, "set xlabel \"%s\"\nset ylabel \"MFLOPS\"\n%s", pl->x,
                strcmp(pl->x, "KU") == 0 ? "set logscale x 2\n" : "");
    script_line(fp, pl, dat, got);
}

/* ---- running gnuplot --------------------------------------------------- */

/* gnuplot in PATH, as `command -v gnuplot` finds it. */
static int have_gnuplot(void)
{
    const char *path = getenv("PATH");
    char dir[1024];

    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s/gnuplot", (int)n, n ? path : ".");
        if (access(dir, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* gnuplot -e "cd 'dir'" script, its messages kept in out. */
static int run_gnuplot(const char *dir, const char *script,
                       const char *out, char *err, size_t errlen)
{
    char cd[2200], *argv[] = { "gnuplot", "-e", cd, (char *)script, NULL };
    struct mmc_proc pr;
    int status = MMC_STATUS_LOST, timed_out = 0;

    /* the script names its files relative to dir, so it can be rerun
     * there by hand */
    memcpy(cd, "cd '", 4);
    gp_quote(cd + 4, sizeof cd - 5, dir);
    strcat(cd, "'");
    if (mmc_spawn(&pr, argv, out, 60) != 0)
        return failf(err, errlen, "cannot run gnuplot: %s",
                     strerror(errno));
    mmc_proc_wait(&pr, &status, &timed_out);
    if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    mmc_status_text(status, cd, sizeof cd);
    return failf(err, errlen, "gnuplot failed (%s); its messages are in "
                 "%s", timed_out ? "timed out" : cd, out);
}

/* ---- all of it --------------------------------------------------------- */

/* Every plot's data, and its part of the script when it has points to
 * draw (drawn[i] then 1). */
static int write_all(const struct mmr_report *r, const char *dir,
                     const char *stem, FILE *script, int *drawn, char *err,
                     size_t errlen)
{
    char path[1100];

    for (int i = 0; i < NPLOTS; i++) {
        const struct mmr_step *st = mmr_step_find(r, plots[i].step);
        struct plotted got = { 0 };
        if (!st || st->ncand == 0) {
            printf("plot %s: step %s has no timings in this log\n",
                   plots[i].file, plots[i].step);
            continue;
        }
        snprintf(path, sizeof path, "%s/%s-%s.dat", dir, stem,
                 plots[i].file);
        if (write_data(st, &plots[i], path, &got) != 0)
            return failf(err, errlen, "%s: cannot write: %s", path,
                         strerror(errno));
        printf("data: %s\n", path);
        if ((drawn[i] = got.screened > 0))
            script_plot(script, &plots[i], stem, &got);
    }
    return 0;
}

int mmr_plot(const struct mmr_report *r, const char *dir, const char *stem,
             char *err, size_t errlen)
{
    struct mmc_atomic_file af;
    char gp[1100], out[1100];
    int drawn[NPLOTS] = { 0 };
    FILE *script;

    if (!plain(dir) || !plain(stem) || !plain(r->path))
        return failf(err, errlen, "%s: a control character (a line break?) "
                     "in the name of the log or the plot directory: not "
                     "put in a gnuplot script", plain(r->path) ? dir
                     : "the log");
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)   /* --plot-dir */
        return failf(err, errlen, "%s: cannot make it: %s", dir,
                     strerror(errno));
    snprintf(gp, sizeof gp, "%s/%s-plots.gp", dir, stem);
    if (!(script = mmc_atomic_open(&af, gp)))
        return failf(err, errlen, "%s: cannot write: %s", gp,
                     strerror(errno));
    fprintf(script, "# gnuplot script of mmreport: the sensitivity plots "
            "of %s\n# (run from this directory: gnuplot %s-plots.gp)\n",
            r->path, stem);
    if (write_all(r, dir, stem, script, drawn, err, errlen) != 0) {
        mmc_atomic_discard(&af);
        return -1;
    }
    if (mmc_atomic_commit(&af) != 0)
        return failf(err, errlen, "%s: cannot write: %s", gp,
                     strerror(errno));
    printf("script: %s\n", gp);
    if (!have_gnuplot()) {
        printf("plots skipped: gnuplot is not in PATH (install it, or run "
               "the script elsewhere)\n");
        return 0;
    }
    snprintf(out, sizeof out, "%s/%s-plots.out", dir, stem);
    snprintf(gp, sizeof gp, "%s-plots.gp", stem);
    if (run_gnuplot(dir, gp, out, err, errlen) != 0)
        return -1;
    unlink(out);
    for (int i = 0; i < NPLOTS; i++)
        if (drawn[i])
            printf("plot: %s/%s-%s.png\n", dir, stem, plots[i].file);
    return 0;
}
