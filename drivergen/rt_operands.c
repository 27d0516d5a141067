/* A driver's arrays as the timer's operands: each one's bytes, cold or
 * hot, and alignment (paper 000 §5.5's MemAlign per array: the timer
 * aligns every copy to the largest alignment asked for, plus the smallest
 * misalignment; an array that asks for more sits that many bytes further
 * in), and their filling. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "common/common.h"
#include "drivergen/rt.h"

static const struct {
    const char *name;
    size_t bytes;
} elems[] = {
    [MMD_DOUBLE] = { "double", sizeof(double) },
    [MMD_FLOAT] = { "float", sizeof(float) },
    [MMD_INT] = { "int", sizeof(int) },
    [MMD_LONG] = { "long", sizeof(long) },
};

const char *mmd_elem_name(enum mmd_elem e)
{
    return elems[e].name;
}

static int find_array(const struct mmd_driver *d, const char *name)
{
    for (int i = 0; i < d->narrays; i++)
        if (strcmp(d->array[i].name, name) == 0)
            return i;
    for (int i = 0; i < d->narrays; i++)
        if (strcasecmp(d->array[i].name, name) == 0)
            return i;
    return -1;
}

/* --hot=LIST (cold = 0) or --cold=LIST (cold = 1): the arrays named get
 * that state, the others the opposite one. */
static void temperature(struct mmd_driver *d, const char *opt,
                        const char *list, int cold)
{
    char name[64];
    const char *s = list;

    for (int i = 0; i < d->narrays; i++)
        d->array[i].cold = !cold;
    do {
        size_t n = strcspn(s, ",");
        int i;
        snprintf(name, sizeof name, "%.*s", (int)n, s);
        i = n > 0 && n < sizeof name ? find_array(d, name) : -1;
        if (i < 0)
            mmc_usage_error("%s=%s: expected a comma-separated list of the "
                            "arrays of %s, got '%s'", opt, list, d->routine,
                            name);
        d->array[i].cold = cold;
        s += n + (s[n] == ',');
    } while (s[-1] == ',' || *s);
}

/* Alignment from the command line or the spec, then the bytes. */
static size_t array_bytes(struct mmd_driver *d, struct mmd_array *a)
{
    long count = a->matrix ? a->ld * a->cols : a->rows;

    if (d->align > 0)
        a->align = (size_t)d->align;
    else if (a->align == 0)
        a->align = MMTM_ALIGN_DEFAULT;
    if (d->misalign >= 0)
        a->misalign = (size_t)d->misalign;
    if (a->misalign >= a->align)
        mmc_usage_error("array %s: misalignment %zu is not below its "
                        "alignment %zu", a->name, a->misalign, a->align);
    if (!a->matrix)
        a->ld = a->rows;
    if (a->rows < 0 || a->cols < 0 || a->ld < a->rows || (a->matrix
            && a->ld < 1) || (a->cols && count / a->cols != a->ld)) {
        char sizes[256];
        mmd_sizes_text(d, sizes, sizeof sizes);
        mmc_usage_error("array %s: %ld x %ld with leading dimension %ld "
                        "(expected sizes >= 0 and ld >= max(rows, 1); %s)",
                        a->name, a->rows, a->cols, a->ld, sizes);
    }
    return (size_t)count * elems[a->elem].bytes;
}

void mmd_operands(struct mmd_driver *d, struct mmtm_kernel *k)
{
    size_t align = d->narrays ? 1 : MMTM_ALIGN_DEFAULT, misalign = SIZE_MAX;
    size_t bytes[MMTM_MAX_OPERANDS];

    if (d->hot)
        temperature(d, "--hot", d->hot, 0);
    if (d->cold)
        temperature(d, "--cold", d->cold, 1);
    for (int i = 0; i < d->narrays; i++) {
        bytes[i] = array_bytes(d, &d->array[i]);
        if (d->array[i].align > align)
            align = d->array[i].align;
        if (d->array[i].misalign < misalign)
            misalign = d->array[i].misalign;
    }
    d->o.align = align;
    d->o.misalign = d->narrays ? misalign : 0;
    k->noperands = d->narrays;
    for (int i = 0; i < d->narrays; i++) {
        struct mmd_array *a = &d->array[i];
        a->offset = a->misalign - d->o.misalign;
        k->operand[i].name = a->name;
        k->operand[i].bytes = bytes[i] + a->offset;
        k->operand[i].cold = a->cold;
        k->operand[i].accumulates = 0;
    }
}

void *mmd_data(const struct mmd_driver *d, int i, void *p)
{
    return (char *)p + d->array[i].offset;
}

/* RANDOM's values: mixed signs in [-0.5, 0.5) for floating point, so
 * that sums neither grow nor cancel (paper 000 §5.2), 0..99 for integers;
 * the same for every copy of an array and every run of one seed. */
static double next(unsigned *s, int integer)
{
    *s = *s * 1103515245u + 12345u;
    return integer ? (double)(*s >> 8 & 0xffff) * 100 / 65536
                   : (double)(*s >> 8 & 0xffff) / 65536.0 - 0.5;
}

void mmd_fill(const struct mmd_driver *d, int i, void *p)
{
    const struct mmd_array *a = &d->array[i];
    size_t n = (size_t)(a->matrix ? a->ld * a->cols : a->rows);
    unsigned s = 12345u + 977u * (unsigned)a->fill_value;
    int integer = a->elem == MMD_INT || a->elem == MMD_LONG;
    void *x = mmd_data(d, i, p);

    for (size_t j = 0; j < n; j++) {
        double v = a->fill == MMD_CONST ? a->fill_value : next(&s, integer);
        switch (a->elem) {
        case MMD_DOUBLE: ((double *)x)[j] = v; break;
        case MMD_FLOAT: ((float *)x)[j] = (float)v; break;
        case MMD_INT: ((int *)x)[j] = (int)v; break;
        case MMD_LONG: ((long *)x)[j] = (long)v; break;
        }
    }
}

void mmd_array_text(const struct mmd_driver *d, int i, char *buf,
                    size_t len)
{
    const struct mmd_array *a = &d->array[i];

    if (a->matrix)
        snprintf(buf, len, "%s %ldx%ld ld %ld %s, %s, align %zu+%zu, %s",
                 a->name, a->rows, a->cols, a->ld, elems[a->elem].name,
                 a->cold ? "cold" : "hot", a->align, a->misalign,
                 a->fill_text);
    else
        snprintf(buf, len, "%s %ld %s, %s, align %zu+%zu, %s", a->name,
                 a->rows, elems[a->elem].name, a->cold ? "cold" : "hot",
                 a->align, a->misalign, a->fill_text);
}
