/* The search space (steps.h): levels, pins, starting values, and the step
 * table with its range rules. */
#include "tune/steps.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/isa.h"
#include "tune/candidate.h"

/* ---- levels ------------------------------------------------------------ */

const struct mms_level mms_levels[] = {
    /* name    samples finals rounds max  nb munu ring ku ls ifnf kclean cc
     *         blocks finals rounds max  samples dgemm_n, dgemm: kernels
     *         tiles nc_n */
    { "quick",  3,     2,     3,     5,   0, 4,   0,   0, 0, 0,   0,     1,
               0,     2,     3,     3,   2,      { 1000 }, 3, 1, 2000 },
    { "normal", 5,     3,     5,     9,   1, 12,  1,   1, 1, 1,   1,     3,
               1,     2,     3,     5,   2,      { 500, 1000, 1500 }, 6, 2,
               3000 },
    { "full",   7,     4,     7,     13,  2, 0,   1,   1, 1, 2,   2,     4,
               2,     3,     5,     9,   3,      { 500, 1000, 2000, 3000 },
               8, 2, 4000 },
};
const int mms_nlevels = sizeof mms_levels / sizeof mms_levels[0];

const struct mms_level *mms_level_find(const char *name)
{
    for (int i = 0; i < mms_nlevels; i++)
        if (strcmp(mms_levels[i].name, name) == 0)
            return &mms_levels[i];
    return NULL;
}

/* ---- pins -------------------------------------------------------------- */

static int int_param(const char *key)
{
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (strcasecmp(mmg_int_params[i].key, key) == 0)
            return (int)i;
    return -1;
}

static int *int_at(struct mmg_params *p, size_t i)
{
    return (int *)((char *)p + mmg_int_params[i].offset);
}

static int int_of(const struct mmg_params *p, size_t i)
{
    return *(const int *)((const char *)p + mmg_int_params[i].offset);
}

/* K_CROSSOVER: 0 (the specialised cleanup for every leftover) up to the
 * generator's largest K. */
static int pin_crossover(struct mms_pins *pins, const char *text, char *err,
                         size_t errlen)
{
    char *end;
    long v = strtol(text, &end, 10);

    if (!*text || *end || v < 0 || v > 1024) {
        snprintf(err, errlen, "K_CROSSOVER: '%s' is not an integer in "
                 "0..1024", text);
        return -1;
    }
    pins->kx = 1;
    pins->k_crossover = (int)v;
    return 0;
}

/* The library's blocking: MC and KC as mmgen's M and K allow, NC up to
 * what params.conf allows. */
static const struct {
    const char *key;
    int min, max;
    size_t offset;
} block_pins[] = {
    { "MC", 1, 1024, offsetof(struct mms_pins, mc) },
    { "KC", 1, 1024, offsetof(struct mms_pins, kc) },
    { "NC", 1, 1 << 20, offsetof(struct mms_pins, nc) },
    /* every whole DGEMM the steps before small time runs
     * MMS_DGEMM_SMALL_N on the small path first */
    { "SMALL_MAX", MMS_DGEMM_SMALL_N, 1024,
      offsetof(struct mms_pins, small) },
};
enum { NBLOCK_PINS = sizeof block_pins / sizeof block_pins[0] };

static int pin_block(struct mms_pins *pins, int i, const char *text,
                     char *err, size_t errlen)
{
    char *end;
    long v = strtol(text, &end, 10);

    if (!*text || *end || v < block_pins[i].min || v > block_pins[i].max) {
        snprintf(err, errlen, "%s: '%s' is not an integer in %d..%d",
                 block_pins[i].key, text, block_pins[i].min,
                 block_pins[i].max);
        return -1;
    }
    *(int *)((char *)pins + block_pins[i].offset) = (int)v;
    return 0;
}

static int block_pin(const struct mms_pins *pins, int i)
{
    return *(const int *)((const char *)pins + block_pins[i].offset);
}

static int block_pin_index(const char *key)
{
    for (int i = 0; i < NBLOCK_PINS; i++)
        if (strcasecmp(block_pins[i].key, key) == 0)
            return i;
    return -1;
}

int mms_block_pin(const struct mms_pins *pins, const char *key)
{
    int i = block_pin_index(key);

    return i >= 0 ? block_pin(pins, i) : 0;
}

