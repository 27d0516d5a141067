/* The spec language's reader (drivergen/parser.y, drivergen/lexer.l, the
 * checks of drivergen/check*.c) on any text. */
#include "tests/fuzz/fuzzfile.h"

#include "drivergen/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    struct mmd_spec s;
    char err[1024];

    if (mmd_spec_parse("fuzz.spec", fuzz_text(data, n), &s, err,
                       sizeof err) == 0)
        mmd_spec_free(&s);
    return 0;
}
