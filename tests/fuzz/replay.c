/* The harnesses without libFuzzer (make check, any compiler): each file
 * named on the command line is one input, fed to the harness once --
 * the committed seed corpus and every input that once crashed a parser
 * (tests/fuzz/replay.sh). */
#include "tests/fuzz/fuzzfile.h"

#include <stdio.h>
#include <stdlib.h>

/* path's bytes into *data (malloc'd); their count, or -1 */
static long slurp(const char *path, uint8_t **data)
{
    FILE *fp = fopen(path, "rb");
    long n = -1;

    *data = NULL;
    if (fp && fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0
        && fseek(fp, 0, SEEK_SET) == 0 && (*data = malloc(n + 1)) != NULL
        && fread(*data, 1, (size_t)n, fp) != (size_t)n)
        n = -1;
    if (fp)
        fclose(fp);
    return *data ? n : -1;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        uint8_t *data;
        long n = slurp(argv[i], &data);
        if (n < 0) {
            perror(argv[i]);
            return 99;
        }
        LLVMFuzzerTestOneInput(data, (size_t)n);
        free(data);
    }
    return 0;
}
