/* KEY = value files: good files round-trip, every malformed file is
 * rejected with file:line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/kvfile.h"
#include "tests/common/scratch.h"

static const struct kv_field fields[] = {
    { "L1D_KIB", KV_INT, 1, 1 << 20, 1 },
    { "CLOCK_GHZ", KV_REAL, 0.1, 10, 1 },
    { "FMA", KV_BOOL, 0, 1, 1 },
    { "ISA", KV_WORD, 0, 0, 0 },
};
#define NF (sizeof fields / sizeof fields[0])

/* Read scratch_path and expect failure whose message contains want. */
static void expect_error(const char *text, const char *want)
{
    struct kv_value v[NF];
    char err[256];

    scratch_write(text);
    assert_int_equal(kv_read(scratch_path, fields, NF, v, err, sizeof err),
                     -1);
    if (!strstr(err, want))
        fail_msg("error '%s' does not contain '%s'", err, want);
    assert_non_null(strstr(err, scratch_path));
}

static void round_trip(void **state)
{
    struct kv_writer w;
    struct kv_value v[NF];
    char err[256];

    (void)state;
    assert_int_equal(kv_begin(&w, scratch_path), 0);
    kv_comment(&w, "written by %s", "test_kvfile");
    kv_put(&w, "L1D_KIB", "KiB, measured", "%d", 48);
    kv_put(&w, "CLOCK_GHZ", NULL, "%.3f", 2.25);
    kv_put(&w, "FMA", "bool", "%d", 1);
    kv_put(&w, "ISA", "widest", "%s", "avx2");
    assert_int_equal(kv_commit(&w), 0);

    assert_int_equal(kv_read(scratch_path, fields, NF, v, err, sizeof err),
                     0);
    assert_int_equal(v[0].i, 48);
    assert_int_equal(v[0].line, 2);
    assert_true(v[1].r > 2.249 && v[1].r < 2.251);
    assert_int_equal(v[2].i, 1);
    assert_string_equal(v[3].word, "avx2");
}

static void discard_leaves_target(void **state)
{
    struct kv_writer w;

    (void)state;
    scratch_write("old\n");
    assert_int_equal(kv_begin(&w, scratch_path), 0);
    kv_put(&w, "FMA", NULL, "1");
    kv_discard(&w);
    assert_string_equal(scratch_read(), "old\n");
}

static void rejects_malformed(void **state)
{
    (void)state;
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = 2\nFMA = 1\nBOGUS = 3\n",
                 ":4: unknown key 'BOGUS'");
    expect_error("L1D_KIB = 4x8\nCLOCK_GHZ = 2\nFMA = 1\n",
                 ":1: L1D_KIB: '4x8' is not an integer");
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = fast\nFMA = 1\n",
                 ":2: CLOCK_GHZ: 'fast' is not a number");
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = 99\nFMA = 1\n",
                 ":2: CLOCK_GHZ: 99 is out of range");
    expect_error("L1D_KIB = 48\nFMA = 1\nCLOCK_GHZ = 2\nFMA = 0\n",
                 ":4: duplicate key 'FMA' (first set on line 2)");
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = 2\n",
                 "required key 'FMA' is missing");
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = 2\nFMA = 1\nISA = av",
                 ":4: truncated file");
    expect_error("L1D_KIB = 48\nthis line has no equals\n",
                 ":2: expected 'KEY = value'");
    expect_error("[sec]\nL1D_KIB = 48\n", ":2: sections");
    expect_error("L1D_KIB =\nCLOCK_GHZ = 2\nFMA = 1\n",
                 ":1: L1D_KIB has no value");
    expect_error("L1D_KIB = 48\nCLOCK_GHZ = 2\nFMA = 2\n",
                 ":3: FMA: '2' is not 0 or 1");
}

static void missing_file(void **state)
{
    struct kv_value v[NF];
    char err[256];

    (void)state;
    unlink(scratch_path);
    assert_int_equal(kv_read(scratch_path, fields, NF, v, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "No such file"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        scratch_test(round_trip),
        scratch_test(discard_leaves_target),
        scratch_test(rejects_malformed),
        scratch_test(missing_file),
    };
    return cmocka_run_group_tests_name("kvfile", tests, NULL, NULL);
}
