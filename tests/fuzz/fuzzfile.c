/* Inputs as files in memory (fuzzfile.h). */
#define _GNU_SOURCE
#include "tests/fuzz/fuzzfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const char *fuzz_file(const uint8_t *data, size_t n)
{
    static int fd = -1;
    static char path[64];

    if (fd < 0) {
        fd = memfd_create("fuzz-input", MFD_CLOEXEC);
        if (fd < 0) {
            perror("memfd_create");
            abort();
        }
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0
        || (n > 0 && pwrite(fd, data, n, 0) != (ssize_t)n)) {
        perror("fuzz input");
        abort();
    }
    return path;
}

const char *fuzz_text(const uint8_t *data, size_t n)
{
    static char *text;

    free(text);
    text = malloc(n + 1);
    if (!text)
        abort();
    if (n > 0)
        memcpy(text, data, n);
    text[n] = '\0';
    return text;
}