int mms_pin(struct mms_pins *pins, const char *spec, char *err,
            size_t errlen)
{
    char key[32];
    const char *eq = strchr(spec, '=');
    int i;

    if (!pins->mask && !pins->isa && !pins->kx && !pins->cc[0])
        mmg_params_default(&pins->p);
    if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof key) {
        snprintf(err, errlen, "'%s': expected KEY=VALUE (NB=48)", spec);
        return -1;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - spec), spec);
    if (strcasecmp(key, "K_CROSSOVER") == 0)
        return pin_crossover(pins, eq + 1, err, errlen);
    if (block_pin_index(key) >= 0)
        return pin_block(pins, block_pin_index(key), eq + 1, err, errlen);
    if (strcasecmp(key, "ISA") == 0) {
        pins->isa = 1;
        return mmg_params_set(&pins->p, "ISA", eq + 1, err, errlen);
    }
    if (strcasecmp(key, "CC") == 0) {
        if (!eq[1] || strchr(eq + 1, ' ')
            || snprintf(pins->cc, sizeof pins->cc, "%s", eq + 1)
               >= (int)sizeof pins->cc) {
            snprintf(err, errlen, "CC: '%s' is not a compiler command (gcc, "
                     "clang)", eq + 1);
            pins->cc[0] = '\0';
            return -1;
        }
        return 0;
    }
    i = int_param(key);
    if (i < 0 || strcasecmp(key, "PERTURB") == 0) {
        snprintf(err, errlen, "%s: not a generator parameter (ISA, NB, MU, "
                 "NU, KU, LS, FMA, FF, IF, NF, ...), CC, or the library's "
                 "MC, KC, NC", key);
        return -1;
    }
    pins->mask |= 1UL << i;
    return mmg_params_set(&pins->p, key, eq + 1, err, errlen);
}

/* Blanks around text trimmed in place. */
static char *trim(char *text)
{
    char *end;

    while (*text == ' ' || *text == '\t')
        text++;
    end = text + strlen(text);
    while (end > text && strchr(" \t\r\n", end[-1]))
        *--end = '\0';
    return text;
}

int mms_pin_file(struct mms_pins *pins, const char *path, char *err,
                 size_t errlen)
{
    FILE *f = fopen(path, "r");
    char line[512], spec[512], why[400];
    int lineno = 0, rc = 0;

    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f)) {
        char *text = line, *eq;
        lineno++;
        text[strcspn(text, "#")] = '\0';
        text = trim(text);
        if (!*text)
            continue;
        eq = strchr(text, '=');
        if (eq)
            *eq = '\0';
        snprintf(spec, sizeof spec, "%s%s%s", trim(text), eq ? "=" : "",
                 eq ? trim(eq + 1) : "");
        if (mms_pin(pins, spec, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
        }
    }
    fclose(f);
    return rc;
}

void mms_pins_apply(const struct mms_pins *pins, struct mmg_params *p)
{
    if (pins->isa)
        p->isa = pins->p.isa;
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (pins->mask & 1UL << i)
            *int_at(p, i) = int_of(&pins->p, i);
}

/* keys with KERNEL spelled out (MMS_KERNEL_KEYS) into buf. */
static void expand_keys(const char *keys, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (const char *k = keys; k && *k && used < len;) {
        const char *end = strchr(k, ',');
        int n = end ? (int)(end - k) : (int)strlen(k);
        int kernel = n == 6 && strncasecmp(k, "KERNEL", 6) == 0;
        used += (size_t)snprintf(buf + used, len - used, "%s%.*s",
                                 used ? "," : "",
                                 kernel ? (int)strlen(MMS_KERNEL_KEYS) : n,
                                 kernel ? MMS_KERNEL_KEYS : k);
        k = end ? end + 1 : NULL;
    }
}

int mms_pinned(const struct mms_pins *pins, const char *keys)
{
    char buf[128];

    expand_keys(keys, buf, sizeof buf);
    for (char *k = strtok(buf, ","); k; k = strtok(NULL, ",")) {
        int i = int_param(k);
        int pinned = strcasecmp(k, "K_CROSSOVER") == 0 ? pins->kx
            : block_pin_index(k) >= 0 ? block_pin(pins, block_pin_index(k))
            : strcasecmp(k, "ISA") == 0 ? pins->isa
            : strcasecmp(k, "CC") == 0 ? pins->cc[0] != 0
            : i >= 0 && (pins->mask & 1UL << i);
        if (!pinned)
            return 0;
    }
    return 1;
}

