/* The options of a Matrix or Vector: how it is filled (RANDOM, CONST,
 * INIT), its cache state (flush, hot), alignment and leading dimension.
 * Each may be given once; numbers are checked where they stand. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdlib.h>

#include "drivergen/parse.h"

static const char *const opt_names[] = {
    "RANDOM", "CONST", "INIT", "flush", "hot", "align", "misalign", "ld"
};

/* A signed number from snum: its value, and whether it is whole. */
static double number(const struct mmd_expr *e, int *whole)
{
    if (e->op == MMD_E_NEG) {
        *whole = e->l->is_int;
        return -e->l->num;
    }
    *whole = e->is_int;
    return e->num;
}

static int check_number(struct mmd_pstate *p, enum mmd_opt_kind kind,
                        const struct mmd_expr *e, struct mmd_loc at)
{
    int whole;
    double v = number(e, &whole);

    if (kind == MMD_O_RANDOM && (!whole || v < 0 || v > 4294967295.0)) {
        mmd_perror(p, at, "expected a seed 0..4294967295, got %g", v);
        return -1;
    }
    if (kind == MMD_O_ALIGN
        && (!whole || v < 1 || v > 1048576 || ((long)v & ((long)v - 1)))) {
        mmd_perror(p, at, "expected an alignment in bytes, a power of two "
                   "1..1048576, got %g", v);
        return -1;
    }
    if (kind == MMD_O_MISALIGN && (!whole || v < 0 || v >= 1048576)) {
        mmd_perror(p, at, "expected a misalignment in bytes 0..1048575, "
                   "got %g", v);
        return -1;
    }
    return 0;
}

#define FILLS (1u << MMD_O_RANDOM | 1u << MMD_O_CONST | 1u << MMD_O_USER)
#define STATES (1u << MMD_O_FLUSH | 1u << MMD_O_HOT)

/* The group kind belongs to: one fill, one cache state, or itself. */
static unsigned group_of(enum mmd_opt_kind kind)
{
    unsigned bit = 1u << kind;

    return bit & FILLS ? FILLS : bit & STATES ? STATES : bit;
}

static void conflict(struct mmd_pstate *p, enum mmd_opt_kind kind,
                     struct mmd_loc at)
{
    unsigned g = group_of(kind);

    if (g == FILLS)
        mmd_perror(p, at, "expected one fill (RANDOM, CONST or INIT), got "
                   "a second: '%s'", opt_names[kind]);
    else if (g == STATES)
        mmd_perror(p, at, "expected flush or hot, got both");
    else
        mmd_perror(p, at, "expected '%s' once, got it twice",
                   opt_names[kind]);
}

static int apply(struct mmd_pstate *p, struct mmd_array_spec *a,
                 enum mmd_opt_kind kind, struct mmd_expr *arg, char *fn)
{
    int whole;

    switch (kind) {
    case MMD_O_RANDOM:
    case MMD_O_CONST:
        a->fill = kind == MMD_O_RANDOM ? MMD_FILL_RANDOM : MMD_FILL_CONST;
        a->fill_arg = arg;
        return 0;
    case MMD_O_USER:
        a->fill = MMD_FILL_USER;
        a->init_fn = fn;
        return 0;
    case MMD_O_FLUSH:
    case MMD_O_HOT:
        a->cold = kind == MMD_O_FLUSH;
        return 0;
    case MMD_O_ALIGN:
    case MMD_O_MISALIGN:
        *(kind == MMD_O_ALIGN ? &a->align : &a->misalign)
            = lround(number(arg, &whole));
        mmd_expr_free(arg);
        return 0;
    case MMD_O_LD:
        a->ld = arg;
        return 0;
    }
    (void)p;
    return -1;
}

int mmd_array_opt(struct mmd_pstate *p, struct mmd_array_spec *a,
                  enum mmd_opt_kind kind, struct mmd_expr *arg, char *fn,
                  struct mmd_loc at)
{
    if (a->given & group_of(kind)) {
        conflict(p, kind, at);
    } else if (arg == NULL || kind == MMD_O_CONST || kind == MMD_O_LD
               || check_number(p, kind, arg, at) == 0) {
        a->given |= 1u << kind;
        return apply(p, a, kind, arg, fn);
    }
    mmd_expr_free(arg);
    free(fn);
    return -1;
}
