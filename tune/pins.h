/* Parameters fixed on the command line or in a pin file: never
 * searched, logged in the log's head; and kernels compared by their
 * generator parameters. */
#ifndef MMS_PINS_H
#define MMS_PINS_H

#include <stddef.h>

#include "codegen/codegen.h"

/* Parameters fixed on the command line: never searched, logged. */
struct mms_pins {
    struct mmg_params p;  /* the pinned values */
    unsigned long mask;   /* bit i: mmg_int_params[i] is pinned */
    int isa;              /* 1: p.isa is pinned */
    int kx, k_crossover;  /* kx 1: K_CROSSOVER (step 7's result, no
                             generator parameter) is pinned to that */
    char cc[32];          /* the pinned kernel compiler, "" none */
    int mc, kc, nc;       /* the library's blocking, pinned (0: not) */
    int small;            /* its small-problem path's SMALL_MAX (0: not) */
};

/* The keys that make the kernel: what the dgemm step's KERNEL stands for
 * in mms_pinned. */
#define MMS_KERNEL_KEYS "ISA,NB,MU,NU,KU,FMA,LS,FF,IF,NF"

/* "KEY=VALUE" (KEY a generator key, any case, ISA, K_CROSSOVER, CC, or
 * the library's MC, KC, NC, SMALL_MAX).
 * Returns 0, or -1 with "KEY: why" in err. */
int mms_pin(struct mms_pins *pins, const char *spec, char *err,
            size_t errlen);
/* Every "KEY = value" line of path (# starts a comment; blank lines are
 * skipped), as mms_pin takes them.  Returns 0, or -1 with "path:line:
 * why" in err. */
int mms_pin_file(struct mms_pins *pins, const char *path, char *err,
                 size_t errlen);
void mms_pins_apply(const struct mms_pins *pins, struct mmg_params *p);
/* 1 when every key of the comma-separated list is pinned (KERNEL: every
 * key of MMS_KERNEL_KEYS). */
int mms_pinned(const struct mms_pins *pins, const char *keys);
/* The pinned value of the library's MC, KC, NC or SMALL_MAX (key), 0
 * when it is not pinned. */
int mms_block_pin(const struct mms_pins *pins, const char *key);
/* b with the pinned MC, KC, NC and SMALL_MAX in place of its own (on a
 * zeroed b: the pins, the rest the library's model's to fill). */
struct mms_blocks;
void mms_pins_blocks(const struct mms_pins *pins, struct mms_blocks *b);
/* key (a generator key) no longer pinned. */
void mms_pins_drop(struct mms_pins *pins, const char *key);
/* "ISA=sse2 NB=16 CC=clang MC=96", or "none". */
void mms_pins_text(const struct mms_pins *pins, char *buf, size_t len);

/* Same kernel: ISA, element type and every generator parameter. */
int mms_params_equal(const struct mmg_params *a, const struct mmg_params *b);

#endif
