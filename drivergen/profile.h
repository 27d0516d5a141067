/* Internal to mmspec: the table mmprofile writes at a program's exit
 * (FORMAT = 1): a KEY = value header, then one line per distinct call
 * shape of dgemm_ or cblas_dgemm, heaviest first:
 *   routine order transa transb m n k lda ldb ldc alpha beta warm count
 *   total_s per_call_s
 * (order col|row; trans N|T|C; alpha, beta 0, 1, -1 or a for any other
 * value; warm: calls that reused the previous call's operand pointers). */
#ifndef MMD_PROFILE_H
#define MMD_PROFILE_H

#include <stddef.h>

struct mmd_shape {
    char routine[16];        /* dgemm_ or cblas_dgemm */
    int row;                 /* row-major (cblas_dgemm only) */
    char transa, transb;     /* N, T or C */
    long m, n, k, lda, ldb, ldc;
    char alpha[4], beta[4];  /* "0", "1", "-1" or "a" */
    long warm, count;
    double total_s, per_call_s;
    int line;                /* in the table */
};

struct mmd_profile {
    char program[512];
    long calls, dropped, shapes;
    double seconds;
    int nshapes;
    struct mmd_shape *shape; /* heaviest (total_s) first */
};

/* Read a table; 0, or -1 with "FILE:LINE: expected X, got Y" in err. */
int mmd_profile_read(const char *path, struct mmd_profile *p, char *err,
                     size_t len);
void mmd_profile_free(struct mmd_profile *p);

#endif