void mms_pins_text(const struct mms_pins *pins, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    if (pins->isa)
        used += snprintf(buf, len, "ISA=%s", mmg_isa_name(pins->p.isa));
    for (size_t i = 0; i < mmg_n_int_params && used < len; i++)
        if (pins->mask & 1UL << i)
            used += snprintf(buf + used, len - used, "%s%s=%d",
                             used ? " " : "", mmg_int_params[i].key,
                             int_of(&pins->p, i));
    if (pins->kx && used < len)
        used += snprintf(buf + used, len - used, "%sK_CROSSOVER=%d",
                         used ? " " : "", pins->k_crossover);
    if (pins->cc[0] && used < len)
        used += snprintf(buf + used, len - used, "%sCC=%s", used ? " " : "",
                         pins->cc);
    for (int i = 0; i < NBLOCK_PINS && used < len; i++)
        if (block_pin(pins, i))
            used += snprintf(buf + used, len - used, "%s%s=%d",
                             used ? " " : "", block_pins[i].key,
                             block_pin(pins, i));
    if (!buf[0])
        snprintf(buf, len, "none");
}

int mms_params_equal(const struct mmg_params *a, const struct mmg_params *b)
{
    if (a->isa != b->isa)
        return 0;
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (int_of(a, i) != int_of(b, i))
            return 0;
    return 1;
}

/* ---- starting values --------------------------------------------------- */

int mms_isa_regs(const struct mmt_probeconf *pc, enum mmg_isa isa)
{
    return (int)mmt_probeconf_get(pc, mmt_isas[isa].fp_regs_key);
}

enum mmg_isa mms_widest_isa(const struct mmt_probeconf *pc)
{
    int isa = MMG_NISA - 1;

    while (isa > MMG_ISA_NONE && mms_isa_regs(pc, isa) <= 0)
        isa--;
    return (enum mmg_isa)isa;
}

static int fits(const struct mmg_params *base, int mu, int nu)
{
    struct mmg_params t = *base;

    t.mu = mu, t.nu = nu;
    return mmg_regs_needed(&t) <= mmg_regs_available(&t);
}

/* Flops per load of one k step: MU/V*NU vector updates for MU/V + NU
 * loads (paper 002 §II-B; §V-G for SIMD). */
static double per_load(int mv, int nu)
{
    return (double)mv * nu / (mv + nu);
}

/* Is tile (mv, nu) better than (bv, bn)?  Flops per load, then more
 * accumulators, then fewer rows. */
static int better_tile(int mv, int nu, int bv, int bn)
{
    double r = per_load(mv, nu), q = per_load(bv, bn);

    if (r != q)
        return r > q;
    if (mv * nu != bv * bn)
        return mv * nu > bv * bn;
    return mv < bv;
}

static int gcd(int a, int b)
{
    return b ? gcd(b, a % b) : a;
}

static int lcm(int a, int b)
{
    return a / gcd(a, b) * b;
}

int mms_tile_fits(const struct mmg_params *base, int mu, int nu)
{
    return fits(base, mu, nu);
}

int mms_lcm(int a, int b)
{
    return lcm(a, b);
}

/* NB runs over multiples of lcm(MU, NU, 4): no fractional register tile
 * in the reference kernel, and ATLAS's multiples of 4. */
static int nb_grain(const struct mmg_params *p)
{
    return lcm(lcm(p->mu, p->nu), 4);
}

/* Inequality (3) of paper 002: NB <= min(80, sqrt(C1)), C1 in doubles. */
static int l1_bound(const struct mmt_probeconf *pc)
{
    return (int)fmin(80, sqrt(pc->l1d_kib * 1024 / 8));
}

/* An NB x NB block of doubles in L2 (docs/LIBRARY.md: tiles of
 * 144-384 win in a real driver). */
int mms_nb_l2_bound(const struct mmt_probeconf *pc)
{
    return (int)fmin(1024, sqrt(pc->l2_kib * 1024 / 8));
}

static int round_up(int v, int grain)
{
    return (v + grain - 1) / grain * grain;
}

void mms_start_params(const struct mms_space *s, enum mmg_isa isa,
                      struct mmg_params *p)
{
    int vlen = mmg_vlen(isa), bv = 1, bn = 1, grain;

