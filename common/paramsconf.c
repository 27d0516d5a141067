/* params.conf reader, writer and validation, driven by one schema. */
#include "common/paramsconf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/paramtable.h"

#define F(key, type, min, max, req, gen, note, member) \
    { key, KV_##type, min, max, req, gen, note, \
      offsetof(struct mmc_paramsconf, member), 0 }
/* A kernel parameter's row: key, range and meaning from paramtable.h. */
#define P(row, type, req, gen, member) P_(row, type, req, gen, member)
#define P_(key, min, max, note, type, req, gen, member) \
    F(key, type, min, max, req, gen, note, member)
/* A single-precision key: the rest is its double key's row. */
#define S(name, m) \
    { .key = MMC_PARAMSCONF_SINGLE name, .single = 1, \
      .offset = offsetof(struct mmc_paramsconf, single.m) }

/* The kernel parameters' ranges are the generator's (paramtable.h, one
 * table for both; a test reads every key back through mmgen); WORD
 * values are checked by their users (mmgen knows the ISAs). */
const struct mmc_params_field mmc_paramsconf_schema[MMC_Q_NKEYS] = {
    F("PROBE_FINGERPRINT", WORD, 0, 0, 1, 0,
      "of the probe.conf the search read", probe_fingerprint),
    F("GENERATOR", WORD, 0, 0, 1, 0, "mmgen version", generator),
    F("KERNEL_ABI", INT, 1, 1000, 1, 0, "codegen/mmkernel.h", kernel_abi),
    F("ISA", WORD, 0, 0, 1, 1, "none = scalar emitter", isa),
    P(MMC_KP_NB, INT, 1, 1, nb),
    P(MMC_KP_NCNB, INT, 0, 1, ncnb),
    P(MMC_KP_MU, INT, 1, 1, mu),
    P(MMC_KP_NU, INT, 1, 1, nu),
    P(MMC_KP_KU, INT, 1, 1, ku),
    P(MMC_KP_LS, INT, 1, 1, ls),
    P(MMC_KP_FMA, BOOL, 1, 1, fma),
    P(MMC_KP_FF, BOOL, 1, 1, ff),
    P(MMC_KP_IF, INT, 1, 1, ifetch),
    P(MMC_KP_NF, INT, 1, 1, nfetch),
    /* optional: files from before it have none, and their kernel none */
    P(MMC_KP_PF, BOOL, 0, 1, pf),
    P(MMC_KP_PFB, BOOL, 0, 1, pfb),
    P(MMC_KP_NR, INT, 1, 1, regs),
    F("K_CROSSOVER", INT, 0, MMC_DIM_MAX, 0, 0,
      "K cleanup: specialised above, general below", k_crossover),
    /* The library's blocking around the kernel (kernels/paramset.h),
     * optional: mmsearch's blocks steps (mc, kc, nc) choose them by
     * timing the whole DGEMM; where they did not run (--skip-blocks, the
     * model engine), the library's model fills what is absent from the
     * cache sizes of the probe.conf beside this file. */
    F("MC", INT, 1, MMC_DIM_MAX, 0, 0, "library: rows of A's packed block",
      mc),
    F("KC", INT, 1, MMC_DIM_MAX, 0, 0, "library: depth of a K panel", kc),
    F("NC", INT, 1, 1 << 20, 0, 0, "library: columns of B's packed panel",
      nc),
    /* The crossover to the small-problem path (the non-copy kernels on
     * the caller's arrays), optional: mmsearch's step small times it;
     * absent, the library's model's (kernels/libparams.c). */
    F("SMALL_MAX", INT, 1, MMC_DIM_MAX, 0, 0,
      "library: largest M, N, K of the small-problem path", small_max),
    /* optional: mmsearch's step ncnu times it; absent, the kernel's NU */
    P(MMC_KP_NCNU, INT, 0, 1, ncnu),
    /* The library's threads (kernels/parallel.c), optional: mmsearch's
     * step threads times them; absent, the library's model's. */
    F("THREAD_N", INT, 0, 1 << 20, 0, 0,
      "library: cube side from which a call takes 2 threads (0 never)",
      thread_n),
    F("THREAD_JC", BOOL, 0, 1, 0, 0,
      "library: the split's ties go to columns (1) or rows (0)", thread_jc),
    /* A smaller crossover for calls that find the team awake: within
     * THREAD_HOT_US of the calling thread's last call of that size or
     * more (kernels/teamwarm.c), optional: absent, THREAD_N for all. */
    F("THREAD_N_HOT", INT, 0, 1 << 20, 0, 0,
      "library: the cube side from which a call takes 2 threads when the "
      "team is awake", thread_n_hot),
    F("THREAD_HOT_US", INT, 0, 1000000, 0, 0,
      "library: microseconds the team stays awake after a call (0 never)",
      thread_hot_us),
    F("CC", WORD, 0, 0, 1, 0, "compiler the kernel was chosen with", cc),
    F("CFLAGS", WORD, 0, 0, 1, 0, "and its flags", cflags),
    F("MFLOPS", REAL, 0, 1e9, 1, 0, "the winner, as timed", mflops),
    F("PEAK_PERCENT", REAL, 0, 1000, 1, 0, "of PEAK_MFLOPS in probe.conf",
      peak_percent),
    F("TIMING", WORD, 0, 0, 1, 0, "how", timing),
    F("LEVEL", WORD, 0, 0, 1, 0, "mmsearch --level", level),
    /* The single-precision set, optional: mmsearch --precision=s times
     * it; absent, the library derives it from the double one.  Not
     * mmgen's keys (it reads a params.conf's double kernel): the
     * library hands them to it as skernel.params. */
    S("NB", nb), S("MU", mu), S("NU", nu), S("KU", ku), S("LS", ls),
    S("FMA", fma), S("FF", ff), S("IF", ifetch), S("NF", nfetch),
    S("MC", mc), S("KC", kc), S("NC", nc), S("SMALL_MAX", small_max),
    S("MFLOPS", mflops),
};

