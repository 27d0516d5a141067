/* The argument checks every precision's GEMM shares (kernels/gemm_args.h,
 * kernels/cblas_position.c), with the routine name of a precision the
 * library does not serve yet, so that they are known to be type-free:
 * the column-major call a CBLAS call is, the handler's position (the
 * reference's, after its row-major swap) and message, and the caller's
 * position that a handler reads back while it runs, and only then. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>

#include "kernels/gemm_args.h"

static int calls, got_pos, got_caller_pos;
static char got_rout[32], got_message[64];

/* The application's handler replaces the library's; this one is linked
 * with cblas_position.c alone. */
void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    va_list ap;

    calls++;
    got_pos = p;
    got_caller_pos = mml_cblas_caller_position(p);
    snprintf(got_rout, sizeof got_rout, "%s", rout);
    va_start(ap, form);
    vsnprintf(got_message, sizeof got_message, form, ap);
    va_end(ap);
}

/* m=4 n=3 k=5, legal in the layout: column major lda 4, ldb 5, ldc 4;
 * row major lda 5, ldb 3, ldc 3.  Returns the check's result. */
static int check(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE ta, int m, int n,
                 int lda, int ldb, struct mml_col_gemm *g)
{
    int row = layout == CblasRowMajor;

    calls = 0;
    got_pos = got_caller_pos = -1;
    got_rout[0] = got_message[0] = '\0';
    return mml_cblas_gemm_check(layout, ta, CblasNoTrans, m, n, 5, lda,
                                ldb, row ? 3 : 4, "cblas_zgemm", g);
}

/* A legal call: no handler, and the call made is want (ints alone, so
 * no padding to compare). */
static void assert_made(int ret, struct mml_col_gemm got,
                        struct mml_col_gemm want)
{
    assert_int_equal(ret, 0);
    assert_int_equal(calls, 0);
    assert_memory_equal(&got, &want, sizeof got);
}

static void legal_calls_as_made(void **state)
{
    struct mml_col_gemm g;
    int ret = check(CblasColMajor, CblasConjTrans, 4, 3, 5, 5, &g);

    (void)state;
    /* ta, tb (the conjugate kept for complex), swap, m, n, lda, ldb */
    assert_made(ret, g, (struct mml_col_gemm){ MML_TRANS_C, MML_TRANS_N, 0,
                                               4, 3, 5, 5 });
    /* row major, op(B)^T op(A)^T: B as is first, then A transposed */
    ret = check(CblasRowMajor, CblasTrans, 4, 3, 4, 3, &g);
    assert_made(ret, g, (struct mml_col_gemm){ MML_TRANS_N, MML_TRANS_T, 1,
                                               3, 4, 3, 4 });
}

/* One illegal argument: the handler called once, at pos, reading back
 * caller_pos while it ran, and nothing raised after it returned. */
static void assert_reported(int ret, int pos, int caller_pos)
{
    assert_int_equal(ret, pos);
    assert_int_equal(calls, 1);
    assert_int_equal(got_pos, pos);
    assert_int_equal(got_caller_pos, caller_pos);
    assert_string_equal(got_rout, "cblas_zgemm");
    assert_int_equal(mml_cblas_caller_position(pos), pos);
}

static void row_major_positions_swapped(void **state)
{
    struct mml_col_gemm g;

    (void)state;
    assert_reported(check(CblasRowMajor, CblasNoTrans, -1, 3, 5, 3, &g), 5,
                    4);
    assert_reported(check(CblasRowMajor, CblasNoTrans, 4, -1, 5, 3, &g), 4,
                    5);
    assert_reported(check(CblasRowMajor, CblasNoTrans, 4, 3, 4, 3, &g), 11,
                    9);
    assert_reported(check(CblasRowMajor, CblasNoTrans, 4, 3, 5, 2, &g), 9,
                    11);
    assert_string_equal(got_message, "");
}

static void column_major_positions_as_passed(void **state)
{
    struct mml_col_gemm g;

    (void)state;
    assert_reported(check(CblasColMajor, CblasNoTrans, -1, 3, 4, 5, &g), 4,
                    4);
    assert_reported(check(CblasColMajor, CblasNoTrans, 4, 3, 4, 4, &g), 11,
                    11);
}

static void settings_with_the_reference_message(void **state)
{
    struct mml_col_gemm g;

    (void)state;
    assert_reported(check((CBLAS_LAYOUT)0, CblasNoTrans, 4, 3, 4, 5, &g), 1,
                    1);
    assert_string_equal(got_message, "Illegal layout setting, 0\n");
    assert_reported(check(CblasRowMajor, (CBLAS_TRANSPOSE)114, 4, 3, 5, 3,
                          &g), 2, 2);
    assert_string_equal(got_message, "Illegal TransA setting, 114\n");
}

static void fortran_characters(void **state)
{
    (void)state;
    assert_int_equal(mml_trans_char('n'), MML_TRANS_N);
    assert_int_equal(mml_trans_char('T'), MML_TRANS_T);
    assert_int_equal(mml_trans_char('c'), MML_TRANS_C);
    assert_int_equal(mml_trans_char('X'), MML_TRANS_BAD);
    assert_int_equal(mml_gemm_info(MML_TRANS_C, MML_TRANS_N, 4, 3, 5, 4, 5,
                                   4), 8);        /* lda < K */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legal_calls_as_made),
        cmocka_unit_test(row_major_positions_swapped),
        cmocka_unit_test(column_major_positions_as_passed),
        cmocka_unit_test(settings_with_the_reference_message),
        cmocka_unit_test(fortran_characters),
    };

    return cmocka_run_group_tests_name("gemm_args", tests, NULL, NULL);
}
