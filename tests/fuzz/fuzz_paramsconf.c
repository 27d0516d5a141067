/* params.conf's two readers on any bytes: common/paramsconf.c (the file
 * as a whole) and codegen/params.c (the kernel's values, mmgen --params
 * and the library's build). */
#include "tests/fuzz/fuzzfile.h"

#include "codegen/codegen.h"
#include "common/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    const char *path = fuzz_file(data, n);
    struct mmc_paramsconf pc;
    struct mmg_params p;
    char err[1024];

    if (mmc_paramsconf_read(path, &pc, err, sizeof err) == 0)
        mmc_paramsconf_validate(&pc, err, sizeof err);
    mmg_params_default(&p);
    mmg_params_read(&p, path, err, sizeof err);
    return 0;
}
