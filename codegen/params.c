/* Parameter table, defaults, validation, and the KEY = value reader. */
#include "codegen/params.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "codegen/mmkernel.h"
#include "common/common.h"

#define OFF(f) offsetof(struct mmg_params, f)
/* A row of paramtable.h's (key, range, meaning) with mmgen's option name
 * and field. */
#define ROW(row, option, f) ROW_(row, option, f)
#define ROW_(key, min, max, meaning, option, f) \
    { key, option, min, max, OFF(f), meaning }

/* Hard ranges (the shared ones paramtable.h's); rules between parameters
 * are in mmg_params_check. */
const struct mmg_int_param mmg_int_params[] = {
    ROW(MMC_KP_NB, "nb", nb),
    ROW(MMC_KP_NCNB, "ncnb", ncnb),
    ROW(MMC_KP_NCNU, "ncnu", ncnu),
    { "COPY", "copy", 0, 1, OFF(copy),
      "1: operands copied into the kernel layout, 0: not" },
    { "M", "m", 0, MMC_DIM_MAX, OFF(m), "M fixed at this size; 0: run time" },
    { "N", "n", 0, MMC_DIM_MAX, OFF(n), "N fixed at this size; 0: run time" },
    { "K", "k", 0, MMC_DIM_MAX, OFF(k), "K fixed at this size; 0: run time" },
    ROW(MMC_KP_MU, "mu", mu),
    ROW(MMC_KP_NU, "nu", nu),
    ROW(MMC_KP_KU, "ku", ku),
    ROW(MMC_KP_LS, "ls", ls),
    ROW(MMC_KP_FMA, "fma", fma),
    ROW(MMC_KP_FF, "ff", ff),
    ROW(MMC_KP_IF, "if", ifetch),
    ROW(MMC_KP_NF, "nf", nfetch),
    ROW(MMC_KP_PF, "pf", pf),
    { "PFA", "pfa", 0, 1, OFF(pfa),
      "1 (COPY=0): prefetch the A rows below the block" },
    ROW(MMC_KP_PFB, "pfb", pfb),
    ROW(MMC_KP_NR, "nr", regs),
    { "PERTURB", "perturb", 0, 1, OFF(perturb),
      "test only: make one update wrong" },
};
const size_t mmg_n_int_params =
    sizeof mmg_int_params / sizeof mmg_int_params[0];

const struct mmg_type mmg_types[2] = {
    [MMT_TYPE_D] = { "d", "double", "pd", "", "mmk", "epi64", "epi64x",
                     "0x1p-20", 1 },
    /* 2^-6: single's rounding bound over a k of 20 is near 2^-17 */
    [MMT_TYPE_S] = { "s", "float", "ps", "f", "smmk", "epi32", "epi32",
                     "0x1p-6", 2 },
};

void mmg_params_default(struct mmg_params *p)
{
    memset(p, 0, sizeof *p);
    p->nb = 40;
    p->ncnb = MMG_TILE;
    p->copy = 1;
    p->m = p->n = p->k = MMG_TILE;
    p->mu = 4;
    p->nu = 2;           /* 4x2 fits 16 registers by inequality (1) */
    p->ku = 4;
    p->ls = 1;
    p->fma = 1;
    p->ff = 1;           /* the values paper 002 §IV uses for FF, IF, NF */
    p->ifetch = 2;
    p->nfetch = 2;
    p->isa = MMG_ISA_NONE;
    p->betas = MMG_BETA_ALL;
}

static int *int_field(struct mmg_params *p, const struct mmg_int_param *d)
{
    return (int *)((char *)p + d->offset);
}

static const struct mmg_int_param *find_int(const char *key)
{
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (!strcasecmp(key, mmg_int_params[i].key))
            return &mmg_int_params[i];
    return NULL;
}

