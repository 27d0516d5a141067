/* The blocks steps' range rules (ranges.h, issue 9): the library's MC,
 * KC, NC and SMALL_MAX around the values so far. */
#include "tune/ranges.h"

#include <stdlib.h>

#include "common/common.h"
#include "kernels/kernels.h"
#include "tune/candidate.h"

int mms_dgemm_nmax(const struct mms_level *lv)
{
    int top = 0;

    for (size_t i = 0; i < sizeof lv->dgemm_n / sizeof *lv->dgemm_n
                       && lv->dgemm_n[i]; i++)
        top = lv->dgemm_n[i] > top ? lv->dgemm_n[i] : top;
    return lv->nc_n > top ? lv->nc_n : top;
}


/* The factors of each level (blocks 0, 1, 2), in eighths of the value so
 * far: MC from half to four times it (A's block from a quarter to 16
 * times its area in L2), KC from a quarter to twice it (docs/LIBRARY.md:
 * blocks of 144-384 won; archdefs' README: 120 x 480 beat 240 x
 * 240). */
static const int mc_eighths[3][16] = {
    { 4, 8, 16 },
    { 4, 6, 8, 12, 16 },
    { 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 32 },
};
static const int kc_eighths[3][16] = {
    { 4, 8, 12 },
    { 4, 6, 8, 10, 12 },
    { 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16 },
};

/* v0 itself (the incumbent is always a candidate, on the grid or not)
 * and v0 times each other factor, to the nearest multiple of grain in
 * grain..top, increasing, no duplicates.  Returns how many. */
static int scaled(int v0, const int *eighths, int grain, int top, int *out)
{
    int n = 0, v0_in = 0, lim = top / grain * grain;

    for (int i = 0; i < 16 && eighths[i]; i++) {
        int v = (v0 * eighths[i] + 4 * grain) / (8 * grain) * grain;
        v = v < grain ? grain : v > lim ? lim : v;
        if (eighths[i] == 8)
            v = v0;
        if (!v0_in && v0 <= v) {
            if (n == 0 || out[n - 1] < v0)
                out[n++] = v0;
            v0_in = 1;
        }
        if (n == 0 || v > out[n - 1])
            out[n++] = v;
    }
    if (!v0_in && (n == 0 || out[n - 1] < v0))
        out[n++] = v0;
    return n;
}

static int blocks_level(const struct mms_space *s)
{
    return s->lv->blocks < 0 ? 0 : s->lv->blocks > 2 ? 2 : s->lv->blocks;
}

int mms_range_mc(const struct mms_space *s, const struct mmg_params *ref,
                 const struct mms_blocks *cur, struct mms_blocks *out,
                 int max)
{
    int v[16], n = scaled(cur->mc, mc_eighths[blocks_level(s)], ref->mu,
                          MMC_DIM_MAX, v);

    for (int i = 0; i < n && i < max; i++)
        out[i] = (struct mms_blocks){ v[i], cur->kc, 0, 0, cur->small };
    return n < max ? n : max;
}

int mms_range_kc(const struct mms_space *s, const struct mmg_params *ref,
                 const struct mms_blocks *cur, struct mms_blocks *out,
                 int max)
{
    int grain = ref->ku <= 64 ? mms_lcm(8, ref->ku) : 8, v[16];
    int n = scaled(cur->kc, kc_eighths[blocks_level(s)], grain,
                   MMC_DIM_MAX, v);

    for (int i = 0; i < n && i < max; i++)
        out[i] = (struct mms_blocks){ cur->mc, v[i], 0, 0, cur->small };
    return n < max ? n : max;
}

static int cmp_asc(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* NC: half, once and twice the value so far (quick: half and once), and
 * "all": the largest size the step times (nc_n) rounded up to NB, where
 * B's panel is never cut (larger values time alike); multiples of NB, at
 * least NB; none past the model's (mml_nc_model: B's panel in a quarter
 * of probe.conf's LLC) but the value so far, which from the model is
 * that bound: quick's half is then its one other candidate.  The step
 * times on an idle guest, where a wider panel ties at best, while the
 * library runs beside other tenants, who take LLC from it: on the Zen 3
 * guest (LLC_KIB 12184) the nc step tied NC = 2052 at 1.001 of the
 * model's 1596 and took it, and in a slow phase the library with 2052
 * ran N = 2000 at 0.86 of 1596's (medians of 7 alternated rounds,
 * flushed); on Zen 5 NC = 1440 ran 2000 and 3000 at 0.95 and 0.88 of the
 * quarter's 480 (libparams.c). */
int mms_range_nc(const struct mms_space *s, const struct mmg_params *ref,
                 const struct mms_blocks *cur, struct mms_blocks *out,
                 int max)
{
    int nb = cur->nb > 0 ? cur->nb : 1, nmax = mms_dgemm_nmax(s->lv);
    int all = (nmax + nb - 1) / nb * nb, v[4], nv = 0, n = 0;
    int want[4] = { cur->nc, all, cur->nc / 2, 2 * cur->nc };
    int top = mml_nc_model((long)(s->pc->llc_kib * 1024), 8, cur->kc, nb);

    (void)ref;
    all = all < top ? all : top;
    for (int i = 0; i < (blocks_level(s) ? 4 : 3); i++) {
        int x = want[i] / nb * nb;
        x = x < nb ? nb : x;
        if (i > 0 && x > all)
            x = all;
        v[nv++] = i == 0 ? cur->nc : x;
    }
    qsort(v, (size_t)nv, sizeof v[0], cmp_asc);
    for (int i = 0; i < nv && n < max; i++)
        if (n == 0 || v[i] != out[n - 1].nc)
            out[n++] = (struct mms_blocks){ cur->mc, cur->kc, v[i], 0,
                                            cur->small };
    return n;
}

/* SMALL_MAX, the crossover to the small-problem path: the value so far
 * (the model's, measured on Zen 5) times each factor, multiples of 16
 * from 16 to mmgen's 1024; a size at most SMALL_MAX runs the non-copy
 * kernels on the caller's arrays, a larger one is packed. */
static const int small_eighths[3][16] = {
    { 4, 8, 12 },
    { 4, 6, 8, 10, 12 },
    { 3, 4, 5, 6, 8, 10, 12, 16 },   /* each one of the step's sizes */
};

int mms_range_small(const struct mms_space *s,
                    const struct mmg_params *ref,
                    const struct mms_blocks *cur, struct mms_blocks *out,
                    int max)
{
    int v[16], k = 0, n = scaled(cur->small, small_eighths[blocks_level(s)],
                                 16, MMC_DIM_MAX, v);

    /* the non-copy kernels are made with NCNB = SMALL_MAX: mmgen wants
     * KU <= NCNB */
    for (int i = 0; i < n && k < max && k < MMS_DGEMM_SIZES - 1; i++)
        if (v[i] >= ref->ku)
            out[k++] = (struct mms_blocks){ cur->mc, cur->kc, cur->nc, 0,
                                            v[i] };
    return k;
}
