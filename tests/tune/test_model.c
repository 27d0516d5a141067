/* The model of paper 002 §IV and §V-G (tune/model.h) on fixed machines,
 * every value worked out by hand below, and the hybrid engine's
 * neighbourhoods around them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tune/model.h"

static struct mmc_probeconf pc;
static struct mms_pins pins;

/* An AVX2 machine: 16 registers, 32 KiB L1 of 64-byte lines, FMA. */
static void avx2_machine(void)
{
    memset(&pc, 0, sizeof pc);
    memset(&pins, 0, sizeof pins);
    pc.l1d_kib = 32, pc.line_bytes = 64, pc.l2_kib = 512;
    pc.fp_regs_scalar = 16, pc.fp_regs_sse2 = 16, pc.fp_regs_avx2 = 16;
    pc.simd_doubles = 4, pc.fma = 1, pc.ls = 5, pc.lat_mul = 4;
    pc.fp_pipes = 2;
}

/* results/archdefs/amd-f26-m2-avx512/probe.conf: Zen 5, 48 KiB L1, 32
 * registers at every width, vectors of 8. */
static void zen5_machine(void)
{
    avx2_machine();
    pc.l1d_kib = 48, pc.l2_kib = 1024;
    pc.fp_regs_scalar = pc.fp_regs_sse2 = pc.fp_regs_avx2 = 32;
    pc.fp_regs_avx512 = 32, pc.simd_doubles = 8, pc.ls = 4, pc.lat_mul = 3;
}

static const char *why_of(const struct mms_model *m, const char *step)
{
    for (int i = 0; i < m->nwhy; i++)
        if (strcmp(m->why[i].step, step) == 0)
            return m->why[i].why;
    fail_msg("the model says nothing for %s", step);
    return "";
}

static void says(const struct mms_model *m, const char *step,
                 const char *text)
{
    if (!strstr(why_of(m, step), text))
        fail_msg("%s: '%s' is not in '%s'", step, text, why_of(m, step));
}

static void avx2_values(void **state)
{
    struct mms_model m;

    (void)state;
    avx2_machine();
    mms_model_compute(&pc, &pins, MMG_NISA, &m);
    /* the widest vector within SIMD_DOUBLES = 4 */
    assert_int_equal(m.p.isa, MMG_ISA_AVX2);
    assert_int_equal(m.p.regs, 16);
    /* §V-G: x86 -> FMA = 1, LS unused */
    assert_int_equal(m.p.fma, 1), assert_int_equal(m.p.ls, 1);
    /* ineq. (10) in vectors: u*u + u + 1 <= 16 -> u = 3 (13; 4 needs
     * 21); NU for 3 vectors: 3 NU + 3 + 1 <= 16 -> NU = 4; the swap to
     * 4 x 3 would need 12 + 4 + 1 = 17 -> MU = 12, NU = 4 */
    assert_int_equal(m.p.mu, 12), assert_int_equal(m.p.nu, 4);
    /* ineq. (8), B1 = 8 doubles, C1/B1 = 512 lines:
     * NB = 57: ceil(3249/8) + 3 ceil(228/8) + ceil(12/8) 4 = 407+87+8 = 502
     * NB = 58: 421 + 87 + 8 = 516 > 512 -> NB' = 57, lcm(12,4,2) = 12 -> 48 */
    assert_int_equal(m.p.nb, 48);
    assert_int_equal(m.p.ku, 48);                  /* §IV-D: KU = NB */
    assert_int_equal(m.p.ff, 1), assert_int_equal(m.p.ifetch, 2);
    assert_int_equal(m.p.nfetch, 2);               /* §IV-F */
    assert_int_equal(m.p.ncnb, MMG_TILE);          /* NCNB = NB */
    says(&m, "nb", "NB = 48: ineq. (8)");
    says(&m, "nb", "holds up to NB = 57 (502 of 512 lines)");
    says(&m, "nb", "lcm(MU, NU, 2) = 12");
    says(&m, "munu", "Sec. IV-C: u = 3");
    says(&m, "munu", "16 of 16 registers");
    says(&m, "fma", "Sec. V-G");
    says(&m, "ls", "eq. (13)");
    says(&m, "ku", "Sec. IV-D");
    says(&m, "ifnf", "Sec. IV-F");
    says(&m, "isa", "SIMD_DOUBLES = 4");
}

