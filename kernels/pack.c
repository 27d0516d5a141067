/* Packing into the kernel's layout (KERNEL_ABI.md "Layouts"): A's rows or
 * B's columns into panels of MU (NU) with the panel dimension contiguous,
 * transposes done by the choice of strides, alpha folded into A.  A last
 * panel of fewer rows is padded with zeros to the plan's pv rows (1: tight,
 * for masked edge tiles; else whole vectors, and blocked.c sends it
 * through the C tile when it has rows of padding); B's last panel is as
 * wide as its columns.  Panels of full
 * width are specialised on the build's MU and NU so the compiler unrolls
 * them; the copies go a vector (vec.h) at a time, for the kernels' ISA (the
 * packing runs only where the kernels run).  Written as plain loops, GCC -O2
 * left them scalar, and their speed then hung on where the loops fell in the
 * text: one edit elsewhere in the library moved them and took 2000 x 8 x
 * 2000 from 15 to 9 GFLOPS. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "kernels/driver.h"
#include "kernels/params.h"
#include "kernels/vec.h"

#define INLINE MML_VINLINE

/* A view contiguous along x (sx == 1) is packed a k step at a time
 * (pack_across), each step prefetching the source PACK_AHEAD steps on:
 * the steps are lda apart, a page or more, where the hardware's stream
 * prefetcher does not follow, and with N small the packing of A is the
 * call's overhead (Zen 4, flushed, 40 x 5 kernel, MC=80 KC=320, panel by
 * panel then: 2000 x 32 x 2000 from 31.9 to 34.2 GFLOPS, 2000 x 16 x
 * 2000 21.6 to 23.8; 4 and 16 steps ahead within 1% of 8; square N = 200
 * to 2000 unchanged; Zen 3, a step across every panel: 4, 8 and 16 alike
 * again). */
#define PACK_AHEAD 8

/* Contiguous along k (sp == 1), V x V blocks: V source runs read a
 * vector (a line on AVX-512) at a time, transposed in registers and
 * stored as V vectors of the panel, the runs taken V at a time each to
 * the end of the panel, and each prefetched PF_AHEAD vectors ahead (not
 * past the panel).  Measured on Zen 5 packing A^T of 744 x 1744 from
 * memory in 120 x 436 blocks (TN calls: LAPACK's panel updates): one
 * value of each of the 24 runs per k step, 1.38 ms; V x V blocks 1.05
 * ms; prefetched 1.01 ms (the whole TN 744 x 32 x 1744 call from 38 to
 * 48 GFLOPS, OpenBLAS-SkylakeX 55). */
#define PF_AHEAD 4

INLINE void block_along_k(const mml_elem *s, size_t sx, int w, mml_elem scale,
                          mml_elem *d, int pf)
{
    mml_vd v[MML_V];

#pragma GCC unroll 16
    for (int l = 0; l < MML_V; l++) {
        if (pf)
            __builtin_prefetch(s + (size_t)l * sx + PF_AHEAD * MML_V, 0, 3);
        v[l] = mml_vload(s + (size_t)l * sx);
    }
    mml_vtranspose(v);
#pragma GCC unroll 16
    for (int q = 0; q < MML_V; q++)
        mml_vstore(d + (size_t)q * w, v[q] * scale);
}

/* The rest of a panel along k (all of it when the panel is not whole
 * vectors wide) one step at a time: one value from each of the wq source
 * runs, V at a time into a vector, stored whole. */
INLINE void steps_along_k(const mml_elem *s, size_t sx, int p0, int kc, int wq,
                          int w, mml_elem scale, mml_elem *d)
{
    s += p0, d += (size_t)p0 * w;
    for (int p = p0; p < kc; p++, s++, d += w) {
        int r = 0;
        for (; r + MML_V <= wq; r += MML_V) {
            mml_vd v;
#pragma GCC unroll 16
            for (int l = 0; l < MML_V; l++)
                v[l] = s[(size_t)(r + l) * sx];
            mml_vstore(d + r, v * scale);
        }
        for (; r < wq; r++)
            d[r] = scale * s[(size_t)r * sx];
        for (; r < w; r++)
            d[r] = 0.0;
    }
}

/* A panel narrower than a vector, w dividing V (SGEMM's NU = 8 beside
 * 16 floats a vector), g = V / w runs of V steps at once: row l of the
 * block is source run l % w from step (l / w) V on, so after the
 * transpose vector q holds step q of every run in its first w lanes,
 * step V + q in the next w, and so on, each w lanes one step of the
 * panel.  Step by step (steps_along_k) the packing of B took 6.5% of an
 * SGEMM at N = 2000 (Zen 5, perf), twice DGEMM's share; this way, with
 * vec.h's 16-lane transpose, SGEMM ran 1.03 times as fast at N = 1000
 * and 2000, TN 1.05-1.06, CGEMM 1.02-1.06 at N = 300-2000 (flushed,
 * medians of 7-11 alternated rounds; BENCHMARKS.md). */