/* The remedy for a params.conf of an older FORMAT (paramsconf.h says
 * what each one changed): FORMAT 2 lacks only optional keys. */
#define OLDER "rerun make tune, which writes it again; or, to keep the " \
    "double parameters it holds, set its FORMAT to 3: FORMAT 3 only " \
    "added the optional single-precision keys S_*, which the library " \
    "derives where they are absent"

#define NFIELDS (MMC_O_NFIELDS + MMC_Q_NKEYS)

int mmc_paramsconf_find(const char *key)
{
    for (int k = 0; k < MMC_Q_NKEYS; k++)
        if (strcmp(mmc_paramsconf_schema[k].key, key) == 0)
            return k;
    return -1;
}

const struct mmc_params_field *mmc_paramsconf_field(int k)
{
    const struct mmc_params_field *f = &mmc_paramsconf_schema[k];

    return f->single ? &mmc_paramsconf_schema[mmc_paramsconf_find(
                           f->key + strlen(MMC_PARAMSCONF_SINGLE))]
                     : f;
}

static void *member(const struct mmc_paramsconf *pc, enum mmc_params_key k)
{
    return (char *)pc + mmc_paramsconf_schema[k].offset;
}

void mmc_paramsconf_text(const struct mmc_paramsconf *pc,
                         enum mmc_params_key k, char *buf, size_t len)
{
    const void *v = member(pc, k);

    switch (mmc_paramsconf_field(k)->type) {
    case KV_WORD:
        snprintf(buf, len, "%s", (const char *)v);
        break;
    case KV_REAL:
        snprintf(buf, len, "%.10g", *(const double *)v);
        break;
    default:
        snprintf(buf, len, "%d", *(const int *)v);
    }
}

static int is_present(const struct mmc_paramsconf *pc, int k)
{
    return mmc_paramsconf_schema[k].required || pc->present[k];
}

