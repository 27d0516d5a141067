/* The one reader of sysfs and /proc/cpuinfo (common/sysfiles.c) on files
 * of the tests' own: a one-line file's first line, a cpuinfo key's value,
 * and -1 where the file or the key is missing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "common/sysfiles.h"
#include "tests/common/scratch.h"

static void first_line(void **state)
{
    char buf[64];

    (void)state;
    scratch_write("2048K\nsecond line\n");
    assert_int_equal(mmc_sysfs_read(".", scratch_path, buf, sizeof buf), 0);
    assert_string_equal(buf, "2048K");
    scratch_write("performance");
    assert_int_equal(mmc_sysfs_read(".", scratch_path, buf, sizeof buf), 0);
    assert_string_equal(buf, "performance");
}

static void line_missing(void **state)
{
    char buf[64];

    (void)state;
    scratch_write("");
    assert_int_equal(mmc_sysfs_read(".", scratch_path, buf, sizeof buf), -1);
    assert_int_equal(mmc_sysfs_read(".", "no-such-file", buf, sizeof buf),
                     -1);
}

static void sysfs_dirs(void **state)
{
    char buf[96];

    (void)state;
    mmc_sysfs_cache_dir(buf, sizeof buf, 3);
    assert_string_equal(buf, "/sys/devices/system/cpu/cpu0/cache/index3");
    mmc_sysfs_cpufreq_dir(buf, sizeof buf, 1);
    assert_string_equal(buf, "/sys/devices/system/cpu/cpu1/cpufreq");
}

static const char cpuinfo[] =
    "processor\t: 0\n"
    "vendor_id\t: AuthenticAMD\n"
    "cpu MHz\t\t: 2995.376\n"
    "model name\t: AMD EPYC 9R45\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: another CPU\n";

/* The first CPU's value, after the colon and one space. */
static void cpuinfo_key(void **state)
{
    char v[64];

    (void)state;
    scratch_write(cpuinfo);
    assert_int_equal(mmc_cpuinfo_in(scratch_path, "model name", v, sizeof v),
                     0);
    assert_string_equal(v, "AMD EPYC 9R45");
    assert_int_equal(mmc_cpuinfo_in(scratch_path, "cpu MHz", v, sizeof v), 0);
    assert_string_equal(v, "2995.376");
    assert_int_equal(mmc_cpuinfo_in(scratch_path, "vendor_id", v, 8), 0);
    assert_string_equal(v, "Authent");
}

static void cpuinfo_missing(void **state)
{
    char v[64];

    (void)state;
    scratch_write(cpuinfo);
    assert_int_equal(mmc_cpuinfo_in(scratch_path, "cache size", v, sizeof v),
                     -1);
    assert_int_equal(mmc_cpuinfo_in("no-such-file", "model name", v,
                                    sizeof v), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        scratch_test(first_line),
        scratch_test(line_missing),
        cmocka_unit_test(sysfs_dirs),
        scratch_test(cpuinfo_key),
        scratch_test(cpuinfo_missing),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
