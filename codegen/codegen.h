/* codegen/: parameters in, C source out.  mmgen is a thin shell around
 * these two calls; tests use them to put many kernels into one file.
 * The face other rooms include (docs/DESIGN.md, "Faces"), with what they
 * use besides: the kernel contract (mmkernel.h, which the generated
 * kernels include by itself), the parameters, the C emitter (mmspec's
 * drivers), the oracle that verifies a kernel, the CPU checks that run
 * one. */
#ifndef MMG_CODEGEN_H
#define MMG_CODEGEN_H

#include <stdio.h>

#include "codegen/cpurun.h"
#include "codegen/emit.h"
#include "codegen/mmkernel.h"
#include "codegen/oracle.h"
#include "codegen/params.h"

/* 2: FMA=0 kernels turn contraction off (MMT_CONTRACT_OFF_*), the scalar
 * FMA=1 form calls mmt_fmadd.  3: panel kernels with run-time M take the
 * rows past the last MU with masked tiles on AVX-512 and AVX2 (a search
 * log of 2 timed the blocks steps' edge kernels with the packed edge). */
#define MMG_VERSION "3"

/* The banner ("generated, do not edit", how to recreate the file) and the
 * includes.  command: the exact command that recreates the file. */
int mmg_emit_prologue(FILE *fp, const char *command);

/* One kernel for p (already checked): a comment with every parameter and
 * the flops per call, the beta variants p->betas asks for, and the
 * descriptor <name>_desc.  command goes into the descriptor.  0 or -1. */
int mmg_emit_kernel(FILE *fp, const struct mmg_params *p,
                    const char *command);

#endif
