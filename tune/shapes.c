/* The whole DGEMM's shapes and operands (candidate.h): what the parent
 * (the log, the lines a step says) and the child that times them
 * (measure.c, dgemm.c) name and fill alike. */
#include "tune/candidate.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The next value of an operand's sequence (xorshift). */
static double draw(uint64_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return (double)(*s >> 11) / (double)(1ULL << 53) - 0.5;
}

static uint64_t seed(int operand)
{
    return 0x9e3779b97f4a7c15ULL * (uint64_t)(operand + 1);
}

void mms_fill_operand(int operand, void *p, size_t bytes, void *user)
{
    double *x = p;
    uint64_t s = seed(operand);

    (void)user;
    for (size_t i = 0; i < bytes / sizeof *x; i++)
        x[i] = draw(&s);
}

void mms_fill_operand_float(int operand, void *p, size_t bytes, void *user)
{
    float *x = p;
    uint64_t s = seed(operand);

    (void)user;
    for (size_t i = 0; i < bytes / sizeof *x; i++)
        x[i] = (float)draw(&s);
}

const int mms_dgemm_warm_sizes[MMS_DGEMM_WARM] = { 16, 32, 64, 100 };

int mms_dgemm_sizes(const struct mms_pipeline *pl, struct mms_dgemm_shape *s)
{
    int k = 0, l = pl->dgemm_narrow;

    for (int i = 0; i < MMS_DGEMM_WARM && pl->dgemm_warm_n[i]; i++)
        s[k++] = (struct mms_dgemm_shape){ pl->dgemm_warm_n[i],
                                           pl->dgemm_warm_n[i],
                                           pl->dgemm_warm_n[i], 0, 1, 1 };
    if (pl->dgemm_small_n > 0)
        s[k++] = (struct mms_dgemm_shape){ pl->dgemm_small_n,
                                           pl->dgemm_small_n,
                                           pl->dgemm_small_n, 1, 0, 0 };
    for (int i = 0; i < MMS_DGEMM_SIZES && pl->dgemm_n[i]; i++)
        s[k++] = (struct mms_dgemm_shape){ pl->dgemm_n[i], pl->dgemm_n[i],
                                           pl->dgemm_n[i], 0,
                                           pl->dgemm_route, 0 };
    if (l > 0 && !pl->dgemm_no_panel)
        s[k++] = (struct mms_dgemm_shape){ l, MMS_NARROW_N, l, 0, 1, 0 };
    if (l > 0)
        s[k++] = (struct mms_dgemm_shape){ MMS_NARROW_M, l, l, 0, 1, 0 };
    return k;
}

void mms_shape_text(const struct mms_dgemm_shape *s, char *buf, size_t len)
{
    if (s->m == s->n && s->n == s->k)
        snprintf(buf, len, "%d%s", s->m, s->warm ? "w" : "");
    else
        snprintf(buf, len, "%dx%dx%d", s->m, s->n, s->k);
}

void mms_dgemm_why_size(char *buf, size_t len, const struct mms_dgemm_shape *s,
                        double mflops)
{
    size_t used = strlen(buf);
    char name[48];

    mms_shape_text(s, name, sizeof name);
    if (used < len)
        snprintf(buf + used, len - used, "%sN=%s:%.1f", used ? " " : "",
                 name, mflops);
}

int mms_dgemm_on_small(const struct mms_dgemm_shape *s, int fits)
{
    return s->small || (s->routed && fits);
}

void mms_dgemm_why_path(char *buf, size_t len, const char *path,
                        const struct mms_dgemm_shape *s)
{
    size_t used = strlen(buf);
    char name[48], label[24];
    const char *last = strrchr(buf, ' ');

    mms_shape_text(s, name, sizeof name);
    snprintf(label, sizeof label, " %s=", path);
    /* all or nothing: a cut number would name another size */
    if (used < len
        && (size_t)snprintf(buf + used, len - used, "%s%s",
                            last && !strncmp(last, label, strlen(label))
                            ? "," : label, name) >= len - used)
        buf[used] = '\0';
}
