/* The options of a Matrix or Vector: how it is filled (RANDOM, CONST,
 * INIT), its cache state (flush, hot), alignment and leading dimension.
 * Each may be given once; numbers are checked where they stand. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdlib.h>

#include "spec/parse.h"

static const char *const opt_names[] = {
    "RANDOM", "CONST", "INIT", "flush", "hot", "align", "misalign", "ld"
};

/* A signed number from snum: its value, and whether it is whole. */
static double number(const struct mms_expr *e, int *whole)
{
    if (e->op == MMS_E_NEG) {
        *whole = e->l->is_int;
        return -e->l->num;
    }
    *whole = e->is_int;
    return e->num;
}

static int check_number(struct mms_pstate *p, enum mms_opt_kind kind,
                        const struct mms_expr *e, struct mms_loc at)
{
    int whole;
    double v = number(e, &whole);

    if (kind == MMS_O_RANDOM && (!whole || v < 0 || v > 4294967295.0)) {
        mms_perror(p, at, "expected a seed 0..4294967295, got %g", v);
        return -1;
    }
    if (kind == MMS_O_ALIGN
        && (!whole || v < 1 || v > 1048576 || ((long)v & ((long)v - 1)))) {
        mms_perror(p, at, "expected an alignment in bytes, a power of two "
                   "1..1048576, got %g", v);
        return -1;
    }
    if (kind == MMS_O_MISALIGN && (!whole || v < 0 || v >= 1048576)) {
        mms_perror(p, at, "expected a misalignment in bytes 0..1048575, "
                   "got %g", v);
        return -1;
    }
    return 0;
}

#define FILLS (1u << MMS_O_RANDOM | 1u << MMS_O_CONST | 1u << MMS_O_USER)
#define STATES (1u << MMS_O_FLUSH | 1u << MMS_O_HOT)

/* The group kind belongs to: one fill, one cache state, or itself. */
static unsigned group_of(enum mms_opt_kind kind)
{
    unsigned bit = 1u << kind;

    return bit & FILLS ? FILLS : bit & STATES ? STATES : bit;
}

static void conflict(struct mms_pstate *p, enum mms_opt_kind kind,
                     struct mms_loc at)
{
    unsigned g = group_of(kind);

    if (g == FILLS)
        mms_perror(p, at, "expected one fill (RANDOM, CONST or INIT), got "
                   "a second: '%s'", opt_names[kind]);
    else if (g == STATES)
        mms_perror(p, at, "expected flush or hot, got both");
    else
        mms_perror(p, at, "expected '%s' once, got it twice",
                   opt_names[kind]);
}

static int apply(struct mms_pstate *p, struct mms_array_spec *a,
                 enum mms_opt_kind kind, struct mms_expr *arg, char *fn)
{
    int whole;

    switch (kind) {
    case MMS_O_RANDOM:
    case MMS_O_CONST:
        a->fill = kind == MMS_O_RANDOM ? MMS_FILL_RANDOM : MMS_FILL_CONST;
        a->fill_arg = arg;
        return 0;
    case MMS_O_USER:
        a->fill = MMS_FILL_USER;
        a->init_fn = fn;
        return 0;
    case MMS_O_FLUSH:
    case MMS_O_HOT:
        a->cold = kind == MMS_O_FLUSH;
        return 0;
    case MMS_O_ALIGN:
    case MMS_O_MISALIGN:
        *(kind == MMS_O_ALIGN ? &a->align : &a->misalign)
            = lround(number(arg, &whole));
        mms_expr_free(arg);
        return 0;
    case MMS_O_LD:
        a->ld = arg;
        return 0;
    }
    (void)p;
    return -1;
}

int mms_array_opt(struct mms_pstate *p, struct mms_array_spec *a,
                  enum mms_opt_kind kind, struct mms_expr *arg, char *fn,
                  struct mms_loc at)
{
    if (a->given & group_of(kind)) {
        conflict(p, kind, at);
    } else if (arg == NULL || kind == MMS_O_CONST || kind == MMS_O_LD
               || check_number(p, kind, arg, at) == 0) {
        a->given |= 1u << kind;
        return apply(p, a, kind, arg, fn);
    }
    mms_expr_free(arg);
    free(fn);
    return -1;
}
