/* Vectors of the kernels' width (MML_NARROW_MU elements) as GCC's vector
 * extension, for the library's own loops beside the kernels (thin.c,
 * pack.c, tt.c, tn.c), in the element type (kernels/elem.h).  Functions
 * using them carry MML_TARGET_ATTR, so the vectors compile to the
 * kernels' ISA, which the library runs only where the kernels run. */
#ifndef MML_VEC_H
#define MML_VEC_H

#include <string.h>

#include "kernels/elem.h"
#include "kernels/params.h"
#if defined(__x86_64__) || defined(__i386__)
#define MML_VEC_X86 1
#else
#define MML_VEC_X86 0
#endif
#if MML_VEC_X86 && MML_NARROW_MU >= 4
#include <immintrin.h>           /* the masked moves below */
#endif

#define MML_V MML_NARROW_MU      /* elements a vector */
#define MML_VINLINE static inline __attribute__((always_inline)) \
    MML_TARGET_ATTR

typedef mml_elem mml_vd
    __attribute__((vector_size(MML_V * sizeof(mml_elem))));
/* Its lanes' bits, for masks: integers of the element's size. */
#ifdef MML_SINGLE
typedef int mml_vi __attribute__((vector_size(sizeof(mml_vd))));
#else
typedef long long mml_vi __attribute__((vector_size(sizeof(mml_vd))));
#endif

/* Unaligned loads and stores (memcpy: no alignment or aliasing
 * assumed; compilers make one vector move of it). */
MML_VINLINE mml_vd mml_vload(const mml_elem *p)
{
    mml_vd v;
    memcpy(&v, p, sizeof v);
    return v;
}

MML_VINLINE void mml_vstore(mml_elem *p, mml_vd v)
{
    memcpy(p, &v, sizeof v);
}

/* The first n lanes (0 < n < V) of a vector at p, the others zero, and
 * their store: no byte past p[n-1] is read or written (the rows past M
 * belong to the caller; the last column may end a page).  Masked moves
 * where the ISA has them (AVX-512, AVX: a full vector of 64 or 32
 * bytes), else lane by lane. */
#if MML_VEC_X86 && MML_V * 8 == 64 && !defined(MML_SINGLE)
MML_VINLINE mml_vd mml_vload_part(const mml_elem *p, int n)
{
    return (mml_vd)_mm512_maskz_loadu_pd((__mmask8)((1u << n) - 1), p);
}

MML_VINLINE void mml_vstore_part(mml_elem *p, mml_vd v, int n)
{
    _mm512_mask_storeu_pd(p, (__mmask8)((1u << n) - 1), (__m512d)v);
}
#elif MML_VEC_X86 && MML_V * 4 == 64 && defined(MML_SINGLE)
MML_VINLINE mml_vd mml_vload_part(const mml_elem *p, int n)
{
    return (mml_vd)_mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1), p);
}

MML_VINLINE void mml_vstore_part(mml_elem *p, mml_vd v, int n)
{
    _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), (__m512)v);
}
#elif MML_VEC_X86 && MML_V * 8 == 32 && !defined(MML_SINGLE)
MML_VINLINE __m256i mml_vmask(int n)
{
    return (__m256i)((mml_vi){ 0, 1, 2, 3 } < (long long)n);
}

MML_VINLINE mml_vd mml_vload_part(const mml_elem *p, int n)
{
    return (mml_vd)_mm256_maskload_pd(p, mml_vmask(n));
}

MML_VINLINE void mml_vstore_part(mml_elem *p, mml_vd v, int n)
{
    _mm256_maskstore_pd(p, mml_vmask(n), (__m256d)v);
}
#elif MML_VEC_X86 && MML_V * 4 == 32 && defined(MML_SINGLE)
MML_VINLINE __m256i mml_vmask(int n)
{
    return (__m256i)((mml_vi){ 0, 1, 2, 3, 4, 5, 6, 7 } < n);
}

