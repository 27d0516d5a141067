/* The profile table's reader (drivergen/profile.c: what mmspec
 * --from-profile reads of libmmprofile's table) on any bytes. */
#include "tests/fuzz/fuzzfile.h"

#include "drivergen/profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    struct mmd_profile p;
    char err[1024];

    if (mmd_profile_read(fuzz_file(data, n), &p, err, sizeof err) == 0)
        mmd_profile_free(&p);
    return 0;
}
