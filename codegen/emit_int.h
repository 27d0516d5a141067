/* What the emitters of one kernel share: the parameter set seen through
 * the decisions it implies (sizes fixed or run time, layout, vector
 * syntax).  Internal to codegen/. */
#ifndef MMG_EMIT_INT_H
#define MMG_EMIT_INT_H

#include "codegen/emit.h"
#include "codegen/mmkernel.h"
#include "codegen/params.h"

struct mmg_ctx {
    const struct mmg_params *p;
    struct mmg_emit *e;
    char name[128];          /* kernel base name */
    const struct mmg_type *ty;     /* the element type's spelling */
    int vlen;                /* elements per vector, 1 for scalar */
    enum mmt_kernel_layout layout;
    int m, n, k;             /* fixed sizes, 0 = run time */
    char md[16], nd[16], kd[16];   /* the same as C expressions */
    char vtype[16];          /* "double", "__m256d", "__m256", ... */
    const char *vp;          /* intrinsic prefix: "_mm", "_mm256", ... */
    char attr[64];           /* target attribute, "" for scalar */
    const char *requires;    /* CPU features, for the descriptor */
    /* the half-width form of the masked tiles' last vector (mmg_half):
     * its type ("__m256d"; "" where there is none) and prefix (NULL) */
    char hvtype[16];
    const char *hvp;
};

/* One register-tile function: C(mr x nr) += A(mr x K) B(K x nr). */
struct mmg_tile {
    int mr, nr;              /* rows and columns, in doubles */
    int beta;                /* MMG_BETA0, MMG_BETA1 or MMG_BETAX */
    int ff;                  /* fetch C before the K loop */
    enum mmt_kernel_layout layout;  /* how A and B are addressed */
    int perturb;             /* test only: one wrong update */
    int shared;              /* the packed tile all SIMD edges call */
    int pfa;                 /* takes an mmt_pfa and prefetches (PFA=1) */
    int ku;                  /* k'' steps a trip; 0: the kernel's KU */
    int pfb;                 /* prefetches B's next panel (PFB=1) */
    int masked;              /* its last vector of rows masked to the
                                run-time `rows` it takes (mmg_masked) */
    int half;                /* masked, its last vector at half width:
                                rows at most half a vector (mmg_half) */
};

void mmg_ctx_init(struct mmg_ctx *x, const struct mmg_params *p,
                  struct mmg_emit *e);

/* "<kernel>_b0", "<kernel>_b1" or "<kernel>_bx". */
void mmg_variant_name(const struct mmg_ctx *x, int beta, char *out,
                      size_t len);
/* Name of the tile function for t inside variant beta. */
void mmg_tile_name(const struct mmg_ctx *x, const struct mmg_tile *t,
                   char *out, size_t len);
/* The names of the parameters every kernel and tile takes. */
extern const char *const mmg_kernel_arg_names[];

/* 1 for an ISA with masked tiles (AVX-512, AVX2), whose kernels are
 * generated as they were timed; 0 for the others (SSE2), whose packed
 * edge works through K in slices of a fixed depth. */
int mmg_isa_masks(const struct mmg_params *p);

/* 1 when the rows a non-copy kernel leaves at the M edge go to masked
 * tiles (AVX-512, AVX2: loads and stores that touch only the rows there
 * are), else to whole-vector tiles and the packed edge. */
int mmg_masked(const struct mmg_ctx *x);

/* 1 when the kernel's masked tiles (mmg_masked) may have twins whose
 * last vector runs at half width, called when it holds at most half a
 * vector of rows: AVX-512 with FMA, in the 256-bit form of its masked
 * operations (AVX512VL).  A CPU that runs a 512-bit operation as two
 * 256-bit halves (Zen 4) spends the whole width on a masked vector
 * however few of its lanes it keeps: there the 4 rows M = 100 leaves
 * below its 16-row tiles took 8% of the call's FMA slots for 4% of its
 * rows (the non-copy kernel, warm N = 100: 54.8 against 56.9 GFLOPS; 36:
 * 47.4 against 51.0; docs/BENCHMARKS.md).  Elsewhere a half vector
 * costs what a whole one does. */
