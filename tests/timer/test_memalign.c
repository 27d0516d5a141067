/* MemAlign (paper 000 §5.5): every size, alignment and forced misalignment
 * gives exactly the asked offset, usable bytes, and a clean free; bad
 * requests are refused. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "timer/mmtimer.h"

static void offsets_are_exact(void **state)
{
    static const size_t sizes[] = { 0, 1, 7, 8, 63, 64, 65, 4095, 4096,
                                    100000, 1 << 20 };
    int n = 0;

    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t align = 1; align <= 8192; align *= 2) {
            size_t mis[] = { 0, 1, 8, align / 2, align - 8, align - 1 };
            for (size_t m = 0; m < sizeof mis / sizeof mis[0]; m++) {
                if (mis[m] >= align)
                    continue;
                unsigned char *p = mmtm_alloc(sizes[s], align, mis[m]);
                assert_non_null(p);
                if ((uintptr_t)p % align != mis[m])
                    fail_msg("size %zu align %zu misalign %zu: got %p",
                             sizes[s], align, mis[m], (void *)p);
                memset(p, 0xa5, sizes[s]);   /* every byte is ours */
                mmtm_free(p);
                n++;
            }
        }
    assert_true(n > 400);
}

/* Forced misalignment in the paper's sense: 8-byte aligned, never 16. */
static void misalignment_is_forced(void **state)
{
    void *keep[64];

    (void)state;
    for (int i = 0; i < 64; i++) {
        keep[i] = mmtm_alloc(1000 + i * 8, 16, 8);
        assert_non_null(keep[i]);
        assert_int_equal((uintptr_t)keep[i] % 8, 0);
        assert_int_not_equal((uintptr_t)keep[i] % 16, 0);
    }
    for (int i = 0; i < 64; i++)
        mmtm_free(keep[i]);
    mmtm_free(NULL);
}

static void bad_requests_are_refused(void **state)
{
    (void)state;
    errno = 0;
    assert_null(mmtm_alloc(64, 0, 0));
    assert_int_equal(errno, EINVAL);
    assert_null(mmtm_alloc(64, 48, 0));
    assert_null(mmtm_alloc(64, 64, 64));
    assert_null(mmtm_alloc(64, 64, 100));
    assert_null(mmtm_alloc(SIZE_MAX - 8, 64, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(offsets_are_exact),
        cmocka_unit_test(misalignment_is_forced),
        cmocka_unit_test(bad_requests_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
