/* probe.conf: a full file round-trips through writer and reader; every
 * malformed file is rejected with file:line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/probeconf.h"
#include "tests/common/scratch.h"

/* A plausible Zen 3 core, with one unconfirmed value. */
static void sample(struct mmc_probeconf *pc)
{
    memset(pc, 0, sizeof *pc);
    mmc_origin_here(&pc->origin, MMC_PROBECONF_FORMAT, "test_probeconf");
    pc->l1d_kib = 32, pc->line_bytes = 64, pc->l1d_assoc = 8;
    pc->l2_kib = 512, pc->l2_eff_kib = 452;
    pc->llc_kib = 24576.5, pc->llc_eff_kib = 8064;
    pc->fp_regs_scalar = 16, pc->fp_regs_sse2 = 16, pc->fp_regs_avx2 = 16;
    pc->simd_doubles = 4, pc->fma = 1, pc->fma_compiler = 1;
    pc->lat_mul = 3, pc->lat_add = 3, pc->lat_fma = 4.02, pc->fp_pipes = 2;
    pc->ls = 4, pc->clock_mhz = 2245.125, pc->tsc_mhz = 2245.0;
    pc->peak_mflops = 35922;
    for (int k = 0; k < MMC_P_NKEYS; k++)
        pc->confirmed[k] = k != MMC_P_LLC_KIB && k != MMC_P_LLC_EFF_KIB;
    snprintf(pc->how[MMC_P_L1D_KIB], sizeof pc->how[0], "pointer chase");
}

/* The text of a good file, to be damaged by the tests below. */
static char *good_text(void)
{
    struct mmc_probeconf pc;

    sample(&pc);
    assert_int_equal(mmc_probeconf_write(scratch_path, &pc), 0);
    return scratch_read();
}

static void expect_error(const char *text, const char *want)
{
    struct mmc_probeconf pc;
    char err[256];

    scratch_write(text);
    assert_int_equal(mmc_probeconf_read(scratch_path, &pc, err, sizeof err),
                     -1);
    if (!strstr(err, want) || !strstr(err, scratch_path))
        fail_msg("error '%s' does not name %s and '%s'", err, scratch_path,
                 want);
}

static void round_trip(void **state)
{
    struct mmc_probeconf in, out;
    char err[256];

    (void)state;
    sample(&in);
    assert_int_equal(mmc_probeconf_write(scratch_path, &in), 0);
    assert_int_equal(mmc_probeconf_read(scratch_path, &out, err, sizeof err),
                     0);
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        assert_true(mmc_probeconf_get(&in, k) == mmc_probeconf_get(&out, k));
        assert_int_equal(in.confirmed[k], out.confirmed[k]);
    }
    assert_int_equal(out.confirmed[MMC_P_LLC_KIB], 0);
    assert_true(out.l2_eff_kib == 452 && out.llc_eff_kib == 8064);
    assert_int_equal(mmc_probeconf_find("L2_EFF_KIB"), MMC_P_L2_EFF_KIB);
    assert_int_equal(mmc_probeconf_find("LAT_MUL"), MMC_P_LAT_MUL);
    assert_int_equal(mmc_probeconf_find("NOPE"), -1);
}

static void rejects_malformed(void **state)
{
    /* Each damage: the text replaced, its replacement, the error wanted. */
    static const struct { const char *from, *to, *want; } damage[] = {
        { "L1D_KIB = 32", "L1D_KIB = 32\nL3_KIB = 9",
          ":9: unknown key 'L3_KIB'" },
        { "LINE_BYTES = 64", "LINE_BYTES = 6x4",
          ":9: LINE_BYTES: '6x4' is not an integer" },
        { "LAT_MUL = 3", "LAT_MUL = slow", "LAT_MUL: 'slow' is not a number" },
        { "LINE_BYTES = 64", "LINE_BYTES = 2",
          ":9: LINE_BYTES: 2 is out of range" },
        /* Another format, or none: refused before any value is read. */
        { "FORMAT = 1", "FORMAT = 2", ":2: FORMAT = 2, but this mmtune" },
        { "FORMAT = 1", "L1D_KIB = 32",
          ":2: not a probe.conf of this mmtune: it must begin with "
          "FORMAT = 1" },
        { "HOST = ", "HOSTNAME = ", "unknown key 'HOSTNAME'" },
        { "FMA = 1", "FMA = 1\nFMA = 0", "duplicate key 'FMA'" },
        { "FMA_CONFIRMED = 1", "FMA_CONFIRMED = yes",
          "FMA_CONFIRMED: 'yes' is not 0 or 1" },
        /* Each key in its range, the whole not a machine (issue 33). */
        { "LINE_BYTES = 64", "LINE_BYTES = 65",
          ":9: LINE_BYTES: 65 is not a power of two" },
        { "SIMD_DOUBLES = 4", "SIMD_DOUBLES = 3",
          "SIMD_DOUBLES: 3 is not a power of two" },
        { "L2_KIB = 512", "L2_KIB = 16",
          "L2_KIB: 16 is less than L1D_KIB = 32" },
    };
    char *good = good_text();
    char cut[8192];

    (void)state;
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++)
        expect_error(scratch_edit(good, damage[i].from, damage[i].to),
                     damage[i].want);
    /* Cut mid-line, then cut at a line end: both are truncations. */
    snprintf(cut, sizeof cut, "%.*s", (int)(strstr(good, "LS =") - good + 6),
             good);
    expect_error(cut, "truncated file");
    snprintf(cut, sizeof cut, "%.*s", (int)(strstr(good, "LS =") - good),
             good);
    expect_error(cut, "truncated file: required key 'LS' is missing");
}

/* The writer refuses what its reader would refuse, and leaves no file. */
static void writer_validates(void **state)
{
    struct mmc_probeconf pc;
    char err[256];

    (void)state;
    sample(&pc);
    pc.l2_kib = 0;          /* an L2 edge that was not found */
    assert_int_equal(mmc_probeconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "L2_KIB: 0 is out of range"));
    sample(&pc);
    pc.llc_eff_kib = 0;
    assert_int_equal(mmc_probeconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "LLC_EFF_KIB: 0 is out of range"));
    remove(scratch_path);
    assert_int_equal(mmc_probeconf_write(scratch_path, &pc), -1);
    assert_int_equal(access(scratch_path, F_OK), -1);
    sample(&pc);
    pc.l2_kib = 16;         /* below L1's 32 */
    assert_int_equal(mmc_probeconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "L2_KIB: 16 is less than L1D_KIB"));
    sample(&pc);
    pc.origin.format = 7;
    assert_int_equal(mmc_probeconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "FORMAT"));
    sample(&pc);
    assert_int_equal(mmc_probeconf_validate(&pc, err, sizeof err), 0);
}

static void header_defines(void **state)
{
    struct mmc_probeconf pc;
    const char *text;

    (void)state;
    sample(&pc);
    assert_int_equal(mmc_probeconf_write_header(scratch_path, &pc), 0);
    text = scratch_read();
    assert_non_null(strstr(text, "#define MMT_PROBE_L1D_KIB 32 "));
    assert_non_null(strstr(text, "#define MMT_PROBE_LLC_KIB_CONFIRMED 0\n"));
    assert_non_null(strstr(text, "#define MMT_PROBE_L2_EFF_KIB 452 "));
    assert_non_null(strstr(text, "#define MMT_PROBE_FP_REGS_AVX512 0 "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        scratch_test(round_trip),
        scratch_test(rejects_malformed),
        scratch_test(writer_validates),
        scratch_test(header_defines),
    };
    return cmocka_run_group_tests_name("probeconf", tests, NULL, NULL);
}
