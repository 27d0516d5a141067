/* mmkernel.h: the one header every generated mini-MMM kernel includes, and
 * the whole seam between codegen/ and its users (the library, the search),
 * with mmkernel_pf.h, which it includes (the prefetch helpers' bodies).
 * KERNEL_ABI.md says the same in prose; keep the two in step and bump
 * MMT_KERNEL_ABI when anything here changes meaning (a descriptor field
 * added does not: KERNEL_ABI.md). */
#ifndef MMT_MMKERNEL_H
#define MMT_MMKERNEL_H

#define MMT_KERNEL_ABI 1

/* C(m x n) = A(m x k) * B(k x n) + beta * C, column-major C with ldc.
 * Dimensions fixed at generation time are ignored at run time (the
 * descriptor says which); lda and ldb are read only by non-copy kernels.
 * The beta-0 and beta-1 variants ignore beta. */
typedef void mmt_mm_kernel(int m, int n, int k,
                           const double *restrict a, int lda,
                           const double *restrict b, int ldb,
                           double beta, double *restrict c, int ldc);

/* The same for single precision kernels (TYPE=s): every element, beta
 * included, is a float.  A type of its own rather than one signature over
 * void pointers, so that a caller passing the wrong precision does not
 * compile (KERNEL_ABI.md, "Element types"). */
typedef void mmt_smm_kernel(int m, int n, int k,
                            const float *restrict a, int lda,
                            const float *restrict b, int ldb,
                            float beta, float *restrict c, int ldc);

/* The element type of a kernel.  Double is 0, so that a descriptor
 * written before the field existed (or a test's, which leaves it out)
 * reads as what it is. */
enum mmt_kernel_type {
    MMT_TYPE_D = 0,        /* double: mmt_mm_kernel, beta0/beta1/betax */
    MMT_TYPE_S = 1         /* float: mmt_smm_kernel, sbeta0/sbeta1/sbetax */
};

/* Operand layouts (KERNEL_ABI.md, "Layouts"). */
enum mmt_kernel_layout {
    MMT_LAYOUT_ATLAS = 1,  /* copy, scalar: A(i,p) = a[i*k + p],
                              B(p,j) = b[j*k + p] (K contiguous) */
    MMT_LAYOUT_PANEL = 2,  /* copy, SIMD: MU-row panels of A and NU-column
                              panels of B, M resp. N contiguous */
    MMT_LAYOUT_NOCOPY = 3, /* the caller's column-major A and B */
    MMT_LAYOUT_NOCOPY_BT = 4  /* the caller's column-major A and B stored
                                 transposed: A(i,p) = a[i + p*lda],
                                 B(p,j) = b[j + p*ldb] */
};

/* Offset of A(i,p) and B(p,j) in the panel layout: panel q of A starts at
 * q*mu*k and has width w = min(mu, m - q*mu); inside, A(i,p) sits at
 * p*w + i % mu.  B likewise with nu, n and columns. */
#define MMT_PANEL_OFFSET(i, p, mu, m, k)                                  \
    ((long)((i) / (mu)) * (mu) * (k)                                      \
     + (long)(p) * ((m) - (i) / (mu) * (mu) < (mu)                        \
                    ? (m) - (i) / (mu) * (mu) : (mu))                     \
     + (i) % (mu))

/* Every generated file defines one of these per parameter set, named
 * <kernel name>_desc.  A run-time dimension is 0 in m, n or k. */
struct mmt_kernel_desc {
    int abi;                 /* MMT_KERNEL_ABI at generation time */
    const char *name;        /* kernel base name; variants add _b0/_b1/_bx */
    const char *command;     /* the mmgen command that recreates the file */
    const char *isa;         /* "none", "sse2", "avx2", "avx512" */
    const char *requires;    /* CPU features the code needs, ',' separated */
    int vlen;                /* elements per vector; 1 for scalar */
    enum mmt_kernel_layout layout;
    int nb;                  /* tile size: NB (copy) or NCNB (non-copy) */
    int m, n, k;             /* compile-time sizes, 0 = given at run time */
    int mu, nu, ku, ls, fma, ff, ifetch, nfetch;
    int pf;                  /* 1: the next tile's C is prefetched */
    int pfa;                 /* 1: the A rows below the block are
                                prefetched */
    int pfb;                 /* 1: B's next packed panel is prefetched */
    int masked_rows;         /* 1: the rows past the last MU (run-time M,
                                non-copy) run masked row tiles, never the
                                packed edge (KERNEL_ABI.md) */
    int regs_needed, regs_available;
    double flops;            /* per call, run-time dimensions taken as nb */
    mmt_mm_kernel *beta0, *beta1, *betax;  /* NULL if not generated,
                                              and for single kernels */
    enum mmt_kernel_type type;
    mmt_smm_kernel *sbeta0, *sbeta1, *sbetax;  /* single kernels' (NULL
                                                  for double kernels) */
};