int mmc_paramsconf_read(const char *path, struct mmc_paramsconf *pc,
                        char *err, size_t errlen)
{
    struct kv_field fields[NFIELDS];
    struct kv_value values[NFIELDS];
    const struct kv_value *v = values + MMC_O_NFIELDS;

    mmc_origin_fields(fields);
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const struct mmc_params_field *f = mmc_paramsconf_field(k);
        fields[MMC_O_NFIELDS + k] = (struct kv_field){
            mmc_paramsconf_schema[k].key, f->type, f->min, f->max,
            mmc_paramsconf_schema[k].required };
    }
    if (mmc_origin_check_format(path, "params.conf", MMC_PARAMSCONF_FORMAT,
                                OLDER, err, errlen) < 0
        || kv_read(path, fields, NFIELDS, values, err, errlen) < 0)
        return -1;
    memset(pc, 0, sizeof *pc);
    mmc_origin_get(&pc->origin, values);
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        void *m = member(pc, k);

        pc->present[k] = v[k].set;
        pc->line[k] = v[k].line;
        if (mmc_paramsconf_field(k)->type == KV_WORD)
            snprintf(m, KV_WORD_MAX, "%s", v[k].word);
        else if (mmc_paramsconf_field(k)->type == KV_REAL)
            *(double *)m = v[k].r;
        else
            *(int *)m = (int)v[k].i;
    }
    return 0;
}

int mmc_paramsconf_validate(const struct mmc_paramsconf *pc, char *err,
                            size_t errlen)
{
    char text[KV_WORD_MAX];

    if (pc->origin.format != MMC_PARAMSCONF_FORMAT) {
        snprintf(err, errlen, "FORMAT: %d is not %d", pc->origin.format,
                 MMC_PARAMSCONF_FORMAT);
        return -1;
    }
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const struct mmc_params_field *f = mmc_paramsconf_field(k);
        const char *key = mmc_paramsconf_schema[k].key;
        double v;

        if (!is_present(pc, k))
            continue;
        mmc_paramsconf_text(pc, k, text, sizeof text);
        if (f->type == KV_WORD) {
            if (!text[0] || strpbrk(text, "#\n")) {
                snprintf(err, errlen, "%s: '%s' is empty or holds '#'",
                         key, text);
                return -1;
            }
            continue;
        }
        v = f->type == KV_REAL ? *(const double *)member(pc, k)
                               : *(const int *)member(pc, k);
        if (!(v >= f->min && v <= f->max)) {
            snprintf(err, errlen, "%s: %s is out of range (allowed %g..%g)",
                     key, text, f->min, f->max);
            return -1;
        }
    }
    return 0;
}

/* What the file says of key k, absent.  The single set, absent as a
 * whole (no search of it), is one line. */
static void absent(struct kv_writer *w, const struct mmc_paramsconf *pc,
                   int k)
{
    const struct mmc_params_field *f = &mmc_paramsconf_schema[k];
    int any = 0, first = k;

    if (!f->single) {
        kv_comment(w, "%s: not chosen (its step skipped, or no candidate "
                   "passed)", f->key);
        return;
    }
    for (int i = 0; i < MMC_Q_NKEYS; i++)
        if (mmc_paramsconf_schema[i].single) {
            any |= pc->present[i];
            first = first < i ? first : i;
        }
    if (any)
        kv_comment(w, "%s: not chosen: the library derives it from the "
                   "double set", f->key);
    else if (k == first)
        kv_comment(w, "%s*: single precision not searched: the library "
                   "derives it from the double set (kernels/libparams.c)",
                   MMC_PARAMSCONF_SINGLE);
}

int mmc_paramsconf_write(const char *path, const struct mmc_paramsconf *pc)
{
    struct kv_writer w;
    char text[KV_WORD_MAX], why[256];

    if (mmc_paramsconf_validate(pc, why, sizeof why) < 0) {
        errno = EDOM;
        return -1;
    }
    if (kv_begin(&w, path) < 0)
        return -1;
    kv_comment(&w, "params.conf: the kernel mmsearch chose on this "
               "machine; mmgen --params reads it");
    mmc_origin_put(&w, &pc->origin);
    for (int k = 0; k < MMC_Q_NKEYS; k++) {
        const struct mmc_params_field *f = &mmc_paramsconf_schema[k];
        char note[256];

        if (!is_present(pc, k)) {
            absent(&w, pc, k);
            continue;
        }
        mmc_paramsconf_text(pc, k, text, sizeof text);
        snprintf(note, sizeof note, "%s%s", f->single ? "single: " : "",
                 mmc_paramsconf_field(k)->note);
        kv_put(&w, f->key, note, "%s", text);
    }
    return kv_commit(&w);
}
