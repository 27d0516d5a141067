/* test_vtranspose: vec.h's in-register V x V transpose (the packing's
 * transposing copies), its sums across lanes (the TN path's) and its
 * transpose and swap of pairs of lanes (complex.c's) at
 * every vector width the library is built for --
 * 2, 4, 8 doubles (SSE2, AVX, AVX-512) and 16 (AVX-512's floats) --
 * whatever this CPU's kernels are: the same source is
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

/* mml_vtranspose_pairs and mml_vswap_pairs (complex.c's 1m expansion):
 * the H x H block of pairs (H = V/2) transposed with each pair's two
 * lanes together, and the lanes of a vector swapped in pairs.  Pair q of
 * vector r holds 100 r + q and its negative, distinct everywhere. */
static void pairs(void)
{
    enum { H = MML_V / 2 > 0 ? MML_V / 2 : 1 };
    mml_vd v[H];
    double row[MML_V], back[MML_V];
    int bad = 0, swapped = 0;

    for (int r = 0; r < H; r++) {
        for (int l = 0; l < MML_V; l++)
            row[l] = (l % 2 ? -1 : 1) * (100.0 * r + l / 2);
        v[r] = mml_vload(row);
    }
    mml_vtranspose_pairs(v);
    for (int q = 0; MML_V > 1 && q < H; q++) {
        mml_vstore(back, v[q]);
        for (int l = 0; l < MML_V; l++)
            bad += back[l] != (l % 2 ? -1 : 1) * (100.0 * (l / 2) + q);
    }
    printf("%sok 4 - %d x %d transpose of pairs: each pair in its place, "
           "its lanes in order\n", bad ? "not " : "", H, H);
    for (int l = 0; l < MML_V; l++)
        row[l] = l;
    mml_vstore(back, mml_vswap_pairs(mml_vload(row)));
    for (int l = 0; l < MML_V; l++)
        swapped += back[l] != (MML_V % 2 && l == MML_V - 1 ? l : l ^ 1);
    printf("%sok 5 - the lanes of a vector swapped in pairs\n",
           swapped ? "not " : "");
}

int main(void)
{
    mml_vd v[MML_V];
    int bad = 0, twice = 0;
    double row[MML_V], back[MML_V];

    printf("1..5\n");
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
    pairs();
    return 0;
}
