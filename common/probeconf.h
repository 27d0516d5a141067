/* probe.conf: what mmprobe measured on this machine, as one struct.
 *
 * The search bounds (paper 002 §III-B: NB <= sqrt(C1), MU/NU from NR), the
 * analytical model (§IV: C1, B1, NR, FMA, L_x, |ALU_FP|) and every "% of
 * peak" read these numbers.  The schema lives in common/ so that readers
 * (the timer, the search, the benches) never link the probes.
 *
 * File format (common/kvfile.h): "KEY = value  # unit, how measured".  Every
 * measured KEY has a companion "KEY_CONFIRMED = 0|1": 1 when repetitions of
 * the probe agreed, 0 when the value is the best guess of runs that did not.
 * The file begins with the common head (common/origin.h): FORMAT, then who
 * wrote it.  The one schema table lives in probeconf.c. */
#ifndef MMC_PROBECONF_H
#define MMC_PROBECONF_H

#include <stddef.h>

#include "common/origin.h"

/* Bumped when a key is added, removed or changes meaning. */
#define MMC_PROBECONF_FORMAT 1

/* One index per key; the order is the order of the file. */
enum mmc_probe_key {
    MMC_P_L1D_KIB,        /* L1 data cache capacity */
    MMC_P_LINE_BYTES,     /* L1 line size */
    MMC_P_L1D_ASSOC,      /* L1 ways (0: not measured) */
    MMC_P_L2_KIB,         /* L2 nominal capacity (see probeconf.c) */
    MMC_P_L2_EFF_KIB,     /* L2 effective capacity, for blocking */
    MMC_P_LLC_KIB,        /* last-level cache, nominal */
    MMC_P_LLC_EFF_KIB,    /* last-level cache, effective */
    MMC_P_FP_REGS_SCALAR, /* registers for double, as the kernel CC uses */
    MMC_P_FP_REGS_SSE2,   /* for 2-double vectors (0: not targeted) */
    MMC_P_FP_REGS_AVX2,   /* for 4-double vectors (0: not targeted) */
    MMC_P_FP_REGS_AVX512, /* for 8-double vectors (0: not targeted) */
    MMC_P_SIMD_DOUBLES,   /* doubles per vector the kernels can use */
    MMC_P_FMA,            /* a fused multiply-add runs faster than mul+add */
    MMC_P_FMA_COMPILER,   /* the kernel CC and flags emit it */
    MMC_P_LAT_MUL,        /* cycles, dependent chain (L_x of eq. 11-13) */
    MMC_P_LAT_ADD,
    MMC_P_LAT_FMA,        /* 0 when there is no FMA */
    MMC_P_FP_PIPES,       /* widest FP ops issued per cycle (|ALU_FP|) */
    MMC_P_LS,             /* paper 002 eq. 13 from LAT_MUL and FP_PIPES */
    MMC_P_CLOCK_MHZ,      /* core clock, integer add chain */
    MMC_P_TSC_MHZ,        /* time-stamp counter rate */
    MMC_P_PEAK_MFLOPS,    /* CLOCK * SIMD_DOUBLES * (2 if FMA) * FP_PIPES */
    MMC_P_NKEYS
};

enum mmc_probe_type { MMC_PT_INT, MMC_PT_REAL, MMC_PT_BOOL };

/* One row of the schema: the key, its type, its range, its unit, and where
 * the value sits in struct mmc_probeconf. */
struct mmc_probe_field {
    const char *key;
    enum mmc_probe_type type;
    double min, max;
    const char *unit;
    size_t offset;       /* of an int (INT, BOOL) or a double (REAL) */
};

extern const struct mmc_probe_field mmc_probeconf_schema[MMC_P_NKEYS];

struct mmc_probeconf {
    double l1d_kib;
    int line_bytes;
    int l1d_assoc;
    double l2_kib, l2_eff_kib;
    double llc_kib, llc_eff_kib;
    int fp_regs_scalar;
    int fp_regs_sse2;
    int fp_regs_avx2;
    int fp_regs_avx512;
    int simd_doubles;
    int fma;
    int fma_compiler;
    double lat_mul, lat_add, lat_fma;
    int fp_pipes;
    int ls;
    double clock_mhz, tsc_mhz, peak_mflops;
    int confirmed[MMC_P_NKEYS];   /* indexed by enum mmc_probe_key */
    struct mmc_origin origin;     /* FORMAT and who wrote the file */
    /* Comments only (written, never read back): how each value was
     * obtained, and a note on the run ("probes took 3.7 s"). */
    char how[MMC_P_NKEYS][96];
    char note[160];
};

/* Index of key ("L1D_KIB"), or -1. */
int mmc_probeconf_find(const char *key);

/* The value of a key as a double, whatever its type. */
double mmc_probeconf_get(const struct mmc_probeconf *pc, enum mmc_probe_key k);
/* Store v (rounded for INT/BOOL keys). */
void mmc_probeconf_set(struct mmc_probeconf *pc, enum mmc_probe_key k,
                       double v);

/* Read and validate path.  FORMAT must be MMC_PROBECONF_FORMAT; every key
 * and its _CONFIRMED companion must be present exactly once, and in range.
 * Returns 0, or -1 with "path:line: why" in err. */
int mmc_probeconf_read(const char *path, struct mmc_probeconf *pc,
                       char *err, size_t errlen);

/* Check pc against the schema, as the reader would.  Returns 0, or -1 with
 * "KEY: why" in err. */
int mmc_probeconf_validate(const struct mmc_probeconf *pc, char *err,
                           size_t errlen);

/* Write path atomically: the head (pc->origin), then every key with its
 * unit and pc->how as the comment.  A pc the reader would reject is not
 * written (-1, errno EDOM; mmc_probeconf_validate says why).  Returns 0, or
 * -1 with errno set. */
int mmc_probeconf_write(const char *path, const struct mmc_probeconf *pc);

/* Write a C header with MMT_PROBE_<KEY> defines, atomically (the build's
 * view of probe.conf).  Returns 0, or -1 with errno set. */
int mmc_probeconf_write_header(const char *path,
                               const struct mmc_probeconf *pc);

#endif
