/* The orthogonal line search of paper 002 §III-B over the generator's
 * parameters: the steps of tune/steps.c in order, each screening its
 * candidates once (compiled in parallel, timed one at a time), re-timing
 * the best few in interleaved rounds with a fixed reference kernel and
 * deciding by the rank-sum test of tune/stats.h; everything goes to the
 * log (tune/searchlog.h), which is also what a resumed search starts
 * from. */
#ifndef MMS_SEARCH_H
#define MMS_SEARCH_H

#include <stdio.h>

#include "common/common.h"
#include "tune/candidate.h"
#include "tune/searchlog.h"
#include "tune/steps.h"

/* Drivers a run builds at most: the dgemm step's candidates (up to 12
 * with four --candidate files), the steps pf's and ncnu's twins and the
 * step seeds' sets. */
#define MMS_DRIVERS_MAX 16

/* Kernels from other params.conf files (--candidate) at most. */
#define MMS_EXTRA_MAX 4

/* Test hook --test-slow: at most this many timings made slow, and by how
 * much (more than the KVM guests' phases swing, -20-30%, so that a test
 * can rely on it to reorder the fake landscape). */
#define MMS_SLOW_MAX 16
#define MMS_SLOW_PHASE 0.5

struct mms_search {
    /* what the caller sets */
    struct mmc_probeconf pc;
    char probe_fingerprint[MMC_FINGERPRINT_LEN];
    const struct mms_level *lv;
    struct mms_pins pins;
    struct mms_pipeline pl;
    double time_limit_s;          /* 0: none */
    double alpha;                 /* significance of a win */
    int progress;                 /* 1: a one-line display on stderr */
    FILE *out;                    /* plain lines (NULL: none) */
    int cand_lines;               /* 1: a plain line per candidate too */
    int type;                     /* the precision searched:
                                     MMT_TYPE_D, or MMT_TYPE_S (the
                                     single search, tune/single.h) */
    struct mmg_params from;       /* the single search: the double
                                     winner it starts from */
    /* the engine (tune/model.h sets these for model and hybrid) */
    const char *engine;           /* its name, in the log's head */
    const struct mms_step *steps; /* the steps run, in order */
    int nsteps;
    void (*start)(const struct mms_space *sp, enum mmg_isa isa,
                  struct mmg_params *p);  /* the values the steps start
                                             from, and the reference
                                             kernel of every round */
    int verify_only;              /* 1: the winner is verified, never
                                     timed (the model engine) */
    /* test hooks */
    int stop_after;               /* SIGKILL itself after this many new
                                     timings (0: never) */
    struct mms_pins perturb;      /* candidates matching these are built
                                     wrong on purpose (mmgen --perturb) */
    int slow[MMS_SLOW_MAX], nslow;  /* with fake timing, these timings of
                                     the run (1, 2, ...) run at
                                     MMS_SLOW_PHASE times their speed, as
                                     in a slow phase of the host */
    /* the state of the search */
    struct mms_log log;
    struct mms_pins kpins;        /* the pins the kernels take: pins,
                                     but the single search's tile is the
                                     double winner's (a pinned MU is a
                                     double's) */
    struct mms_space space;
    struct mmg_params ref;        /* the values chosen so far */
    double ref_mflops;            /* what they ran at, when known */
    int ref_cc;                   /* the compiler chosen (pl.cc index) */
    struct mmg_params fixed;      /* the reference kernel of every round */
    int timed, reused;            /* timings made / taken from the log
                                     (that an earlier run made) */
    int how_noted;                /* the log says how timings are made */
    int dgemm_how_noted;          /* ... and how the whole DGEMM is */
    double beside;                /* the MFLOPS of the reference timed
                                     just before the candidate being
                                     screened (0: none), for its line */
    double t0;
    char steps_done[128];         /* the summary's why= when set (the
                                     model: "model 0.4 s"); else each
                                     step's time from the log */
    /* side results (steps 6 and 7), for params.conf when has_ */
    int has_ncnb, ncnb;
    int has_kx, k_crossover;
    int has_side;                 /* side_p: the kernel steps 6 and 7 */
    struct mmg_params side_p;     /* searched with (search_finish
                                     compares) */
    /* the library's blocking (the blocks steps mc, kc, nc, small) */
    int skip_blocks;              /* 1: not searched (--skip-blocks) */
    int blocks_ready;             /* blocks0 and blocks are set */
    struct mms_blocks blocks0;    /* the model's (pins applied): the
                                     start */
    struct mms_blocks blocks;     /* the values so far: each blocks step's
                                     incumbent and round reference */
    int has_blocks;               /* params.conf gets blocks */
    int has_ncnu;                 /* params.conf gets NCNU (the step ncnu
                                     ran, or it was pinned) */
    int has_pfb;                  /* params.conf gets PFB (the step pf
                                     decided it; else the library's
                                     model's) */
    double blocks_mflops;         /* what they ran at (the DGEMM) */
    unsigned isa_tied;            /* bit 1 << ISA of each ISA the isa
                                     step's rounds did not separate from
                                     its best (the best's too); 0: the
                                     step decided nothing (skipped,
                                     pinned) */
    int skip_dgemm;               /* 1: the dgemm step is not run
                                     (--skip-dgemm; --skip-blocks too) */
    /* kernels of other params.conf files (--candidate: an earlier tune,
     * the architectural defaults of this CPU) that join the dgemm step's
     * candidates with their compilers, so the search never ends on a
     * kernel slower inside DGEMM than one the user already had; and
     * their whole sets, which the step seeds times against the one the
     * search ends on */
    struct mms_extra {
        struct mmg_params p;      /* the kernel (NCNU 0, NCNB the tile) */
        char cc[32];              /* its CC ("" none: the winner's) */
        char path[MMS_PATH_MAX];
        struct mms_blocks b;      /* its MC, KC, NC, SMALL_MAX (0: the
                                     library's model's) */
        int ncnu;                 /* its NCNU (0: none, the kernel's NU) */
        int has_pfb;              /* 1: it gives PFB (else the model's) */
        int ncnb;                 /* its NCNB (the bound without
                                     SMALL_MAX, as the library takes it) */
    } extra[MMS_EXTRA_MAX];
    int nextra;
    /* In the dgemm step, the first file's kernel when it is a candidate
     * (make tune's: this CPU's architectural defaults, what a build
     * without tuning gets): the step's incumbent and every round's
     * reference, which each finalist is measured against (kept 0: the
     * kernel steps' winner is) */
    int kept;
    struct mmg_params kept_p;
    int kept_cc, kept_nc;
    /* the library's driver, built once a run for each kernel tile and
     * schedule and compiler the whole DGEMM is timed with (its edge
     * kernel and packing follow the kernel) */
    struct mms_driver {
        struct mmg_params key;    /* the kernel, its blocking cleared */
        int cc;
        int nc_pf;                /* its non-copy kernels' PF, -1 the
                                     key's (tune/timing.c) */
        int state;                /* 1 built, -1 failed (why) */
        char so[MMS_PATH_MAX];
        char why[MMS_WHY_MAX];
    } drivers[MMS_DRIVERS_MAX];
    int ndrivers;
};

/* Defaults for everything but pc, probe_fingerprint and pl (plain lines
 * on stdout, one per candidate, no progress display; the search engine:
 * mms_steps from mms_start_params). */
void mms_search_init(struct mms_search *s, const struct mms_level *lv);

/* The head this search's log must have. */
void mms_search_head(const struct mms_search *s, struct mms_log_head *h);

/* Run every step, appending to the log at log_path (created, or resumed
 * when its head matches).  Returns 0, or -1 with a message in err. */
int mms_search_run(struct mms_search *s, const char *log_path, char *err,
                   size_t errlen);

/* Verify the winner (s->ref) with every beta variant, write params.conf
 * to output (NULL: none) and the summary.  Returns 0, or -1 with err. */
int mms_search_finish(struct mms_search *s, const char *output, char *err,
                      size_t errlen);

#endif
