#include "common/fingerprint.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

void mmc_fingerprint_text(const char *text, char out[MMC_FINGERPRINT_LEN])
{
    uint64_t h = 0xcbf29ce484222325ULL;

    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 0x100000001b3ULL;
    snprintf(out, MMC_FINGERPRINT_LEN, "%016llx", (unsigned long long)h);
}

void mmc_probeconf_fingerprint(const struct mmc_probeconf *pc,
                               char out[MMC_FINGERPRINT_LEN])
{
    char text[MMC_P_NKEYS * 48 + 32];
    size_t used = (size_t)snprintf(text, sizeof text, "FORMAT=%d",
                                   MMC_PROBECONF_FORMAT);

    for (int k = 0; k < MMC_P_NKEYS && used < sizeof text; k++)
        used += (size_t)snprintf(text + used, sizeof text - used, " %s=%.10g",
                                 mmc_probeconf_schema[k].key,
                                 mmc_probeconf_get(pc, k));
    mmc_fingerprint_text(text, out);
}
