/* The kernel parameters that the generator (mmgen, codegen/params.c), a
 * params.conf (common/paramsconf.c) and the library (kernels/) share:
 * each one's key, hard range and meaning, here once.  Each row is a
 * macro of four fields -- KEY, MIN, MAX, MEANING -- that the tables
 * expand into their own rows, beside what only they know (mmgen's
 * option name and struct field, the file's type and whether the key is
 * required).  The meaning is what a params.conf prints after the value
 * and what mmgen --help says.  Rules between parameters are the
 * generator's (mmg_params_check); the parameters only mmgen has (COPY,
 * M, N, K, PFA, PERTURB) and only the file has (the blocking, the
 * threads) stay in their one table. */
#ifndef MMC_PARAMTABLE_H
#define MMC_PARAMTABLE_H

/* mmgen's largest tile and fixed size (NB, NCNB, KU, M, N, K), and so the
 * largest MC and KC of the library's blocking around its kernel. */
#define MMC_DIM_MAX 1024

#define MMC_KP_NB "NB", 1, MMC_DIM_MAX, "tile of the copy kernel"
#define MMC_KP_NCNB "NCNB", 1, MMC_DIM_MAX, "tile of the non-copy kernel"
/* The small-problem path's register tile columns: its non-copy kernels
 * are the full kernel's cut (codegen's mmg_small_path), NU columns unless
 * this says otherwise (0). */
#define MMC_KP_NCNU "NCNU", 0, 64, \
    "register tile columns of the non-copy kernels (0: NU)"
#define MMC_KP_MU "MU", 1, 64, "register tile rows"
#define MMC_KP_NU "NU", 1, 64, "register tile columns"
#define MMC_KP_KU "KU", 1, MMC_DIM_MAX, "k steps unrolled"
#define MMC_KP_LS "LS", 1, 16, "skew of adds (FMA = 0)"
#define MMC_KP_FMA "FMA", 0, 1, "fused multiply-add form"
#define MMC_KP_FF "FF", 0, 1, "C fetched at the top"
#define MMC_KP_IF "IF", 1, 128, "loads before the first flop"
#define MMC_KP_NF "NF", 1, 128, "loads per later block"
#define MMC_KP_PF "PF", 0, 1, "next tile's C prefetched"
#define MMC_KP_PFB "PFB", 0, 1, "B's next packed panel prefetched"
#define MMC_KP_NR "NR", 0, 256, "registers (spill report)"

#endif