INLINE void narrow_along_k(const mml_elem *s, size_t sx, int w,
                           mml_elem scale, mml_elem *d, int pf)
{
    mml_vd v[MML_V];

#pragma GCC unroll 16
    for (int l = 0; l < MML_V; l++) {
        const mml_elem *x = s + (size_t)(l % w) * sx + (size_t)(l / w) * MML_V;
        if (pf)
            __builtin_prefetch(x + PF_AHEAD * MML_V, 0, 3);
        v[l] = mml_vload(x);
    }
    mml_vtranspose(v);
#pragma GCC unroll 16
    for (int q = 0; q < MML_V; q++) {
        mml_vd x = v[q] * scale;
        for (int t = 0; t < MML_V / w; t++)
            memcpy(d + ((size_t)t * MML_V + (size_t)q) * (size_t)w,
                   (const mml_elem *)&x + t * w, (size_t)w * sizeof *d);
    }
}

INLINE void panel_along_k(const mml_elem *s, size_t sx, int kc, int wq, int w,
                          mml_elem scale, mml_elem *d)
{
    int kv = wq == w && MML_V > 1 && w % MML_V == 0
             ? kc / MML_V * MML_V : 0;

    if (wq == w && MML_V > 1 && w < MML_V && MML_V % w == 0) {
        int span = MML_V * (MML_V / w);    /* the steps a block packs */
        kv = kc / span * span;
        for (int p = 0; p < kv; p += span)
            narrow_along_k(s + p, sx, w, scale, d + (size_t)p * w,
                           p + PF_AHEAD * span < kc);
    }
    for (int r = 0; r < w && kv && w % MML_V == 0; r += MML_V)
        for (int p = 0; p < kv; p += MML_V)
            block_along_k(s + p + (size_t)r * sx, sx, w, scale,
                          d + (size_t)p * w + r, p + PF_AHEAD * MML_V < kc);
    steps_along_k(s, sx, kv, kc, wq, w, scale, d);
}

/* One panel of a view contiguous along k (sp == 1). */
MML_TARGET_ATTR static void panel(const mml_elem *s, size_t sx, int kc,
                                  int wq, int w, mml_elem scale, mml_elem *d)
{
    if (wq == w && w == MML_PARAM_MU)
        panel_along_k(s, sx, kc, MML_PARAM_MU, MML_PARAM_MU, scale, d);
    else if (wq == w && w == MML_PARAM_NU)
        panel_along_k(s, sx, kc, MML_PARAM_NU, MML_PARAM_NU, scale, d);
    else
        panel_along_k(s, sx, kc, wq, w, scale, d);
}

/* One run of len values times scale: a column of the untransposed copy,
 * a panel's step packed across. */
MML_VINLINE void column(const mml_elem *s, int len, mml_elem scale,
                        mml_elem *d)
{
    int r = 0;

    for (; r + MML_V <= len; r += MML_V)
        mml_vstore(d + r, mml_vload(s + r) * scale);
    for (; r < len; r++)
        d[r] = scale * s[r];
}

/* Step p of every whole panel of w (a constant where inlined) from a
 * view contiguous along x: one value run each, into its panel's step. */
INLINE void step_across(const mml_elem *s, int whole, int kc, int w,
                        mml_elem scale, mml_elem *d)
{
    for (int x = 0; x < whole; x += w, s += w, d += (size_t)w * kc)
        column(s, w, scale, d);
}

/* A block contiguous along x (A as stored, B^T) a step at a time across
 * its panels: each step's ext values are one run, read at once, and the
 * run PACK_AHEAD steps on prefetched whole, where panel by panel each
 * step of a panel read one line and prefetched one, a page or more from
 * the last, and waited on memory: with N small, A's packing is the
 * call's overhead (Zen 3, DGEMM 2000 x 64 x 2000 flushed: 29% of the
 * library's samples in panel, its loads DRAM-latency bound). */
