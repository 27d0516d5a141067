/* The search space as data: the levels, the pins (pins.h), the starting
 * values from probe.conf, and the steps of paper 002 §III-B in their
 * order, each with the parameters it decides and its range rule (steps.c
 * has the one table, ranges.c and blockranges.c the rules; mmsearch
 * --help and the log print it). */
#ifndef MMS_STEPS_H
#define MMS_STEPS_H

#include <stddef.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "tune/pins.h"

/* How hard to look.  quick is what the tests use. */
struct mms_level {
    const char *name;
    int samples;          /* per timing (paper 000 §2.1: 3 to 7) */
    int finalists;        /* best screened candidates re-timed per step */
    int rounds;           /* interleaved rounds for them, at first ... */
    int rounds_max;       /* ... and at most, while the leader is tied */
    int nb_reach;         /* NB: 0 the L1 bound and one past; 1 sparse
                             up to an L2 block; 2 every multiple to it */
    int munu_keep;        /* MU x NU: 0 every fitting tile, else the best
                             this many by flops per load */
    int munu_ring;        /* the ring past the registers: 1 for every MU
                             kept, 0 for the best tile's only */
    int ku_all;           /* KU: every power of two (else 1, 4, NB) */
    int ls_all;           /* LS: 1..6 (else 1 and probe.conf's LS) */
    int ifnf;             /* IF x NF: 0 a few, 1 more, 2 every pair */
    int kclean;           /* K cleanup: 0 a few L, 1 more, 2 every L */
    int cc_kernels;       /* CC: the winner and the best this many - 1
                             other kernels, with each compiler */
    int blocks;           /* MC, KC, NC: 0 a few values a line, 1 more,
                             2 many */
    int blocks_finals, blocks_rounds, blocks_rounds_max;
                          /* their finalists and rounds: fewer than the
                             kernels', each timing being whole DGEMMs */
    int dgemm_samples;    /* per size (min of them) */
    int dgemm_n[4];       /* the square sizes the whole DGEMM is timed at
                             (0 ends the list), after MMS_DGEMM_SMALL_N */
    int dgemm_kernels;    /* the dgemm step's candidates, at most */
    int dgemm_tiles;      /* of them, the best other MU x NU tiles of the
                             munu step (the winner's other values) */
    int nc_n;             /* the nc step times this N too, past dgemm_n:
                             where B's panel is cut, the LLC shared */
};

/* The square size every whole DGEMM is timed at first, on the
 * small-problem path (the non-copy kernels; the model's SMALL_MAX 320): the
 * level's sizes run the blocked path only, and a kernel that wins there
 * may run the small and skinny calls slowly (Zen 4: a clang KU=120
 * kernel won the dgemm step at 500-1500 and ran N=200 at 31.6 GFLOPS
 * where the gcc 32x5 library ran 46.1). */
#define MMS_DGEMM_SMALL_N 200

extern const struct mms_level mms_levels[];
extern const int mms_nlevels;
const struct mms_level *mms_level_find(const char *name);

/* What the range rules read. */
struct mms_space {
    const struct mmc_probeconf *pc;
    const struct mms_level *lv;
    const struct mms_pins *pins;
    const struct mmg_params *from;  /* the single search: the double
                                       winner (NULL: none) */
};

/* The largest NB whose NB x NB block of doubles L2 holds (1024 at most):
 * where the step nb's range ends, and how far its tie rule prefers a
 * larger NB. */
int mms_nb_l2_bound(const struct mmc_probeconf *pc);

/* Registers probe.conf found for isa (0: not targeted). */
int mms_isa_regs(const struct mmc_probeconf *pc, enum mmg_isa isa);
/* The widest ISA probe.conf found registers for. */
enum mmg_isa mms_widest_isa(const struct mmc_probeconf *pc);

/* 1 when the MU x NU tile fits base's registers (inequality (1) as the
 * generator counts it: mmg_regs_needed, mmg_regs_available). */
int mms_tile_fits(const struct mmg_params *base, int mu, int nu);
int mms_lcm(int a, int b);

/* Starting values for isa (paper 002 §III-B step 1): the register tile
 * with the most flops per load that fits the registers, KU = 1, NB the
 * largest multiple of the tile's grain within the L1 bound, FMA as the
 * probes found it (LS from eq. 13 where FMA = 0), FF, IF, NF as §IV
 * uses them.  The pins are not applied.  (The model's values, §IV and
 * §V-G, are tune/model.h's.) */
