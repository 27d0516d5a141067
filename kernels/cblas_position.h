/* Where a CBLAS GEMM reports an illegal argument in row-major order.
 *
 * The reference CBLAS hands a row-major call to the Fortran routine as
 * the transposed problem (M with N, A with B, lda with ldb swapped), and
 * the handler receives the position the argument has there, plus one for
 * the layout: an illegal M is reported as 5, N as 4, lda as 11, ldb as 9.
 * The reference's own handler, and any application's written against it
 * (the reference tester's), swaps back before it prints, knowing the call
 * was row major from a flag.  Each precision's cblas_?gemm reports
 * through mml_cblas_gemm_error, which raises the same flag for the
 * default handler here. */
#ifndef MML_CBLAS_POSITION_H
#define MML_CBLAS_POSITION_H

/* cblas_?gemm's layout (pos 1), TransA (2) or TransB (3) illegal: the
 * handler called with the reference's message and the value. */
void mml_cblas_setting_error(int pos, const char *rout, int value);

/* Call cblas_xerbla(pos, rout, "") with pos as the reference passes it
 * (for row major: the transposed call's position), the flag raised
 * while the handler runs if row_major. */
void mml_cblas_gemm_error(int row_major, int pos, const char *rout);

/* Raise (1) or lower (0) the flag: this thread's handler is reporting a
 * row-major GEMM's error (cblas_rowmajor.c). */
void mml_cblas_reporting_row_major(int row_major);

/* The position the caller passed the argument at: pos swapped back
 * (4 with 5, 9 with 11) while a row-major GEMM's handler runs, else pos
 * unchanged. */
int mml_cblas_caller_position(int pos);

#endif
