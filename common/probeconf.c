/* probe.conf reader and writers, all driven by one schema table. */
#include "common/probeconf.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicfile.h"
#include "common/kvfile.h"

#define F(key, type, min, max, unit, member) \
    { key, MMC_PT_##type, min, max, unit, \
      offsetof(struct mmc_probeconf, member) }

/* Ranges are what a real machine can plausibly report; a value outside is
 * a broken probe or a hand-edited file, and either must stop the build.
 *
 * The caches above L1 have two figures each.  L2_KIB and LLC_KIB are the
 * nominal sizes: what sysfs or cpuid claims when mmprobe's latency curve
 * corroborates it (its edge, where a third of the loads go further, lies
 * within 0.75-1.25x of the claim for L2, 0.5-1.25x for the shared LLC),
 * then confirmed; otherwise the measured edge, unconfirmed, with the
 * disagreement printed.  L2_EFF_KIB and LLC_EFF_KIB are the effective
 * sizes: the largest working set at which a random walk has risen a tenth
 * of the way to the next level's latency (about one load in ten misses),
 * smaller than nominal under a hypervisor's page placement and other
 * tenants' load; blocking should count on these.  Flushing covers the
 * nominal sizes (timer/flushsize.c). */
const struct mmc_probe_field mmc_probeconf_schema[MMC_P_NKEYS] = {
    F("L1D_KIB", REAL, 1, 1 << 14, "KiB", l1d_kib),
    F("LINE_BYTES", INT, 8, 4096, "bytes", line_bytes),
    F("L1D_ASSOC", INT, 0, 1024, "ways, 0 = unknown", l1d_assoc),
    F("L2_KIB", REAL, 1, 1 << 22, "KiB, nominal", l2_kib),
    F("L2_EFF_KIB", REAL, 1, 1 << 22, "KiB, effective", l2_eff_kib),
    F("LLC_KIB", REAL, 1, 1 << 24, "KiB, nominal", llc_kib),
    F("LLC_EFF_KIB", REAL, 1, 1 << 24, "KiB, effective", llc_eff_kib),
    F("FP_REGS_SCALAR", INT, 1, 1024, "registers", fp_regs_scalar),
    F("FP_REGS_SSE2", INT, 0, 1024, "registers, 0 = not targeted",
      fp_regs_sse2),
    F("FP_REGS_AVX2", INT, 0, 1024, "registers, 0 = not targeted",
      fp_regs_avx2),
    F("FP_REGS_AVX512", INT, 0, 1024, "registers, 0 = not targeted",
      fp_regs_avx512),
    F("SIMD_DOUBLES", INT, 1, 64, "doubles per vector", simd_doubles),
    F("FMA", BOOL, 0, 1, "bool", fma),
    F("FMA_COMPILER", BOOL, 0, 1, "bool", fma_compiler),
    F("LAT_MUL", REAL, 0.25, 1000, "cycles", lat_mul),
    F("LAT_ADD", REAL, 0.25, 1000, "cycles", lat_add),
    F("LAT_FMA", REAL, 0, 1000, "cycles, 0 = no FMA", lat_fma),
    F("FP_PIPES", INT, 1, 64, "FP ops per cycle", fp_pipes),
    F("LS", INT, 1, 1024, "skew, paper 002 eq. 13", ls),
    F("CLOCK_MHZ", REAL, 10, 100000, "MHz", clock_mhz),
    F("TSC_MHZ", REAL, 0, 100000, "MHz, 0 = no TSC", tsc_mhz),
    F("PEAK_MFLOPS", REAL, 1, 1e9, "MFLOPS per core", peak_mflops),
};

#define CONFIRMED_SUFFIX "_CONFIRMED"
#define NFIELDS (MMC_O_NFIELDS + 2 * MMC_P_NKEYS)

