#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/common/scratch.h"

extern const char *__progname;   /* glibc: the test program's name */

char scratch_path[256];

int scratch_setup(void **state)
{
    (void)state;
    snprintf(scratch_path, sizeof scratch_path, "%s.%ld.scratch",
             __progname, (long)getpid());
    return 0;
}

int scratch_teardown(void **state)
{
    (void)state;
    unlink(scratch_path);
    return 0;
}

void scratch_write(const char *text)
{
    FILE *fp = fopen(scratch_path, "w");

    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

char *scratch_read(void)
{
    static char text[8192];
    FILE *fp = fopen(scratch_path, "r");
    size_t n;

    assert_non_null(fp);
    n = fread(text, 1, sizeof text - 1, fp);
    text[n] = '\0';
    fclose(fp);
    return text;
}

const char *scratch_edit(const char *text, const char *from, const char *to)
{
    static char out[8192];
    const char *at = strstr(text, from);

    assert_non_null(at);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to,
             at + strlen(from));
    return out;
}