static int set_isa(struct mmg_params *p, const char *text,
                   char *err, size_t errlen)
{
    char names[64];

    /* Any case: the generator's words are case-blind (common/isa.h's
     * lookup is exact, as params.conf's ISA is for the library). */
    for (int i = 0; i < MMG_NISA; i++)
        if (!strcasecmp(text, mmc_isas[i].name)) {
            p->isa = (enum mmg_isa)i;
            return 0;
        }
    snprintf(err, errlen, "ISA: '%s' is not known (allowed %s)", text,
             mmc_isa_list(names, sizeof names, 0));
    return -1;
}

static int set_type(struct mmg_params *p, const char *text,
                    char *err, size_t errlen)
{
    for (int i = 0; i < 2; i++)
        if (!strcasecmp(text, mmg_types[i].word)) {
            p->type = i;
            return 0;
        }
    snprintf(err, errlen, "TYPE: '%s' is not an element type (allowed d "
             "= double, s = float)", text);
    return -1;
}

/* WORD: 0, 1, X or all, or a comma list of the first three ("0,1": the
 * search's drivers, which never call the general variant). */
static int set_betas(struct mmg_params *p, const char *text,
                     char *err, size_t errlen)
{
    static const struct { const char *word; int bits; } beta_words[] = {
        { "0", MMG_BETA0 }, { "1", MMG_BETA1 }, { "X", MMG_BETAX },
        { "all", MMG_BETA_ALL },
    };
    const size_t nwords = sizeof beta_words / sizeof beta_words[0];
    const char *w = text;
    int bits = 0;

    for (;;) {
        size_t n = strcspn(w, ","), i;

        for (i = 0; i < nwords; i++)    /* no word is empty */
            if (strlen(beta_words[i].word) == n
                && !strncasecmp(w, beta_words[i].word, n))
                break;
        if (i == nwords)
            break;
        bits |= beta_words[i].bits;
        if (!w[n]) {
            p->betas = bits;
            return 0;
        }
        w += n + 1;
    }
    snprintf(err, errlen, "BETA: '%s' is not a variant or a comma list of "
             "them (allowed 0, 1, X, all)", text);
    return -1;
}

static int set_name(struct mmg_params *p, const char *text,
                    char *err, size_t errlen)
{
    size_t len = strlen(text);
    int ok = len > 0 && len < sizeof p->name
        && strspn(text, "abcdefghijklmnopqrstuvwxyz"
                  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == len
        && !(text[0] >= '0' && text[0] <= '9');
    if (!ok) {
        snprintf(err, errlen, "NAME: '%s' is not a C identifier of 1..%zu "
                 "characters", text, sizeof p->name - 1);
        return -1;
    }
    memcpy(p->name, text, len + 1);
    return 0;
}

/* BT is no entry of the integer table: a layout for the library, not a
 * parameter the search varies (its logs and pins list the table). */
static int set_bt(struct mmg_params *p, const char *text,
                  char *err, size_t errlen)
{
    if (strcmp(text, "0") && strcmp(text, "1")) {
        snprintf(err, errlen, "BT: '%s' is not allowed (allowed 0, 1)",
                 text);
        return -1;
    }
    p->bt = text[0] == '1';
    return 0;
}

int mmg_params_set(struct mmg_params *p, const char *key, const char *text,
                   char *err, size_t errlen)
{
    const struct mmg_int_param *d = find_int(key);
    char *end;
    long v;

    if (!strcasecmp(key, "ISA"))
        return set_isa(p, text, err, errlen);
    if (!strcasecmp(key, "TYPE"))
        return set_type(p, text, err, errlen);
    if (!strcasecmp(key, "BETA"))
        return set_betas(p, text, err, errlen);
    if (!strcasecmp(key, "NAME"))
        return set_name(p, text, err, errlen);
    if (!strcasecmp(key, "BT"))
        return set_bt(p, text, err, errlen);
    if (!d) {
        snprintf(err, errlen, "%s: not a parameter", key);
        return -1;
    }
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0') {
        snprintf(err, errlen, "%s: '%s' is not an integer (allowed %d..%d)",
                 d->key, text, d->min, d->max);
        return -1;
    }
    if (v < d->min || v > d->max) {
        snprintf(err, errlen, "%s: %ld is out of range (allowed %d..%d)",
                 d->key, v, d->min, d->max);
        return -1;
    }
    *int_field(p, d) = (int)v;
    return 0;
}