int mmc_probeconf_find(const char *key)
{
    for (int k = 0; k < MMC_P_NKEYS; k++)
        if (strcmp(mmc_probeconf_schema[k].key, key) == 0)
            return k;
    return -1;
}

double mmc_probeconf_get(const struct mmc_probeconf *pc, enum mmc_probe_key k)
{
    const struct mmc_probe_field *f = &mmc_probeconf_schema[k];
    const char *base = (const char *)pc + f->offset;

    if (f->type == MMC_PT_REAL)
        return *(const double *)base;
    return *(const int *)base;
}

void mmc_probeconf_set(struct mmc_probeconf *pc, enum mmc_probe_key k,
                       double v)
{
    const struct mmc_probe_field *f = &mmc_probeconf_schema[k];
    char *base = (char *)pc + f->offset;

    if (f->type == MMC_PT_REAL)
        *(double *)base = v;
    else
        *(int *)base = (int)lround(v);
}

/* The kvfile schema: the head, every key, then every KEY_CONFIRMED, all
 * required so that a file cut short is caught even when it ends on a
 * newline. */
static void build_fields(struct kv_field *all, char names[][48])
{
    struct kv_field *fields = all + MMC_O_NFIELDS;

    static const enum kv_type kvtype[] = {
        [MMC_PT_INT] = KV_INT, [MMC_PT_REAL] = KV_REAL,
        [MMC_PT_BOOL] = KV_BOOL,
    };

    for (int k = 0; k < MMC_P_NKEYS; k++) {
        const struct mmc_probe_field *f = &mmc_probeconf_schema[k];

        fields[k] = (struct kv_field){ f->key, kvtype[f->type], f->min,
                                       f->max, 1 };
        snprintf(names[k], 48, "%s%s", f->key, CONFIRMED_SUFFIX);
        fields[MMC_P_NKEYS + k] = (struct kv_field){ names[k], KV_BOOL,
                                                     0, 1, 1 };
    }
}

/* What each key's range cannot say (issue 33: LINE_BYTES = 65, an L2
 * smaller than L1, SIMD_DOUBLES = 3 passed): the key that breaks a rule,
 * or -1 with nothing to say; why gets the rule. */
static int inconsistent(const struct mmc_probeconf *pc, char *why,
                        size_t len)
{
    if (pc->line_bytes & (pc->line_bytes - 1)) {
        snprintf(why, len, "LINE_BYTES: %d is not a power of two",
                 pc->line_bytes);
        return MMC_P_LINE_BYTES;
    }
    if (pc->simd_doubles & (pc->simd_doubles - 1)) {
        snprintf(why, len, "SIMD_DOUBLES: %d is not a power of two",
                 pc->simd_doubles);
        return MMC_P_SIMD_DOUBLES;
    }
    if (pc->l2_kib < pc->l1d_kib) {
        snprintf(why, len, "L2_KIB: %g is less than L1D_KIB = %g",
                 pc->l2_kib, pc->l1d_kib);
        return MMC_P_L2_KIB;
    }
    return -1;
}

int mmc_probeconf_read(const char *path, struct mmc_probeconf *pc,
                       char *err, size_t errlen)
{
    char why[160];
    int bad;
    struct kv_field fields[NFIELDS];
    struct kv_value values[NFIELDS];
    char names[MMC_P_NKEYS][48];

    const struct kv_value *v = values + MMC_O_NFIELDS;

    mmc_origin_fields(fields);
    build_fields(fields, names);
    if (mmc_origin_check_format(path, "probe.conf", MMC_PROBECONF_FORMAT,
                                NULL, err, errlen) < 0 ||
        kv_read(path, fields, NFIELDS, values, err, errlen) < 0)
        return -1;
    memset(pc, 0, sizeof *pc);
    mmc_origin_get(&pc->origin, values);
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        mmc_probeconf_set(pc, k, v[k].r);
        pc->confirmed[k] = (int)v[MMC_P_NKEYS + k].i;
    }
    if ((bad = inconsistent(pc, why, sizeof why)) >= 0) {
        snprintf(err, errlen, "%s:%d: %s", path, v[bad].line, why);
        return -1;
    }
    return 0;
}

