/* libmmprofile: the default instrumentation of paper 001 Section 3.1
 * (Fig. 2) for DGEMM.  Preloaded into an unmodified program
 * (LD_PRELOAD=libmmprofile.so prog), it records every dgemm_ and
 * cblas_dgemm call -- its integer arguments, alpha and beta classes, wall
 * time and a warm-operand hint -- into a buffer set up at start, forwards
 * the call to the real routine, and at exit writes one line per call shape
 * (the table of table.c, FORMAT 1, which mmspec --from-profile reads).
 *
 * The room's files: interpose.c (the two routines, start and exit),
 * record.c (the buffer), resolve.c (finding the real routines), table.c
 * (the table).  Only dgemm_ and cblas_dgemm are exported. */
#ifndef MMP_PROFILE_H
#define MMP_PROFILE_H

#include <stdint.h>

enum mmp_routine { MMP_DGEMM_F77, MMP_CBLAS_DGEMM };
/* alpha and beta: the values a BLAS treats apart, and any other */
enum mmp_scalar { MMP_ZERO, MMP_ONE, MMP_MINUS_ONE, MMP_OTHER };

/* One call.  Exactly one cache line, so that a record is written as whole
 * lines with streaming stores (record.c) and never shares a line. */
struct mmp_call {
    int64_t m, n, k, lda, ldb, ldc;
    uint64_t ns;            /* wall time of the forwarded call */
    uint8_t routine;        /* enum mmp_routine */
    char order;             /* 'c' column major, 'r' row major, '?' */
    char transa, transb;    /* 'N', 'T', 'C', or '?' for an illegal one */
    uint8_t alpha, beta;    /* enum mmp_scalar */
    uint8_t warm;           /* A, B and C were all recent operands */
    uint8_t done;           /* stored last: 1 once the record is whole */
};

/* record.c.  The buffer of MMPROFILE_CALLS records (a bad value or a
 * failed mapping: a warning on stderr, and nothing recorded). */
void mmp_buffer_open(void);
/* Thread-safe; a call past the buffer is only counted. */
void mmp_record(const struct mmp_call *call);
/* At exit: the buffer, how many of its slots were claimed, and how many
 * calls were made in all (recorded or not). */
const struct mmp_call *mmp_buffer_snapshot(uint64_t *slots,
                                           uint64_t *calls);

/* resolve.c.  The real routine, never our own; when no loaded library
 * provides it, a message naming it on stderr and abort(). */
void *mmp_resolve(const char *name);

/* table.c.  At start: where the table will go (MMPROFILE_OUT and the
 * current directory).  At exit: write it. */
void mmp_table_start(void);
void mmp_table_finish(void);

#endif
