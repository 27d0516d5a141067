/* The k' body schedule of paper 002 §II-B: the adds trail the multiplies
 * by Ls exactly as the paper lists them, IF loads come first and later
 * ones in blocks of NF, every operand is loaded before its use, and every
 * update happens exactly once. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "codegen/loadsched.h"

/* The schedule as a string: A/B loads "a<step><r>", "b<step><c>",
 * products "m<t>", adds "+<t>", fused "f<t>" (t: update number). */
static void spell(const struct mmg_body *b, char *out, size_t len)
{
    struct mmg_sched s;
    size_t used = 0;

    assert_int_equal(mmg_schedule(b, &s), 0);
    out[0] = '\0';
    for (int i = 0; i < s.n && used + 8 < len; i++) {
        const struct mmg_op *op = &s.ops[i];
        int t = op->step * b->na * b->nb + op->c * b->na + op->r;
        switch (op->kind) {
        case MMG_LOAD_A: used += sprintf(out + used, "a%d%d ", op->step,
                                         op->r); break;
        case MMG_LOAD_B: used += sprintf(out + used, "b%d%d ", op->step,
                                         op->c); break;
        case MMG_MUL: used += sprintf(out + used, "m%d ", t); break;
        case MMG_ADD: used += sprintf(out + used, "+%d ", t); break;
        case MMG_FMA: used += sprintf(out + used, "f%d ", t); break;
        }
    }
    mmg_sched_free(&s);
}

static void skew_as_listed(void **state)
{
    /* 2x2 tile, one step: mul1..mulLs, add1, mulLs+1, add2, ... */
    struct mmg_body b = { 1, 2, 2, 0, 2, 4, 1 };
    char got[256];

    (void)state;
    spell(&b, got, sizeof got);
    assert_string_equal(got, "a00 a01 b00 b01 m0 m1 +0 m2 +1 m3 +2 +3 ");
    b.ls = 1;
    spell(&b, got, sizeof got);
    assert_string_equal(got, "a00 a01 b00 b01 m0 +0 m1 +1 m2 +2 m3 +3 ");
    b.ls = 6;   /* more skew than updates: all multiplies, then all adds */
    spell(&b, got, sizeof got);
    assert_string_equal(got, "a00 a01 b00 b01 m0 m1 m2 m3 +0 +1 +2 +3 ");
}

static void loads_if_then_nf(void **state)
{
    /* IF=2 then NF=1 as needed; the second step's loads wait */
    struct mmg_body b = { 2, 2, 2, 1, 1, 2, 1 };
    char got[256];

    (void)state;
    spell(&b, got, sizeof got);
    assert_string_equal(got, "a00 a01 b00 f0 f1 b01 f2 f3 a10 a11 b10 f4 "
                        "f5 b11 f6 f7 ");
    b.nfetch = 3;
    spell(&b, got, sizeof got);
    assert_string_equal(got, "a00 a01 b00 b01 a10 f0 f1 f2 f3 a11 b10 b11 "
                        "f4 f5 f6 f7 ");
}

/* Over many shapes: each update once, each load before its first use. */
static void complete_and_ordered(void **state)
{
    (void)state;
    for (int fma = 0; fma <= 1; fma++)
        for (int ls = 1; ls <= 6; ls++)
            for (int nf = 1; nf <= 5; nf++) {
                struct mmg_body b = { 3, 3, 2, fma, ls, 2, nf };
                struct mmg_sched s;
                int loaded[3][5] = { { 0 } }, done[18] = { 0 };
                int mul_done[18] = { 0 };

                assert_int_equal(mmg_schedule(&b, &s), 0);
                for (int i = 0; i < s.n; i++) {
                    const struct mmg_op *op = &s.ops[i];
                    int t = op->step * 6 + op->c * 3 + op->r;
                    if (op->kind == MMG_LOAD_A)
                        loaded[op->step][op->r] = 1;
                    else if (op->kind == MMG_LOAD_B)
                        loaded[op->step][3 + op->c] = 1;
                    else if (op->kind == MMG_ADD) {
                        assert_true(mul_done[t]);
                        done[t]++;
                    } else {
                        assert_true(loaded[op->step][op->r]);
                        assert_true(loaded[op->step][3 + op->c]);
                        mul_done[t] = 1;
                        done[t] += op->kind == MMG_FMA;
                    }
                }
                for (int t = 0; t < 18; t++)
                    assert_int_equal(done[t], 1);
                mmg_sched_free(&s);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skew_as_listed),
        cmocka_unit_test(loads_if_then_nf),
        cmocka_unit_test(complete_and_ordered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
