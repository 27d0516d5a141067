/* The register probe's reading of assembly, open to tests (probe/regs.c):
 * from what the kernel compiler emitted for the probe source, which
 * regs_<width>_<n> functions spilled, how many distinct vector registers
 * each width used, whether fma_probe was contracted to FMA, and the
 * vector width the flags enable.  Inside probe/ only. */
#ifndef PROBE_REGS_H
#define PROBE_REGS_H

#include <stdio.h>

#include "common/common.h"

/* n runs over NMIN..NMAX live values; the widths are common/isa.h's
 * ISAs, in its order (scalar first). */
enum { PROBE_REGS_NMIN = 2, PROBE_REGS_NMAX = 40,
       PROBE_REGS_NTYPES = MMC_NISA };

struct probe_asm_facts {
    int vec_bits;            /* the vec_bits constant; 0 if not seen */
    int fma;                 /* vfmadd/vfmsub/vfnmadd in fma_probe */
    /* per width and n: the function was found, and it spilled */
    unsigned char seen[PROBE_REGS_NTYPES][PROBE_REGS_NMAX + 1];
    unsigned char spills[PROBE_REGS_NTYPES][PROBE_REGS_NMAX + 1];
    /* most distinct vector registers one function of the width named */
    int regs_used[PROBE_REGS_NTYPES];
};

/* Whether one line of AT&T assembly (comment included) moves a vector
 * register to or from the stack, or between a vector register and a
 * general-purpose one, or is marked a spill or reload by the compiler. */
int probe_asm_is_spill(const char *line);

/* Read a whole assembly file into f; returns 0, or -1 on a read error. */
int probe_asm_read(FILE *fp, struct probe_asm_facts *f);

/* The register count of width t: the largest n before the first function
 * that spilled (among those seen), capped by the distinct registers the
 * width used.  *confirmed is set when every larger n seen spilled, at
 * least one did, and the count equals the distinct registers used. */
int probe_asm_register_count(const struct probe_asm_facts *f, int t,
                             int *confirmed);

#endif
