/* The library's parameter table, its reader and the model (libparams.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicfile.h"
#include "common/kvfile.h"
#include "kernels/libparams.h"

#define DIM_MAX 1024     /* mmgen's largest tile */

const struct mml_param mml_params[MML_NPARAMS] = {
    [MML_MU] = { "MU", "MU", 1, 64, "register tile rows" },
    [MML_NU] = { "NU", "NU", 1, 64, "register tile columns" },
    [MML_KU] = { "KU", "KU", 1, DIM_MAX, "k'' steps per k' trip" },
    [MML_NB] = { "NB", "NB", 1, DIM_MAX,
                 "columns of C per kernel call (the kernel's tile)" },
    [MML_MC] = { "MC", "M", 1, DIM_MAX, "rows of A's packed block" },
    [MML_KC] = { "KC", "K", 1, DIM_MAX, "depth of a K panel" },
    [MML_NC] = { "NC", NULL, 1, 1 << 20, "columns of B's packed panel" },
    [MML_LS] = { "LS", "LS", 1, 64, "mmgen's LS" },
    [MML_FMA] = { "FMA", "FMA", 0, 1, "mmgen's FMA" },
    [MML_FF] = { "FF", "FF", 0, 1, "mmgen's FF" },
    [MML_IF] = { "IF", "IF", 1, 128, "mmgen's IF" },
    [MML_NF] = { "NF", "NF", 1, 128, "mmgen's NF" },
};

/* Register tiles that fit the ISA's registers by inequality (1) of paper
 * 002 (counted in vectors, one broadcast register): avx512 3x8 vectors of
 * 8 in 32 registers, the tile of DRIVER_CALIBRATION.md; avx2 2x6 of 4 and
 * sse2 2x4 of 2 in 16; scalar 4x2 (14 of 16). */
const struct mml_isa_tile mml_isa_tiles[] = {
    { "avx512", 24, 8, 1 },
    { "avx2", 8, 6, 1 },
    { "sse2", 4, 4, 1 },
    { "none", 4, 2, 1 },
    { NULL, 0, 0, 0 },
};

/* Without cache sizes from cpuid the model assumes a small machine. */
#define L2_GUESS (256L * 1024)
#define LLC_GUESS (8L * 1024 * 1024)
#define KC_PER_MC 4
#define KC_MAX 512       /* deeper panels were not measured */
#define NC_MAX 4096      /* wider B panels gain nothing, cost workspace */

static void fields(struct kv_field *f)
{
    f[0] = (struct kv_field){ "ISA", KV_WORD, 0, 0, 1 };
    for (int i = 0; i < MML_NPARAMS; i++)
        f[i + 1] = (struct kv_field){ mml_params[i].key, KV_INT,
                                      mml_params[i].min, mml_params[i].max,
                                      0 };
}

int mml_params_read(const char *path, struct mml_libparams *p, char *err,
                    size_t errlen)
{
    struct kv_field f[MML_NPARAMS + 1];
    struct kv_value v[MML_NPARAMS + 1];

    fields(f);
    memset(p, 0, sizeof *p);
    if (kv_read(path, f, MML_NPARAMS + 1, v, err, errlen) != 0)
        return -1;
    if (!mml_isa_find(v[0].word)) {
        snprintf(err, errlen, "%s:%d: ISA: '%s' is not known (allowed "
                 "avx512, avx2, sse2, none)", path, v[0].line, v[0].word);
        return -1;
    }
    snprintf(p->isa, sizeof p->isa, "%.15s", v[0].word);
    for (int i = 0; i < MML_NPARAMS; i++)
        p->v[i] = v[i + 1].set ? (int)v[i + 1].i : 0;
    return 0;
}

/* The largest multiple of step <= x, and at least step. */
static long down_to(long x, long step)
{
    return x < step ? step : x / step * step;
}

/* MC, then KC: A's MC x KC block fills half the L2 with KC = 4 MC; deep K
 * panels cost less C traffic (C is loaded and stored once per panel),
 * and on Zen 5 MC = 120, KC = 480 beat the square 240 block by 2-6%
 * (results/archdefs/amd-f26-m2-avx512/README.md). */
static void model_blocks(int *v, long l2)
{
    double area = l2 / 2.0 / sizeof(double);
    int mc = v[MML_MC], kc = v[MML_KC], nb = v[MML_NB];

    if (!mc)
        mc = (int)down_to(kc ? (long)(area / kc)
                          : (long)sqrt(area / KC_PER_MC), v[MML_MU]);
    if (!kc)
        kc = KC_PER_MC * mc < KC_MAX ? KC_PER_MC * mc : KC_MAX;
    if (!nb) {
        int big = mc > kc ? mc : kc;
        nb = (big + v[MML_NU] - 1) / v[MML_NU] * v[MML_NU];
    }
    /* a given NB bounds what the model chooses (not what was given) */
    v[MML_MC] = v[MML_MC] ? v[MML_MC] : mc < nb ? mc : nb;
    v[MML_KC] = v[MML_KC] ? v[MML_KC] : kc < nb ? kc : nb;
    v[MML_NB] = nb;
}