    mmg_params_default(p);
    p->isa = isa;
    p->nr = mms_isa_regs(s->pc, isa);
    p->fma = s->pc->fma ? 1 : 0;
    p->ls = p->fma ? 1 : s->pc->ls < 16 ? s->pc->ls : 16;
    for (int mv = 1; mv * vlen <= 64; mv++)
        for (int nu = 1; nu <= 64; nu++)
            if (fits(p, mv * vlen, nu) && better_tile(mv, nu, bv, bn))
                bv = mv, bn = nu;
    p->mu = bv * vlen, p->nu = bn;
    p->ku = 1;
    /* the next tile's C prefetched, as the library's model builds it:
     * free in the kernel steps (C hot), and the step pf's tie rule
     * prefers it at the same median (Zen 4, whole DGEMM flushed, PF=1
     * against 0: never slower, N = 2000 +2-3%, 2000 x 2000 x 64 +5-11%,
     * sizes the step does not time) */
    p->pf = 1;
    grain = nb_grain(p);
    p->nb = l1_bound(s->pc) / grain * grain;
    if (p->nb < grain)
        p->nb = grain;
}

/* ---- range rules ------------------------------------------------------- */

/* A copy of ref appended to out for the caller to change, or NULL when
 * out is full. */
static struct mmg_params *push(struct mmg_params *out, int *n, int max,
                               const struct mmg_params *ref)
{
    if (*n >= max)
        return NULL;
    out[*n] = *ref;
    return &out[(*n)++];
}

struct mmg_params *mms_push(struct mmg_params *out, int *n, int max,
                            const struct mmg_params *ref)
{
    return push(out, n, max, ref);
}

static int range_isa(const struct mms_space *s, const struct mmg_params *ref,
                     struct mmg_params *out, int max)
{
    int n = 0;

    (void)ref;
    for (int isa = 0; isa < MMG_NISA && n < max; isa++)
        if (mms_isa_regs(s->pc, isa) > 0)
            mms_start_params(s, (enum mmg_isa)isa, &out[n++]);
    return n;
}

/* Keep first, middle and last of v[0..n-1] (quick level). */
static int thin3(int *v, int n)
{
    if (n <= 3)
        return n;
    v[1] = v[n / 2];
    v[2] = v[n - 1];
    return 3;
}

static int nb_values(const struct mms_space *s, const struct mmg_params *ref,
                     int *v, int max)
{
    int grain = nb_grain(ref), lo = round_up(16, grain);
    int l1 = l1_bound(s->pc), l2 = mms_nb_l2_bound(s->pc), n = 0, x;

    if (l1 < lo)
        l1 = lo;
    if (l2 < l1)
        l2 = l1;
    for (x = lo; x <= (s->lv->nb_reach == 2 ? l2 : l1) && n < max;
         x += grain)
        v[n++] = x;
    if (s->lv->nb_reach == 0) {
        if (n < max)
            v[n++] = x;           /* one past the L1 bound */
        return thin3(v, n);
    }
    /* normal: past the L1 bound in steps of a quarter */
    while (s->lv->nb_reach == 1 && x <= l2 && n < max) {
        v[n++] = x;
        x = round_up(x * 5 / 4, grain);
        if (x <= v[n - 1])
            x = v[n - 1] + grain;
    }
    return n;
}

static int range_nb(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    int v[MMS_MAX_CANDS], nv = nb_values(s, ref, v, max / 2), n = 0;
    struct mmg_params *c;

    for (int i = 0; i < nv; i++)
        for (int full = 0; full < 2; full++)
            if ((c = push(out, &n, max, ref)) != NULL) {
                c->nb = v[i];
                c->ku = full ? v[i] : 1;
            }
    return n;
}

struct tile { int mv, nu; };

static int by_tile(const void *a, const void *b)
{
    const struct tile *x = a, *y = b;

    return better_tile(x->mv, x->nu, y->mv, y->nu) ? -1
        : better_tile(y->mv, y->nu, x->mv, x->nu);
}

static int range_munu(const struct mms_space *s,
                      const struct mmg_params *ref, struct mmg_params *out,
                      int max)
{
    static struct tile t[64 * 64];
    int vlen = mmg_vlen(ref->isa), nt = 0, keep, n = 0;
    struct mmg_params *c;

    for (int mv = 1; mv * vlen <= 64; mv++)
        for (int nu = 1; nu <= 64; nu++)
            if (fits(ref, mv * vlen, nu))
                t[nt++] = (struct tile){ mv, nu };
    qsort(t, nt, sizeof t[0], by_tile);
    keep = s->lv->munu_keep && s->lv->munu_keep < nt ? s->lv->munu_keep
                                                     : nt;
    for (int i = 0; i < keep && (c = push(out, &n, max, ref)); i++)
        c->mu = t[i].mv * vlen, c->nu = t[i].nu;
    /* The ring past the registers: for each MU kept (quick: the best),
     * the first NU that does not fit, so the log shows the cliff. */
    for (int i = 0; i < keep && n < max; i++) {
        int nu = t[i].nu, seen = 0;
        for (int j = 0; j < i; j++)
            seen |= t[j].mv == t[i].mv;
        if (seen || (!s->lv->munu_ring && i > 0))
            continue;
        while (nu <= 64 && fits(ref, t[i].mv * vlen, nu))
            nu++;
        if (nu <= 64 && (c = push(out, &n, max, ref)))
            c->mu = t[i].mv * vlen, c->nu = nu;
    }
    return n;
}

