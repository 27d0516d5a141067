/* MultiCallFlushLRU (paper 000 §4, §4.1, §5.2), checked by instrumenting
 * the kernel instead of timing it: working sets are initialised in the
 * order the walk uses them, the walk goes from the last set to the first
 * and wraps, every set is visited, alpha (and beta, for an accumulating
 * operand) flips on every full pass, hot operands never move, and the
 * InstLdGuard dummy call comes first. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "timer/mmtimer.h"
#include "timer/flush.h"

#define MAXSETS 64
#define FLUSH (32 * 1024)

struct probe {
    int ninit;
    void *init_at[2 * MAXSETS + 4];   /* in the order init was called */
    int nsets;                        /* expected */
    int dummy_expected;
    int y_accumulates;                /* else beta must stay 1 */
    long calls;
    long errors;
    char first_error[160];
    unsigned char seen[MAXSETS];
};

static void rec_init(int operand, void *p, size_t bytes, void *user)
{
    struct probe *pr = user;

    (void)operand;
    memset(p, 0, bytes);
    if (pr->ninit < (int)(sizeof pr->init_at / sizeof pr->init_at[0]))
        pr->init_at[pr->ninit] = p;
    pr->ninit++;
}

static void complain(struct probe *pr, const char *what, long call)
{
    if (pr->errors++ == 0)
        snprintf(pr->first_error, sizeof pr->first_error,
                 "call %ld: %s", call, what);
}

/* Set s of operand i, from the init order: set nsets-1 first, X then Y;
 * the hot Z last. */
static void *expected_op(const struct probe *pr, int i, int set)
{
    if (i == 2)
        return pr->init_at[2 * pr->nsets];
    return pr->init_at[2 * (pr->nsets - 1 - set) + i];
}

static void rec_call(const struct mmtm_call *c, void *user)
{
    struct probe *pr = user;
    long n = pr->calls++;
    int set;
    double sign;

    if (pr->dummy_expected) {
        pr->dummy_expected = 0;
        pr->calls = 0;
        if (c->op[0] != expected_op(pr, 0, 0)
            || c->op[2] != expected_op(pr, 2, 0))
            complain(pr, "dummy call not on set 0", -1);
        return;
    }
    set = pr->nsets - 1 - (int)(n % pr->nsets);
    sign = (n / pr->nsets) % 2 ? -1.0 : 1.0;
    for (int i = 0; i < 3; i++)
        if (c->op[i] != expected_op(pr, i, set))
            complain(pr, "operand not where the walk should be", n);
    if (c->alpha != sign)
        complain(pr, "alpha has the wrong sign", n);
    if (c->beta != (pr->y_accumulates ? sign : 1.0))
        complain(pr, "beta has the wrong sign", n);
    pr->seen[set] = 1;
}

/* X (cold, 1000 B), Y (cold, accumulates unless the probe says no,
 * 512 B), Z (hot, 256 B). */
static void make_kernel(struct mmtm_kernel *k, struct probe *pr)
{
    memset(k, 0, sizeof *k);
    k->name = "probe";
    k->flops = 1000;
    k->noperands = 3;
    k->operand[0] = (struct mmtm_operand){ "X", 1000, 1, 0 };
    k->operand[1] = (struct mmtm_operand){ "Y", 512, 1, pr->y_accumulates };
    k->operand[2] = (struct mmtm_operand){ "Z", 256, 0, 0 };
    k->init = rec_init;
    k->call = rec_call;
    k->user = pr;
}

static void check_probe(const struct probe *pr)
{
    if (pr->errors)
        fail_msg("%ld errors, first: %s", pr->errors, pr->first_error);
    for (int s = 0; s < pr->nsets; s++)
        if (!pr->seen[s])
            fail_msg("set %d never visited", s);
}

static void walk_and_check(struct probe *pr)
{
    struct mmtm_kernel k;
    struct mmtm_layout l;
    struct mmtm_walk w;

    make_kernel(&k, pr);
    /* strides 1024 + 512 per set; 32 KiB / 1536 B -> 22 sets, plus one. */
    pr->nsets = mmtm_flush_nsets(1536, FLUSH);
    assert_int_equal(pr->nsets, 23);
    assert_int_equal(mmtm_layout_make(&l, &k, 1, FLUSH, 64, 0), 0);
    assert_int_equal(l.nsets, pr->nsets);
    assert_int_equal(l.set_bytes, 1536);
    mmtm_layout_touch_pages(&l);
    mmtm_layout_init(&l, &k);
    assert_int_equal(pr->ninit, 2 * pr->nsets + 1);
    mmtm_walk_start(&w, &l);
    for (int i = 0; i < 3 * pr->nsets + 5; i++) {
        k.call(&w.call, k.user);
        mmtm_walk_next(&w);
    }
    check_probe(pr);
    mmtm_layout_free(&l);
}

static void layout_walks_backwards_and_flips(void **state)
{
    static struct probe pr = { .y_accumulates = 1 };

    (void)state;
    walk_and_check(&pr);
}

/* RangeGuard flips beta only where some operand accumulates. */
static void beta_stays_without_an_accumulator(void **state)
{
    static struct probe pr = { .y_accumulates = 0 };

    (void)state;
    walk_and_check(&pr);
}

