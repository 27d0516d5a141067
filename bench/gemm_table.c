/* bench-dgemm's output: one table per type and mode (GFLOPS, percent of
 * peak, the first library against the best of the others) and a gnuplot
 * script. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench_dgemm.h"

const char *const bd_mode_name[BD_NMODES] = { "flushed", "warm", "code-cold",
                                              "operands-cold" };
const char *const bd_mode_what[BD_NMODES] = {
    "operands flushed", "operands warm", "code cold, operands warm",
    "code warm, operands cold"
};

const char *bd_stat_name(const struct bd_run *r)
{
    return r->median ? "median" : "least";
}

/* The type's and the mode's name as a gnuplot data block's ("dgemm_warm":
 * letters, digits, '_'). */
static void block_name(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    fprintf(fp, "%s", r->type->symbol);
    for (const char *c = bd_mode_name[mode]; *c; c++)
        fputc(*c == '-' ? '_' : *c, fp);
}

static int square(struct bd_shape s)
{
    return s.m == s.n && s.n == s.k && s.ta == 'N' && s.tb == 'N';
}

/* GFLOPS of library l at shape i in mode, or NAN when not timed. */
static double gflops(const struct bd_run *r, int l, int i,
                     enum bd_mode mode)
{
    struct bd_shape s = r->shapes[i];
    double t = r->libs[l].best[mode][i];

    if (isinf(t) || r->libs[l].verdict[i] == BD_WRONG)
        return NAN;
    return r->type->flops * s.m * (double)s.n * s.k / t / 1e9;
}

static int width(const struct bd_run *r, int l)
{
    int w = (int)strlen(r->libs[l].label), min = r->peak > 0 ? 12 : 7;
    return w > min ? w : min;
}

/* "1000" for a square shape, else "2000x64x64" (M x N x K). */
static void shape_key(char *buf, size_t len, struct bd_shape s)
{
    if (square(s))
        snprintf(buf, len, "%d", s.m);
    else if (s.ta == 'N' && s.tb == 'N')
        snprintf(buf, len, "%dx%dx%d", s.m, s.n, s.k);
    else
        snprintf(buf, len, "%dx%dx%d:%c%c", s.m, s.n, s.k, s.ta, s.tb);
}

static void cell(FILE *fp, const struct bd_run *r, int l, int i,
                 enum bd_mode mode)
{
    double g = gflops(r, l, i, mode);
    char buf[64];

    if (r->libs[l].verdict[i] == BD_WRONG)
        snprintf(buf, sizeof buf, "wrong");
    else if (isnan(g))               /* not run at this shape */
        snprintf(buf, sizeof buf, "-");
    else if (r->peak > 0)
        snprintf(buf, sizeof buf, "%7.1f %3.0f%%", g, 100.0 * g / r->peak);
    else
        snprintf(buf, sizeof buf, "%7.1f", g);
    fprintf(fp, " %*s", width(r, l), buf);
}

/* The first library over the best of the others, and which that is. */
static void ratio(FILE *fp, const struct bd_run *r, int i, enum bd_mode mode)
{
    double first = gflops(r, 0, i, mode), best = NAN;
    int who = -1;

    for (int l = 1; l < r->nlibs; l++) {
        double g = gflops(r, l, i, mode);
        if (!isnan(g) && (who < 0 || g > best))
            best = g, who = l;
    }
    if (isnan(first) || who < 0)
        fprintf(fp, "  %s", "-");
    else
        fprintf(fp, "  %5.2fx %s", first / best, r->libs[who].label);
}

static void table(FILE *fp, const struct bd_run *r, enum bd_mode mode);

/* The entries of r at thread count c (and the naive loops) into *into. */
static void at_count(const struct bd_run *r, int c, struct bd_run *into)
{
    *into = *r;
    into->nlibs = 0;
    for (int l = 0; l < r->nlibs; l++)
        if (r->libs[l].nthreads == c || !r->libs[l].fn)
            into->libs[into->nlibs++] = r->libs[l];
}

