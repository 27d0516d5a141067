#include "common/fingerprint.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

void mmt_fingerprint_text(const char *text, char out[MMT_FINGERPRINT_LEN])
{
    uint64_t h = 0xcbf29ce484222325ULL;

    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 0x100000001b3ULL;
    snprintf(out, MMT_FINGERPRINT_LEN, "%016llx", (unsigned long long)h);
}

void mmt_probeconf_fingerprint(const struct mmt_probeconf *pc,
                               char out[MMT_FINGERPRINT_LEN])
{
    char text[MMT_P_NKEYS * 48 + 32];
    size_t used = (size_t)snprintf(text, sizeof text, "FORMAT=%d",
                                   MMT_PROBECONF_FORMAT);

    for (int k = 0; k < MMT_P_NKEYS && used < sizeof text; k++)
        used += (size_t)snprintf(text + used, sizeof text - used, " %s=%.10g",
                                 mmt_probeconf_schema[k].key,
                                 mmt_probeconf_get(pc, k));
    mmt_fingerprint_text(text, out);
}