MML_VINLINE mml_vd mml_vload_part(const mml_elem *p, int n)
{
    return (mml_vd)_mm256_maskload_ps(p, mml_vmask(n));
}

MML_VINLINE void mml_vstore_part(mml_elem *p, mml_vd v, int n)
{
    _mm256_maskstore_ps(p, mml_vmask(n), (__m256)v);
}
#else
MML_VINLINE mml_vd mml_vload_part(const mml_elem *p, int n)
{
    mml_vd v = { 0 };

    for (int l = 0; l < n; l++)
        v[l] = p[l];
    return v;
}

MML_VINLINE void mml_vstore_part(mml_elem *p, mml_vd v, int n)
{
    for (int l = 0; l < n; l++)
        p[l] = v[l];
}
#endif

/* Transpose the V x V block held in v[0..V-1] (row r in v[r]) in
 * registers: two-source shuffles in log2(V) stages (unpack pairs, then
 * pairs of pairs, ...), where gathering a vector from V rows costs V
 * loads and inserts (V = 16, AVX-512's floats, went element by element
 * until SGEMM's packing was measured: pack.c).  Other widths go element
 * by element.  The stages'
 * loops are unrolled by pragma: GCC 12 -O2 otherwise kept t[] and u[] on
 * the stack, a store and a reload around every shuffle (Zen 4, warm, A^T
 * of 100 x 100 copied in 4.4 us, unrolled 1.8; a plain copy 1.4). */
#define MML_SHUF(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)

