/* The spec language's reader (spec/parser.y, spec/lexer.l, the checks of
 * spec/check*.c) on any text. */
#include "tests/fuzz/fuzzfile.h"

#include "spec/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    struct mms_spec s;
    char err[1024];

    if (mms_spec_parse("fuzz.spec", fuzz_text(data, n), &s, err,
                       sizeof err) == 0)
        mms_spec_free(&s);
    return 0;
}