/* FF=1 with beta=0 reads C at the top of a tile although the value is not
 * used (ATLAS's forced fetch): a volatile read the compiler cannot drop. */
static inline void mmt_touch(const double *p)
{
    (void)*(const volatile double *)p;
}
static inline void mmt_touchf(const float *p)
{
    (void)*(const volatile float *)p;
}

/* The prefetch helpers, PF=1's, PFA=1's and PFB=1's, walk memory in
 * 64-byte lines, a line's elements counted as MMT_LINE_BYTES / sizeof the
 * element.  Their bodies are written once, in mmkernel_pf.h, over the
 * element type, and included once per type: double's under the names
 * below, float's with an f (mmt_prefetch_nextf, struct mmt_pfaf, ...), as
 * mmt_touchf.  Per type, not one function taking the element's size: a
 * double kernel then compiles to the code it did when the helpers were
 * written for doubles.  gcc 12 optimises a helper before inlining it, so
 * a size passed as an argument, although a constant at every call, left
 * it other code, and with it moved the register allocation and block
 * layout of every kernel calling it (objdump, kernels with PF, PFA, PFB). */
#define MMT_LINE_BYTES 64

/* PF=1: prefetch, for writing, the C tile a JIK walk of mu x nu tiles
 * over the m x n block visits after the one at (i, j): the next rows of
 * the strip, else the next strip's first rows; nothing after the last.
 * Only lines of the block are touched (one address per line's worth of
 * elements, and each column's last: an unaligned column spans one more
 * line).  A prefetch changes no value: the kernel computes the same. */
static inline void mmt_prefetch_line(const void *p)
{
#if defined(__GNUC__) && defined(__SSE__)
    /* asm volatile: gcc 12 -O2 deletes a loop whose body is only
     * __builtin_prefetch calls (the whole of mmt_prefetch_next, seen in
     * its assembly), clang keeps it */
    __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}
#ifndef MMT_PREFETCH_W   /* a test may define it to see the addresses */
#define MMT_PREFETCH_W(p) mmt_prefetch_line(p)
#endif

/* PFA=1 (non-copy layouts): while an m x n x k block computes, the m rows
 * of A below it (rows m..2m-1 of its k columns, the block a driver walking
 * down the rows of a tall A runs next) are prefetched into L2, spread over
 * the whole block so that they arrive at the pace it computes: from
 * memory a strip of A otherwise stalls the first column of tiles that
 * reads it, and a burst of prefetches between calls stalls as long (Zen
 * 4: 2000 x 32 x 2000 from 34 to 47 GFLOPS, BLIS 46).  Tile (i, j) of the
 * JIK walk takes rows i..i+mu-1 below and columns jt, jt + nj, ... below
 * k (jt = j / nu its column of tiles, nj the block's whole columns of
 * tiles: the edge tiles take none), one column every nj k steps: the row
 * strip's nj tiles together cover each column once.  Prefetches change
 * no value and never fault, so rows past the end of A cost a wasted line,
 * nothing else. */
#ifndef MMT_PREFETCH_A   /* a test may define it to see the addresses */
#if defined(__GNUC__) && defined(__SSE__)
/* asm volatile, as mmt_prefetch_line: the loop holds nothing else */
#define MMT_PREFETCH_A(p)                                                 \
    __asm__ volatile("prefetcht1 %0" : : "m"(*(const char *)(p)))