/* A params.conf (it has the common head): its generator keys, each
 * judged by mmg_params_set and named by its line when rejected. */
static int read_paramsconf(struct mmg_params *p, const char *path,
                           char *err, size_t errlen)
{
    struct mmc_paramsconf pc;
    char text[KV_WORD_MAX], why[256];

    if (mmc_paramsconf_read(path, &pc, err, errlen) != 0)
        return -1;
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const char *key = mmc_paramsconf_schema[k].key;
        if (!mmc_paramsconf_schema[k].generator || !pc.present[k])
            continue;
        mmc_paramsconf_text(&pc, k, text, sizeof text);
        if (mmg_params_set(p, key, text, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, pc.line[k], why);
            return -1;
        }
    }
    return 0;
}

enum { N_WORDS = 5 };

int mmg_params_read(struct mmg_params *p, const char *path,
                    char *err, size_t errlen)
{
    static const char *const words[N_WORDS] = { "ISA", "BETA", "NAME",
                                                   "BT", "TYPE" };
    struct kv_field fields[sizeof mmg_int_params / sizeof mmg_int_params[0]
                           + N_WORDS];
    struct kv_value values[sizeof fields / sizeof fields[0]];
    size_t n = 0;
    char why[256];

    for (size_t i = 0; i < mmg_n_int_params; i++, n++) {
        const struct mmg_int_param *d = &mmg_int_params[i];
        fields[n] = (struct kv_field){ d->key, KV_INT, d->min, d->max, 0 };
    }
    if (mmc_origin_has_head(path))
        return read_paramsconf(p, path, err, errlen);
    for (size_t i = 0; i < N_WORDS; i++, n++)
        fields[n] = (struct kv_field){ words[i], KV_WORD, 0, 0, 0 };
    if (kv_read(path, fields, n, values, err, errlen) != 0)
        return -1;
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (values[i].set)
            *int_field(p, &mmg_int_params[i]) = (int)values[i].i;
    for (size_t i = 0; i < N_WORDS; i++) {
        const struct kv_value *v = &values[mmg_n_int_params + i];
        if (v->set && mmg_params_set(p, words[i], v->word, why,
                                     sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, v->line, why);
            return -1;
        }
    }
    return 0;
}

int mmg_vlen(enum mmg_isa isa)
{
    return mmc_isas[isa].vlen;
}

int mmg_lanes(const struct mmg_params *p)
{
    int v = mmg_vlen(p->isa);

    /* a scalar register holds one element, whatever its type */
    return v == 1 ? 1 : v * mmg_types[p->type].per_double;
}

const char *mmg_isa_name(enum mmg_isa isa)
{
    return mmc_isas[isa].name;
}

int mmg_tile(const struct mmg_params *p)
{
    if (p->copy)
        return p->nb;
    return p->ncnb == MMG_TILE ? p->nb : p->ncnb;
}

int mmg_dim(const struct mmg_params *p, int dim)
{
    int v = dim == 'm' ? p->m : dim == 'n' ? p->n : p->k;
    return v == MMG_TILE ? mmg_tile(p) : v;
}

int mmg_loads_per_step(const struct mmg_params *p)
{
    return p->mu / mmg_lanes(p) + p->nu;
}

void mmg_fit_fetch(struct mmg_params *p)
{
    int loads = mmg_loads_per_step(p);

    if (p->ifetch > loads)
        p->ifetch = loads;
    if (p->nfetch > loads)
        p->nfetch = loads;
}

