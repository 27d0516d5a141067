/* test_objcache: the driver builds' object cache (tune/objcache.h) gives
 * back an object only for the same compiler words and the same
 * preprocessed text, byte for byte: another text, other words, an entry
 * whose text differs (as a hash collision would leave it) or whose object
 * is gone are misses; an entry is never overwritten by another text;
 * entries unused for the age are pruned, fresh ones kept; a cache path
 * that is not a directory is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "tune/objcache.h"

static char dir[64], cache[96];

static void put(const char *name, const char *text)
{
    char path[160];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* name under dir; two buffers in turn, for a call given two paths */
static const char *path(const char *name)
{
    static char p[2][160];
    static int turn;

    turn = !turn;
    snprintf(p[turn], sizeof p[turn], "%s/%s", dir, name);
    return p[turn];
}

/* The whole of file p (up to 255 bytes). */
static const char *contents(const char *p)
{
    static char buf[256];
    FILE *f = fopen(p, "r");
    size_t n;

    assert_non_null(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int setup(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "objcache.XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(cache, sizeof cache, "%s/objects", dir);
    put("a.i", "int f(void) { return 1; }\n");
    put("a.o", "object of a");
    return 0;
}

static int teardown(void **st)
{
    char cmd[128];

    (void)st;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

static void same_words_and_text_hit(void **st)
{
    char obj[256] = "untouched";

    (void)st;
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("a.i"), obj,
                                       sizeof obj), 0);
    assert_string_equal(obj, "untouched");
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    put("b.i", "int f(void) { return 1; }\n");   /* another build's */
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("b.i"), obj,
                                       sizeof obj), 1);
    assert_string_equal(contents(obj), "object of a");
    /* a copy: the build writing its object again leaves the cache's */
    put("a.o", "rewritten");
    assert_string_equal(contents(obj), "object of a");
}

static void other_words_or_text_miss(void **st)
{
    char obj[256];

    (void)st;
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    assert_int_equal(mms_objcache_find(cache, "clang -O2", path("a.i"), obj,
                                       sizeof obj), 0);
    put("c.i", "int f(void) { return 2; }\n");
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("c.i"), obj,
                                       sizeof obj), 0);
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("none.i"),
                                       obj, sizeof obj), 0);
}

/* The entry's file names for a.i under "gcc -O2": the one .i and .o the
 * cache holds after one keep. */
static void entry_files(char *i, char *o, size_t len)
{
    char cmd[160];
    FILE *p;

    snprintf(cmd, sizeof cmd, "ls %s/*.i", cache);
    p = popen(cmd, "r");
    assert_non_null(p);
    assert_non_null(fgets(i, (int)len, p));
    i[strcspn(i, "\n")] = '\0';
    assert_int_equal(pclose(p), 0);
    snprintf(o, len, "%.*so", (int)strlen(i) - 1, i);
}

static void collision_or_lost_object_miss(void **st)
{
    char obj[256], i[256], o[256];
    FILE *f;

    (void)st;
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    entry_files(i, o, sizeof i);
    /* another text under the same name: the bytes decide, and keep
     * leaves the entry as it is */
    f = fopen(i, "a");
    assert_non_null(f);
    fputs("/* another text */\n", f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("a.i"), obj,
                                       sizeof obj), 0);
    put("a.o", "another object");
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    assert_string_equal(contents(o), "object of a");
    /* the text there, its object gone */
    teardown(st), setup(st);
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    entry_files(i, o, sizeof i);
    assert_int_equal(unlink(o), 0);
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("a.i"), obj,
                                       sizeof obj), 0);
}

static void entries_unused_for_the_age_are_pruned(void **st)
{
    char obj[256], i[256], o[256];
    struct utimbuf old = { 0, 0 };

    (void)st;
    mms_objcache_keep(cache, "gcc -O2", path("a.i"), path("a.o"));
    entry_files(i, o, sizeof i);
    mms_objcache_prune(cache, 3600);            /* a fresh entry stays */
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("a.i"), obj,
                                       sizeof obj), 1);
    old.actime = old.modtime = time(NULL) - 8 * 86400;
    assert_int_equal(utime(i, &old), 0);
    mms_objcache_prune(cache, 7 * 86400.0);
    assert_int_equal(access(i, F_OK), -1);
    assert_int_equal(access(o, F_OK), -1);
    assert_int_equal(mms_objcache_find(cache, "gcc -O2", path("a.i"), obj,
                                       sizeof obj), 0);
}

static void a_cache_that_is_not_a_directory_is_refused(void **st)
{
    char d[256];

    (void)st;
    put("file", "not a directory");
    assert_int_equal(mms_objcache_dir(path("file"), d, sizeof d), -1);
    assert_int_equal(mms_objcache_dir(path("made"), d, sizeof d), 0);
    assert_string_equal(d, path("made"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(same_words_and_text_hit, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(other_words_or_text_miss, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(collision_or_lost_object_miss,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            entries_unused_for_the_age_are_pruned, setup, teardown),
        cmocka_unit_test_setup_teardown(
            a_cache_that_is_not_a_directory_is_refused, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
