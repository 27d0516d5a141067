/* The profile table's reader (spec/profile.c: what mmspec
 * --from-profile reads of libmmprofile's table) on any bytes. */
#include "tests/fuzz/fuzzfile.h"

#include "spec/profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    struct mms_profile p;
    char err[1024];

    if (mms_profile_read(fuzz_file(data, n), &p, err, sizeof err) == 0)
        mms_profile_free(&p);
    return 0;
}