static int range_ku(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    for (int ku = 1; ku <= ref->nb / 2; ku *= 2)
        if ((s->lv->ku_all || ku == 1 || ku == 4)
            && (c = push(out, &n, max, ref)))
            c->ku = ku;
    if ((c = push(out, &n, max, ref)))
        c->ku = ref->nb;
    return n;
}

static int probe_ls(const struct mms_space *s)
{
    return s->pc->ls < 1 ? 1 : s->pc->ls > 16 ? 16 : s->pc->ls;
}

static int range_fma(const struct mms_space *s, const struct mmg_params *ref,
                     struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    if ((c = push(out, &n, max, ref)))
        c->fma = 1, c->ls = 1;
    if ((c = push(out, &n, max, ref)))
        c->fma = 0, c->ls = probe_ls(s);
    return n;
}

static int range_ls(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    if (ref->fma)
        return 0;
    for (int ls = 1; ls <= 6; ls++)
        if ((s->lv->ls_all || ls == 1 || ls == probe_ls(s))
            && (c = push(out, &n, max, ref)))
            c->ls = ls;
    if (!s->lv->ls_all && probe_ls(s) > 6 && (c = push(out, &n, max, ref)))
        c->ls = probe_ls(s);
    return n;
}

static int range_ff(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    (void)s;
    for (int ff = 0; ff <= 1; ff++)
        if ((c = push(out, &n, max, ref)))
            c->ff = ff;
    return n;
}

static int in_list(int v, const int *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return 1;
    return 0;
}

static int range_ifnf(const struct mms_space *s,
                      const struct mmg_params *ref, struct mmg_params *out,
                      int max)
{
    int loads = mmg_loads_per_step(ref), n = 0;
    int ifs[] = { 2, 3, loads / 2, loads }, quick_ifs[] = { 2, loads };
    struct mmg_params *c;

    for (int i = 2; i <= loads; i++) {
        int top = loads - i > 1 ? loads - i : 1;
        int nfs[] = { 1, 2, top };
        if (s->lv->ifnf == 1 ? !in_list(i, ifs, 4)
            : s->lv->ifnf == 0 ? !in_list(i, quick_ifs, 2) : 0)
            continue;
        for (int f = 1; f <= top; f++)
            if ((s->lv->ifnf == 2 || in_list(f, nfs, s->lv->ifnf ? 3 : 2))
                && (c = push(out, &n, max, ref)))
                c->ifetch = i, c->nfetch = f;
    }
    return n;
}

/* Paper 002 §III-B step 6: the non-copy kernel with the reference's
 * other values, NCNB from NB down by the tile grain lcm(MU,NU,4) (full:
 * by 4, the paper's [NB:-4:4], fractional register tiles included), to
 * the grain.  KU follows NCNB down where it would pass it (KU = NB, full
 * unrolling, stays full).  The driver screens them in this order and
 * stops at the 20% drop. */
static int range_ncnb(const struct mms_space *s,
                      const struct mmg_params *ref, struct mmg_params *out,
                      int max)
{
    int grain = s->lv->nb_reach == 2 ? 4 : nb_grain(ref), n = 0;
    struct mmg_params *c;

    for (int v = ref->nb; v >= grain && (c = push(out, &n, max, ref));
         v -= grain) {
        c->copy = 0;
        c->ncnb = v;
        if (c->ku > v || ref->ku >= ref->nb)
            c->ku = v;
    }
    if (n == 0 && (c = push(out, &n, max, ref)))     /* NB below the grain */
        c->copy = 0, c->ncnb = ref->nb;
    return n;
}

void mms_kclean_general(const struct mmg_params *ref, struct mmg_params *g)
{
    *g = *ref;
    g->k = MMG_RUNTIME;
}

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* The leftovers L step 7 samples, from NB-1 down: quick NB-1, NB/2, 4
 * and 1; normal also 3NB/4, NB/4, NB/8 and 2; full every L. */