MML_VINLINE void mml_vtranspose(mml_vd *v)
{
#if MML_V == 8
    mml_vd t[8], u[8];
#pragma GCC unroll 8
    for (int r = 0; r < 8; r += 2) {
        t[r] = MML_SHUF(v[r], v[r + 1], 0, 8, 2, 10, 4, 12, 6, 14);
        t[r + 1] = MML_SHUF(v[r], v[r + 1], 1, 9, 3, 11, 5, 13, 7, 15);
    }
#pragma GCC unroll 8
    for (int r = 0; r < 8; r += 4)
#pragma GCC unroll 8
        for (int q = 0; q < 2; q++) {
            u[r + q] = MML_SHUF(t[r + q], t[r + q + 2],
                                0, 1, 8, 9, 4, 5, 12, 13);
            u[r + q + 2] = MML_SHUF(t[r + q], t[r + q + 2],
                                    2, 3, 10, 11, 6, 7, 14, 15);
        }
#pragma GCC unroll 8
    for (int q = 0; q < 4; q++) {
        v[q] = MML_SHUF(u[q], u[q + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        v[q + 4] = MML_SHUF(u[q], u[q + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
#elif MML_V == 16
    /* lanes c and rows r with bit b of c set and of r clear swap with
     * row r + b's lane c - b, for b = 1, 2, 4, 8 (32 vectors: AVX-512's
     * registers, single precision) */
    mml_vd t[16];
#pragma GCC unroll 16
    for (int r = 0; r < 16; r += 2) {
        t[r] = MML_SHUF(v[r], v[r + 1], 0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10,
                        26, 12, 28, 14, 30);
        t[r + 1] = MML_SHUF(v[r], v[r + 1], 1, 17, 3, 19, 5, 21, 7, 23, 9, 25,
                            11, 27, 13, 29, 15, 31);
    }
#pragma GCC unroll 16
    for (int r = 0; r < 16; r += 4)
#pragma GCC unroll 2
        for (int q = 0; q < 2; q++) {
            v[r + q] = MML_SHUF(t[r + q], t[r + q + 2], 0, 1, 16, 17, 4, 5, 20,
                                21, 8, 9, 24, 25, 12, 13, 28, 29);
            v[r + q + 2] = MML_SHUF(t[r + q], t[r + q + 2], 2, 3, 18, 19, 6, 7,
                                    22, 23, 10, 11, 26, 27, 14, 15, 30, 31);
        }
#pragma GCC unroll 16
    for (int r = 0; r < 16; r += 8)
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++) {
            t[r + q] = MML_SHUF(v[r + q], v[r + q + 4], 0, 1, 2, 3, 16, 17, 18,
                                19, 8, 9, 10, 11, 24, 25, 26, 27);
            t[r + q + 4] = MML_SHUF(v[r + q], v[r + q + 4], 4, 5, 6, 7, 20, 21,
                                    22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
        }
#pragma GCC unroll 8
    for (int q = 0; q < 8; q++) {
        v[q] = MML_SHUF(t[q], t[q + 8], 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19,
                        20, 21, 22, 23);
        v[q + 8] = MML_SHUF(t[q], t[q + 8], 8, 9, 10, 11, 12, 13, 14, 15, 24,
                            25, 26, 27, 28, 29, 30, 31);
    }
#elif MML_V == 4
    mml_vd t[4];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r += 2) {
        t[r] = MML_SHUF(v[r], v[r + 1], 0, 4, 2, 6);
        t[r + 1] = MML_SHUF(v[r], v[r + 1], 1, 5, 3, 7);
    }
#pragma GCC unroll 4
    for (int q = 0; q < 2; q++) {
        v[q] = MML_SHUF(t[q], t[q + 2], 0, 1, 4, 5);
        v[q + 2] = MML_SHUF(t[q], t[q + 2], 2, 3, 6, 7);
    }
#elif MML_V == 2
    mml_vd t = MML_SHUF(v[0], v[1], 0, 2);
    v[1] = MML_SHUF(v[0], v[1], 1, 3);
    v[0] = t;
#elif MML_V > 1
    mml_vd t[MML_V];
    for (int r = 0; r < MML_V; r++)
        for (int q = 0; q < MML_V; q++)
            t[q][r] = v[r][q];
    memcpy(v, t, sizeof t);
#else
    (void)v;                     /* one element: its own transpose */
#endif
}

/* The sums of v[0..V-1]: lane q of the result is the sum of v[q]'s
 * lanes (the TN path's dot products, tn.c).  The transpose's stages with
 * an add after each, halving the vectors every stage: V - 1 adds and
 * 2 (V - 1) shuffles, where a transpose and V - 1 adds would take
 * V log2(V) shuffles.  Other widths go element by element. */
MML_VINLINE mml_vd mml_vhsum(const mml_vd *v)
{
#if MML_V == 8
    mml_vd t[4], u[2];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++)   /* v[2r]'s and v[2r+1]'s pair sums */
        t[r] = MML_SHUF(v[2 * r], v[2 * r + 1], 0, 8, 2, 10, 4, 12, 6, 14)
               + MML_SHUF(v[2 * r], v[2 * r + 1], 1, 9, 3, 11, 5, 13, 7, 15);
#pragma GCC unroll 2
    for (int r = 0; r < 2; r++)   /* four vectors' half sums */
        u[r] = MML_SHUF(t[2 * r], t[2 * r + 1], 0, 1, 4, 5, 8, 9, 12, 13)
               + MML_SHUF(t[2 * r], t[2 * r + 1], 2, 3, 6, 7, 10, 11, 14,
                          15);
    return MML_SHUF(u[0], u[1], 0, 1, 4, 5, 8, 9, 12, 13)
           + MML_SHUF(u[0], u[1], 2, 3, 6, 7, 10, 11, 14, 15);
#elif MML_V == 16
    /* as for 8, one stage more; after the first, each stage adds the
     * lanes of pairs of pairs */
#define MML_PAIR_SUMS(x, y)                                                \
    (MML_SHUF(x, y, 0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, \
              29)                                                          \
     + MML_SHUF(x, y, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27,  \
                30, 31))
    mml_vd t[8], u[4], w[2];
#pragma GCC unroll 8
    for (int r = 0; r < 8; r++)   /* v[2r]'s and v[2r+1]'s pair sums */
        t[r] = MML_SHUF(v[2 * r], v[2 * r + 1], 0, 16, 2, 18, 4, 20, 6, 22,
                        8, 24, 10, 26, 12, 28, 14, 30)
               + MML_SHUF(v[2 * r], v[2 * r + 1], 1, 17, 3, 19, 5, 21, 7,
                          23, 9, 25, 11, 27, 13, 29, 15, 31);
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
        u[r] = MML_PAIR_SUMS(t[2 * r], t[2 * r + 1]);
#pragma GCC unroll 2
    for (int r = 0; r < 2; r++)
        w[r] = MML_PAIR_SUMS(u[2 * r], u[2 * r + 1]);
    return MML_PAIR_SUMS(w[0], w[1]);
#undef MML_PAIR_SUMS
#elif MML_V == 4
    mml_vd t0 = MML_SHUF(v[0], v[1], 0, 4, 2, 6)
                + MML_SHUF(v[0], v[1], 1, 5, 3, 7);
    mml_vd t1 = MML_SHUF(v[2], v[3], 0, 4, 2, 6)
                + MML_SHUF(v[2], v[3], 1, 5, 3, 7);
    return MML_SHUF(t0, t1, 0, 1, 4, 5) + MML_SHUF(t0, t1, 2, 3, 6, 7);
#elif MML_V == 2
    return MML_SHUF(v[0], v[1], 0, 2) + MML_SHUF(v[0], v[1], 1, 3);
#else
    mml_vd s;
    for (int q = 0; q < MML_V; q++) {
        s[q] = 0;
        for (int l = 0; l < MML_V; l++)
            s[q] += v[q][l];
    }
    return s;
#endif
}

/* The lanes of v swapped in pairs (0 1 2 3 ... -> 1 0 3 2 ...): the real
 * and imaginary parts of interleaved complex values (complex.c).  Other
 * widths go element by element. */
MML_VINLINE mml_vd mml_vswap_pairs(mml_vd v)
{
#if MML_V == 16
    return MML_SHUF(v, v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15,
                    14);
#elif MML_V == 8
    return MML_SHUF(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
#elif MML_V == 4
    return MML_SHUF(v, v, 1, 0, 3, 2);
#elif MML_V == 2
    return MML_SHUF(v, v, 1, 0);
#else
    mml_vd s = v;
    for (int l = 0; l + 1 < MML_V; l += 2)
        s[l] = v[l + 1], s[l + 1] = v[l];
    return s;
#endif
}

/* z times the complex value (re, im), each part in every lane, for
 * interleaved complex values z: re z + im i z, where i z = (-im z, re z)
 * is alt (-1, +1, ...) times mml_vswap_pairs(z) (complex.c's expansion,
 * complex_narrow.c's alpha and beta). */
MML_VINLINE mml_vd mml_vctimes(mml_vd z, mml_vd re, mml_vd im, mml_vd alt)
{
    return re * z + im * (mml_vswap_pairs(z) * alt);
}

/* Lanes 2l + odd (l < V) of a then b: the real (odd = 0) or imaginary
 * parts of two vectors of interleaved complex values, in order
 * (complex.c's packing of op(B) transposed).  Other widths go element by
 * element. */
MML_VINLINE mml_vd mml_vunzip(mml_vd a, mml_vd b, int odd)
{
#if MML_V == 16
    return odd ? MML_SHUF(a, b, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23,
                          25, 27, 29, 31)
               : MML_SHUF(a, b, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22,
                          24, 26, 28, 30);
#elif MML_V == 8
    return odd ? MML_SHUF(a, b, 1, 3, 5, 7, 9, 11, 13, 15)
               : MML_SHUF(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
#elif MML_V == 4
    return odd ? MML_SHUF(a, b, 1, 3, 5, 7) : MML_SHUF(a, b, 0, 2, 4, 6);
#elif MML_V == 2
    return odd ? MML_SHUF(a, b, 1, 3) : MML_SHUF(a, b, 0, 2);
#else
    mml_vd s;
    for (int l = 0; l < MML_V; l++)
        s[l] = 2 * l + odd < MML_V ? a[2 * l + odd] : b[2 * l + odd - MML_V];
    return s;
#endif
}

/* The real parts of v's V/2 interleaved complex values in its first half,
 * their imaginary parts in the second. */
MML_VINLINE mml_vd mml_vdeal(mml_vd v)
{
#if MML_V == 16
    return MML_SHUF(v, v, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13,
                    15);
#elif MML_V == 8
    return MML_SHUF(v, v, 0, 2, 4, 6, 1, 3, 5, 7);
#elif MML_V == 4
    return MML_SHUF(v, v, 0, 2, 1, 3);
#else
    mml_vd s;
    for (int l = 0; l < MML_V; l++)
        s[l] = v[2 * l < MML_V ? 2 * l : 2 * l - MML_V + 1];
    return s;
#endif
}

/* Transpose the H x H block of complex values held in v[0..H-1] (H =
 * V/2 values a vector, re and im interleaved; row r in v[r]) in
 * registers, each value's two lanes moving together: the stages of
 * mml_vtranspose on pairs of lanes (complex.c's transposed expansion).
 * Other widths go element by element. */
MML_VINLINE void mml_vtranspose_pairs(mml_vd *v)
{
#if MML_V == 16
    mml_vd t[8], u[8];
#pragma GCC unroll 8
    for (int r = 0; r < 8; r += 2) {
        t[r] = MML_SHUF(v[r], v[r + 1], 0, 1, 16, 17, 4, 5, 20, 21, 8, 9,
                        24, 25, 12, 13, 28, 29);
        t[r + 1] = MML_SHUF(v[r], v[r + 1], 2, 3, 18, 19, 6, 7, 22, 23, 10,
                            11, 26, 27, 14, 15, 30, 31);
    }
#pragma GCC unroll 8
    for (int r = 0; r < 8; r += 4)
#pragma GCC unroll 8
        for (int q = 0; q < 2; q++) {
            u[r + q] = MML_SHUF(t[r + q], t[r + q + 2], 0, 1, 2, 3, 16, 17,
                                18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
            u[r + q + 2] = MML_SHUF(t[r + q], t[r + q + 2], 4, 5, 6, 7, 20,
                                    21, 22, 23, 12, 13, 14, 15, 28, 29, 30,
                                    31);
        }
#pragma GCC unroll 8
    for (int q = 0; q < 4; q++) {
        v[q] = MML_SHUF(u[q], u[q + 4], 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18,
                        19, 20, 21, 22, 23);
        v[q + 4] = MML_SHUF(u[q], u[q + 4], 8, 9, 10, 11, 12, 13, 14, 15,
                            24, 25, 26, 27, 28, 29, 30, 31);
    }
#elif MML_V == 8
    mml_vd t[4];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r += 2) {
        t[r] = MML_SHUF(v[r], v[r + 1], 0, 1, 8, 9, 4, 5, 12, 13);
        t[r + 1] = MML_SHUF(v[r], v[r + 1], 2, 3, 10, 11, 6, 7, 14, 15);
    }
#pragma GCC unroll 4
    for (int q = 0; q < 2; q++) {
        v[q] = MML_SHUF(t[q], t[q + 2], 0, 1, 2, 3, 8, 9, 10, 11);
        v[q + 2] = MML_SHUF(t[q], t[q + 2], 4, 5, 6, 7, 12, 13, 14, 15);
    }
#elif MML_V == 4
    mml_vd t = MML_SHUF(v[0], v[1], 0, 1, 4, 5);
    v[1] = MML_SHUF(v[0], v[1], 2, 3, 6, 7);
    v[0] = t;
#elif MML_V > 2
    mml_vd t[MML_V / 2];
    for (int r = 0; r < MML_V / 2; r++)
        for (int q = 0; q < MML_V / 2; q++)
            t[q][2 * r] = v[r][2 * q], t[q][2 * r + 1] = v[r][2 * q + 1];
    memcpy(v, t, sizeof t);
#else
    (void)v;                     /* one value a vector: its own transpose */
#endif
}

#endif
