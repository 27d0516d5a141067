/* The schedule of one k' loop body (paper 002 §II-B): the MU x NU x steps
 * multiply-adds of the unrolled k'' steps, fused (FMA=1) or as multiplies
 * and adds skewed by Ls (FMA=0), with the loads of A and B injected: IF
 * loads first, then blocks of NF loads whenever an operation needs one.
 * Scalar and SIMD emitters print the same schedule with their own types.
 * (Not sched.h: on an include path, that name hid the system's <sched.h>
 * from pthread.h in the library's driver as mmsearch compiles it.) */
#ifndef MMG_SCHED_H
#define MMG_SCHED_H

enum mmg_op_kind { MMG_LOAD_A, MMG_LOAD_B, MMG_FMA, MMG_MUL, MMG_ADD };

struct mmg_op {
    enum mmg_op_kind kind;
    int step;       /* k'' step inside the body */
    int r, c;       /* A row (or vector), B column; C accumulator (r, c) */
    int slot;       /* MUL/ADD: which of the Ls product temporaries */
};

/* What one body computes and how it is scheduled. */
struct mmg_body {
    int steps;      /* k'' steps unrolled in this body */
    int na, nb;     /* loads of A and B per step (register tile shape) */
    int fma, ls, ifetch, nfetch;
};

struct mmg_sched {
    struct mmg_op *ops;
    int n;
};

/* Build the schedule; 0, or -1 when out of memory. */
int mmg_schedule(const struct mmg_body *body, struct mmg_sched *s);
void mmg_sched_free(struct mmg_sched *s);

#endif