static int kclean_values(const struct mms_space *s, int nb, int *v)
{
    int want[] = { nb - 1, nb / 2, 4, 1, 3 * nb / 4, nb / 4, nb / 8, 2 };
    int nwant = s->lv->kclean ? 8 : 4, n = 0;

    if (s->lv->kclean == 2) {
        for (int l = nb - 1; l >= 1 && n < MMS_MAX_CANDS; l--)
            v[n++] = l;
        return n;
    }
    for (int i = 0; i < nwant; i++)
        if (want[i] >= 1 && want[i] < nb && !in_list(want[i], v, n))
            v[n++] = want[i];
    qsort(v, (size_t)n, sizeof *v, cmp_desc);
    return n;
}

/* Paper 002 §III-B step 7: the specialised K cleanup kernels K=L with
 * the reference's other values (the driver times each against the
 * general one, mms_kclean_general, at k=L). */
static int range_kclean(const struct mms_space *s,
                        const struct mmg_params *ref, struct mmg_params *out,
                        int max)
{
    int v[MMS_MAX_CANDS], nv = kclean_values(s, ref->nb, v), n = 0;
    struct mmg_params *c;

    for (int i = 0; i < nv && (c = push(out, &n, max, ref)); i++)
        c->k = v[i];
    return n;
}

/* The cc step's kernels around ref: ref itself (the search adds the best
 * distinct kernels of the earlier steps and builds each with every
 * installed compiler, stepcc.c). */
static int range_cc(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    (void)s;
    if (max < 1)
        return 0;
    out[0] = *ref;
    return 1;
}

/* The dgemm step's kernels around ref: ref itself (the search adds the
 * cc step's finalists and the munu step's best other tiles from the log,
 * stepdgemm.c). */
static int range_dgemm(const struct mms_space *s,
                       const struct mmg_params *ref, struct mmg_params *out,
                       int max)
{
    return range_cc(s, ref, out, max);
}

/* The pf step's: ref itself (stepdgemm.c adds its twin with PF flipped). */
static int range_pf(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    return range_cc(s, ref, out, max);
}

/* ---- the library's blocking (issue 9) --------------------------------- */

int mms_dgemm_nmax(const struct mms_level *lv)
{
    int top = 0;

    for (size_t i = 0; i < sizeof lv->dgemm_n / sizeof *lv->dgemm_n
                       && lv->dgemm_n[i]; i++)
        top = lv->dgemm_n[i] > top ? lv->dgemm_n[i] : top;
    return lv->nc_n > top ? lv->nc_n : top;
}

enum { BLOCK_DIM_MAX = 1024 };   /* mmgen's largest M and K */

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

static int range_mc(const struct mms_space *s, const struct mmg_params *ref,
                    const struct mms_blocks *cur, struct mms_blocks *out,
                    int max)
{
    int v[16], n = scaled(cur->mc, mc_eighths[blocks_level(s)], ref->mu,
                          BLOCK_DIM_MAX, v);

    for (int i = 0; i < n && i < max; i++)
        out[i] = (struct mms_blocks){ v[i], cur->kc, 0, 0, cur->small };
    return n < max ? n : max;
}

static int range_kc(const struct mms_space *s, const struct mmg_params *ref,
                    const struct mms_blocks *cur, struct mms_blocks *out,
                    int max)
{
    int grain = ref->ku <= 64 ? lcm(8, ref->ku) : 8, v[16];
    int n = scaled(cur->kc, kc_eighths[blocks_level(s)], grain,
                   BLOCK_DIM_MAX, v);

    for (int i = 0; i < n && i < max; i++)
        out[i] = (struct mms_blocks){ cur->mc, v[i], 0, 0, cur->small };
    return n < max ? n : max;
}

