/* test_vtranspose: vec.h's in-register V x V transpose (the packing's
 * transposing copies) and its sums across lanes (the TN path's) at
 * every vector width the library is built for --
 * 2, 4, 8 doubles (SSE2, AVX, AVX-512) and 16, which takes the element
 * by element path -- whatever this CPU's kernels are: the same source is
 * compiled once
 * per width (-DW=...), GCC's vector extension lowering a width the CPU
 * lacks to narrower code.  Each element must land where a transpose puts
 * it, with distinct values so a swapped pair shows.  TAP. */
#include <stdio.h>

/* vec.h's parameters without the build's libparams.h */
#define MML_GEN_LIBPARAMS_H
#define MML_NARROW_MU W
#define MML_TARGET_ATTR
#include "kernels/vec.h"

/* mml_vhsum: lane q of the result is the sum of vector q's lanes.  Lane
 * l of vector r holds (2r + 1) 2^l: every sum is exact, and a lane taken
 * from the wrong vector or place, or lost, changes it (two lanes are
 * equal only if their odd parts and their powers of two are). */
static void sums(void)
{
    mml_vd v[MML_V];
    double row[MML_V], got[MML_V];
    int bad = 0;

    for (int r = 0; r < MML_V; r++) {
        for (int l = 0; l < MML_V; l++)
            row[l] = (2.0 * r + 1.0) * (double)(1u << l);
        v[r] = mml_vload(row);
    }
    mml_vstore(got, mml_vhsum(v));
    for (int r = 0; r < MML_V; r++) {
        double want = (2.0 * r + 1.0) * (double)((1u << MML_V) - 1u);
        if (got[r] != want && bad++ < 4)
            printf("# sum %d is %.17g, not %.17g\n", r, got[r], want);
    }
    printf("%sok 3 - %d sums across lanes, each of its own vector\n",
           bad ? "not " : "", MML_V);
}

int main(void)
{
    mml_vd v[MML_V];
    int bad = 0, twice = 0;
    double row[MML_V], back[MML_V];

    printf("1..3\n");
    for (int r = 0; r < MML_V; r++) {
        for (int q = 0; q < MML_V; q++)
            row[q] = 100.0 * r + q;
        v[r] = mml_vload(row);
    }
    mml_vtranspose(v);
    for (int q = 0; q < MML_V; q++) {
        mml_vstore(back, v[q]);
        for (int r = 0; r < MML_V; r++)
            if (back[r] != 100.0 * r + q) {
                if (bad++ < 4)
                    printf("# element %d of vector %d is %g, not %g\n", r, q,
                           back[r], 100.0 * r + q);
            }
    }
    printf("%sok 1 - %d x %d transpose: every element in its place\n",
           bad ? "not " : "", MML_V, MML_V);
    mml_vtranspose(v);
    for (int r = 0; r < MML_V; r++) {
        mml_vstore(back, v[r]);
        for (int q = 0; q < MML_V; q++)
            twice += back[q] != 100.0 * r + q;
    }
    printf("%sok 2 - transposed twice, the block is as it was\n",
           twice ? "not " : "");
    sums();
    return 0;
}
