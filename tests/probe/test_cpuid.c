/* cpuid's cache descriptions, decoded from recorded registers of the three
 * machine kinds met: an Intel Sapphire Rapids (leaf 4), an AMD Zen 3 (leaf
 * 0x8000001D, and the same with that leaf hidden by a hypervisor) and the
 * AMD Zen 5 guest this was written on (0x8000001D empty, only
 * 0x80000005/0x80000006, whose L3 field says 508 MiB).  The Zen 5 values
 * are the guest's raw registers; the others are built from the documented
 * encodings (Intel SDM vol. 2A CPUID leaf 4, AMD APM vol. 3 E.4) and were
 * checked with Todd Allen's cpuid tool (cpuid -f FILE). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "probe/probes.h"

#include "tests/common/cpuid_rows.h"

static int decode(const struct reg_row *rows, struct mmc_cache_claim *c)
{
    return mmc_cpuid_caches(replay, (void *)rows, c, 16);
}

static void expect(const struct mmc_cache_claim *c, int level,
                   enum mmc_cache_type type, long kib, int ways_lo,
                   int ways_hi, int line, const char *source)
{
    assert_int_equal(c->level, level);
    assert_int_equal(c->type, type);
    assert_int_equal(c->size_kib, kib);
    assert_int_equal(c->ways_lo, ways_lo);
    assert_int_equal(c->ways_hi, ways_hi);
    assert_int_equal(c->line_bytes, line);
    assert_string_equal(c->source, source);
}

static void intel_leaf4(void **state)
{
    struct mmc_cache_claim c[16];
    const char *src = "cpuid leaf 4";

    (void)state;
    assert_int_equal(decode(spr, c), 4);
    expect(&c[0], 1, MMC_CT_DATA, 48, 12, 12, 64, src);
    expect(&c[1], 1, MMC_CT_INSTRUCTION, 32, 8, 8, 64, src);
    expect(&c[2], 2, MMC_CT_UNIFIED, 2048, 16, 16, 64, src);
    expect(&c[3], 3, MMC_CT_UNIFIED, 105 * 1024, 15, 15, 64, src);
    for (int i = 0; i < 4; i++)
        assert_string_equal(c[i].doubt, "");
    assert_ptr_equal(probe_claim_for(c, 4, 1, NULL), &c[0]);
    assert_ptr_equal(probe_claim_for(c, 4, 0, NULL), &c[3]);
}

static void amd_8000001d(void **state)
{
    struct mmc_cache_claim c[16];
    const char *src = "cpuid 0x8000001D";

    (void)state;
    assert_int_equal(decode(zen3, c), 4);
    expect(&c[0], 1, MMC_CT_DATA, 32, 8, 8, 64, src);
    expect(&c[2], 2, MMC_CT_UNIFIED, 512, 8, 8, 64, src);
    expect(&c[3], 3, MMC_CT_UNIFIED, 32 * 1024, 16, 16, 64, src);
}

/* 0x8000001D hidden: the older leaves, with 0x80000006's ways encoded as
 * a range (6: 8 to 15 ways) and the L3's deferred to the hidden leaf (9:
 * unknown). */
static void amd_fallback(void **state)
{
    struct mmc_cache_claim c[16];

    (void)state;
    assert_int_equal(decode(zen3_hidden, c), 3);
    expect(&c[0], 1, MMC_CT_DATA, 32, 8, 8, 64, "cpuid 0x80000005");
    expect(&c[1], 2, MMC_CT_UNIFIED, 512, 8, 15, 64, "cpuid 0x80000006");
    expect(&c[2], 3, MMC_CT_UNIFIED, 32 * 1024, 0, 0, 64,
           "cpuid 0x80000006");
    assert_string_equal(c[2].doubt, "");
    assert_ptr_equal(probe_claim_for(c, 3, 0, NULL), &c[2]);
}

/* The Zen 5 guest: L1d and L2 as the hardware is; the L3 field's 1016 x
 * 512 KiB is no L3 a core reaches, so it is doubted and never used. */
static void zen5_guest_l3_doubted(void **state)
{
    struct mmc_cache_claim c[16];
    const struct mmc_cache_claim *doubt;

    (void)state;
    assert_int_equal(decode(zen5_guest, c), 3);
    expect(&c[0], 1, MMC_CT_DATA, 48, 12, 12, 64, "cpuid 0x80000005");
    expect(&c[1], 2, MMC_CT_UNIFIED, 1024, 8, 15, 64, "cpuid 0x80000006");
    expect(&c[2], 3, MMC_CT_UNIFIED, 1016 * 512, 0, 0, 64,
           "cpuid 0x80000006");
    assert_non_null(strstr(c[2].doubt, "508 MiB"));
    assert_null(probe_claim_for(c, 3, 0, &doubt));
    assert_ptr_equal(doubt, &c[2]);
    assert_ptr_equal(probe_claim_for(c, 3, 2, &doubt), &c[1]);
    assert_null(doubt);
}

