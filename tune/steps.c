/* The search space (steps.h): levels, and the step table with its range
 * rules (ranges.h) in paper 002's order. */
#include "tune/steps.h"

#include <string.h>

#include "tune/ranges.h"

/* ---- levels ------------------------------------------------------------ */

const struct mms_level mms_levels[] = {
    /* name    samples finals rounds max  nb munu ring ku ls ifnf kclean cc
     *         blocks finals rounds max  samples dgemm_n, dgemm: kernels
     *         tiles nc_n */
    { "quick",  3,     2,     3,     5,   0, 4,   0,   0, 0, 0,   0,     1,
               0,     2,     3,     3,   2,      { 1000 }, 3, 1, 2000 },
    { "normal", 5,     3,     5,     9,   1, 12,  1,   1, 1, 1,   1,     3,
               1,     2,     3,     5,   2,      { 500, 1000, 1500 }, 6, 2,
               2000 },
    { "full",   7,     4,     7,     13,  2, 0,   1,   1, 1, 2,   2,     4,
               2,     3,     5,     9,   3,      { 500, 1000, 2000, 3000 },
               8, 2, 4000 },
};
const int mms_nlevels = sizeof mms_levels / sizeof mms_levels[0];

const struct mms_level *mms_level_find(const char *name)
{
    for (int i = 0; i < mms_nlevels; i++)
        if (strcmp(mms_levels[i].name, name) == 0)
            return &mms_levels[i];
    return NULL;
}

/* ---- the steps, in paper 002's order ----------------------------------- */

