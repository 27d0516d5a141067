/* mmsearch --precision=s (issue 34): the single-precision kernel, found
 * not by a second full search but around the double winner.  It starts
 * from that winner's register tile in vectors (MU doubled, NU kept: the
 * same registers; kernels/libparams.c's mml_params_single, the rule the
 * library derives an absent single set by) with NB scaled for L1's
 * bytes, times a few candidates around it (steps s-nb and s-ku, named
 * apart from the double's in the same log, whose kernels say type=s),
 * and writes the S_ keys into the params.conf the double search wrote.
 * The blocking is not searched: the whole SGEMM is not timed yet, and
 * the library's model for 4-byte elements fills S_MC, S_KC, S_NC and
 * S_SMALL_MAX. */
#ifndef MMS_SINGLE_H
#define MMS_SINGLE_H

#include <stddef.h>

#include "tune/search.h"

/* Set s up for the single search from the double search's params.conf
 * at path (bound to s->probe_fingerprint, which must be set): s->from,
 * s->type, the steps and the start.  The double winner's compiler goes
 * to cc (the single kernels are built with it).  Returns 0, or -1 with
 * "path:line: why" or "path: why" in err. */
int mms_single_setup(struct mms_search *s, const char *path, char *cc,
                     size_t cclen, char *err, size_t errlen);

/* After mms_search_run: the winner verified (and timed when no step
 * did), its S_ keys written into the params.conf at output, the log's
 * note and the plain line.  Returns 0, or -1 with err. */
int mms_single_finish(struct mms_search *s, const char *output, char *err,
                      size_t errlen);

#endif
