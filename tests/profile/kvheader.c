/* kvheader FILE: read a profiler table's header (the lines before the
 * column line: the caller cuts the shape lines off, which are not
 * KEY = value) with common/'s KEY = value reader, the one every mmtune
 * file goes through, and print the values as KEY=value.  Exit 0 when it
 * reads, 1 with the reader's file:line message otherwise. */
#include <stdio.h>

#include "common/common.h"

static const struct kv_field header[] = {
    { "FORMAT", KV_INT, 1, 1, 1 },
    { "PROGRAM", KV_WORD, 0, 0, 1 },
    { "CALLS", KV_INT, 0, 1e18, 1 },
    { "DROPPED", KV_INT, 0, 1e18, 1 },
    { "SHAPES", KV_INT, 0, 1e18, 1 },
    { "SECONDS", KV_REAL, 0, 1e18, 1 },
};
#define NH (sizeof header / sizeof header[0])

int main(int argc, char **argv)
{
    struct kv_value v[NH];
    char err[512];

    if (argc != 2) {
        fprintf(stderr, "usage: kvheader FILE\n");
        return 2;
    }
    if (kv_read(argv[1], header, NH, v, err, sizeof err) != 0) {
        fprintf(stderr, "kvheader: %s\n", err);
        return 1;
    }
    for (size_t i = 0; i < NH; i++)
        if (header[i].type == KV_WORD)
            printf("%s=%s\n", header[i].key, v[i].word);
        else
            printf("%s=%g\n", header[i].key, v[i].r);
    return 0;
}
