/* mmreport's view of a search.log: the log read through searchlog's walk
 * (never a second parser) and regrouped per step -- each step's
 * candidates in the order it tried them, with their screen timing, the
 * median of their interleaved re-timings and its ratio to the reference
 * kernel's (what the step decided on), the chosen kernel and the step's
 * time.  report.c builds it, mmreport.c prints it, reportplot.c draws
 * it. */
#ifndef MMR_REPORT_H
#define MMR_REPORT_H

#include <stddef.h>

#include "tune/searchlog.h"

#define MMR_TEXT 512
#define MMR_MAX_STEPS 32
#define MMR_MAX_COLS 8
#define MMR_ISA (-1)          /* a column that is the ISA, not a key */
#define MMR_CC (-2)           /* ... the kernel compiler */
#define MMR_NC (-3)           /* ... the whole DGEMM's NC (blocks steps) */
#define MMR_MC (-4)           /* ... its MC, the full kernel's M */
#define MMR_KC (-5)           /* ... its KC, the full kernel's K */
#define MMR_TILE (-6)         /* ... the register tile, MUxNU (the dgemm
                                 step) */
#define MMR_SMALL (-7)        /* ... the small path's bound, the full
                                 kernel's NCNB (blocks steps) */

/* One kernel a step tried. */
struct mmr_cand {
    struct mmg_params p;
    char cc[32];                      /* built with this compiler */
    int nc;                           /* timed as the whole DGEMM with this
                                         NC (the blocks steps), else 0 */
    const struct mms_record *screen;  /* its round-0 timing, or NULL */
    int screen_here;                  /* 0: an earlier step screened it */
    enum mms_verdict verdict;         /* the first not ok, else ok */
    const char *why;                  /* of that verdict */
    int rounds;                       /* re-timings that passed */
    double median;                    /* of their MFLOPS (0: none) */
    double ratio;                     /* median of round / reference */
    double beside;                    /* its screen over the reference
                                         timed just before it (a paired
                                         screen, pair=), 0: none */
    int chosen;
};

struct mmr_step {
    char name[16];
    char sets[64];                    /* keys it decides */
    char rule[MMR_TEXT];              /* its range, as the log says */
    int skipped;                      /* a skip line, and why */
    char skip_why[MMR_TEXT];
    int has_chosen;
    struct mms_record chosen;         /* PARAMS and mflops */
    char by[16], chosen_why[MMR_TEXT];
    double p;
    int chosen_rounds;
    struct mmr_cand *cand;            /* in the order the step ran */
    int ncand;
    int col[MMR_MAX_COLS];            /* mmg_int_params index, MMR_ISA,
                                         MMR_CC */
    int ncol;
    int paired;                       /* screened in pairs (pair=) */
    double pending;                   /* a pair's reference MFLOPS, for
                                         the next screen (-1: failed) */
    int has_ref;                      /* the fixed reference kernel */
    int ref_kt;                       /* 1: timed at each candidate's K
                                         (step 7's general cleanup) */
    struct mmg_params ref;
    char ref_cc[32];
    int ref_nc;
    double ref_median;
    double secs;                      /* the step's time; -1 unknown */
    int secs_timings_only;            /* 1: summed from cand secs= */
};

struct mmr_report {
    const char *path;
    struct mms_log_head head;
    int ncand_lines;
    struct mms_log log;               /* every cand line, in order */
    const struct mms_record *rec;     /* log.rec */
    int nrec;
    struct mmr_step step[MMR_MAX_STEPS];
    int nsteps;
    int has_summary;
    struct mms_record summary;        /* PARAMS, mflops and pct */
    double seconds;
    int timed, reused;
    char summary_why[MMR_TEXT];
    int mc, kc, nc;                   /* the blocking chosen (0: none) */
    double dgemm;                     /* its whole DGEMM's MFLOPS */
};

/* Read path into r (mmr_free frees it, also after an error).  Returns
 * 0, or -1 with "path:line: why" in err. */
int mmr_read(struct mmr_report *r, const char *path, char *err,
             size_t errlen);
void mmr_free(struct mmr_report *r);

/* The step called name, or NULL. */
const struct mmr_step *mmr_step_find(const struct mmr_report *r,
                                     const char *name);

/* The column's heading ("MU", "ISA", "CC", "NC") and the value in it of
 * p built with cc and timed with nc ("4", "avx2", "clang", "1440"). */
const char *mmr_col_name(int col);
/* The room the column takes in a table: its heading and values, right
 * aligned, a blank before. */
int mmr_col_width(int col);
void mmr_col_value(int col, const struct mmg_params *p, const char *cc,
                   int nc, char *buf, size_t len);

/* "ISA=avx2 NB=48 MU=..." for the parameters the steps decide (as
 * mms_steps names them), leaving out those at the tile default. */
void mmr_params_text(const struct mmg_params *p, char *buf, size_t len);

/* Paper 002's sensitivity plots (reportplot.c): a data file per plot
 * ("dir/stem-mflops-vs-nb.dat" ...) for the steps the log holds and a
 * gnuplot script "dir/stem-plots.gp" drawing them as PNG, run when
 * gnuplot is in PATH (else a note says the plots were skipped).  What it
 * wrote goes to stdout.  Returns 0, or -1 with err. */
int mmr_plot(const struct mmr_report *r, const char *dir, const char *stem,
             char *err, size_t errlen);

#endif
