/* One scratch file per cmocka test case, shared by the tests that read and
 * write KEY = value files: named for the test program and its pid so that
 * parallel tests never meet, removed after each case. */
#ifndef MMT_TEST_SCRATCH_H
#define MMT_TEST_SCRATCH_H

extern char scratch_path[];

/* cmocka setup/teardown: choose scratch_path, remove it afterwards. */
int scratch_setup(void **state);
int scratch_teardown(void **state);
/* A test case with its own scratch file. */
#define scratch_test(f) \
    cmocka_unit_test_setup_teardown(f, scratch_setup, scratch_teardown)

/* Replace the scratch file with text (the test fails if it cannot). */
void scratch_write(const char *text);
/* The whole scratch file (up to 8 KiB), in a static buffer. */
char *scratch_read(void);

/* text with the first occurrence of from replaced by to, in a static
 * buffer (the test fails if from is not there). */
const char *scratch_edit(const char *text, const char *from, const char *to);

#endif