/* Time the probe kernel with MultiCallFlushLRU over FLUSH bytes. */
static void time_probe(struct probe *pr, unsigned guards_off, int samples,
                       struct mmtm_timing *r)
{
    struct mmtm_kernel k;
    struct mmtm_timing_opts o;

    make_kernel(&k, pr);
    pr->nsets = mmtm_flush_nsets(1536, FLUSH);
    pr->dummy_expected = !(guards_off & MMTM_GUARD_INSTLD);
    mmtm_timing_defaults(&o);
    o.flush_bytes = FLUSH;
    o.rel_precision = 0.01;     /* eq. 5: 100 clock errors, below 1 ms */
    o.samples = samples;
    o.guards_off = guards_off;
    assert_int_equal(mmtm_time_kernel(&k, &o, r), 0);
    assert_int_equal(r->nsets, pr->nsets);
    assert_int_equal(pr->dummy_expected, 0);
    assert_true(pr->calls >= samples * r->reps);
    check_probe(pr);
}

static void time_kernel_follows_the_walk(void **state)
{
    static struct probe pr = { .y_accumulates = 1 };
    struct mmtm_timing r;

    (void)state;
    time_probe(&pr, 0, 3, &r);
    assert_non_null(strstr(r.how, "multicall-lru 32 KiB"));
    assert_non_null(strstr(r.how, "cold X,Y hot Z"));
    assert_non_null(strstr(r.how, "page0,instld"));
    /* Eq. 5 at 1 % wants 100 clock errors per sample; the 1 ms floor,
     * being longer, sets the calls. */
    assert_non_null(strstr(r.how, "samples >= 1 ms; paper 004 eq.5 at 1%"));
}

/* Bad options come back as -1 with a message naming the value. */
static void bad_options_are_refused(void **state)
{
    static const struct {
        const char *word;
        struct mmtm_timing_opts o;
    } bad[] = {
        { "samples", { .samples = MMTM_SAMPLES_MAX + 1 } },
        { "alignment 48", { .align = 48 } },
        { "alignment 64+64", { .align = 64, .misalign = 64 } },
        { "precision 2", { .rel_precision = 2 } },
        { "minimum sample time -1", { .min_sample_s = -1 } },
        { "flush method", { .flush = MMTM_NFLUSH } },
        { "clock", { .clock = MMTM_NCLOCKS } },
    };
    static struct probe pr;
    struct mmtm_kernel k;
    struct mmtm_timing r;

    (void)state;
    make_kernel(&k, &pr);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(mmtm_time_kernel(&k, &bad[i].o, &r), -1);
        if (strstr(r.how, bad[i].word) == NULL)
            fail_msg("'%s' not in '%s'", bad[i].word, r.how);
    }
    assert_int_equal(pr.calls, 0);
}

static void without_instld_the_walk_starts_at_once(void **state)
{
    static struct probe pr = { .y_accumulates = 1 };
    struct mmtm_timing r;

    (void)state;
    time_probe(&pr, MMTM_GUARD_INSTLD | MMTM_GUARD_PAGE0, 1, &r);
    assert_null(strstr(r.how, "instld"));
    assert_null(strstr(r.how, "page0"));
}

/* No flush: one set, every operand hot, alpha flips on every call. */
static void no_flush_keeps_one_set(void **state)
{
    static struct probe pr;
    struct mmtm_kernel k;
    struct mmtm_layout l;
    struct mmtm_walk w;

    (void)state;
    make_kernel(&k, &pr);
    assert_int_equal(mmtm_layout_make(&l, &k, 0, FLUSH, 64, 0), 0);
    assert_int_equal(l.nsets, 1);
    mmtm_walk_start(&w, &l);
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 3; j++)
            assert_ptr_equal(w.call.op[j], l.area[j]);
        assert_true(w.call.alpha == (i % 2 ? -1.0 : 1.0));
        mmtm_walk_next(&w);
    }
    mmtm_layout_free(&l);
}

/* Misaligned operands stay misaligned in every copy. */
static void every_copy_keeps_the_misalignment(void **state)
{
    static struct probe pr;
    struct mmtm_kernel k;
    struct mmtm_layout l;
    struct mmtm_walk w;

    (void)state;
    make_kernel(&k, &pr);
    assert_int_equal(mmtm_layout_make(&l, &k, 1, FLUSH, 128, 24), 0);
    mmtm_walk_start(&w, &l);
    for (int i = 0; i < 2 * l.nsets; i++) {
        for (int j = 0; j < 3; j++)
            assert_int_equal((uintptr_t)w.call.op[j] % 128, 24);
        mmtm_walk_next(&w);
    }
    mmtm_layout_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout_walks_backwards_and_flips),
        cmocka_unit_test(beta_stays_without_an_accumulator),
        cmocka_unit_test(time_kernel_follows_the_walk),
        cmocka_unit_test(without_instld_the_walk_starts_at_once),
        cmocka_unit_test(bad_options_are_refused),
        cmocka_unit_test(no_flush_keeps_one_set),
        cmocka_unit_test(every_copy_keeps_the_misalignment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