void mmg_small_path(struct mmg_params *p)
{
    int lanes = mmg_lanes(p);

    p->copy = 0, p->ff = 0, p->pfb = 0, p->pfa = 0, p->ku = 1;
    p->m = p->n = p->k = MMG_RUNTIME;
    if (lanes > 1 && p->mu > 2 * lanes)
        p->mu = 2 * lanes;
    if (p->ncnu > 0)
        p->nu = p->ncnu;
}

void mmg_runtime_unroll(struct mmg_params *p)
{
    if (p->k == MMG_RUNTIME && p->ku > MMG_RUNTIME_KU_MAX)
        p->ku = MMG_RUNTIME_KU_MAX;
}

/* Scalar: inequality (1) of paper 002, MU*NU + MU + NU + Ls <= NR.
 * SIMD: counted in vectors, with B streamed through one broadcast register
 * as in the refined x86 model of §V-G (each broadcast feeds MU/V
 * three-operand FMAs and is dead), so MU/V*NU + MU/V + 1 (+ Ls). */
int mmg_regs_needed(const struct mmg_params *p)
{
    int mv = p->mu / mmg_lanes(p);
    int b_regs = p->isa == MMG_ISA_NONE ? p->nu : 1;
    return mv * p->nu + mv + b_regs + (p->fma ? 0 : p->ls);
}

int mmg_regs_available(const struct mmg_params *p)
{
    if (p->regs)
        return p->regs;
    return mmc_isas[p->isa].vregs;
}

static int check_dim(const struct mmg_params *p, const char *key, int v,
                     char *err, size_t errlen)
{
    int tile = mmg_tile(p);
    if (v == MMG_TILE || (v >= 0 && v <= tile))
        return 0;
    snprintf(err, errlen, "%s: %d is out of range (allowed 0 = run time, "
             "or 1..%s=%d)", key, v, p->copy ? "NB" : "NCNB", tile);
    return -1;
}

int mmg_params_check(const struct mmg_params *p, char *err, size_t errlen)
{
    int vlen = mmg_lanes(p), tile = mmg_tile(p), loads;

    if (check_dim(p, "M", p->m, err, errlen)
        || check_dim(p, "N", p->n, err, errlen)
        || check_dim(p, "K", p->k, err, errlen))
        return -1;
    if (p->bt && p->copy) {
        snprintf(err, errlen, "BT: 1 is not allowed with COPY=1 (allowed 0; "
                 "B stored transposed is read in place, by COPY=0 kernels "
                 "only)");
        return -1;
    }
    if (p->pfa && p->copy) {
        snprintf(err, errlen, "PFA: 1 is not allowed with COPY=1 (allowed "
                 "0; the rows below the block are the caller's A, read in "
                 "place by COPY=0 kernels only)");
        return -1;
    }
    if (p->pfb && (!p->copy || vlen == 1)) {
        snprintf(err, errlen, "PFB: 1 is not allowed with %s (allowed 0; "
                 "B's next panel is prefetched in the packed panel layout "
                 "of SIMD COPY=1 kernels only)",
                 !p->copy ? "COPY=0" : "ISA=none");
        return -1;
    }
    if (p->mu % vlen != 0) {
        snprintf(err, errlen, "MU: %d is not allowed with ISA=%s%s "
                 "(allowed multiples of the vector length %d in %d..64)",
                 p->mu, mmg_isa_name(p->isa),
                 p->type == MMT_TYPE_S ? " TYPE=s" : "", vlen, vlen);
        return -1;
    }
    if (p->ku > tile) {
        snprintf(err, errlen, "KU: %d is out of range (allowed 1..%s=%d)",
                 p->ku, p->copy ? "NB" : "NCNB", tile);
        return -1;
    }
    loads = mmg_loads_per_step(p);
    /* §III-B step 5: IF in [2, MU+NU], NF in [1, MU+NU] (loads counted in
     * vectors for the SIMD emitter). */
    if (p->ifetch < 2 || p->ifetch > loads) {
        snprintf(err, errlen, "IF: %d is out of range (allowed 2..%d, the "
                 "loads of one k step)", p->ifetch, loads);
        return -1;
    }
    if (p->nfetch > loads) {
        snprintf(err, errlen, "NF: %d is out of range (allowed 1..%d, the "
                 "loads of one k step)", p->nfetch, loads);
        return -1;
    }
    return 0;
}

