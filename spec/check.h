/* Internal to spec/: the checks of spec/check*.c and what they share. */
#ifndef MMS_CHECK_H
#define MMS_CHECK_H

#include "spec/spec.h"

struct mms_check {
    struct mms_spec *s;
    char *err;
    size_t len;
};

/* "FILE:LINE:COL: message" into c->err; returns -1. */
int mms_check_error(struct mms_check *c, struct mms_loc at, const char *fmt,
                    ...) __attribute__((format(printf, 3, 4)));

/* A name of item `upto` (or of the routine, upto -1): not reserved, not
 * defined before it. */
int mms_check_name(struct mms_check *c, const char *name, struct mms_loc at,
                   int upto);
/* A size's name is an option of the driver (--NAME): not one of its
 * own options. */
int mms_check_option_clash(struct mms_check *c, const struct mms_item *it);
/* Item i's macro: a name of its own. */
int mms_check_macro(struct mms_check *c, int i);
/* e uses only sizes and numeric scalars of items before upto (a macro
 * name stands for its size); whole numbers only when want_int.  Its class
 * goes to *cls when cls is not NULL. */
int mms_check_expr(struct mms_check *c, struct mms_expr *e, int upto,
                   int want_int, enum mms_class *cls);
int mms_check_scalar(struct mms_check *c, struct mms_item *it, int i);
int mms_check_array(struct mms_check *c, struct mms_item *it, int i);
/* it can be passed as prm. */
int mms_check_binding(struct mms_check *c, const struct mms_item *it,
                      const struct mms_param *prm);

#endif