static void zen5_values(void **state)
{
    struct mms_model m;

    (void)state;
    zen5_machine();
    mms_model_compute(&pc, &pins, MMG_NISA, &m);
    assert_int_equal(m.p.isa, MMG_ISA_AVX512);
    /* u*u + u + 1 <= 32 -> u = 5 (31); 5 NU + 6 <= 32 -> NU = 5 */
    assert_int_equal(m.p.mu, 40), assert_int_equal(m.p.nu, 5);
    /* C1/B1 = 768 lines; NB = 69: 596 + 3*44 + 5*5 = 753; NB = 70:
     * 613 + 3*44 + 25 = 770 -> NB' = 69, lcm(40,5,2) = 40 -> 40 */
    assert_int_equal(m.p.nb, 40), assert_int_equal(m.p.ku, 40);
    says(&m, "nb", "holds up to NB = 69 (753 of 768 lines)");
    /* a narrower useful width picks the narrower ISA */
    pc.simd_doubles = 4;
    mms_model_compute(&pc, &pins, MMG_NISA, &m);
    assert_int_equal(m.p.isa, MMG_ISA_AVX2);
    /* 32 ymm registers: u = 5, MU = 20, NU = 5 */
    assert_int_equal(m.p.mu, 20), assert_int_equal(m.p.nu, 5);
}

static void scalar_and_pins(void **state)
{
    struct mms_model m;
    char err[256];

    (void)state;
    avx2_machine();
#if defined(__x86_64__) || defined(__i386__)
    /* §V-G on x86: NU = 1, MU = NR - 2 = 14; ineq. (8): NB = 62:
     * 481 + 3*8 + 2 = 507, NB = 63: 497 + 24 + 2 = 523 > 512;
     * lcm(14, 1, 2) = 14 -> 56 */
    mms_model_compute(&pc, &pins, MMG_ISA_NONE, &m);
    assert_int_equal(m.p.mu, 14), assert_int_equal(m.p.nu, 1);
    assert_int_equal(m.p.nb, 56);
    says(&m, "munu", "MU = NR - 2");
#endif
    /* MU pinned at 8 (2 vectors): NU = 6 (2*6 + 2 + 1 = 15); NB = 55:
     * 379 + 3*42 + 6 = 511, NB = 56: 392 + 126 + 6 = 524; lcm(8,6,2) =
     * 24 -> 48 */
    assert_int_equal(mms_pin(&pins, "MU=8", err, sizeof err), 0);
    mms_model_compute(&pc, &pins, MMG_NISA, &m);
    assert_int_equal(m.p.mu, 8), assert_int_equal(m.p.nu, 6);
    assert_int_equal(m.p.nb, 48), assert_int_equal(m.p.ku, 48);
    says(&m, "munu", "MU = 8 (pinned)");
    /* NB pinned: KU follows it */
    assert_int_equal(mms_pin(&pins, "NB=24", err, sizeof err), 0);
    mms_model_compute(&pc, &pins, MMG_NISA, &m);
    assert_int_equal(m.p.nb, 24), assert_int_equal(m.p.ku, 24);
    says(&m, "nb", "pinned");
}

/* "a:b c:d ..." of two fields of each candidate. */
static const char *pairs(const struct mmg_params *c, int n, size_t off1,
                         size_t off2)
{
    static char buf[1024];
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        used += snprintf(buf + used, sizeof buf - used, "%s%d:%d",
                         i ? " " : "",
                         *(const int *)((const char *)&c[i] + off1),
                         *(const int *)((const char *)&c[i] + off2));
    return buf;
}

