/* Fingerprints bind results to what they were measured on (docs/DESIGN.md,
 * Conventions): a short hash of a canonical text, compared as a word. */
#ifndef MMC_FINGERPRINT_H
#define MMC_FINGERPRINT_H

#include <stddef.h>

#include "common/probeconf.h"

#define MMC_FINGERPRINT_LEN 17   /* 16 hex digits and the NUL */

/* FNV-1a (64 bits) of text as 16 hex digits. */
void mmc_fingerprint_text(const char *text, char out[MMC_FINGERPRINT_LEN]);

/* What probe.conf measured: its FORMAT and every value as the file writes
 * it -- not the comments, the _CONFIRMED flags or who wrote it, so that a
 * probe.conf read back has the fingerprint of the one written. */
void mmc_probeconf_fingerprint(const struct mmc_probeconf *pc,
                               char out[MMC_FINGERPRINT_LEN]);

#endif
