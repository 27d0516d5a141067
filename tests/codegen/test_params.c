/* Parameter sets: defaults pass, every rule rejects with a message that
 * names the parameter and its allowed range, files are read with
 * file:line errors, and the canonical options recreate the set. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "codegen/params.h"

static void expect_contains(const char *err, const char *want)
{
    if (!strstr(err, want))
        fail_msg("error '%s' does not contain '%s'", err, want);
}

static void set_ok(struct mmg_params *p, const char *key, const char *v)
{
    char err[256];
    if (mmg_params_set(p, key, v, err, sizeof err) != 0)
        fail_msg("%s=%s rejected: %s", key, v, err);
}

static void defaults_pass(void **state)
{
    struct mmg_params p;
    char err[256];

    (void)state;
    mmg_params_default(&p);
    assert_int_equal(mmg_params_check(&p, err, sizeof err), 0);
    assert_int_equal(mmg_tile(&p), 40);
    assert_int_equal(mmg_dim(&p, 'k'), 40);
}

/* Values outside a parameter's own range, and words that mean nothing. */
static void bad_values(void **state)
{
    static const struct { const char *key, *value, *want; } cases[] = {
        { "NB", "0", "NB: 0 is out of range (allowed 1..1024)" },
        { "ls", "abc", "LS: 'abc' is not an integer (allowed 1..16)" },
        { "FMA", "2", "FMA: 2 is out of range (allowed 0..1)" },
        { "MU", "65", "MU: 65 is out of range (allowed 1..64)" },
        { "ISA", "avx1024", "ISA: 'avx1024' is not known" },
        { "BETA", "2", "BETA: '2' is not a variant or a comma list of "
          "them (allowed 0, 1, X, all)" },
        { "BETA", "0,", "BETA: '0,' is not a variant" },
        { "BETA", "0,,1", "BETA: '0,,1' is not a variant" },
        { "BETA", "", "BETA: '' is not a variant" },
        { "NAME", "9lives", "NAME: '9lives' is not a C identifier" },
        { "FOO", "1", "FOO: not a parameter" },
    };
    struct mmg_params p;
    char err[256];

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mmg_params_default(&p);
        assert_int_equal(mmg_params_set(&p, cases[i].key, cases[i].value,
                                        err, sizeof err), -1);
        expect_contains(err, cases[i].want);
    }
    /* the good neighbour of a bad value passes */
    set_ok(&p, "NB", "1");
    set_ok(&p, "ls", "16");
}

/* Rules between parameters. */
static void bad_sets(void **state)
{
    static const struct { const char *sets, *want; } cases[] = {
        { "ISA=avx2 MU=6", "MU: 6 is not allowed with ISA=avx2 (allowed "
          "multiples of the vector length 4" },
        { "KU=41", "KU: 41 is out of range (allowed 1..NB=40)" },
        { "M=41", "M: 41 is out of range (allowed 0 = run time, or "
          "1..NB=40)" },
        { "COPY=0 NCNB=20 K=21", "K: 21 is out of range (allowed 0 = run "
          "time, or 1..NCNB=20)" },
        { "IF=1", "IF: 1 is out of range (allowed 2..6," },
        { "NF=7", "NF: 7 is out of range (allowed 1..6," },
        { "ISA=avx512 MU=8 NU=2 IF=4", "IF: 4 is out of range (allowed "
          "2..3," },
        { "PFB=1", "PFB: 1 is not allowed with ISA=none (allowed 0; B's "
          "next panel is prefetched in the packed panel layout of SIMD "
          "COPY=1 kernels only)" },
        { "ISA=avx2 MU=8 COPY=0 PFB=1", "PFB: 1 is not allowed with "
          "COPY=0" },
    };
    char err[256], buf[128];

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct mmg_params p;
        mmg_params_default(&p);
        snprintf(buf, sizeof buf, "%s", cases[i].sets);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
            char *eq = strchr(t, '=');
            *eq = '\0';
            set_ok(&p, t, eq + 1);
        }
        assert_int_equal(mmg_params_check(&p, err, sizeof err), -1);
        expect_contains(err, cases[i].want);
    }
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