#define PAIRS(c, n, a, b) pairs(c, n, offsetof(struct mmg_params, a), \
                                offsetof(struct mmg_params, b))

static const struct mms_step *hybrid_step(const struct mms_search *s,
                                          const char *name)
{
    for (int i = 0; i < s->nsteps; i++)
        if (strcmp(s->steps[i].name, name) == 0)
            return &s->steps[i];
    fail_msg("the hybrid has no step %s", name);
    return NULL;
}

static void hybrid_neighbourhoods(void **state)
{
    static struct mms_search s;
    static struct mmg_params c[MMS_MAX_CANDS];
    struct mms_space sp;
    struct mmg_params ref;
    int n;

    (void)state;
    avx2_machine();
    mms_search_init(&s, mms_level_find("quick"));
    assert_int_equal(mms_engine_setup(&s, "bogus"), -1);
    assert_int_equal(mms_engine_setup(&s, "hybrid"), 0);
    assert_int_equal(s.nsteps, mms_nsteps);
    sp = (struct mms_space){ &pc, s.lv, &pins };
    s.start(&sp, MMG_ISA_AVX512, &ref);     /* the model's ISA wins */
    assert_int_equal(ref.isa, MMG_ISA_AVX2);
    assert_int_equal(ref.mu, 12), assert_int_equal(ref.nb, 48);
    /* ISA: the model's and the next narrower one, at their values */
    n = mms_step_candidates(&sp, hybrid_step(&s, "isa"), &ref, c, 256);
    assert_int_equal(n, 2);
    assert_int_equal(c[1].isa, MMG_ISA_SSE2);
    assert_int_equal(c[1].mu, 6);           /* u = 3 vectors of 2 */
    /* NB: 48 and one grain of 12 either side, KU = NB and 1 */
    n = mms_step_candidates(&sp, hybrid_step(&s, "nb"), &ref, c, 256);
    assert_string_equal(PAIRS(c, n, nb, ku),
                        "48:48 48:1 36:36 36:1 60:60 60:1");
    /* MU x NU: the model's 12 x 4 and the ring of vectors of 4 */
    n = mms_step_candidates(&sp, hybrid_step(&s, "munu"), &ref, c, 256);
    assert_string_equal(PAIRS(c, n, mu, nu),
                        "12:4 8:3 8:4 8:5 12:3 12:5 16:3 16:4 16:5");
    /* KU: the model's 48, 1, the divisor of 48 below it */
    n = mms_step_candidates(&sp, hybrid_step(&s, "ku"), &ref, c, 256);
    assert_string_equal(PAIRS(c, n, ku, nb), "48:48 1:48 24:48");
    /* IF, NF around 2, 2 (7 loads a step) */
    n = mms_step_candidates(&sp, hybrid_step(&s, "ifnf"), &ref, c, 256);
    assert_string_equal(PAIRS(c, n, ifetch, nfetch),
                        "2:2 2:1 2:3 3:2 3:1 3:3");
    /* LS only where FMA = 0: probe.conf's 5 and one either side */
    n = mms_step_candidates(&sp, hybrid_step(&s, "ls"), &ref, c, 256);
    assert_int_equal(n, 0);
    ref.fma = 0;
    n = mms_step_candidates(&sp, hybrid_step(&s, "ls"), &ref, c, 256);
    assert_string_equal(PAIRS(c, n, ls, fma), "5:0 4:0 6:0");
    /* a step the model does not decide runs as the search's */
    for (int i = 0; i < mms_nsteps; i++)
        if (strcmp(mms_steps[i].name, "ncnb") == 0)
            assert_ptr_equal(hybrid_step(&s, "ncnb")->range,
                             mms_steps[i].range);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(avx2_values),
        cmocka_unit_test(zen5_values),
        cmocka_unit_test(scalar_and_pins),
        cmocka_unit_test(hybrid_neighbourhoods),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
