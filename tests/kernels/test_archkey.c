/* The library's view of the build machine (kernels/archkey.h) from the
 * recorded cpuid registers of the kinds met, and the blocking the model
 * makes of it (kernels/paramset.h): what `./configure && make` builds on
 * a CPU with no saved defaults and no tune. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "kernels/archkey.h"
#include "kernels/paramset.h"
#include "tests/common/cpuid_rows.h"

#define KIB 1024L
#define MIB (1024L * 1024)

/* The model's parameters for isa on the machine rows describe. */
static struct mml_libparams model_on(const struct reg_row *rows,
                                     const char *isa, struct mml_cpu *cpu)
{
    struct mml_libparams p;

    memset(&p, 0, sizeof p);
    snprintf(p.isa, sizeof p.isa, "%s", isa);
    mml_cpu_ident_from(replay, (void *)rows, cpu);
    assert_int_equal(mml_params_model(&p, cpu), 0);
    return p;
}

/* B's KC x NC panel fills a quarter of the last level: the widest
 * multiple of NB that fits (NB when none does), at most NC_MAX. */
static void assert_quarter(const struct mml_libparams *p, long llc)
{
    long panel = (long)p->v[MML_KC] * p->v[MML_NC] * 8;
    long col = (long)p->v[MML_KC] * p->v[MML_NB] * 8;

    assert_true(p->v[MML_NC] % p->v[MML_NB] == 0);
    assert_true(p->v[MML_NC] <= 4096);
    if (p->v[MML_NC] > p->v[MML_NB])
        assert_true(panel <= llc / 4);
    if (p->v[MML_NC] + p->v[MML_NB] <= 4096)
        assert_true(panel + col > llc / 4);
}

/* The Zen 5 guest's 0x80000006 claims an L3 of 508 MiB, which the decoder
 * doubts: the last level is left unknown and the model's guess (8 MiB)
 * holds B's panel to one NB, not the 3840 columns the claim gave. */
static void zen5_guest_doubted_l3(void **state)
{
    struct mml_cpu cpu;
    struct mml_libparams p = model_on(zen5_guest, "avx512", &cpu);

    (void)state;
    assert_int_equal(cpu.family, 26);
    assert_int_equal(cpu.model, 2);
    assert_int_equal(cpu.l2_bytes, 1024 * KIB);
    assert_int_equal(cpu.llc_bytes, 0);
    assert_int_equal(p.v[MML_NC], p.v[MML_NB]);
    assert_quarter(&p, 8 * MIB);
}

/* Zen 3's 32 MiB L3 (leaf 0x8000001D, and the same from 0x80000006 when
 * a hypervisor hides that leaf) is believed and used. */
static void zen3_l3_used(void **state)
{
    struct mml_cpu cpu, hidden;
    struct mml_libparams p = model_on(zen3, "avx2", &cpu);
    struct mml_libparams q = model_on(zen3_hidden, "avx2", &hidden);

    (void)state;
    assert_int_equal(cpu.l2_bytes, 512 * KIB);
    assert_int_equal(cpu.llc_bytes, 32 * MIB);
    assert_int_equal(hidden.llc_bytes, 32 * MIB);
    assert_true(p.v[MML_NC] > p.v[MML_NB]);
    assert_quarter(&p, 32 * MIB);
    assert_int_equal(q.v[MML_NC], p.v[MML_NC]);
}

/* Sapphire Rapids: leaf 4's 2 MiB L2 and 105 MiB L3. */
static void spr_leaf4(void **state)
{
    struct mml_cpu cpu;
    struct mml_libparams p = model_on(spr, "avx512", &cpu);

    (void)state;
    assert_string_equal(cpu.vendor, "GenuineIntel");
    assert_int_equal(cpu.l2_bytes, 2 * MIB);
    assert_int_equal(cpu.llc_bytes, 105 * MIB);
    assert_quarter(&p, 105 * MIB);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zen5_guest_doubted_l3),
        cmocka_unit_test(zen3_l3_used),
        cmocka_unit_test(spr_leaf4),
    };
    return cmocka_run_group_tests_name("archkey", tests, NULL, NULL);
}