void bd_table(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    static struct bd_run one;

    if (r->ncounts < 2) {
        table(fp, r, mode);
        return;
    }
    for (int c = 0; c < r->ncounts; c++) {
        at_count(r, r->counts[c], &one);
        fprintf(fp, "# %d thread%s\n", r->counts[c],
                r->counts[c] == 1 ? "" : "s");
        table(fp, &one, mode);
    }
}

/* The entry of r labelled base at count c, or -1. */
static int entry(const struct bd_run *r, const char *base, int c)
{
    size_t n = strlen(base);

    for (int l = 0; l < r->nlibs; l++)
        if (r->libs[l].nthreads == c
            && strncmp(r->libs[l].label, base, n) == 0
            && r->libs[l].label[n] == '/')
            return l;
    return -1;
}

void bd_scaling(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    int lo = r->counts[0], hi = r->counts[r->ncounts - 1], nb = 0;
    char key[48], base[BD_MAX_LIBS][64];

    if (r->ncounts < 2)
        return;
    /* the libraries, in order, by the label before "/Tt" */
    for (int l = 0; l < r->nlibs; l++) {
        const char *slash = strrchr(r->libs[l].label, '/');
        int seen = 0;
        if (!r->libs[l].fn || !slash)
            continue;
        for (int b = 0; b < nb; b++)
            seen |= strncmp(base[b], r->libs[l].label,
                            (size_t)(slash - r->libs[l].label)) == 0
                    && base[b][slash - r->libs[l].label] == '\0';
        if (!seen && nb < BD_MAX_LIBS)
            snprintf(base[nb++], sizeof base[0], "%.*s",
                     (int)(slash - r->libs[l].label), r->libs[l].label);
    }
    fprintf(fp, "# %s, scaling: %s GFLOPS at %d and %d threads, the "
            "speed-up, and %s over each other library at %d\n",
            bd_mode_name[mode], r->type->name, lo, hi, nb ? base[0] : "-",
            hi);
    fprintf(fp, "%14s", "N|MxNxK");
    for (int b = 0; b < nb; b++)
        fprintf(fp, "  %s: %dt %dt x", base[b], lo, hi);
    for (int b = 1; b < nb; b++)
        fprintf(fp, "  /%s", base[b]);
    fprintf(fp, "\n");
    for (int i = 0; i < r->nshapes; i++) {
        int f = entry(r, base[0], hi);
        double first = f >= 0 ? gflops(r, f, i, mode) : NAN;
        shape_key(key, sizeof key, r->shapes[i]);
        fprintf(fp, "%14s", key);
        for (int b = 0; b < nb; b++) {
            int l1 = entry(r, base[b], lo), l2 = entry(r, base[b], hi);
            double g1 = l1 >= 0 ? gflops(r, l1, i, mode) : NAN;
            double g2 = l2 >= 0 ? gflops(r, l2, i, mode) : NAN;
            fprintf(fp, "  %*.1f %6.1f %5.2f", (int)strlen(base[b]) + 5, g1,
                    g2, g2 / g1);
        }
        for (int b = 1; b < nb; b++) {
            int l2 = entry(r, base[b], hi);
            double g = l2 >= 0 ? gflops(r, l2, i, mode) : NAN;
            fprintf(fp, "  %*.2f", (int)strlen(base[b]) + 1, first / g);
        }
        fprintf(fp, "\n");
    }
}

static void table(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    char key[48];

    fprintf(fp, "# %s: %s GFLOPS (%.0f M N K / %s seconds per call)%s\n",
            bd_mode_name[mode], r->type->name, r->type->flops,
            r->median ? "median" : "min",
            r->peak > 0 ? " and percent of peak" : "");
    fprintf(fp, "%14s", "N|MxNxK");
    for (int l = 0; l < r->nlibs; l++)
        fprintf(fp, " %*s", width(r, l), r->libs[l].label);
    if (r->nlibs > 1)
        fprintf(fp, "  %s/best other", r->libs[0].label);
    fprintf(fp, "\n");
    for (int i = 0; i < r->nshapes; i++) {
        shape_key(key, sizeof key, r->shapes[i]);
        fprintf(fp, "%14s", key);
        for (int l = 0; l < r->nlibs; l++)
            cell(fp, r, l, i, mode);
        if (r->nlibs > 1)
            ratio(fp, r, i, mode);
        fprintf(fp, "\n");
    }
}

