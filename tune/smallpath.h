/* make tune's crossover step (mmsmall): one precision's small-problem path
 * against its packed path, timed on the library this build links.  The
 * timing is written once in the element type (tune/smallpath.c) and
 * compiled for each, as the driver is (kernels/elem.h): double's
 * mms_small_time_d, single's (-DMML_SINGLE) mms_small_time_s. */
#ifndef MMS_SMALLPATH_H
#define MMS_SMALLPATH_H

#include "tune/smallrule.h"

/* The sizes' spacing. */
#define MMS_SMALL_STEP 32
#define MMS_SMALL_SIZES_MAX 64

/* What a precision's timing says in its lines and writes: its tag
 * ("d-small"), its GEMM ("DGEMM") and its params.conf key. */
struct mms_small_type {
    const char *tag, *gemm, *key;
};

/* Time this build's GEMM of the type on the small path (the non-copy
 * kernels on the caller's arrays) against the packed path at square
 * sizes from half the non-copy kernels' reach (their NCNB) to all of it
 * in steps of MMS_SMALL_STEP, one thread, each call after 64 MiB are
 * read, the two paths of a pair back to back in alternated order,
 * `rounds` pairs a size (fake: the tests' predictable ratios, the small
 * path 10% faster up to N = 192, 10% slower past it), each size's line
 * said; s[] gets the sizes.  Returns how many (0: nothing to time, said
 * why: a CPU without the kernels' ISA, a build whose reach is below two
 * steps), -1 out of memory. */
int mms_small_time_d(int rounds, int fake, struct mms_small_size *s);
int mms_small_time_s(int rounds, int fake, struct mms_small_size *s);

extern const struct mms_small_type mms_small_type_d, mms_small_type_s;

#endif
