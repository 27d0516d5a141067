/* params.conf: the kernel the search chose on this machine, as one struct
 * -- every generator parameter (mmgen reads the file with --params), the
 * compiler and flags it was chosen with, what it ran at, and what it is
 * bound to (the probe.conf fingerprint, the generator version and kernel
 * ABI).  Written by mmsearch; read by mmgen and by the library's build
 * (kernels/mmselect), for which MC, KC and NC block the whole DGEMM.
 *
 * File format (common/kvfile.h): the common head (common/origin.h: FORMAT,
 * who wrote it), then "KEY = value  # note" lines.  The one schema table,
 * in paramsconf.c, drives the reader, the writer and the validation. */
#ifndef MMC_PARAMSCONF_H
#define MMC_PARAMSCONF_H

#include <stddef.h>

#include "common/kvfile.h"
#include "common/origin.h"

/* Bumped when a key is added, removed or changes meaning (2: MC, KC, NC;
 * 3: the single-precision keys S_*).  PF came later, optional and
 * without a bump: a file without it reads as it did (PF = 0, the kernel
 * its search chose); so did PFB (absent, the library's model decides:
 * kernels/libparams.c), and THREAD_N and THREAD_JC (the library's
 * threads), THREAD_N_HOT and THREAD_HOT_US (its calls that find the team
 * awake).  The single keys, optional, were a bump all the same: a build
 * of before meets them as a newer format, not as unknown keys, and a
 * file searched before single precision was is searched again (make
 * tune) rather than taken for half the library. */
#define MMC_PARAMSCONF_FORMAT 3

/* A single-precision key is its double key's name behind this (S_MU:
 * the single kernel's MU), of the same type, range and meaning. */
#define MMC_PARAMSCONF_SINGLE "S_"

/* One index per key; the order is the order of the file. */
enum mmc_params_key {
    MMC_Q_PROBE_FINGERPRINT,  /* of the probe.conf the search started from */
    MMC_Q_GENERATOR,          /* mmgen's version (MMG_VERSION) */
    MMC_Q_KERNEL_ABI,         /* MMT_KERNEL_ABI of the kernels */
    MMC_Q_ISA,                /* generator parameters, as mmgen names them */
    MMC_Q_NB, MMC_Q_NCNB, MMC_Q_MU, MMC_Q_NU, MMC_Q_KU, MMC_Q_LS,
    MMC_Q_FMA, MMC_Q_FF, MMC_Q_IF, MMC_Q_NF,
    MMC_Q_PF,                 /* the next tile's C prefetched (optional) */
    MMC_Q_PFB,                /* B's next panel prefetched (optional) */
    MMC_Q_NR,
    MMC_Q_K_CROSSOVER,        /* §III-B step 7 (optional until searched) */
    MMC_Q_MC, MMC_Q_KC, MMC_Q_NC,  /* the library's blocking (optional) */
    MMC_Q_SMALL_MAX,               /* its small-problem path (optional) */
    MMC_Q_NCNU,                    /* and that path's tile (optional) */
    MMC_Q_THREAD_N, MMC_Q_THREAD_JC,  /* its threads (optional) */
    MMC_Q_THREAD_N_HOT, MMC_Q_THREAD_HOT_US,
    MMC_Q_CC,                 /* the compiler the kernel was chosen with */
    MMC_Q_CFLAGS,
    MMC_Q_MFLOPS,             /* what the winner ran at */
    MMC_Q_PEAK_PERCENT,
    MMC_Q_TIMING,             /* how it was timed */
    MMC_Q_LEVEL,              /* the search level (quick, normal, full) */
    /* the single-precision set (optional: absent, the library derives
     * it from the double one, kernels/libparams.c mml_params_single) */
    MMC_Q_S_NB, MMC_Q_S_MU, MMC_Q_S_NU, MMC_Q_S_KU, MMC_Q_S_LS,
    MMC_Q_S_FMA, MMC_Q_S_FF, MMC_Q_S_IF, MMC_Q_S_NF, MMC_Q_S_MC,
    MMC_Q_S_KC, MMC_Q_S_NC, MMC_Q_S_SMALL_MAX, MMC_Q_S_MFLOPS,
    MMC_Q_NKEYS
};

/* One row of the schema. */
struct mmc_params_field {
    const char *key;
    enum kv_type type;       /* KV_WORD values are char[KV_WORD_MAX] */
    double min, max;
    int required;            /* 0: absent until its search step exists */
    int generator;           /* an mmgen parameter (mmgen --params) */
    const char *note;        /* the comment the writer puts after it */
    size_t offset;           /* in struct mmc_paramsconf */
    int single;              /* 1: a single-precision key, whose type,
                                range and note are its double key's
                                (mmc_paramsconf_field) */
};

extern const struct mmc_params_field mmc_paramsconf_schema[MMC_Q_NKEYS];

struct mmc_paramsconf {
    struct mmc_origin origin;
    char probe_fingerprint[KV_WORD_MAX];
    char generator[KV_WORD_MAX];
    int kernel_abi;
    char isa[KV_WORD_MAX];
    int nb, ncnb, mu, nu, ku, ls, fma, ff, ifetch, nfetch, pf, pfb, regs;
    int k_crossover;
    int mc, kc, nc;
    int small_max, ncnu;
    int thread_n, thread_jc, thread_n_hot, thread_hot_us;
    char cc[KV_WORD_MAX];
    char cflags[KV_WORD_MAX];
    double mflops, peak_percent;
    char timing[KV_WORD_MAX];
    char level[KV_WORD_MAX];
    struct {                 /* the S_ keys, as the double ones */
        int nb, mu, nu, ku, ls, fma, ff, ifetch, nfetch, mc, kc, nc;
        int small_max;
        double mflops;
    } single;
    /* Which optional keys hold a value (set by the reader; the writer
     * writes those); and where each key was read (0: not read). */
    int present[MMC_Q_NKEYS];
    int line[MMC_Q_NKEYS];
};

/* Index of key ("NB"), or -1. */
int mmc_paramsconf_find(const char *key);

/* The row that holds key k's type, range and note: k's own, or a
 * single-precision key's double one (S_MU: MU's). */
const struct mmc_params_field *mmc_paramsconf_field(int k);

/* A value as the file writes it ("48", "avx512", "91234.5"). */
void mmc_paramsconf_text(const struct mmc_paramsconf *pc,
                         enum mmc_params_key k, char *buf, size_t len);

/* Read and validate path: FORMAT must be MMC_PARAMSCONF_FORMAT (an
 * older one is refused with the remedy), every required key present
 * exactly once and in range, no unknown key.  Returns 0, or -1 with
 * "path:line: why" in err. */
int mmc_paramsconf_read(const char *path, struct mmc_paramsconf *pc,
                        char *err, size_t errlen);

/* Check pc as the reader would.  Returns 0, or -1 with "KEY: why". */
int mmc_paramsconf_validate(const struct mmc_paramsconf *pc, char *err,
                            size_t errlen);

/* Write path atomically (the head, then every required key and every
 * present optional one).  A pc the reader would reject is not written
 * (-1, errno EDOM).  Returns 0, or -1 with errno set. */
int mmc_paramsconf_write(const char *path, const struct mmc_paramsconf *pc);

#endif