#else
#define MMT_PREFETCH_A(p) __builtin_prefetch((p), 0, 2)
#endif
#endif
#if defined(__GNUC__)
#define MMT_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define MMT_LIKELY(x) (x)
#endif
#define MMT_PFA_DONE (1 << 30)   /* steps to the next: none comes */

/* PFB=1 (SIMD copy kernels: B packed in NU-column panels, k rows of nr
 * elements each): at k step p a whole tile prefetches into L2 the same
 * row of the panel after its own, at b + nr*k, so that the walk's next
 * column of tiles finds its panel in L2.  From the L3 or memory the first
 * tile of each column otherwise stalls on B: on the Zen 5 guest a whole
 * DGEMM (24 x 8 kernel, KC = 768, NC = 768, B's panel 4.7 MiB) at
 * N = 3000, six alternated pairs of 6 back-to-back calls, averaged
 * 90.0-91.6 GFLOPS with it and 76.1-91.0 without (equal while the host
 * was calm).  One address per line's worth of the row, and the row's
 * last element when the row is no whole number of lines: a row of whole
 * lines is taken to start one, as in the 64-byte aligned workspace where
 * the library packs B (rows of 8 doubles or 16 floats); every tile of
 * the column prefetches the same lines (the later ones hit).
 * Past the last panel the addresses are wasted lines, never a fault. */
#ifndef MMT_PREFETCH_B   /* a test may define it to see the addresses */
#if defined(__GNUC__) && defined(__SSE__)
#define MMT_PREFETCH_B(p)                                                 \
    __asm__ volatile("prefetcht1 %0" : : "m"(*(const char *)(p)))
#else
#define MMT_PREFETCH_B(p) __builtin_prefetch((p), 0, 2)
#endif
#endif

#define MMT_PF_T double
#define MMT_PF(name) name
#include "mmkernel_pf.h"
#undef MMT_PF_T
#undef MMT_PF
#define MMT_PF_T float
#define MMT_PF(name) name##f
#include "mmkernel_pf.h"
#undef MMT_PF_T
#undef MMT_PF

/* FMA=1 in the scalar form: c + a*b as one fused operation where the
 * flags enable one, as written where they do not.  Written as c += a*b,
 * gcc's vectoriser packs the scalars into separate vector multiplies and
 * adds and never fuses them. */
#if defined(__FMA__) || defined(__FP_FAST_FMA)
#define MMT_FUSED(fma, a, b, c) fma(a, b, c)
#else
#define MMT_FUSED(fma, a, b, c) ((c) + (a) * (b))
#endif
static inline double mmt_fmadd(double a, double b, double c)
{
    return MMT_FUSED(__builtin_fma, a, b, c);
}
/* TYPE=s: a float fma (the double one would round once, in double). */
static inline float mmt_fmaddf(float a, float b, float c)
{
    return MMT_FUSED(__builtin_fmaf, a, b, c);
}

/* FMA=0: the multiplies and adds stay separate instructions (paper 002
 * §II-B) whatever contraction the flags allow elsewhere.  A generated
 * FMA=0 kernel sits between MMT_CONTRACT_OFF_BEGIN and _END at file scope.
 * gcc honours its optimize pragma under any -ffp-contract (its
 * -ffp-contract=on is off); clang honours its fp pragma except under
 * -ffp-contract=fast or -ffast-math, which (clang 14) disregard pragmas:
 * configure gives clang -ffp-contract=on, which fuses within a statement
 * only.  tests/codegen/contract.sh reads the assembly of both forms. */
#if defined(__clang__)
#define MMT_CONTRACT_OFF_BEGIN                                            \
    _Pragma("float_control(push)") _Pragma("clang fp contract(off)")
#define MMT_CONTRACT_OFF_END _Pragma("float_control(pop)")
#elif defined(__GNUC__)
#define MMT_CONTRACT_OFF_BEGIN                                            \
    _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define MMT_CONTRACT_OFF_END _Pragma("GCC pop_options")
#else
#define MMT_CONTRACT_OFF_BEGIN _Pragma("STDC FP_CONTRACT OFF")
#define MMT_CONTRACT_OFF_END _Pragma("STDC FP_CONTRACT DEFAULT")
#endif

#endif
