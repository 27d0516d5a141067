/* params.conf: a full file round-trips through writer and reader, mmgen's
 * parameter reader takes it (the same keys and ranges as mmgen's own
 * table), the single-precision keys take their double keys' ranges, and
 * every malformed or foreign file is rejected with file:line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "tests/common/scratch.h"

/* The winner of a search on an AVX-512 machine. */
static void sample(struct mmc_paramsconf *pc)
{
    memset(pc, 0, sizeof *pc);
    mmc_origin_here(&pc->origin, MMC_PARAMSCONF_FORMAT, "test_paramsconf");
    snprintf(pc->probe_fingerprint, KV_WORD_MAX, "0123456789abcdef");
    snprintf(pc->generator, KV_WORD_MAX, "1");
    pc->kernel_abi = 1;
    snprintf(pc->isa, KV_WORD_MAX, "avx512");
    pc->nb = 48, pc->mu = 24, pc->nu = 8, pc->ku = 1, pc->ls = 1;
    pc->fma = 1, pc->ff = 0, pc->ifetch = 3, pc->nfetch = 1, pc->regs = 32;
    snprintf(pc->cc, KV_WORD_MAX, "gcc");
    snprintf(pc->cflags, KV_WORD_MAX, "-O2 -march=native");
    pc->mflops = 101234.5, pc->peak_percent = 85.25;
    snprintf(pc->timing, KV_WORD_MAX, "wall, min of 5, multicall-lru");
    snprintf(pc->level, KV_WORD_MAX, "normal");
}

static char *good_text(void)
{
    struct mmc_paramsconf pc;

    sample(&pc);
    assert_int_equal(mmc_paramsconf_write(scratch_path, &pc), 0);
    return scratch_read();
}

static void round_trip(void **state)
{
    struct mmc_paramsconf in, out;
    char err[256], a[KV_WORD_MAX], b[KV_WORD_MAX];
    const char *text;

    (void)state;
    sample(&in);
    assert_int_equal(mmc_paramsconf_write(scratch_path, &in), 0);
    assert_int_equal(mmc_paramsconf_read(scratch_path, &out, err,
                                         sizeof err), 0);
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        mmc_paramsconf_text(&in, k, a, sizeof a);
        mmc_paramsconf_text(&out, k, b, sizeof b);
        assert_string_equal(a, b);
        assert_int_equal(out.present[k], mmc_paramsconf_schema[k].required);
    }
    text = scratch_read();
    assert_non_null(strstr(text, "# NCNB: not chosen (its step skipped, "
                           "or no candidate passed)"));
    assert_non_null(strstr(text, "MU = 24  # register tile rows"));
    /* an optional key, once present, is written and read back */
    in.ncnb = 40, in.present[MMC_Q_NCNB] = 1;
    assert_int_equal(mmc_paramsconf_write(scratch_path, &in), 0);
    assert_int_equal(mmc_paramsconf_read(scratch_path, &out, err,
                                         sizeof err), 0);
    assert_int_equal(out.ncnb, 40);
    assert_int_equal(out.present[MMC_Q_NCNB], 1);
    assert_int_equal(mmc_paramsconf_find("KU"), MMC_Q_KU);
    assert_int_equal(mmc_paramsconf_find("NOPE"), -1);
}

/* The single set: absent, one line says so; present, written with its
 * double key's note and read back; each S_ key has a double key, whose
 * type and range it takes. */
static void single_keys(void **state)
{
    struct mmc_paramsconf in, out;
    char err[256];
    const char *text = good_text();
    int n = 0;

    (void)state;
    assert_non_null(strstr(text, "# S_*: single precision not searched"));
    assert_null(strstr(text, "S_MU"));
    sample(&in);
    in.single.mu = 48, in.present[MMC_Q_S_MU] = 1;
    in.single.mflops = 190000.5, in.present[MMC_Q_S_MFLOPS] = 1;
    assert_int_equal(mmc_paramsconf_write(scratch_path, &in), 0);
    assert_int_equal(mmc_paramsconf_read(scratch_path, &out, err,
                                         sizeof err), 0);
    assert_int_equal(out.single.mu, 48);
    assert_true(out.single.mflops == 190000.5);
    assert_int_equal(out.present[MMC_Q_S_NB], 0);
    text = scratch_read();
    assert_non_null(strstr(text, "S_MU = 48  # single: register tile rows"));
    assert_non_null(strstr(text, "# S_NB: not chosen: the library derives"));
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const struct mmc_params_field *f = &mmc_paramsconf_schema[k];
        int twin;

        if (!f->single)
            continue;
        n++;
        assert_int_equal(strncmp(f->key, "S_", 2), 0);
        twin = mmc_paramsconf_find(f->key + 2);
        if (twin < 0 || mmc_paramsconf_schema[twin].single)
            fail_msg("%s has no double key", f->key);
        assert_ptr_equal(mmc_paramsconf_field(k),
                         &mmc_paramsconf_schema[twin]);
        assert_false(f->required);
        assert_false(f->generator);
    }
    assert_int_equal(n, MMC_Q_NKEYS - MMC_Q_S_NB);
    in.single.mu = 65;
    assert_int_equal(mmc_paramsconf_validate(&in, err, sizeof err), -1);
    assert_non_null(strstr(err, "S_MU: 65 is out of range (allowed 1..64)"));
}

/* mmgen reads the generator keys of a params.conf, and each integer key
 * has mmgen's own range (the two tables must not drift apart). */