/* Shortest text that reads back as the same value. */
static void format_value(const struct mmc_probeconf *pc, int k, char *buf,
                         size_t len)
{
    double v = mmc_probeconf_get(pc, k);

    if (mmc_probeconf_schema[k].type == MMC_PT_REAL)
        snprintf(buf, len, "%.10g", v);
    else
        snprintf(buf, len, "%d", (int)v);
}

int mmc_probeconf_validate(const struct mmc_probeconf *pc, char *err,
                           size_t errlen)
{
    char value[64];

    if (pc->origin.format != MMC_PROBECONF_FORMAT) {
        snprintf(err, errlen, "FORMAT: %d is not %d", pc->origin.format,
                 MMC_PROBECONF_FORMAT);
        return -1;
    }
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        const struct mmc_probe_field *f = &mmc_probeconf_schema[k];
        double v;

        /* Judge the text that would be written, as the reader will. */
        format_value(pc, k, value, sizeof value);
        v = strtod(value, NULL);
        if (!(v >= f->min && v <= f->max)) {
            snprintf(err, errlen, "%s: %s is out of range (allowed %g..%g)",
                     f->key, value, f->min, f->max);
            return -1;
        }
    }
    return inconsistent(pc, err, errlen) >= 0 ? -1 : 0;
}

int mmc_probeconf_write(const char *path, const struct mmc_probeconf *pc)
{
    struct kv_writer w;
    char value[64], note[160], name[48];

    if (mmc_probeconf_validate(pc, note, sizeof note) < 0) {
        errno = EDOM;
        return -1;
    }
    if (kv_begin(&w, path) < 0)
        return -1;
    kv_comment(&w, "probe.conf: measured by mmprobe on this machine; "
               "KEY_CONFIRMED = 1 when repetitions agreed");
    mmc_origin_put(&w, &pc->origin);
    if (pc->note[0])
        kv_comment(&w, "%s", pc->note);
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        const struct mmc_probe_field *f = &mmc_probeconf_schema[k];

        format_value(pc, k, value, sizeof value);
        snprintf(note, sizeof note, "%s%s%s", f->unit,
                 pc->how[k][0] ? ", " : "", pc->how[k]);
        kv_put(&w, f->key, note, "%s", value);
    }
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        snprintf(name, sizeof name, "%s%s", mmc_probeconf_schema[k].key,
                 CONFIRMED_SUFFIX);
        kv_put(&w, name, NULL, "%d", pc->confirmed[k] ? 1 : 0);
    }
    return kv_commit(&w);
}

int mmc_probeconf_write_header(const char *path,
                               const struct mmc_probeconf *pc)
{
    struct mmc_atomic_file af;
    FILE *fp = mmc_atomic_open(&af, path);
    char value[64];

    if (!fp)
        return -1;
    fprintf(fp, "/* Generated by mmprobe from probe.conf; do not edit. */\n"
            "#ifndef MMT_PROBE_CONF_H\n#define MMT_PROBE_CONF_H\n\n");
    for (int k = 0; k < MMC_P_NKEYS; k++) {
        const struct mmc_probe_field *f = &mmc_probeconf_schema[k];

        format_value(pc, k, value, sizeof value);
        fprintf(fp, "#define MMT_PROBE_%s %s  /* %s */\n", f->key, value,
                f->unit);
        fprintf(fp, "#define MMT_PROBE_%s%s %d\n", f->key, CONFIRMED_SUFFIX,
                pc->confirmed[k] ? 1 : 0);
    }
    fprintf(fp, "\n#endif\n");
    if (ferror(fp)) {
        mmc_atomic_discard(&af);
        errno = EIO;
        return -1;
    }
    return mmc_atomic_commit(&af);
}
