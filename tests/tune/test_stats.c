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

/* Issue 32's step nb, as make tune logged it: 9 interleaved rounds, the
 * ratios of NB = 200, 280, 160 and 40 (the incumbent and the reference:
 * its ratios sit near 1) at medians 1.072, 1.067, 1.063 and 1.002.  The
 * test leaves all four tied (NB = 40 is not beaten at 5%), but NB = 40 was
 * measured 7% slower: whatever rule, it is never the one taken. */
static void tie_never_slower(void **state)
{
    const double nb200[] = { 1.072, 0.960, 1.150, 0.990, 1.100,
                             0.980, 1.130, 1.090, 0.970 };
    const double nb280[] = { 1.067, 0.965, 1.140, 0.985, 1.095,
                             0.975, 1.120, 1.080, 0.990 };
    const double nb160[] = { 1.063, 0.970, 1.135, 0.995, 1.090,
                             0.975, 1.125, 1.085, 0.960 };
    const double nb40[] = { 1.002, 0.990, 1.010, 0.995, 1.005,
                            0.985, 1.020, 1.000, 1.015 };
    /* finalists in screen order, the incumbent last, as search.c has
     * them */
    const double *x[] = { nb160, nb280, nb200, nb40 };
    const int n[] = { 9, 9, 9, 9 };
    const double larger_nb[] = { 160, 280, 200, 40 };
    const double smaller_nb[] = { -160, -280, -200, -40 };
    struct mms_decision d;

    (void)state;
    mms_decide(x, n, 4, 0.05, &d);
    assert_int_equal(d.leader, 2);
    assert_int_equal(d.ntied, 4);         /* not separated at 5% ... */
    assert_true(d.p_of[3] > 0.05);        /* ... NB = 40 included */
    assert_float_equal(d.median[2], 1.072, 1e-12);
    assert_float_equal(d.median[3], 1.002, 1e-12);
    assert_true(d.p_of[2] == 1);
    /* the highest median, whatever the preference: NB = 200 */
    assert_int_equal(mms_tie_pick(&d, NULL), 2);
    assert_int_equal(mms_tie_pick(&d, larger_nb), 2);
    assert_int_equal(mms_tie_pick(&d, smaller_nb), 2);
    /* with NB = 200 gone, NB = 280 at 1.067 leads and is taken over 160 */
    mms_decide(x, n, 2, 0.05, &d);
    assert_int_equal(d.leader, 1);
    assert_int_equal(mms_tie_pick(&d, smaller_nb), 1);
}

/* A real tie: a finalist measured at the leader's median.  Then, and
 * only then, the preference decides: the largest pref, the leader when it
 * is as large; nothing tied, or no preference: the leader. */
static void tie_rule(void **state)
{
    const double a[] = { 1.02, 0.98, 1.05, 1.00, 1.01 };
    const double b[] = { 1.01, 0.99, 1.04, 1.02, 0.97 };   /* same median */
    const double c[] = { 0.99, 0.97, 1.03, 0.98, 1.00 };   /* below */
    const double *x[] = { a, b, c }, *won[] = { a, b, c };
    const double hi[] = { 1.30, 1.25, 1.20, 1.28, 1.31 };
    const int n[] = { 5, 5, 5 };
    const double pref[] = { 1, 2, 3 }, flat[] = { 5, 5, 5 };
    struct mms_decision d;

    (void)state;
    mms_decide(x, n, 3, 0.05, &d);
    assert_int_equal(d.leader, 0);          /* the first at 1.01 */
    assert_int_equal(d.ntied, 3);
    assert_true(d.median[1] == d.median[0]);
    assert_true(d.median[2] < d.median[0]);
    /* c, measured slower, is never taken, though preferred most; b, at
     * the leader's median, is by a larger preference */
    assert_int_equal(mms_tie_pick(&d, pref), 1);
    assert_int_equal(mms_tie_pick(&d, flat), 0);        /* as large */
    assert_int_equal(mms_tie_pick(&d, NULL), 0);        /* none */
    /* a clear winner: the preference is not asked */
    won[0] = hi;
    mms_decide(won, n, 3, 0.05, &d);
    assert_int_equal(d.ntied, 1);
    assert_int_equal(mms_tie_pick(&d, pref), 0);
}

/* A finalist that failed a round has no samples: it is tied in the test
 * (no evidence against it) but never taken. */
static void tie_failed_round(void **state)
{
    const double a[] = { 1.02, 0.98, 1.05 }, none[] = { 0, 0, 0 };
    const double *x[] = { a, none };
    const int n[] = { 3, 0 };
    const double pref[] = { 0, 9 };
    struct mms_decision d;

    (void)state;
    mms_decide(x, n, 2, 0.05, &d);
    assert_int_equal(d.leader, 0);
    assert_int_equal(d.ntied, 2);
    assert_int_equal(mms_tie_pick(&d, pref), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(median),
        cmocka_unit_test(rank_sum_by_hand),
        cmocka_unit_test(rank_sum_ties),
        cmocka_unit_test(decide_winner_and_tie),
        cmocka_unit_test(tie_never_slower),
        cmocka_unit_test(tie_rule),
        cmocka_unit_test(tie_failed_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
