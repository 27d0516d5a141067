/* The search's values as its lines say them (searchtext.h). */
#define _GNU_SOURCE
#include "tune/searchtext.h"

#include <string.h>
#include <strings.h>

#include "codegen/codegen.h"

void mms_timer_text(const struct mms_search *s, char *buf, size_t len)
{
    const struct mmtm_timing_opts *o = &s->pl.timing;
    char ldc[16];

    if (s->pl.fake_timing) {
        snprintf(buf, len, "fake MFLOPS from the kernel name (test hook)%s",
                 s->pl.packed ? ", packed" : "");
        return;
    }
    /* one head for the double and the single search (make tune's two
     * runs share the log): the single one's kernels stay in L1 */
    snprintf(ldc, sizeof ldc, "%d", MMS_PACKED_LDC);
    snprintf(buf, len, "%s clock, %s of %d samples, flush %s %zu KiB, "
             "%s%s%s, beta-1 variant",
             mmtm_clock_describe(o->clock)->name,
             o->clock == MMTM_CLOCK_CPU ? "median" : "min", o->samples,
             mmtm_flush_name(o->flush),
             (o->flush_bytes ? o->flush_bytes
                             : mmtm_flush_default_bytes()) >> 10,
             s->pl.packed ? "packed: the full kernel at the library's "
             "blocking, A hot, B and C cold, ldc " : "A and B cold, C hot",
             s->pl.packed ? ldc : "", s->pl.packed ? " (double)" : "");
}

/* "ISA=avx512 MU=24 NU=8 ... CC=clang": the kernel p (its tile and
 * schedule; its NB, M, N, K are the blocking's) built as h says. */
void mms_kernel_text(const struct mms_search *s,
                     const struct mmg_params *p, struct mms_how h, char *buf,
                     size_t len)
{
    char ncnu[24] = "";

    if (p->ncnu > 0)     /* the step ncnu's, when it took another NU */
        snprintf(ncnu, sizeof ncnu, " NCNU=%d", p->ncnu);
    snprintf(buf, len, "ISA=%s MU=%d NU=%d KU=%d FMA=%d LS=%d FF=%d IF=%d "
             "NF=%d PF=%d PFB=%d%s CC=%s", mmg_isa_name(p->isa), p->mu,
             p->nu, p->ku, p->fma, p->ls, p->ff, p->ifetch, p->nfetch, p->pf,
             p->pfb, ncnu, s->pins.cc[0] ? s->pins.cc : s->pl.cc[h.cc].name);
}

/* "NB=48 KU=1": the values of keys (a step's sets) in p (built with
 * h's compiler, for the CC key; the blocks steps' MC and KC are the
 * kernel's M and K, NC is h's). */
void mms_sets_text(const struct mms_search *s, const char *keys,
                   const struct mmg_params *p, struct mms_how h, char *buf,
                   size_t len)
{
    char list[64];
    size_t used = 0;

    buf[0] = '\0';
    if (strcmp(keys, "KERNEL,CC") == 0) {     /* the dgemm step */
        mms_kernel_text(s, p, h, buf, len);
        return;
    }
    if (strcmp(keys, "ALL") == 0) {           /* the step seeds */
        mms_kernel_text(s, p, h, buf, len);
        used = strlen(buf);
        snprintf(buf + used, len - used, " MC=%d KC=%d NC=%d SMALL_MAX=%d",
                 p->m, p->k, h.nc, p->ncnb);
        return;
    }
    snprintf(list, sizeof list, "%s", keys);
    for (char *k = strtok(list, ","); k && used < len; k = strtok(NULL, ","))
        for (size_t i = 0; i < mmg_n_int_params; i++)
            if (strcasecmp(k, mmg_int_params[i].key) == 0)
                used += snprintf(buf + used, len - used, "%s%s=%d",
                                 used ? " " : "", k,
                                 *(const int *)((const char *)p
                                                + mmg_int_params[i].offset));
    if (strcmp(keys, "ISA") == 0)
        snprintf(buf, len, "ISA=%s", mmg_isa_name(p->isa));
    if (strcmp(keys, "K_CROSSOVER") == 0)  /* step 7's chosen line: k= */
        snprintf(buf, len, "K_CROSSOVER=%d", p->k > 0 ? p->k : 0);
    else if (strcmp(keys, "CC") == 0)
        snprintf(buf, len, "CC=%s", s->pins.cc[0] ? s->pins.cc
                                                 : s->pl.cc[h.cc].name);
    else if (h.nc > 0 && used == 0)  /* blocks steps: no kernel's keys */
        snprintf(buf, len, "%s=%d", keys, strcmp(keys, "MC") == 0 ? p->m
                 : strcmp(keys, "KC") == 0 ? p->k
                 : strcmp(keys, "SMALL_MAX") == 0 ? p->ncnb : h.nc);
}

/* "MC=120 KC=480 NC=1440 (NB=480)": a blocks candidate. */
void mms_blocks_text(const struct mmg_params *p, int nc, char *buf,
                     size_t len)
{
    snprintf(buf, len, "MC=%d KC=%d NC=%d (NB=%d)", p->m, p->k, nc, p->n);
}

/* "200,500,1000,1000x32x1000,64x1000x1000": the shapes the whole DGEMM
 * is timed at (part -1), the square ones (0) or the narrow ones (1). */
void mms_shapes_text(const struct mms_pipeline *pl, char *buf, size_t len,
                     int part)
{
    struct mms_dgemm_shape z[MMS_DGEMM_SHAPES];
    int k = mms_dgemm_sizes(pl, z);
    size_t used = 0;
    char name[48];

    buf[0] = '\0';
    for (int i = 0; i < k && used < len; i++) {
        int narrow = z[i].m != z[i].n || z[i].n != z[i].k;
        if (part >= 0 && part != narrow)
            continue;
        mms_shape_text(&z[i], name, sizeof name);
        used += snprintf(buf + used, len - used, "%s%s", used ? "," : "",
                         name);
    }
}

/* "square N=200,500,1000, narrow 1000x32x1000,64x1000x1000": a whole
 * DGEMM step's shapes as its header and its progress line say them. */
void mms_shapes_said(const struct mms_pipeline *pl, char *buf, size_t len)
{
    char square[MMS_SIZES_TEXT], narrow[MMS_SIZES_TEXT];

    mms_shapes_text(pl, square, sizeof square, 0);
    mms_shapes_text(pl, narrow, sizeof narrow, 1);
    snprintf(buf, len, "square N=%s%s%s", square, narrow[0] ? ", narrow "
             : "", narrow);
}

const char *mms_precision_said(const struct mms_search *s)
{
    return s->type == MMT_TYPE_S ? "single precision: " : "";
}