static int cmp_asc(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* NC: half, once and twice the value so far (quick: once), and "all":
 * the largest size the step times (nc_n) rounded up to NB, where B's
 * panel is never cut (larger values time alike); multiples of NB, at
 * least NB. */
static int range_nc(const struct mms_space *s, const struct mmg_params *ref,
                    const struct mms_blocks *cur, struct mms_blocks *out,
                    int max)
{
    int nb = cur->nb > 0 ? cur->nb : 1, nmax = mms_dgemm_nmax(s->lv);
    int all = (nmax + nb - 1) / nb * nb, v[4], nv = 0, n = 0;
    int want[4] = { cur->nc, all, cur->nc / 2, 2 * cur->nc };

    (void)ref;
    for (int i = 0; i < (blocks_level(s) ? 4 : 2); i++) {
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

static int range_small(const struct mms_space *s,
                       const struct mmg_params *ref,
                       const struct mms_blocks *cur, struct mms_blocks *out,
                       int max)
{
    int v[16], k = 0, n = scaled(cur->small, small_eighths[blocks_level(s)],
                                 16, BLOCK_DIM_MAX, v);

    /* the non-copy kernels are made with NCNB = SMALL_MAX: mmgen wants
     * KU <= NCNB */
    for (int i = 0; i < n && k < max && k < MMS_DGEMM_SIZES; i++)
        if (v[i] >= ref->ku)
            out[k++] = (struct mms_blocks){ cur->mc, cur->kc, cur->nc, 0,
                                            v[i] };
    return k;
}

/* ---- the steps, in paper 002's order ----------------------------------- */

const struct mms_step mms_steps[] = {
    { "isa", "ISA", range_isa,
      "each ISA with FP_REGS_<ISA> > 0 in probe.conf, at its starting "
      "values; a kernel the CPU cannot run is refused when it loads",
      "issue 8", NULL },
    { "nb", "NB", range_nb,
      "multiples of lcm(MU,NU,4) from 16, each with KU=1 and KU=NB: quick "
      "to the L1 bound min(80,sqrt(C1)) and one past (3 at most), normal "
      "every one to it then steps of 1/4 to an L2 block sqrt(C2), full "
      "every one to sqrt(C2)",
      "paper 002 III-B step 1, ineq. 3; docs/LIBRARY.md", NULL },
    { "munu", "MU,NU", range_munu,
      "MU (multiple of the vector length) x NU fitting FP_REGS_<ISA> "
      "(ineq. 1; V-G for SIMD), best by flops per load (quick 4, normal "
      "12, full all), and one ring past: per MU the first NU that does "
      "not fit (quick: for the best only)", "paper 002 III-B step 2", NULL },
    { "ku", "KU", range_ku, "1, 2, 4, ..., NB/2 and NB (quick: 1, 4, NB)",
      "paper 002 III-B step 3", NULL },
    { "fma", "FMA", range_fma, "1, and 0 with probe.conf's LS (eq. 13)",
      "paper 002 III-B step 4", NULL },
    { "ls", "LS", range_ls,
      "only where FMA=0: 1..6 (quick: 1 and probe.conf's LS)",
      "paper 002 III-B step 4", NULL },
    { "ff", "FF", range_ff, "0 and 1", "paper 002 III-B step 5", NULL },
    { "ifnf", "IF,NF", range_ifnf,
      "IF in 2..L, NF in 1..L-IF, L = MU/V+NU loads per k step (normal: "
      "IF in 2,3,L/2,L and NF in 1,2,L-IF; quick: IF in 2,L and NF in "
      "1,2)", "paper 002 III-B step 5", NULL },
    { "ncnb", "NCNB", range_ncnb,
      "the non-copy kernel (COPY=0, the other values as chosen) with NCNB "
      "from NB down by lcm(MU,NU,4) (full: by 4) to it, screened in that "
      "order until MFLOPS fall 20% below the best non-copy one seen; the "
      "best is NCNB (a side result: the copy kernel is unchanged)",
      "paper 002 III-B step 6", NULL },
    { "kclean", "K_CROSSOVER", range_kclean,
      "from L=NB-1 down (quick: NB-1, NB/2, 4, 1; normal also 3NB/4, NB/4, "
      "NB/8, 2; full every L) the specialised K cleanup K=L against the "
      "general one K=0 called with k=L, paired in rounds; K_CROSSOVER is "
      "the first L where the median ratio specialised / general is <= "
      "1.01 (the general one within 1%), 0 when none is: specialised "
      "above it, general at and below it (a side result)",
      "paper 002 III-B step 7; docs/DESIGN.md (Clean K)", NULL },
    { "cc", "CC", range_cc,
      "the winner and (normal 2, full 3) the next best distinct kernels "
      "the earlier steps screened (quick: the winner only), each built "
      "with every installed compiler among gcc and clang (PATH, and the "
      "configured KERNEL_CC) with the configured flags, -ffp-contract=on "
      "for clang and =fast for gcc; a compiler not installed is logged "
      "as absent", "issue 8", NULL },
    { "dgemm", "KERNEL,CC", range_dgemm,
      "the kernel and its compiler by the whole DGEMM: the winner, the "
      "--candidate files' kernels (make tune: this CPU's architectural "
      "defaults), the cc "
      "step's finalists (each kernel with its compiler) and the best "
      "(quick 1, normal and full 2) MU x NU tiles the munu step screened "
      "with an MU none of them has, one per MU, with the winner's other "
      "values and compiler; at most "
      "quick 3, normal 6, full 8 besides the files'; each the full kernel at the library "
      "model's MC, KC, NC for it, verified and timed as the library's "
      "whole DGEMM (as mc); the winner is the kernel mc, kc, nc tune "
      "around and params.conf's", "issue 9: time candidates where the "
      "library calls them", NULL },
    { "pf", "PF,PFB", range_pf,
      "the dgemm step's kernel with PF=1 (the next tile's C prefetched) "
      "and, on a SIMD ISA, PFB=1 (B's next packed panel prefetched), its "
      "twin with PF=0 and its twin with PFB=0, each at the library "
      "model's MC, KC, NC, verified and timed as the whole DGEMM (as "
      "dgemm)", "issue 9: C from memory and B from the L3, as in a DGEMM",
      NULL },
    { "mc", "MC", NULL,
      "MC, the rows of A's packed block, kept in L2: multiples of MU from "
      "half to four times the value so far (quick x1/2, 1, 2; normal "
      "x1/2, 3/4, 1, 3/2, 2; full 12 factors to x4), with KC as it is and NC "
      "the model's for them; each candidate the winning kernel generated "
      "at M=MC N=NB K=KC (NB widened to hold MC and KC, as the library "
      "does), verified and timed as the library's whole DGEMM",
      "issue 9; docs/LIBRARY.md", range_mc },
    { "kc", "KC", NULL,
      "KC, the depth of a K panel: multiples of 8 (or KU) from a quarter "
      "to twice the value so far (quick x1/2, 1, 3/2; normal x1/2, 3/4, "
      "1, 5/4, 3/2; full 12 factors from x1/4), MC as chosen, NC the "
      "model's; "
      "timed as the whole DGEMM", "issue 9; results/archdefs/"
      "amd-f26-m2-avx512-gcc/README.md", range_kc },
    { "nc", "NC", NULL,
      "NC, the columns of B's packed panel, kept in the last level: "
      "multiples of NB, the value so far and the largest timed size "
      "rounded up to NB (normal, full: also half and twice the value); "
      "timed as the whole DGEMM at the level's sizes and one past them "
      "(quick 2000, normal 3000, full 4000), where a panel cut to fit "
      "the LLC pays", "issue 9; paper 002 II-C (CacheEdge)",
      range_nc },
    { "small", "SMALL_MAX", NULL,
      "SMALL_MAX, the crossover to the small-problem path (M, N and K at "
      "most it: the non-copy kernels on the caller's arrays, no packing): "
      "multiples of 16 around the value so far (quick x1/2, 1, 3/2; "
      "normal x1/2, 3/4, 1, 5/4, 3/2; full x3/8, 1/2, 5/8, 3/4, 1, 5/4, "
      "3/2, 2), at least KU, "
      "MC, KC, NC as chosen; each timed as the whole DGEMM at square N "
      "= every candidate's value, each size on the path the candidate "
      "routes it to", "issue 9; paper 002 II-C (non-copy kernel)",
      range_small },
};
const int mms_nsteps = sizeof mms_steps / sizeof mms_steps[0];

enum mms_step_kind mms_step_kind(const struct mms_step *st)
{
    return st->blocks ? MMS_STEP_BLOCKS
        : st->range == range_ncnb ? MMS_STEP_NCNB
        : st->range == range_kclean ? MMS_STEP_KCLEAN
        : st->range == range_cc ? MMS_STEP_CC
        : st->range == range_dgemm || st->range == range_pf
            ? MMS_STEP_DGEMM : MMS_STEP_REF;
}

int mms_step_searched(const struct mms_step *st)
{
    return st->range || st->blocks;
}

int mms_step_candidates(const struct mms_space *s, const struct mms_step *st,
                        const struct mmg_params *ref, struct mmg_params *out,
                        int max)
{
    int n, kept = 0;

    if (!st->range)
        return 0;
    n = st->range(s, ref, out, max);
    for (int i = 0; i < n; i++) {
        int dup = 0;
        mms_pins_apply(s->pins, &out[i]);
        for (int j = 0; j < kept && !dup; j++)
            dup = mms_params_equal(&out[j], &out[i]);
        if (!dup)
            out[kept++] = out[i];
    }
    return kept;
}
