/* The parsers fuzzed here read files by path: each input is handed to
 * them as a file in memory (memfd), named /proc/self/fd/N, so that a
 * run of millions of inputs writes nothing to disk. */
#ifndef MMT_FUZZFILE_H
#define MMT_FUZZFILE_H

#include <stddef.h>
#include <stdint.h>

/* The path of a file holding exactly data[0..n); the same file, emptied
 * and refilled, on every call.  Aborts when memory cannot hold it (a
 * harness's failure, not the parser's). */
const char *fuzz_file(const uint8_t *data, size_t n);

/* data[0..n) as a NUL-terminated string (for the parsers of text);
 * freed by the next call. */
const char *fuzz_text(const uint8_t *data, size_t n);

/* libFuzzer's entry point, which each harness defines; replay.c calls it
 * in builds without libFuzzer (make check feeds it the corpus). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

#endif