/* An Intel part whose leaf 4 is hidden: its 0x80000006 ECX L2 (Intel's
 * code 8, 16 ways, lies in AMD's 16-31); no cpuid at all: no claims. */
static void intel_without_leaf4_and_none(void **state)
{
    static const struct reg_row bare[] = {
        { 0, 0, { 0x20, INTEL } },
        { 0x80000000, 0, { 0x80000008, 0, 0, 0 } },
        { 0x80000006, 0, { 0, 0, 0x08008040, 0 } },
        END,
    };
    static const struct reg_row none[] = { END };
    struct mmc_cache_claim c[16];

    (void)state;
    assert_int_equal(decode(bare, c), 1);
    expect(&c[0], 2, MMC_CT_UNIFIED, 2048, 16, 31, 64, "cpuid 0x80000006");
    assert_int_equal(decode(none, c), 0);
}

/* Vendor, display family and model (the archdefs key's): the Zen 5
 * guest is family 0xf + 0x0b = 26, model 2; Sapphire Rapids family 6,
 * model 0x8f (its extended model 8 counts in family 6); a CPU without
 * leaf 1 is -1, -1. */
static void ident(void **state)
{
    char vendor[13];
    int family, model;
    static const struct reg_row none[] = { END };

    (void)state;
    mmc_cpuid_ident(replay, (void *)zen5_guest, vendor, &family, &model);
    assert_string_equal(vendor, "AuthenticAMD");
    assert_int_equal(family, 26);
    assert_int_equal(model, 2);
    mmc_cpuid_ident(replay, (void *)spr, vendor, &family, &model);
    assert_string_equal(vendor, "GenuineIntel");
    assert_int_equal(family, 6);
    assert_int_equal(model, 0x8f);
    mmc_cpuid_ident(replay, (void *)none, vendor, &family, &model);
    assert_string_equal(vendor, "");
    assert_int_equal(family, -1);
    assert_int_equal(model, -1);
}

/* Feature bits (the timer's): the Zen 5 guest's leaf 1 has the TSC and
 * clflush of 8 x 8 bytes; a leaf above its range's highest reads as
 * absent, whatever a CPU would return for it (__get_cpuid's rule). */
static void features(void **state)
{
    static const struct reg_row capped[] = {
        { 0, 0, { 0x1, AMD } },
        { 0x80000000, 0, { 0x80000000, AMD } },
        { 0x80000001, 0, { 0, 0, 0, 1u << 27 } },
        END,
    };
    static const struct reg_row rdtscp[] = {
        { 0x80000000, 0, { 0x80000007, AMD } },
        { 0x80000001, 0, { 0, 0, 0, 1u << 27 } },
        { 0x80000007, 0, { 0, 0, 0, 1u << 8 } },
        END,
    };
    static const struct reg_row none[] = { END };

    (void)state;
    assert_true(mmc_cpuid_has(replay, (void *)zen5_guest, MMC_CPUID_TSC));
    assert_true(mmc_cpuid_has(replay, (void *)zen5_guest,
                              MMC_CPUID_CLFLUSH));
    assert_int_equal(mmc_cpuid_clflush_bytes(replay, (void *)zen5_guest),
                     64);
    assert_false(mmc_cpuid_has(replay, (void *)capped, MMC_CPUID_RDTSCP));
    assert_true(mmc_cpuid_has(replay, (void *)rdtscp, MMC_CPUID_RDTSCP));
    assert_true(mmc_cpuid_has(replay, (void *)rdtscp,
                              MMC_CPUID_INVARIANT_TSC));
    assert_false(mmc_cpuid_has(replay, (void *)none, MMC_CPUID_TSC));
    assert_int_equal(mmc_cpuid_clflush_bytes(replay, (void *)none), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(intel_leaf4),
        cmocka_unit_test(amd_8000001d),
        cmocka_unit_test(amd_fallback),
        cmocka_unit_test(zen5_guest_l3_doubted),
        cmocka_unit_test(intel_without_leaf4_and_none),
        cmocka_unit_test(ident),
        cmocka_unit_test(features),
    };
    return cmocka_run_group_tests_name("cpuid", tests, NULL, NULL);
}