int mml_params_model(struct mml_libparams *p, const struct mml_cpu *cpu)
{
    const struct mml_isa_tile *t = mml_isa_tiles;
    long l2 = cpu->l2_bytes > 0 ? cpu->l2_bytes : L2_GUESS;
    long llc = cpu->llc_bytes > 0 ? cpu->llc_bytes : LLC_GUESS;
    int *v = p->v;

    while (t->isa && strcmp(t->isa, p->isa))
        t++;
    if (!t->isa)
        return -1;
    v[MML_MU] = v[MML_MU] ? v[MML_MU] : t->mu;
    v[MML_NU] = v[MML_NU] ? v[MML_NU] : t->nu;
    v[MML_KU] = v[MML_KU] ? v[MML_KU] : t->ku;
    model_blocks(v, l2);
    if (!v[MML_NC]) {
        long nc = llc / 2 / (long)sizeof(double) / v[MML_KC];
        v[MML_NC] = (int)down_to(nc > NC_MAX ? NC_MAX : nc, v[MML_NB]);
    }
    return 0;
}

int mml_params_check(const struct mml_libparams *p, char *err,
                     size_t errlen)
{
    const int *v = p->v;

    if (v[MML_MC] > v[MML_NB] || v[MML_KC] > v[MML_NB]) {
        snprintf(err, errlen, "%s: %d is too large (allowed 1..NB = %d: "
                 "the kernel's tile bounds all three sizes)",
                 v[MML_MC] > v[MML_NB] ? "MC" : "KC",
                 v[MML_MC] > v[MML_NB] ? v[MML_MC] : v[MML_KC], v[MML_NB]);
        return -1;
    }
    if (v[MML_NC] < v[MML_NB]) {
        snprintf(err, errlen, "NC: %d is too small (allowed NB = %d or "
                 "more: one panel holds at least one kernel call)",
                 v[MML_NC], v[MML_NB]);
        return -1;
    }
    return 0;
}

void mml_params_mmgen_put(FILE *f, const struct mml_libparams *p,
                          const char *source)
{
    fprintf(f, "# The library's full kernel, from %s.\n"
            "# Written by mmselect: a build product, do not edit.\n"
            "ISA = %s\nCOPY = 1\nN = %d\n", source, p->isa, p->v[MML_NB]);
    for (int i = 0; i < MML_NPARAMS; i++)
        if (mml_params[i].mmgen && p->v[i])
            fprintf(f, "%s = %d\n", mml_params[i].mmgen, p->v[i]);
}

/* A C string literal of s (quotes and backslashes escaped). */
static void put_literal(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putc('\\', f);
        putc(*s, f);
    }
    putc('"', f);
}

void mml_params_header_put(FILE *f, const struct mml_libparams *p,
                           const char *source, const char *why,
                           const char *key)
{
    const char *requires = mml_isa_find(p->isa)->requires;

    fprintf(f, "/* The library's parameters, chosen by mmselect at build "
            "time: a build\n * product, do not edit. */\n"
            "#ifndef MML_GEN_LIBPARAMS_H\n#define MML_GEN_LIBPARAMS_H\n"
            "#define MML_PARAMS_SOURCE ");
    put_literal(f, source);
    fprintf(f, "\n#define MML_PARAMS_WHY ");
    put_literal(f, why);
    fprintf(f, "\n#define MML_ARCH_KEY ");
    put_literal(f, key);
    fprintf(f, "\n#define MML_ISA ");
    put_literal(f, p->isa);
    fprintf(f, "\n");
    for (int i = 0; i < MML_NPARAMS; i++)
        fprintf(f, "#define MML_PARAM_%s %d\n", mml_params[i].key, p->v[i]);
    /* code beside the kernels (packing) is compiled for their ISA */
    fprintf(f, "#if defined(__x86_64__) || defined(__i386__)\n"
            "#define MML_TARGET_ATTR");
    if (requires[0])
        fprintf(f, " __attribute__((target(\"%s\")))", requires);
    fprintf(f, "\n#else\n#define MML_TARGET_ATTR\n#endif\n#endif\n");
}

static int same_content(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    size_t n = strlen(text), i = 0;
    int c, same = 1;

    if (!f)
        return 0;
    while (same && (c = getc(f)) != EOF)
        same = i < n && text[i++] == (char)c;
    fclose(f);
    return same && i == n;
}

int mml_write_if_changed(const char *path, const char *text)
{
    struct mmt_atomic_file af;
    FILE *f;

    if (same_content(path, text))
        return 0;
    f = mmt_atomic_open(&af, path);
    if (!f)
        return -1;
    if (fputs(text, f) == EOF) {
        int e = errno;
        mmt_atomic_discard(&af);
        errno = e;
        return -1;
    }
    return mmt_atomic_commit(&af);
}
