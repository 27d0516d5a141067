/* The descriptor every planted kernel of tests/tune/plant_*.c shares:
 * plant_TAG_desc, an 8 x 8 tile of one element per step in layout,
 * K fixed at k (0: at run time), its beta-1 entry fn.  Found beside the
 * plants (a quoted include), as the search compiles them from here. */
#ifndef MMT_TEST_PLANT_H
#define MMT_TEST_PLANT_H

#include "mmkernel.h"

#define PLANT_DESC(tag, lay, kk, fn)                                      \
    const struct mmt_kernel_desc plant_##tag##_desc = {                   \
        .abi = MMT_KERNEL_ABI, .name = "plant_" #tag, .command = "",      \
        .isa = "none", .requires = "", .vlen = 1, .layout = (lay),        \
        .nb = 8, .m = 8, .n = 8, .k = (kk), .mu = 1, .nu = 1, .ku = 1,    \
        .ls = 1, .fma = 1, .ff = 1, .ifetch = 2, .nfetch = 2,             \
        .flops = 1024, .beta1 = (fn),                                     \
    }

#endif
