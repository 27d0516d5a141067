/* The element type of the driver's typed sources.  Each file of the
 * driver is written once, in double's names (mml_dgemm, mml_pack, ...);
 * the single build compiles the same files again with -DMML_SINGLE
 * (kernels/local.mk), which makes mml_elem float, points the files at
 * single's parameters and kernels, and renames every typed symbol (the
 * list below), so that both builds link into one library.  threads.c,
 * teamwarm.c and coldlines.c are compiled once: the thread setting, the
 * team's warmth and the hot reading belong to the process, whatever the
 * type of its calls.
 * Complex types are two elements each (complex.c, the 1m method), never
 * a type of their own here. */
#ifndef MML_ELEM_H
#define MML_ELEM_H

#include "codegen/codegen.h"

#include <stdint.h>

/* mml_bits: an unsigned integer of an element's size, for loads that
 * must not touch a byte past the element (kernels/small.c's touch). */
#ifdef MML_SINGLE
typedef float mml_elem;
typedef uint32_t mml_bits;
typedef mmt_smm_kernel mml_kernel;
#define MML_KERNEL_TYPE MMT_TYPE_S
#define MML_B0(d) ((d)->sbeta0)
#define MML_B1(d) ((d)->sbeta1)
#define MML_BX(d) ((d)->sbetax)

/* The generated kernels (kernels/local.mk names single's mml_s...). */
#define mml_kfull_desc mml_skfull_desc
#define mml_kedge_desc mml_skedge_desc
#define mml_knc_desc mml_sknc_desc
#define mml_kncv_desc mml_skncv_desc
#define mml_knct_desc mml_sknct_desc
#define mml_kncvt_desc mml_skncvt_desc
#define mml_kncp_desc mml_skncp_desc

/* Every typed function with external linkage (the build fails on a
 * symbol defined twice, so one left out here cannot pass unseen). */
#define mml_dgemm mml_sgemm
#define mml_dgemm_plan mml_sgemm_plan
#define mml_dgemm_path mml_sgemm_path
#define mml_dgemm_serial mml_sgemm_serial
#define mml_dgemm_parallel mml_sgemm_parallel
#define mml_dgemm_team mml_sgemm_team
#define mml_zgemm mml_cgemm
#define mml_zgemm_split mml_cgemm_split
#define mml_zgemm_narrow mml_cgemm_narrow
#define mml_zgemm_thin mml_cgemm_thin
#define mml_route mml_s_route
#define mml_plan_default mml_s_plan_default
#define mml_plan_make mml_s_plan_make
#define mml_plan_small mml_s_plan_small
#define mml_plan_threads mml_s_plan_threads
#define mml_plan_threads_hot mml_s_plan_threads_hot
#define mml_as_transpose mml_s_as_transpose
#define mml_gemm_small mml_s_gemm_small
#define mml_gemm_small_block mml_s_gemm_small_block
#define mml_gemm_small_direct mml_s_gemm_small_direct
#define mml_gemm_small_tt mml_s_gemm_small_tt
#define mml_load_operands mml_s_load_operands
#define mml_small_bound mml_s_small_bound
#define mml_small_direct_fits mml_s_small_direct_fits
#define mml_small_elems mml_s_small_elems
#define mml_small_fits mml_s_small_fits
#define mml_small_tt_elems mml_s_small_tt_elems
#define mml_small_tt_pays mml_s_small_tt_pays
#define mml_transpose_elems mml_s_transpose_elems
#define mml_transpose_into_c mml_s_transpose_into_c
#define mml_gemm_skinny mml_s_gemm_skinny
#define mml_skinny_elems mml_s_skinny_elems
#define mml_skinny_fits mml_s_skinny_fits
#define mml_skinny_same_sums mml_s_skinny_same_sums
#define mml_gemm_panel_t mml_s_gemm_panel_t
#define mml_panel_t_elems mml_s_panel_t_elems
#define mml_panel_t_fits mml_s_panel_t_fits
#define mml_gemm_thin mml_s_gemm_thin
#define mml_thin_fits mml_s_thin_fits
#define mml_gemm_tt mml_s_gemm_tt
#define mml_tt_fits mml_s_tt_fits
#define mml_gemm_tn mml_s_gemm_tn
#define mml_tn_fits mml_s_tn_fits
#define mml_blocked_own_elems mml_s_blocked_own_elems
#define mml_blocked_shared_elems mml_s_blocked_shared_elems
#define mml_gemm_blocked mml_s_gemm_blocked
#define mml_gemm_blocked_part mml_s_gemm_blocked_part
#define mml_work_elems mml_s_work_elems
#define mml_even_blocks mml_s_even_blocks
#define mml_merge mml_s_merge
#define mml_scale_c mml_s_scale_c
#define mml_variant mml_s_variant
#define mml_copy_cm mml_s_copy_cm
#define mml_pack mml_s_pack
#define mml_gemm_naive mml_s_gemm_naive
#define mml_workspace mml_s_workspace
#define mml_side_workspace mml_s_side_workspace
#define mml_split_range mml_s_split_range
#define mml_split_team mml_s_split_team
#define mml_split_threads mml_s_split_threads
#define mml_split_ways mml_s_split_ways
#else
typedef double mml_elem;
typedef uint64_t mml_bits;
typedef mmt_mm_kernel mml_kernel;
#define MML_KERNEL_TYPE MMT_TYPE_D
#define MML_B0(d) ((d)->beta0)
#define MML_B1(d) ((d)->beta1)
#define MML_BX(d) ((d)->betax)
#endif

/* Elements of a 64-byte line: each part of a workspace starts on one. */
#define MML_LINE_ELEMS (64 / sizeof(mml_elem))

#endif