const struct mms_step mms_steps[] = {
    { "isa", "ISA", mms_range_isa,
      "each ISA with FP_REGS_<ISA> > 0 in probe.conf, at its starting "
      "values; a kernel the CPU cannot run is refused when it loads",
      "issue 8", NULL },
    { "nb", "NB", mms_range_nb,
      "multiples of lcm(MU,NU,4) from 16, each with KU=1 and KU=8: quick "
      "to the L1 bound min(80,sqrt(C1)) and one past (3 at most), normal "
      "every one to it then steps of 1/4 to an L2 block sqrt(C2), full "
      "every one to sqrt(C2)",
      "paper 002 III-B step 1, ineq. 3; docs/SEARCH.md", NULL },
    { "munu", "MU,NU", mms_range_munu,
      "MU (multiple of the vector length) x NU fitting FP_REGS_<ISA> "
      "(ineq. 1; V-G for SIMD), best by flops per load (quick 4, normal "
      "12, full all), and one ring past: per MU the first NU that does "
      "not fit (quick: for the best only)", "paper 002 III-B step 2", NULL },
    { "ku", "KU", mms_range_ku,
      "1, 2, 4, ..., T/2 and T, T = min(NB, 8) (quick: 1, 4, T)",
      "paper 002 III-B step 3; docs/SEARCH.md", NULL },
    { "fma", "FMA", mms_range_fma, "1, and 0 with probe.conf's LS (eq. 13)",
      "paper 002 III-B step 4", NULL },
    { "ls", "LS", mms_range_ls,
      "only where FMA=0: 1..6 (quick: 1 and probe.conf's LS)",
      "paper 002 III-B step 4", NULL },
    { "ff", "FF", mms_range_ff, "0 and 1", "paper 002 III-B step 5", NULL },
    { "ifnf", "IF,NF", mms_range_ifnf,
      "IF in 2..L, NF in 1..L-IF, L = MU/V+NU loads per k step (normal: "
      "IF in 2,3,L/2,L and NF in 1,2,L-IF; quick: IF in 2,L and NF in "
      "1,2)", "paper 002 III-B step 5", NULL },
    { "ncnb", "NCNB", mms_range_ncnb,
      "the library's non-copy kernel (the small path's: COPY=0, KU=1, "
      "FF=0, MU at most two vectors, the other values as chosen) with NCNB "
      "from NB down by lcm(MU,NU,4) (full: by 4) to it, screened in that "
      "order until MFLOPS fall 20% below the best non-copy one seen; the "
      "best is NCNB (a side result: the copy kernel is unchanged)",
      "paper 002 III-B step 6", NULL },
    { "kclean", "K_CROSSOVER", mms_range_kclean,
      "from L=NB-1 down (quick: NB-1, NB/2, 4, 1; normal also 3NB/4, NB/4, "
      "NB/8, 2; full every L) the specialised K cleanup K=L against the "
      "general one K=0 called with k=L, paired in rounds; K_CROSSOVER is "
      "the first L where the median ratio specialised / general is <= "
      "1.01 (the general one within 1%), 0 when none is: specialised "
      "above it, general at and below it (a side result)",
      "paper 002 III-B step 7; docs/DESIGN.md (Clean K)", NULL },
    { "cc", "CC", mms_range_cc,
      "the winner and (normal 2, full 3) the next best distinct kernels "
      "the earlier steps screened (quick: the winner only), each built "
      "with every installed compiler among gcc and clang (PATH, and the "
      "configured KERNEL_CC) with the configured flags, -ffp-contract=on "
      "for clang and =fast for gcc; a compiler not installed is logged "
      "as absent", "issue 8", NULL },
    { "dgemm", "KERNEL,CC", mms_range_dgemm,
      "the kernel and its compiler by the whole DGEMM: the winner, the "
      "--candidate files' kernels of its ISA or one of the same peak "
      "(make tune: this CPU's architectural defaults), the winner on each "
      "other ISA of the same peak that the isa step tied with it (both at "
      "least SIMD_DOUBLES wide; MU in as many vectors, and the library "
      "model's tile there) and with "
      "KU=1, each in the place of a cc finalist, the cc step's "
      "finalists (each kernel with its compiler) "
      "and the best (quick 1, normal and full 2) MU x NU tiles the munu "
      "step screened that none of them is: the first of the winner's MU "
      "within the registers when there is one, the others one per MU "
      "none of them has, with "
      "the winner's other values and compiler; at most quick 3, normal 6, "
      "full 8 besides the files'; each the full kernel at the library "
      "model's MC, KC, NC for it, verified and timed as the library's "
      "whole DGEMM (as mc); the winner is the kernel mc, kc, nc tune "
      "around and params.conf's", "issue 9: time candidates where the "
      "library calls them", NULL },
    { "pf", "PF,PFB", mms_range_pf,
      "the dgemm step's kernel with PF=1 (the next tile's C prefetched) "
      "and, on a SIMD ISA, PFB=1 (B's next packed panel prefetched), its "
      "twin with PF=0 and its twin with PFB=0, each at the library "
      "model's MC, KC, NC, verified and timed as the whole DGEMM (as "
      "dgemm) at the level's square sizes alone, on the packed path the "
      "prefetches are generated in", "issue 9: C from memory and B from "
      "the L3, as in a DGEMM", NULL },
    { "ncnu", "NCNU", mms_range_ncnu,
      "the small path's tile (the non-copy kernels: the kernel cut to at "
      "most two vectors of rows) with the kernel's NU (NCNU=0) and with "
      "the widest power of two NU its registers hold, when wider; each "
      "at the library model's MC, KC, NC, verified and timed as the whole "
      "DGEMM, routed as the library routes it, warm at N = 16, 32, 64, "
      "100 (calls repeated on the same operands), flushed at 100 and 200 "
      "and the narrow shapes (skinny.c runs these kernels)",
      "issue 32: warm small calls, where OpenBLAS led", NULL },
    { "mc", "MC", NULL,
      "MC, the rows of A's packed block, kept in L2: multiples of MU from "
      "half to four times the value so far (quick x1/2, 1, 2; normal "
      "x1/2, 3/4, 1, 3/2, 2; full 12 factors to x4), with KC as it is and NC "
      "the model's for them; each candidate the winning kernel generated "
      "at M=MC N=NB K=KC (NB widened to hold MC and KC, as the library "
      "does), verified and timed as the library's whole DGEMM",
      "issue 9; docs/LIBRARY.md", mms_range_mc },
    { "kc", "KC", NULL,
      "KC, the depth of a K panel: multiples of 8 (or KU) from a quarter "
      "to twice the value so far (quick x1/2, 1, 3/2; normal x1/2, 3/4, "
      "1, 5/4, 3/2; full 12 factors from x1/4), MC as chosen, NC the "
      "model's; "
      "timed as the whole DGEMM", "issue 9; results/archdefs/"
      "amd-f26-m2-avx512-gcc/README.md", mms_range_kc },
    { "nc", "NC", NULL,
      "NC, the columns of B's packed panel, kept in the last level: "
      "multiples of NB, the value so far and the largest timed size "
      "rounded up to NB, half the value (normal, full: also twice it), "
      "none but the value so far past the model's (B's panel a quarter "
      "of the LLC, which other tenants share); "
      "timed as the whole DGEMM at the level's sizes past the smallest "
      "candidate (where a panel is cut) and one past them (quick and "
      "normal 2000, full 4000), where a panel cut to fit the LLC pays",
      "issue 9; paper 002 II-C (CacheEdge)",
      mms_range_nc },
    { "small", "SMALL_MAX", NULL,
      "SMALL_MAX, the crossover to the small-problem path (M, N and K at "
      "most it: the non-copy kernels on the caller's arrays, no packing): "
      "multiples of 16 around the value so far (quick x1/2, 1, 3/2; "
      "normal x1/2, 3/4, 1, 5/4, 3/2; full x3/8, 1/2, 5/8, 3/4, 1, 5/4, "
      "3/2, 2), at least KU, "
      "MC, KC, NC as chosen; each timed as the whole DGEMM at square N "
      "= every candidate's value and 200 (the earlier steps' small "
      "size), each size on the path the candidate routes it to",
      "issue 9; paper 002 II-C (non-copy kernel)",
      mms_range_small },
    { "seeds", "ALL", mms_range_seeds,
      "the search's whole set (the kernel, its compiler, MC, KC, NC, "
      "SMALL_MAX, NCNU, PF, PFB) against each --candidate file's (make "
      "tune: this CPU's architectural defaults) of its ISA or one of the "
      "same peak, as the library builds it from that file (absent keys "
      "the model's), pins applied; without one, against the blocks "
      "steps' start (the model's blocking for the kernel); each timed as "
      "the whole DGEMM warm at N = 16, 32, 64, 100, flushed at 100, 200 "
      "and the level's square sizes, each routed as the set routes it, "
      "and the narrow shapes; the one with the highest median ratio is "
      "params.conf's",
      "issue 32; docs/SEARCH.md", NULL },
};
const int mms_nsteps = sizeof mms_steps / sizeof mms_steps[0];