void mms_start_params(const struct mms_space *s, enum mmg_isa isa,
                      struct mmg_params *p);

#define MMS_MAX_CANDS 256

/* What a step decides: the values later steps build on (the reference
 * copy kernel), or a side result for params.conf that leaves them as
 * they are (paper 002 §III-B steps 6 and 7). */
enum mms_step_kind {
    MMS_STEP_REF,         /* the best candidate becomes the reference */
    MMS_STEP_CC,          /* as REF, its candidates the best kernels so
                             far, each built with every compiler */
    MMS_STEP_NCNB,        /* the non-copy tile: candidates from NB down,
                             screened until MFLOPS drop 20% below the best
                             seen; the best one's NCNB */
    MMS_STEP_KCLEAN,      /* K_CROSSOVER: candidates the specialised K
                             cleanups K=L from NB-1 down, each timed
                             against the general one (K=0) at k=L */
    MMS_STEP_BLOCKS,      /* the library's blocking (issue 9): candidates
                             are MC, KC, NC around the values so far, each
                             timed as the whole DGEMM; the kernel stays */
    MMS_STEP_DGEMM,       /* the kernel and its compiler again, among the
                             cc step's finalists and the munu step's best
                             other tiles, each timed as the whole DGEMM at
                             the model's blocking for it (the kernel steps
                             time one call in L1; the library calls it
                             from a DGEMM) */
    MMS_STEP_SEEDS        /* the search's whole set (kernel, compiler,
                             blocking, SMALL_MAX, NCNU, PF, PFB) against
                             each --candidate file's, as whole DGEMMs */
};

/* The library's blocking around the kernel (kernels/paramset.h): A's
 * MC x KC block, B's KC x NC panel, and NB, the columns of one kernel
 * call, which the library widens to hold MC and KC (derived). */
struct mms_blocks {
    int mc, kc, nc, nb;
    int small;            /* SMALL_MAX: M, N, K all at most it take the
                             small-problem path (0: the model's) */
};

struct mms_step {
    const char *name;     /* in the log: step name=... */
    const char *sets;     /* keys it decides; all pinned: skipped */
    /* Candidates around ref (pins not yet applied); NULL: the step is
     * not searched yet and the log says so. */
    int (*range)(const struct mms_space *s, const struct mmg_params *ref,
                 struct mmg_params *out, int max);
    const char *rule;     /* the range, readable */
    const char *source;   /* where order and range come from */
    /* A blocks step's candidates around cur (the values so far, nb
     * filled) for the kernel ref, instead of range: each MC, KC, NC; an
     * NC of 0 is the model's for its MC and KC (tune/blocks.h fills it,
     * and NB). */
    int (*blocks)(const struct mms_space *s, const struct mmg_params *ref,
                  const struct mms_blocks *cur, struct mms_blocks *out,
                  int max);
};

/* What st decides (by its range rule). */
enum mms_step_kind mms_step_kind(const struct mms_step *st);

/* 1 when st times its candidates as whole DGEMMs (dgemm, pf, ncnu, the
 * blocks steps, seeds): its incumbent is every round's reference, and its
 * effort the blocks steps'. */
int mms_step_whole(const struct mms_step *st);
/* 1 when st has a range rule (else the log says it is not searched). */
int mms_step_searched(const struct mms_step *st);

/* The general K cleanup kernel of step 7 (K=0, k at run time) for ref. */
void mms_kclean_general(const struct mmg_params *ref, struct mmg_params *g);

/* The library's small-path kernel (mml_knc) for the full kernel p, as
 * kernels/local.mk generates it (mmgen --small-path): mmg_small_path,
 * IF and NF fitted to the tile.  The ncnb step times it and the blocks
 * steps' drivers build it (tune/blocks.c). */
void mms_small_kernel(const struct mmg_params *p, struct mmg_params *nc);

extern const struct mms_step mms_steps[];
extern const int mms_nsteps;

/* A copy of ref appended to out[*n] for the caller to change (range
 * rules), or NULL when max are there. */
struct mmg_params *mms_push(struct mmg_params *out, int *n, int max,
                            const struct mmg_params *ref);

/* The largest size the level times the whole DGEMM at (the nc step's
 * own included). */
int mms_dgemm_nmax(const struct mms_level *lv);

/* The step's candidates: its range around ref with the pins applied and
 * duplicates dropped, in range order.  Returns how many. */
int mms_step_candidates(const struct mms_space *s, const struct mms_step *st,
                        const struct mmg_params *ref, struct mmg_params *out,
                        int max);

#endif