static void mmgen_reads_it(void **state)
{
    struct mmg_params p;
    char err[256];

    (void)state;
    good_text();
    mmg_params_default(&p);
    assert_int_equal(mmg_params_read(&p, scratch_path, err, sizeof err), 0);
    assert_int_equal(p.isa, MMG_ISA_AVX512);
    assert_int_equal(p.nb, 48);
    assert_int_equal(p.mu, 24);
    assert_int_equal(p.nu, 8);
    assert_int_equal(p.ff, 0);
    assert_int_equal(p.ifetch, 3);
    assert_int_equal(p.nfetch, 1);
    assert_int_equal(p.regs, 32);
    assert_int_equal(mmg_params_check(&p, err, sizeof err), 0);
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const struct mmc_params_field *f = &mmc_paramsconf_schema[k];
        size_t i = 0;
        if (!f->generator || f->type == KV_WORD)
            continue;
        while (i < mmg_n_int_params && strcmp(mmg_int_params[i].key,
                                              f->key) != 0)
            i++;
        if (i == mmg_n_int_params || mmg_int_params[i].min != f->min
            || mmg_int_params[i].max != f->max)
            fail_msg("params.conf key %s (%g..%g) is not mmgen's", f->key,
                     f->min, f->max);
    }
}

static void expect_error(const char *text, const char *want)
{
    struct mmc_paramsconf pc;
    struct mmg_params p;
    char err[256];

    scratch_write(text);
    assert_int_equal(mmc_paramsconf_read(scratch_path, &pc, err,
                                         sizeof err), -1);
    if (!strstr(err, want) || !strstr(err, scratch_path))
        fail_msg("error '%s' does not name %s and '%s'", err, scratch_path,
                 want);
    /* mmgen says the same */
    mmg_params_default(&p);
    assert_int_equal(mmg_params_read(&p, scratch_path, err, sizeof err), -1);
    if (!strstr(err, want))
        fail_msg("mmgen: '%s' does not say '%s'", err, want);
}

static void rejects_malformed(void **state)
{
    static const struct { const char *from, *to, *want; } damage[] = {
        { "NB = 48", "NB = 48\nMB = 9", ":13: unknown key 'MB'" },
        { "MU = 24", "MU = 2x4", ":14: MU: '2x4' is not an integer" },
        { "MU = 24", "MU = 65", ":14: MU: 65 is out of range" },
        { "FF = 0", "FF = no", "FF: 'no' is not 0 or 1" },
        { "MFLOPS = ", "MFLOPS = fast #", "MFLOPS: 'fast' is not a number" },
        { "KU = 1", "KU = 1\nKU = 2", "duplicate key 'KU'" },
        { "FORMAT = 3", "FORMAT = 4", ":2: FORMAT = 4, but this mmtune "
          "reads params.conf FORMAT = 3 (write it again" },
        { "FORMAT = 3", "FORMAT = 2", ":2: FORMAT = 2, but this mmtune "
          "reads params.conf FORMAT = 3 (rerun make tune" },
        { "MU = 24", "MU = 24\nS_MU = 0", ":15: S_MU: 0 is out of range" },
        { "CC = gcc", "CC = ", "CC has no value" },
        { "HOST = ", "HOSTNAME = ", "unknown key 'HOSTNAME'" },
    };
    char *good = good_text();
    char cut[8192];

    (void)state;
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++)
        expect_error(scratch_edit(good, damage[i].from, damage[i].to),
                     damage[i].want);
    snprintf(cut, sizeof cut, "%.*s", (int)(strstr(good, "MFLOPS =") - good),
             good);
    expect_error(cut, "truncated file: required key 'MFLOPS' is missing");
}

/* Issue 33: an indented line is a line like any other (inih took it for
 * the previous key's value continued: "duplicate key"). */
static void indented_lines(void **state)
{
    struct mmc_paramsconf pc;
    char err[256], *good = good_text();

    (void)state;
    scratch_write(scratch_edit(good, "NB = 48", "  NB = 48"));
    if (mmc_paramsconf_read(scratch_path, &pc, err, sizeof err) != 0)
        fail_msg("an indented NB: %s", err);
    assert_int_equal(pc.nb, 48);
    scratch_write(scratch_edit(good, "MU = 24", "\tMU = 24  # tab"));
    if (mmc_paramsconf_read(scratch_path, &pc, err, sizeof err) != 0)
        fail_msg("a tab before MU: %s", err);
    assert_int_equal(pc.mu, 24);
}

/* mmgen's own judgement of a value is named by its line as well. */
static void mmgen_judges_values(void **state)
{
    struct mmg_params p;
    char err[256];

    (void)state;
    scratch_write(scratch_edit(good_text(), "ISA = avx512", "ISA = avx9"));
    mmg_params_default(&p);
    assert_int_equal(mmg_params_read(&p, scratch_path, err, sizeof err), -1);
    if (!strstr(err, ":11: ISA: 'avx9' is not known"))
        fail_msg("mmgen said '%s'", err);
}

static void writer_validates(void **state)
{
    struct mmc_paramsconf pc;
    char err[256];

    (void)state;
    sample(&pc);
    pc.nb = 0;
    assert_int_equal(mmc_paramsconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "NB: 0 is out of range"));
    remove(scratch_path);
    assert_int_equal(mmc_paramsconf_write(scratch_path, &pc), -1);
    assert_int_equal(access(scratch_path, F_OK), -1);
    sample(&pc);
    pc.isa[0] = '\0';
    assert_int_equal(mmc_paramsconf_validate(&pc, err, sizeof err), -1);
    assert_non_null(strstr(err, "ISA"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        scratch_test(round_trip),
        scratch_test(single_keys),
        scratch_test(mmgen_reads_it),
        scratch_test(rejects_malformed),
        scratch_test(indented_lines),
        scratch_test(mmgen_judges_values),
        scratch_test(writer_validates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