MML_TARGET_ATTR static void pack_across(const mml_elem *src, size_t sp,
                                        int ext, int kc, int w, int pad,
                                        mml_elem scale, mml_elem *dst)
{
    int whole = ext / w * w, rest = ext - whole;
    int wr = rest ? (rest + pad - 1) / pad * pad : 0;
    mml_elem *tail = dst + (size_t)whole * kc;

    for (int p = 0; p < kc; p++, src += sp) {
        if (p + PACK_AHEAD < kc) {
            const mml_elem *f = src + PACK_AHEAD * sp;
            for (int l = 0; l < ext; l += (int)MML_LINE_ELEMS)
                mmt_prefetch_line(f + l);
            mmt_prefetch_line(f + ext - 1);
        }
        if (w == MML_PARAM_MU)
            step_across(src, whole, kc, MML_PARAM_MU, scale,
                        dst + (size_t)p * MML_PARAM_MU);
        else if (w == MML_PARAM_NU)
            step_across(src, whole, kc, MML_PARAM_NU, scale,
                        dst + (size_t)p * MML_PARAM_NU);
        else
            step_across(src, whole, kc, w, scale, dst + (size_t)p * w);
        column(src + whole, rest, scale, tail + (size_t)p * wr);
        for (int r = rest; r < wr; r++)
            tail[(size_t)p * wr + r] = 0.0;
    }
}

void mml_pack(const mml_elem *src, size_t sx, size_t sp, int ext, int kc,
              int w, int pad, mml_elem scale, mml_elem *dst)
{
    int x = 0;

    if (sx == 1) {
        pack_across(src, sp, ext, kc, w, pad, scale, dst);
        return;
    }
    for (; x + w <= ext; x += w)
        panel(src + (size_t)x * sx, sx, kc, w, w, scale,
              dst + (size_t)x * kc);
    if (x < ext)
        panel(src + (size_t)x * sx, sx, kc, ext - x,
              (ext - x + pad - 1) / pad * pad, scale, dst + (size_t)x * kc);
}

/* The transposing copy of V rows of the view (V source runs, each
 * contiguous along the view's columns), a column at a time: one value of
 * each run into a vector, stored whole.  Compact code, for small copies:
 * from a cold cache their time is the code's fetch as much as the data's
 * (below). */
MML_VINLINE void rows_v(const mml_elem *s, size_t sx, int j, int cols,
                        int rows, mml_elem scale, mml_elem *d)
{
    for (d += (size_t)j * rows; j < cols; j++, d += rows) {
        mml_vd v;
#pragma GCC unroll 16
        for (int i = 0; i < MML_V; i++)
            v[i] = s[(size_t)i * sx + j];
        mml_vstore(d, v * scale);
    }
}

/* Below this many elements the transposing copy goes a column at a
 * time: the V x V blocks' code (1.4 KiB more) fetched from memory costs
 * more than it saves (DGEMM 32 x 32 TN from a cold cache on Zen 5: 9.0
 * GFLOPS with them, 11.4 without).  It was 4096, which the small path's
 * copies of op(A), a block of rows at a time (small.c), never reached
 * for floats: each value gathered alone, SGEMM TN and TT ran 1.13-1.29
 * times as fast warm at N = 32-100 with 1024, 0.90-0.94 flushed at N =
 * 32-48 and the same from 64 (Zen 5, bench-dgemm, 9 rounds, medians;
 * DGEMM, whose small TN and TT calls take tn.c and tt.c, the same). */
#define BLOCKS_MIN 1024

/* The whole vectors of rows of a large transposing copy: V x V blocks as
 * in the panels (block_along_k, rows apart in the copy), the last
 * columns a column at a time.  Out of line, so that a small copy does
 * not fetch its code. */
__attribute__((noinline)) MML_TARGET_ATTR
static void rows_blocks(const mml_elem *src, size_t sx, int rows, int cols,
                        mml_elem scale, mml_elem *dst)
{
    for (int i = 0; i + MML_V <= rows; i += MML_V) {
        const mml_elem *s = src + (size_t)i * sx;
        int j = 0;
        for (; MML_V > 1 && j + MML_V <= cols; j += MML_V)
            block_along_k(s + j, sx, rows, scale, dst + i + (size_t)j * rows,
                          j + PF_AHEAD * MML_V < cols);
        rows_v(s, sx, j, cols, rows, scale, dst + i);
    }
}

MML_TARGET_ATTR void mml_copy_cm(const mml_elem *src, size_t sx, size_t sp,
                                 int rows, int cols, mml_elem scale,
                                 mml_elem *dst)
{
    int i = 0;

    if (sx == 1) {
        for (int j = 0; j < cols; j++, src += sp, dst += rows)
            column(src, rows, scale, dst);
        return;
    }
    /* sp == 1: rows of the view are contiguous in the source */
    if ((size_t)rows * (size_t)cols >= BLOCKS_MIN) {
        rows_blocks(src, sx, rows, cols, scale, dst);
        i = rows / MML_V * MML_V;
    }
    for (; i + MML_V <= rows; i += MML_V)
        rows_v(src + (size_t)i * sx, sx, 0, cols, rows, scale, dst + i);
    for (; i < rows; i++)
        for (int j = 0; j < cols; j++)
            dst[i + (size_t)j * rows] = scale * src[(size_t)i * sx + j];
}
