/* probe.conf's reader (common/probeconf.c) on any bytes: it reads the
 * file or refuses it with file:line, and what it accepts validates or is
 * refused as a whole. */
#include "tests/fuzz/fuzzfile.h"

#include "common/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    struct mmc_probeconf pc;
    char err[1024];

    if (mmc_probeconf_read(fuzz_file(data, n), &pc, err, sizeof err) == 0)
        mmc_probeconf_validate(&pc, err, sizeof err);
    return 0;
}