static void dim_text(const struct mmg_params *p, int dim, char *out,
                     size_t len)
{
    int v = mmg_dim(p, dim);
    if (v == MMG_RUNTIME)
        snprintf(out, len, "r");
    else
        snprintf(out, len, "%d", v);
}

void mmg_kernel_name(const struct mmg_params *p, char *out, size_t len)
{
    char m[8], n[8], k[8];

    if (p->name[0]) {
        snprintf(out, len, "%s", p->name);
        return;
    }
    dim_text(p, 'm', m, sizeof m);
    dim_text(p, 'n', n, sizeof n);
    dim_text(p, 'k', k, sizeof k);
    snprintf(out, len,
             "%s_%s_%s%d_m%sn%sk%s_u%dx%dx%d_l%d_f%d%d_i%dn%d%s%s%s%s",
             mmg_types[p->type].prefix, mmg_isa_name(p->isa),
             p->copy ? "c" : p->bt ? "nct" : "nc", mmg_tile(p),
             m, n, k, p->mu, p->nu, p->ku, p->ls, p->fma, p->ff,
             p->ifetch, p->nfetch, p->pf ? "_pf" : "",
             p->pfa ? "_pfa" : "", p->pfb ? "_pfb" : "",
             p->perturb ? "_bad" : "");
}

/* set_betas's word for betas: one variant's, all, or a comma list. */
static const char *beta_word(int betas)
{
    static const char *const lists[8] = { "all", "0", "1", "0,1", "X",
                                          "0,X", "1,X", "all" };

    return lists[betas & MMG_BETA_ALL];
}

void mmg_params_options(const struct mmg_params *p, char *out, size_t len)
{
    size_t used;

    /* --type=d is the default and not printed: the commands of double
     * kernels stay as they were before the type existed */
    snprintf(out, len, "--isa=%s --beta=%s%s", mmg_isa_name(p->isa),
             beta_word(p->betas), p->type == MMT_TYPE_S ? " --type=s" : "");
    for (size_t i = 0; i < mmg_n_int_params; i++) {
        const struct mmg_int_param *d = &mmg_int_params[i];
        int v = *(const int *)((const char *)p + d->offset);
        /* PERTURB, PF, PFA and PFB print only when set: files
         * generated before PF existed keep their commands */
        if (v == MMG_TILE || ((d->offset == OFF(perturb)
                               || d->offset == OFF(pf)
                               || d->offset == OFF(pfa)
                               || d->offset == OFF(pfb)) && !v))
            continue;
        used = strlen(out);
        snprintf(out + used, len - used, " --%s=%d", d->option, v);
    }
    if (p->bt) {
        used = strlen(out);
        snprintf(out + used, len - used, " --bt=1");
    }
    if (p->name[0]) {
        used = strlen(out);
        snprintf(out + used, len - used, " --name=%s", p->name);
    }
}

struct option *mmg_long_options(const struct option *fixed, size_t nfixed,
                                int first)
{
    static struct option *kept;
    struct option *o = calloc(nfixed + mmg_n_int_params + 1, sizeof *o);

    free(kept);
    kept = o;
    if (!o) {
        mmc_error("out of memory");
        exit(MMC_EXIT_FAIL);
    }
    memcpy(o, fixed, sizeof *fixed * nfixed);
    for (size_t i = 0; i < mmg_n_int_params; i++)
        o[nfixed + i] = (struct option){ mmg_int_params[i].option,
                                         required_argument, NULL,
                                         first + (int)i };
    return o;
}