static void read_files(void **state)
{
    struct mmg_params p;
    char path[64], err[256];

    (void)state;
    snprintf(path, sizeof path, "test_params.%ld.conf", (long)getpid());
    write_file(path, "# a search winner\nNB = 36\nMU = 8  # rows\n"
               "ISA = avx2\nBETA = X\nK = 0\n");
    mmg_params_default(&p);
    assert_int_equal(mmg_params_read(&p, path, err, sizeof err), 0);
    assert_int_equal(p.nb, 36);
    assert_int_equal(p.mu, 8);
    assert_int_equal(p.isa, MMG_ISA_AVX2);
    assert_int_equal(p.betas, MMG_BETAX);
    assert_int_equal(mmg_dim(&p, 'k'), MMG_RUNTIME);
    assert_int_equal(mmg_params_check(&p, err, sizeof err), 0);

    write_file(path, "NB = 36\nMU = 99\n");
    assert_int_equal(mmg_params_read(&p, path, err, sizeof err), -1);
    expect_contains(err, ":2:");
    write_file(path, "NB = 36\n\nISA = avx3\n");
    assert_int_equal(mmg_params_read(&p, path, err, sizeof err), -1);
    expect_contains(err, ":3: ISA: 'avx3' is not known");
    unlink(path);
}

/* mmg_params_options is what the generated file records as the command
 * that recreates it: applying it to the defaults must give the same set. */
static void options_round_trip(void **state)
{
    struct mmg_params p, q;
    char opts[1024], a[128], b[128];

    (void)state;
    mmg_params_default(&p);
    set_ok(&p, "ISA", "sse2");
    set_ok(&p, "NB", "24");
    set_ok(&p, "K", "0");
    set_ok(&p, "LS", "3");
    set_ok(&p, "FMA", "0");
    set_ok(&p, "BETA", "1");
    mmg_params_options(&p, opts, sizeof opts);
    mmg_params_default(&q);
    for (char *t = strtok(opts, " "); t; t = strtok(NULL, " ")) {
        char *eq = strchr(t, '=');
        assert_non_null(eq);
        *eq = '\0';
        set_ok(&q, t + 2, eq + 1);
    }
    assert_memory_equal(&p, &q, sizeof p);
    mmg_kernel_name(&p, a, sizeof a);
    assert_string_equal(a, "mmk_sse2_c24_m24n24kr_u4x2x4_l3_f01_i2n2");
    set_ok(&q, "KU", "8");
    mmg_kernel_name(&q, b, sizeof b);
    assert_string_not_equal(a, b);
}

/* A comma list of variants (the search's drivers build 0 and 1 alone),
 * and the command the file records says that list, not all. */
static void beta_lists(void **state)
{
    static const struct { const char *word; int bits; } cases[] = {
        { "0,1", MMG_BETA0 | MMG_BETA1 }, { "x,1", MMG_BETAX | MMG_BETA1 },
        { "1,0,X", MMG_BETA_ALL }, { "all", MMG_BETA_ALL },
    };
    struct mmg_params p, q;
    char opts[1024];

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mmg_params_default(&p);
        set_ok(&p, "BETA", cases[i].word);
        assert_int_equal(p.betas, cases[i].bits);
        mmg_params_options(&p, opts, sizeof opts);
        mmg_params_default(&q);
        set_ok(&q, "BETA", "1");
        for (char *t = strtok(opts, " "); t; t = strtok(NULL, " "))
            if (!strncmp(t, "--beta=", 7))
                set_ok(&q, "BETA", t + 7);
        assert_int_equal(q.betas, cases[i].bits);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_pass),
        cmocka_unit_test(bad_values),
        cmocka_unit_test(bad_sets),
        cmocka_unit_test(read_files),
        cmocka_unit_test(options_round_trip),
        cmocka_unit_test(beta_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