int mmg_half(const struct mmg_ctx *x);
/* 1 when the masked tiles nr columns wide have half twins: mmg_half,
 * and nr = NU, the panels that carry a call's work.  The narrower and
 * wider panels of the N edge have none: twins of every width made the
 * avx512 non-copy kernel file 75% longer, 2.9 -> 4.9 s at -O2, in every
 * driver the search builds. */
int mmg_half_twin(const struct mmg_ctx *x, int nr);

/* emit_tile.c: one tile function, scalar or SIMD. */
int mmg_emit_tile(const struct mmg_ctx *x, const struct mmg_tile *t);

/* emit_scalar.c / emit_simd.c: the tile functions a variant needs, and
 * the calls covering the fractional tiles at the M and N edges. */
int mmg_scalar_tiles(const struct mmg_ctx *x, int beta);
int mmg_simd_tiles(const struct mmg_ctx *x, int beta);
/* The functions every SIMD variant shares (the packed edge tile). */
int mmg_simd_shared(const struct mmg_ctx *x);
/* dim 'm': rows left at (i, j) in a full column panel; 'n': the columns
 * left after the last full panel. */
void mmg_scalar_edges(const struct mmg_ctx *x, int beta, int dim);
void mmg_simd_edges(const struct mmg_ctx *x, int beta, int dim);

/* Leftover sizes a dimension of unroll u can have: the one remainder of
 * a fixed size (none when u divides it), or every 1..u-1 when the size
 * comes at run time (fixed 0).  Returns how many, at most 63. */
int mmg_edge_sizes(int fixed, int u, int *sizes);
/* The columns a non-copy kernel with masked tiles (mmg_masked) and
 * run-time N adds to its last full panel when fewer are left: the N
 * edge's remainders 1..this run with the panel before them as one tile
 * of NU + r columns, as many as the registers hold (0: none, every
 * remainder its own panel). */
int mmg_n_merge(const struct mmg_ctx *x);
/* 1 when a non-copy kernel with masked tiles (mmg_masked) and run-time
 * M runs the r <= V rows left below its last full tile of a panel nr
 * wide together with that tile, as one masked tile of MU + V rows, where
 * the registers hold it; 0: those rows get their own masked tile. */
int mmg_m_merge(const struct mmg_ctx *x, int nr);
/* The bound of the loop over a panel's full MU-row tiles, nr columns
 * wide: "iend" where mmg_m_merge (the variant sets it), else M. */
const char *mmg_m_end(const struct mmg_ctx *x, int nr);
/* The widths of the column panels after the last full one's loop: the
 * remainders of mmg_edge_sizes, then NU + r for r up to mmg_n_merge.
 * Returns how many, at most 64. */
int mmg_n_widths(const struct mmg_ctx *x, int *sizes);
/* The columns left after the loop over full panels, nr of them for each
 * width of mmg_n_widths (a switch on n - j at run time): panel() prints
 * the code of one such column panel. */
void mmg_n_edge(const struct mmg_ctx *x, int beta,
                void (*panel)(const struct mmg_ctx *x, int beta, int nr));

/* emit_kernel.c: a call of tile t on the tile at rows i, columns j; and
 * of any function with the tile arguments, then extra (may be ""). */
void mmg_call_tile(const struct mmg_ctx *x, const struct mmg_tile *t);
void mmg_call(const struct mmg_ctx *x, const char *fname,
              const char *extra);
/* Storage of tile and edge functions: not every kernel calls each one
 * (clang warns of unused static inline functions in a main file). */
#define MMG_HELPER "static inline __attribute__((unused)) "

/* Open a function with the kernel arguments (then extra, may be "") and
 * mark them all used: storage is "" or MMG_HELPER. */
void mmg_function(const struct mmg_ctx *x, const char *storage,
                  const char *name, const char *extra);

#endif