enum mms_step_kind mms_step_kind(const struct mms_step *st)
{
    return st->blocks ? MMS_STEP_BLOCKS
        : st->range == mms_range_ncnb ? MMS_STEP_NCNB
        : st->range == mms_range_kclean ? MMS_STEP_KCLEAN
        : st->range == mms_range_cc ? MMS_STEP_CC
        : st->range == mms_range_dgemm || st->range == mms_range_pf
              || st->range == mms_range_ncnu
            ? MMS_STEP_DGEMM
        : st->range == mms_range_seeds ? MMS_STEP_SEEDS : MMS_STEP_REF;
}

int mms_step_whole(const struct mms_step *st)
{
    enum mms_step_kind k = mms_step_kind(st);

    return k == MMS_STEP_DGEMM || k == MMS_STEP_BLOCKS
           || k == MMS_STEP_SEEDS;
}

int mms_step_searched(const struct mms_step *st)
{
    return st->range || st->blocks;
}

int mms_step_candidates(const struct mms_space *s, const struct mms_step *st,
                        const struct mmg_params *ref, struct mmg_params *out,
                        int max)
{
    int n, kept = 0;

    if (!st->range)
        return 0;
    n = st->range(s, ref, out, max);
    for (int i = 0; i < n; i++) {
        int dup = 0;
        /* the ncnb step's kernel is the library's non-copy one, whose KU,
         * FF and MU are the library's whatever the copy kernel's pins
         * (NCNB pinned skips the step) */
        if (st->range != mms_range_ncnb)
            mms_pins_apply(s->pins, &out[i]);
        for (int j = 0; j < kept && !dup; j++)
            dup = mms_params_equal(&out[j], &out[i]);
        if (!dup)
            out[kept++] = out[i];
    }
    return kept;
}
