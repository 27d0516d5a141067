/* The steps' range rules, for the step table (steps.c): the kernel
 * steps' (ranges.c) take the kernel so far and give the candidates
 * around it, as struct mms_step's range; the blocks steps'
 * (blockranges.c) take the blocking so far, as its blocks.  Each returns
 * how many it wrote, max at most. */
#ifndef MMS_RANGES_H
#define MMS_RANGES_H

#include "tune/steps.h"

#define MMS_RANGE(name)                                                  \
    int mms_range_##name(const struct mms_space *s,                      \
                         const struct mmg_params *ref,                   \
                         struct mmg_params *out, int max)
#define MMS_BLOCK_RANGE(name)                                            \
    int mms_range_##name(const struct mms_space *s,                      \
                         const struct mmg_params *ref,                   \
                         const struct mms_blocks *cur,                   \
                         struct mms_blocks *out, int max)

MMS_RANGE(isa);
MMS_RANGE(nb);
MMS_RANGE(munu);
MMS_RANGE(ku);
MMS_RANGE(fma);
MMS_RANGE(ls);
MMS_RANGE(ff);
MMS_RANGE(ifnf);
MMS_RANGE(ncnb);
MMS_RANGE(kclean);
MMS_RANGE(cc);
MMS_RANGE(dgemm);
MMS_RANGE(pf);
MMS_RANGE(ncnu);
MMS_RANGE(seeds);
MMS_BLOCK_RANGE(mc);
MMS_BLOCK_RANGE(kc);
MMS_BLOCK_RANGE(nc);
MMS_BLOCK_RANGE(small);

#undef MMS_RANGE
#undef MMS_BLOCK_RANGE

/* p's NB rounded up to a multiple of its tile, lcm(MU, NU, 4) (the nb
 * step's grain; down where up would pass MMC_DIM_MAX): a tile given
 * another kernel's NB (stepdgemm.c's ISA twins) runs no fractional
 * tiles at it. */
int mms_nb_for_tile(const struct mmg_params *p);

/* The largest KU the kernel steps offer at NB = nb: MMG_RUNTIME_KU_MAX
 * (codegen/params.h), nb when smaller (ranges.c says why). */
int mms_ku_top(int nb);

#endif
