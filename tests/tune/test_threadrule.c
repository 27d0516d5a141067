/* test_threadrule: make tune's step threads decides from rounds handed
 * to it (threadrule.h), no timing: the crossover is where the team pays
 * at that size and every larger one; a gain below 5%, or one with more
 * than one round lost, is no gain; the team's window ends at the first
 * gap after which it slept; the ways' preference goes to the side
 * measured faster, and a tie is a tie (-1), never a side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tune/threadrule.h"

/* A size whose rounds are all r, but for `lost` rounds at 0.97. */
static struct mms_thr_size size(int n, double r, int rounds, int lost)
{
    struct mms_thr_size s = { n, { 0 }, rounds };

    for (int i = 0; i < rounds; i++)
        s.ratio[i] = i < lost ? 0.97 : r;
    return s;
}

static void crossover_is_least_size_paying_from_there_on(void **st)
{
    struct mms_thr_size s[5] = {
        size(64, 0.99, 9, 0), size(96, 1.20, 9, 0), size(128, 1.02, 9, 0),
        size(160, 1.30, 9, 0), size(192, 1.60, 9, 0),
    };

    (void)st;
    /* 96 paid, 128 did not: the crossover is past 128 */
    assert_int_equal(mms_thr_crossover(s, 5), 160);
    s[2] = size(128, 1.10, 9, 0);
    assert_int_equal(mms_thr_crossover(s, 5), 96);
}

static void never_paying_gives_zero(void **st)
{
    struct mms_thr_size s[3] = {
        size(64, 0.9, 9, 0), size(128, 1.04, 9, 0), size(256, 1.5, 9, 2),
    };

    (void)st;
    assert_int_equal(mms_thr_crossover(s, 3), 0);
}

static void breakeven_allows_three_percent(void **st)
{
    struct mms_thr_size s[3] = {
        size(128, 0.90, 9, 0), size(192, 0.975, 9, 0), size(256, 1.3, 9, 0),
    };

    (void)st;
    assert_int_equal(mms_thr_breakeven(s, 3), 192);
    assert_int_equal(mms_thr_crossover(s, 3), 256);
    s[1] = size(192, 0.96, 9, 0);
    assert_int_equal(mms_thr_breakeven(s, 3), 256);
}

static void window_ends_before_the_first_asleep_gap(void **st)
{
    struct mms_thr_size g[5] = {
        size(100, 0.98, 9, 0), size(1000, 0.9, 9, 0), size(2000, 0.6, 9, 0),
        size(5000, 0.06, 9, 0), size(10000, 0.9, 9, 0),
    };

    (void)st;
    /* awake to 2 ms (0.6 is within twice the time), asleep at 5: a
     * later awake gap is a lucky phase, not the runtime's spin */
    assert_int_equal(mms_thr_window(g, 5), 1500);
    g[0] = size(100, 0.4, 9, 0);
    assert_int_equal(mms_thr_window(g, 5), 0);
    g[0] = size(100, 0.98, 9, 0), g[3] = size(5000, 0.5, 9, 0);
    assert_int_equal(mms_thr_window(g, 5), 7500);
}

static void one_lost_round_allowed_two_not(void **st)
{
    struct mms_thr_size one = size(100, 1.3, 9, 1), two = size(100, 1.3, 9, 2);

    (void)st;
    assert_true(mms_thr_pays(&one));
    assert_false(mms_thr_pays(&two));
}

static void prefer_the_faster_side_and_a_tie_is_none(void **st)
{
    /* rows over columns: > 1, rows slower, so columns; a small lead in
     * every round counts, one in 7 of 9 rounds does not */
    struct mms_thr_size cols = size(1200, 1.02, 9, 0);
    struct mms_thr_size rows = size(1200, 1.0 / 1.08, 9, 1);
    struct mms_thr_size tie = size(1200, 1.03, 9, 2);

    (void)st;
    assert_int_equal(mms_thr_prefer(&cols), 1);
    assert_int_equal(mms_thr_prefer(&rows), 0);
    assert_int_equal(mms_thr_prefer(&tie), -1);
}

static void sign_test_thresholds(void **st)
{
    (void)st;
    /* 2^-9 (1 + 9) = 0.0195; with 7 of 9 it is 0.090 */
    assert_int_equal(mms_thr_sign_wins(9), 8);
    /* 18 rounds: P(X >= 13) = 0.048, P(X >= 12) = 0.119 */
    assert_int_equal(mms_thr_sign_wins(18), 13);
    /* 4 rounds can never show it: 1/16 > 0.05 */
    assert_int_equal(mms_thr_sign_wins(4), 5);
}

static void median_of_even_and_odd(void **st)
{
    double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 };

    (void)st;
    assert_true(mms_thr_median(odd, 3) == 2.0);
    assert_true(mms_thr_median(even, 4) == 2.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crossover_is_least_size_paying_from_there_on),
        cmocka_unit_test(never_paying_gives_zero),
        cmocka_unit_test(one_lost_round_allowed_two_not),
        cmocka_unit_test(window_ends_before_the_first_asleep_gap),
        cmocka_unit_test(prefer_the_faster_side_and_a_tie_is_none),
        cmocka_unit_test(median_of_even_and_odd),
        cmocka_unit_test(sign_test_thresholds),
        cmocka_unit_test(breakeven_allows_three_percent),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
