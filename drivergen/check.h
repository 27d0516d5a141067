/* Internal to drivergen/: the checks of drivergen/check*.c and what they
 * share. */
#ifndef MMD_CHECK_H
#define MMD_CHECK_H

#include "drivergen/spec.h"

struct mmd_check {
    struct mmd_spec *s;
    char *err;
    size_t len;
};

/* "FILE:LINE:COL: message" into c->err; returns -1. */
int mmd_check_error(struct mmd_check *c, struct mmd_loc at, const char *fmt,
                    ...) __attribute__((format(printf, 3, 4)));

/* A name of item `upto` (or of the routine, upto -1): not reserved, not
 * defined before it. */
int mmd_check_name(struct mmd_check *c, const char *name, struct mmd_loc at,
                   int upto);
/* A size's name is an option of the driver (--NAME): not one of its
 * own options. */
int mmd_check_option_clash(struct mmd_check *c, const struct mmd_item *it);
/* Item i's macro: a name of its own. */
int mmd_check_macro(struct mmd_check *c, int i);
/* e uses only sizes and numeric scalars of items before upto (a macro
 * name stands for its size); whole numbers only when want_int.  Its class
 * goes to *cls when cls is not NULL. */
int mmd_check_expr(struct mmd_check *c, struct mmd_expr *e, int upto,
                   int want_int, enum mmd_class *cls);
int mmd_check_scalar(struct mmd_check *c, struct mmd_item *it, int i);
int mmd_check_array(struct mmd_check *c, struct mmd_item *it, int i);
/* it can be passed as prm. */
int mmd_check_binding(struct mmd_check *c, const struct mmd_item *it,
                      const struct mmd_param *prm);

#endif
