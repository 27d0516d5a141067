/* bench-search's dense sweep (issue 8, "Benchmark"): every NB x MU x NU
 * of the space the search covers for its winner's ISA -- the NB range of
 * the normal level and every register tile that fits, KU = 1, the other
 * parameters at the winner's values -- built, verified and timed through
 * tune's candidate pipeline, each timing right after one of the winner's
 * (A B A C A D ...: each point's ratio is to the mean of the winner's
 * timings on either side), then the best few re-timed with the winner and the
 * model's kernel in interleaved rounds.  The space comes from tune's own
 * step table (mms_step_candidates), so it is the search's by
 * construction. */
#ifndef BS_SEARCH_SWEEP_H
#define BS_SEARCH_SWEEP_H

#include <stdio.h>

#include "common/common.h"
#include "tune/tune.h"

/* How much of the space, and how the timing is done. */
struct bs_opts {
    int nb_step;            /* every nb_step-th NB of a tile (1: all) */
    int nb_max;             /* no NB above this (0: no bound) */
    struct mms_pins only;   /* sweep only kernels with these values */
    double time_limit_s;    /* no screening chunk but the first starts
                               after this (0: none) */
    int chunk;              /* points built at once, then timed */
    int finalists;          /* sweep kernels in the final rounds */
    int rounds;             /* final rounds, 1..MMS_ROUNDS_MAX */
    int cpu;                /* timings on this CPU (-1: anywhere) */
    const char *lock;       /* flock()ed while timing (NULL: none) */
    int progress;           /* 1: a one-line display on stderr */
};

/* One kernel of the sweep and its screening. */
struct bs_point {
    struct mmg_params p;
    enum mms_verdict verdict;   /* MMS_V_NONE: not timed */
    double mflops;
    double winner_mflops;       /* the winner's, timed just before and
                                   just after it (their mean) */
    double ratio;               /* mflops / winner_mflops */
    char why[MMS_WHY_MAX];
};

/* A kernel of the final rounds. */
struct bs_final {
    char role[16];              /* winner, model, sweep#1 ... */
    struct mmg_params p;
    double mflops[MMS_ROUNDS_MAX], ratio[MMS_ROUNDS_MAX];
    int in_sweep;               /* 1: one of the sweep's points */
    int ok;                     /* 1: verified, ok in every round */
    double med_mflops, med_ratio, lo_ratio, hi_ratio;
    double p_faster;            /* one-sided rank-sum p that its ratios
                                   exceed the winner's (tune/stats.h) */
    char why[MMS_WHY_MAX];      /* the first failure */
};

#define BS_FINALS_MAX 18

struct bs_sweep {
    const struct mms_pipeline *pl;
    const struct mmc_probeconf *pc;
    const struct bs_opts *o;
    struct mmg_params winner;
    struct mmg_params model;    /* valid when has_model */
    int has_model;
    struct bs_point *pt;        /* the space, in sweep order */
    int n, timed;               /* points, and how many were timed */
    double screen_s;            /* seconds of the screening */
    char how[MMS_WHY_MAX];      /* how the timings were made */
    char cc[1100];              /* the compiler and flags, one line */
    struct bs_final fin[BS_FINALS_MAX];
    int nfin;
    FILE *log;                  /* the sweep's lines (NULL: none) */
    int seq;                    /* timings made, for the fake noise */
};

/* The sweep's points around w (pc's registers, caches, o's bounds).
 * Returns 0, or -1 out of memory. */
int bs_space(struct bs_sweep *s, const struct mmg_params *w);

/* Build, verify and time every point (winner first, A B A C ...), in
 * chunks, until o->time_limit_s; points past it keep MMS_V_NONE.  Returns
 * 0, or -1 when the winner itself fails (message in err). */
int bs_screen(struct bs_sweep *s, char *err, size_t errlen);

/* The winner, the model's kernel and the best o->finalists points, timed
 * again in o->rounds interleaved rounds.  Returns 0, or -1 when the
 * winner failed (message in err). */
int bs_finals(struct bs_sweep *s, char *err, size_t errlen);

/* The final kernel that is a point of the sweep (the winner and the
 * model's kernel may be) with the highest median ratio, or -1. */
int bs_best_final(const struct bs_sweep *s);

/* Hold o->lock (flock; waits, saying so, while another holds it), and
 * let it go.  The sweep holds it while it times; the caller, while
 * mmsearch runs. */
void bs_lock(const struct bs_opts *o);
void bs_unlock(void);

/* "NB=48 MU=24 NU=8 KU=1" */
void bs_tile_text(const struct mmg_params *p, char *buf, size_t len);

#endif