/* The square shapes of one mode as a gnuplot data block: a header of
 * labels, then N and every library's GFLOPS (NaN where not timed). */
static void data_block(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    fputc('$', fp);
    block_name(fp, r, mode);
    fprintf(fp, " << EOD\nN");
    for (int l = 0; l < r->nlibs; l++)
        fprintf(fp, " %s", r->libs[l].label);
    fprintf(fp, "\n");
    for (int i = 0; i < r->nshapes; i++) {
        if (!square(r->shapes[i]))
            continue;
        fprintf(fp, "%d", r->shapes[i].n);
        for (int l = 0; l < r->nlibs; l++)
            fprintf(fp, " %.2f", gflops(r, l, i, mode));
        fprintf(fp, "\n");
    }
    fprintf(fp, "EOD\n");
}

static void panel(FILE *fp, const struct bd_run *r, enum bd_mode mode)
{
    fprintf(fp, "set title \"%s, %s\"\n", r->type->name,
            bd_mode_what[mode]);
    fprintf(fp, "set ylabel \"GFLOPS (%.0f M N K / s)\"\n",
            r->type->flops);
    if (r->peak > 0)
        fprintf(fp, "set yrange [0:%g]\n", r->peak * 1.08);
    else
        fprintf(fp, "set yrange [0:*]\n");
    fprintf(fp, "plot for [i=2:%d] $", r->nlibs + 1);
    block_name(fp, r, mode);
    fprintf(fp, " using 1:i with linespoints lw 2 pt 7 ps 0.6 "
            "title columnheader(i)");
    if (r->peak > 0)
        fprintf(fp, ", \\\n     %g with lines dt 2 lc rgb \"gray40\" "
                "title \"peak %.0f\"", r->peak, r->peak);
    fprintf(fp, "\n");
}

/* The least (end 0) or greatest (end 1) square N, widened a little so the
 * end points do not sit on the frame. */
static double square_span(const struct bd_run *r, int end)
{
    double lo = INFINITY, hi = 0.0;

    for (int i = 0; i < r->nshapes; i++)
        if (square(r->shapes[i])) {
            lo = r->shapes[i].n < lo ? r->shapes[i].n : lo;
            hi = r->shapes[i].n > hi ? r->shapes[i].n : hi;
        }
    if (hi == 0.0)
        return end ? 2.0 : 1.0;
    return end ? hi * 1.1 : lo / 1.1;
}

int bd_plot_script(FILE *fp, const struct bd_run *runs, int nruns,
                   const char *png)
{
    const struct bd_run *r = &runs[0];   /* what every run shares */

    fprintf(fp, "# gnuplot script of bench-dgemm: GFLOPS against N (square "
            "shapes) of");
    for (int t = 0; t < nruns; t++)
        fprintf(fp, " %s", runs[t].type->name);
    fprintf(fp, ",\n# one line per library; run from this directory: "
            "gnuplot %s\n", png);
    for (int t = 0; t < nruns; t++)
        for (int m = 0; m < r->nmodes; m++)
            data_block(fp, &runs[t], r->modes[m]);
    fprintf(fp, "set terminal png size %d,%d noenhanced\n"
            "set output \"%s\"\n"
            "set multiplot layout %d,%d title \"bench-dgemm: C = A*B, one "
            "thread, %s time of %d round%s\"\n"
            "set logscale x\nset xlabel \"N (M = N = K)\"\n"
            "set grid\nset key below horizontal maxrows 2\n"
            "set xrange [%g:%g]\n", 120 + 560 * r->nmodes, 600 * nruns,
            png, nruns, r->nmodes, bd_stat_name(r), r->rounds,
            r->rounds == 1 ? "" : "s",
            square_span(r, 0), square_span(r, 1));
    for (int t = 0; t < nruns; t++)
        for (int m = 0; m < r->nmodes; m++)
            panel(fp, &runs[t], r->modes[m]);
    fprintf(fp, "unset multiplot\n");
    return ferror(fp) ? -1 : 0;
}
