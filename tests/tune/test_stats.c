/* The search's statistics: exact rank-sum p values checked by hand, and
 * the decision between finalists (a clear winner, a tie, the leader). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tune/stats.h"

static void median(void **state)
{
    const double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };

    (void)state;
    assert_true(mms_median(odd, 3) == 3);
    assert_true(mms_median(even, 4) == 2.5);
    assert_true(odd[0] == 5);       /* left as it was */
}

/* p = (rank-sum splits at least as extreme) / C(n+m, n), counted by hand:
 * complete separation of 3 and 3 is 1/C(6,3) = 1/20, of 4 and 4 1/70, of
 * 5 and 5 1/252; x = {3,4,5} against {1,2,6} has rank sum 12, reached by
 * 7 of the 20 splits (sums 12: 3, 13: 2, 14: 1, 15: 1). */
static void rank_sum_by_hand(void **state)
{
    const double hi[] = { 10, 11, 12, 13, 14 }, lo[] = { 1, 2, 3, 4, 5 };
    const double x[] = { 3, 4, 5 }, y[] = { 1, 2, 6 };

    (void)state;
    assert_float_equal(mms_rank_sum_p(hi, 3, lo, 3), 1.0 / 20, 1e-12);
    assert_float_equal(mms_rank_sum_p(hi, 4, lo, 4), 1.0 / 70, 1e-12);
    assert_float_equal(mms_rank_sum_p(hi, 5, lo, 5), 1.0 / 252, 1e-12);
    assert_float_equal(mms_rank_sum_p(x, 3, y, 3), 7.0 / 20, 1e-12);
    /* the other direction: everything but the extreme split */
    assert_float_equal(mms_rank_sum_p(lo, 3, hi, 3), 1.0, 1e-12);
    /* equal: rank 1.5 of 1..2, and one split of two reaches it */
    assert_float_equal(mms_rank_sum_p(lo, 1, lo, 1), 0.5, 1e-12);
    /* outside the sizes it handles: no evidence */
    assert_float_equal(mms_rank_sum_p(x, 0, y, 3), 1.0, 1e-12);
}

/* Ties share mid-ranks: x = {2, 3} against {1, 2}: ranks 2.5 and 4, sum
 * 6.5; splits of 2 out of 4 with sum >= 7: {3,4} only, 1/6. */
static void rank_sum_ties(void **state)
{
    const double x[] = { 2, 3 }, y[] = { 1, 2 };

    (void)state;
    assert_float_equal(mms_rank_sum_p(x, 2, y, 2), 1.0 / 6, 1e-12);
}

static void decide_winner_and_tie(void **state)
{
    /* ratios to the reference kernel over 5 interleaved rounds */
    const double a[] = { 1.10, 1.12, 1.09, 1.11, 1.13 };
    const double b[] = { 1.00, 1.01, 0.99, 1.02, 1.00 };
    const double c[] = { 1.11, 1.08, 1.12, 1.10, 1.07 };
    const double *three[] = { b, a, c }, *two[] = { b, a };
    const int n[] = { 5, 5, 5 };
    struct mms_decision d;

    (void)state;
    mms_decide(two, n, 2, 0.05, &d);
    assert_int_equal(d.leader, 1);
    assert_int_equal(d.ntied, 1);           /* a beats b: a clear win */
    assert_int_equal(d.runner_up, 0);
    assert_float_equal(d.p, 1.0 / 252, 1e-12);
    mms_decide(three, n, 3, 0.05, &d);
    assert_int_equal(d.leader, 1);          /* median 1.11 over 1.10 */
    assert_int_equal(d.ntied, 2);           /* but c is not beaten */
    assert_int_equal(d.tied[0], 1);
    assert_int_equal(d.tied[1], 2);
    assert_int_equal(d.runner_up, 2);
    assert_true(d.p > 0.05);
    mms_decide(three, n, 1, 0.05, &d);      /* one finalist: itself */
    assert_int_equal(d.leader, 0);
    assert_int_equal(d.ntied, 1);
    assert_int_equal(d.runner_up, -1);
    assert_true(d.p == 1);
}

/* The tie rule: the incumbent if tied, else the first in range order,
 * whatever the medians say; nothing tied: the leader. */
static void tie_rule(void **state)
{
    struct mms_decision d = { .leader = 2, .ntied = 3, .tied = { 2, 0, 3 } };
    const int order[] = { 7, 1, 9, 4 };

    (void)state;
    assert_int_equal(mms_tie_pick(&d, order, 3), 3);    /* incumbent */
    assert_int_equal(mms_tie_pick(&d, order, 1), 3);    /* not tied */
    assert_int_equal(mms_tie_pick(&d, order, -1), 3);   /* order 4 < 7, 9 */
    d.ntied = 2;
    assert_int_equal(mms_tie_pick(&d, order, -1), 0);   /* 7 < 9 */
    d.ntied = 1;
    assert_int_equal(mms_tie_pick(&d, order, 1), 2);    /* a win */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(median),
        cmocka_unit_test(rank_sum_by_hand),
        cmocka_unit_test(rank_sum_ties),
        cmocka_unit_test(decide_winner_and_tie),
        cmocka_unit_test(tie_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
