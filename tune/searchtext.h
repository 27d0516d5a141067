/* The search's values as its log and its plain lines say them. */
#ifndef MMS_SEARCHTEXT_H
#define MMS_SEARCHTEXT_H

#include <stddef.h>

#include "tune/how.h"
#include "tune/search.h"

/* "single precision: " for the single search, else "": what begins its
 * notes, so that every line of a log that holds both says which. */
const char *mms_precision_said(const struct mms_search *s);
/* How the kernels are timed (the log's head, params.conf's TIMING). */
void mms_timer_text(const struct mms_search *s, char *buf, size_t len);
/* "ISA=avx512 MU=24 NU=8 ... CC=clang": kernel p built as h says. */
void mms_kernel_text(const struct mms_search *s,
                     const struct mmg_params *p, struct mms_how h,
                     char *buf, size_t len);
/* "NB=48 KU=1": the values of keys (a step's sets) in p built as h
 * says. */
void mms_sets_text(const struct mms_search *s, const char *keys,
                   const struct mmg_params *p, struct mms_how h, char *buf,
                   size_t len);
/* "MC=120 KC=480 NC=1440 (NB=480)": a blocks candidate. */
void mms_blocks_text(const struct mmg_params *p, int nc, char *buf,
                     size_t len);
/* The shapes the whole DGEMM is timed at, comma-separated: all (part
 * -1), the square ones (0) or the narrow ones (1). */
void mms_shapes_text(const struct mms_pipeline *pl, char *buf, size_t len,
                     int part);
/* "square N=..., narrow ...": as a whole DGEMM step's lines say them. */
void mms_shapes_said(const struct mms_pipeline *pl, char *buf, size_t len);

#endif
