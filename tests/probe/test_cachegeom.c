/* The cache probe's reading of measurements, on simulated caches: the L1
 * geometry (ways x way size) and the capacity curve must find any size,
 * not only powers of two (a 48 KiB L1 is not 32 or 64), and must refuse a
 * curve without a cliff; L2 and the effective LLC must be read right on
 * the guests' geometries, including a Sapphire Rapids guest's, where a
 * 2 MiB L2 sits next to an L3 that behaves like 4 MiB.  Then the verdicts:
 * a claimed size is written (confirmed) only when the curve corroborates
 * it, the effective size lies below it, and an L1 whose two methods or
 * cpuid disagree is never confirmed, and says so. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "probe/probes.h"

/* A set-associative cache with LRU: a cyclic walk over lines hits only if
 * no set receives more lines than it has ways. */
struct sim {
    size_t bytes, line;
    int ways;
};

static double sim_set_ns(void *arg, int n, size_t stride)
{
    const struct sim *s = arg;
    size_t sets = s->bytes / s->line / s->ways;
    int count[4096] = { 0 };

    for (int i = 0; i < n; i++) {
        size_t set = (i * stride / s->line) % sets;
        if (++count[set] > s->ways)
            return 5.0;     /* an L2 hit */
    }
    return 1.0;
}

static const struct probe_ctx quiet = { 0 };

static void expect_geometry(size_t bytes, int ways)
{
    struct sim s = { bytes, 64, ways };
    struct probe_geometry g;

    assert_int_equal(probe_l1_geometry(&quiet, sim_set_ns, &s, &g), 0);
    assert_int_equal(g.ways, ways);
    assert_int_equal(g.ways * g.way_bytes, bytes);
}

static void geometry_any_size(void **state)
{
    (void)state;
    expect_geometry(32 * 1024, 8);      /* Zen 3 */
    expect_geometry(48 * 1024, 12);     /* Sapphire Rapids */
    expect_geometry(64 * 1024, 2);      /* a two-way 64 KiB */
    expect_geometry(24 * 1024, 6);      /* Atom-like */
}

/* A cache that never misses has no edge: no answer, not a guess. */
static double never_miss(void *arg, int n, size_t stride)
{
    (void)arg, (void)n, (void)stride;
    return 1.0;
}

static void geometry_without_edge(void **state)
{
    struct probe_geometry g;

    (void)state;
    assert_int_equal(probe_l1_geometry(&quiet, never_miss, NULL, &g), -1);
}

/* A capacity curve on a 4 KiB grid: hits up to the size, some early
 * misses just below it (other code sharing the core), all misses past it. */
static size_t read_curve(size_t l1, int cliff)
{
    size_t bytes[64];
    double ns[64];
    int n = 0;

    for (size_t s = 4096; s <= 256 * 1024; s += 4096, n++) {
        bytes[n] = s;
        ns[n] = !cliff || s < l1 - 4096 ? 1.8 : s <= l1 ? 4.0 : 5.6;
    }
    return probe_l1_from_curve(bytes, ns, n);
}

static void curve_cliff(void **state)
{
    (void)state;
    assert_int_equal(read_curve(48 * 1024, 1), 48 * 1024);
    assert_int_equal(read_curve(32 * 1024, 1), 32 * 1024);
    assert_int_equal(read_curve(80 * 1024, 1), 80 * 1024);
    assert_int_equal(read_curve(48 * 1024, 0), 0);
}

/* Another thread holding part of the L1 (seen on the Zen 5 guest): the
 * plateau rises well before the cliff, which then reads 44 KiB for 48.
 * Such a curve gives no answer rather than a wrong one. */
static void curve_disturbed(void **state)
{
    size_t bytes[64];
    double ns[64];
    int n = 0;

    (void)state;
    for (size_t s = 4096; s <= 256 * 1024; s += 4096, n++) {
        bytes[n] = s;
        ns[n] = s <= 28 * 1024 ? 1.08 : s <= 44 * 1024 ? 1.08 + (s / 4096
                - 7) * 0.3 : 3.8;
    }
    assert_int_equal(probe_l1_from_curve(bytes, ns, n), 0);
}

/* A machine above L1: latencies of L2, LLC and memory, the L2 and
 * effective LLC sizes; each cliff is smeared from 0.75x to 1.25x its size,
 * as random guest pages in a physically indexed cache smear it. */
struct upper {
    size_t l1, l2, llc;         /* llc = 0: no level between L2 and memory */
    double t2, t3, mem;
};

static double ramp(double s, double size)
{
    double x = (log2(s) - log2(0.75 * size)) / (log2(1.25) - log2(0.75));

    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static double upper_ns(const struct upper *u, double s)
{
    if (!u->llc)
        return u->t2 + (u->mem - u->t2) * ramp(s, u->l2);
    return u->t2 + (u->t3 - u->t2) * ramp(s, u->l2) +
           (u->mem - u->t3) * ramp(s, u->llc);
}

/* The cache probe's grid: 8 sizes per octave from 2 x L1 to 8 MiB, 2
 * above, up to 64 MiB, on 4 KiB multiples. */
static void read_levels(const struct upper *u, struct probe_edges *e)
{
    size_t bytes[200];
    double ns[200];
    int n = 0;

    for (double s = 2.0 * u->l1; s <= 64.0 * 1024 * 1024 && n < 200;
         s *= s < 8.0 * 1024 * 1024 ? pow(2, 1 / 8.0) : sqrt(2), n++) {
        bytes[n] = (size_t)(s / 4096) * 4096;
        ns[n] = upper_ns(u, bytes[n]);
    }
    assert_int_equal(probe_levels_from_curve(bytes, ns, n, u->l1, e), 0);
}

static void assert_within(size_t got, size_t want, double lo, double hi)
{
    if (got < lo * want || got > hi * want)
        fail_msg("read %zu KiB for %zu KiB (want %.2f..%.2fx)", got / 1024,
                 want / 1024, lo, hi);
}

#define KIB 1024
#define MIB (1024 * 1024)

/* L2 read within [0.75, 1.1] x its size, the LLC within [0.75, 1.25] x
 * its effective size, or as the L2 when there is no level between; each
 * effective size at or below its edge, and within [0.7, 1] x the size
 * (the smear starts at 0.75x, a tenth of the way up is 0.79x, and the
 * grid point read can lie a step of 9% below). */
static void expect_levels(const struct upper *u)
{
    struct probe_edges e;

    read_levels(u, &e);
    assert_within(e.l2, u->l2, 0.75, 1.1);
    assert_within(e.l2_eff, u->l2, 0.7, 1.0);
    assert_true(e.l2_eff <= e.l2);
    if (u->llc) {
        assert_within(e.llc, u->llc, 0.75, 1.25);
        assert_within(e.llc_eff, u->llc, 0.7, 1.0);
        assert_true(e.llc_eff <= e.llc);
    } else {
        assert_int_equal(e.llc, e.l2);
        assert_int_equal(e.llc_eff, e.l2_eff);
    }
}

static void levels_zen3_guest(void **state)
{
    const struct upper u = { 32 * KIB, 512 * KIB, 6 * MIB, 4.1, 15, 80 };

    (void)state;
    expect_levels(&u);
}

/* The LLC plateau lives only between 2 and 4 MiB, where the L2's own
 * smear ends: it must neither be taken for memory (L2 read as 3 MiB) nor
 * be missed (LLC read as the L2), also when the L3 is slow. */
static void levels_spr_guest(void **state)
{
    const struct upper u = { 48 * KIB, 2 * MIB, 4 * MIB, 7, 33, 110 };
    const struct upper slow = { 48 * KIB, 2 * MIB, 4 * MIB, 7, 60, 110 };

    (void)state;
    expect_levels(&u);
    expect_levels(&slow);
}

/* No level between L2 and memory: the LLC is the L2. */
static void levels_without_l3(void **state)
{
    const struct upper u = { 32 * KIB, 1 * MIB, 0, 5, 0, 90 };

    (void)state;
    expect_levels(&u);
}

/* The Zen 5 guest here: L2 3.8 ns, L3 12.8 ns behaving like 8 MiB,
 * memory 115 ns. */
static const struct upper zen5 = { 48 * KIB, 1 * MIB, 8 * MIB, 3.8, 12.8,
                                   115 };

static void levels_zen5_guest(void **state)
{
    (void)state;
    expect_levels(&zen5);
}

/* --- verdicts ----------------------------------------------------------- */

/* Notes go to a file the test reads back. */
static FILE *notes;
static struct probe_ctx noting;
static char said[4096];

static int open_notes(void **state)
{
    (void)state;
    notes = tmpfile();
    noting.log = notes;
    return notes ? 0 : -1;
}

static int close_notes(void **state)
{
    (void)state;
    fclose(notes);
    return 0;
}

/* Everything printed since the last call. */
static const char *notes_said(void)
{
    size_t n;

    fflush(notes);
    rewind(notes);
    n = fread(said, 1, sizeof said - 1, notes);
    said[n] = '\0';
    rewind(notes);
    if (ftruncate(fileno(notes), 0) != 0)
        fail_msg("cannot empty the notes file");
    return said;
}

static struct mmc_cache_claim claim(int level, long kib, int ways,
                                      const char *source)
{
    struct mmc_cache_claim c = { level, level == 1 ? MMC_CT_DATA
                                                     : MMC_CT_UNIFIED,
                                   kib, ways, ways, 64, source, "" };
    return c;
}

/* Readings of the Zen 5 curve, with repetitions a grid step apart. */
static void zen5_l2_reading(struct probe_level_reading *r)
{
    struct probe_edges e;

    read_levels(&zen5, &e);
    for (int k = 0; k < 3; k++) {
        r->edge[k] = e.l2 + (k == 2 ? 64 * KIB : 0);
        r->eff[k] = e.l2_eff - (k == 1 ? 48 * KIB : 0);
    }
}

static void nominal_corroborated(void **state)
{
    struct probe_level_reading r;
    struct mmc_cache_claim l2 = claim(2, 1024, 8, "cpuid 0x80000006");
    struct probe_answer nom, eff;

    (void)state;
    zen5_l2_reading(&r);
    assert_int_equal(probe_level_decide(&noting, "L2", &r, &l2, NULL,
                                        &probe_l2_tolerance, &nom, &eff), 0);
    assert_true(nom.value == 1024);
    assert_true(nom.confirmed);
    assert_non_null(strstr(nom.how, "cpuid 0x80000006"));
    assert_non_null(strstr(nom.how, "chase edge"));
    assert_true(eff.value == r.eff[0] / KIB);
    assert_true(eff.value < nom.value);
    assert_true(eff.confirmed);
    assert_string_equal(notes_said(), "");
}

/* The same curve against a claim of twice the size: the measured edge is
 * written, unconfirmed, and the note names both figures. */
static void nominal_not_corroborated(void **state)
{
    struct probe_level_reading r;
    struct mmc_cache_claim l2 = claim(2, 2048, 16, "sysfs");
    struct probe_answer nom, eff;
    const char *text;

    (void)state;
    zen5_l2_reading(&r);
    assert_int_equal(probe_level_decide(&noting, "L2", &r, &l2, NULL,
                                        &probe_l2_tolerance, &nom, &eff), 0);
    assert_true(nom.value == r.edge[0] / KIB);
    assert_false(nom.confirmed);
    text = notes_said();
    assert_non_null(strstr(text, "mmprobe: note: L2_KIB"));
    assert_non_null(strstr(text, "2048 KiB sysfs says"));
    /* One repetition outside the tolerance is enough to doubt it. */
    l2 = claim(2, 1024, 8, "sysfs");
    r.edge[2] = 1300 * KIB;
    probe_level_decide(&noting, "L2", &r, &l2, NULL, &probe_l2_tolerance,
                       &nom, &eff);
    assert_false(nom.confirmed);
    assert_non_null(strstr(notes_said(), "1300"));
}

/* What sends mmprobe to a second look at the L2: any of the three edges
 * outside the tolerance, at either end, or no claim to fit. */
static void level_fits(void **state)
{
    struct probe_level_reading r;
    struct mmc_cache_claim l2 = claim(2, 1024, 8, "cpuid 0x80000006");

    (void)state;
    zen5_l2_reading(&r);
    assert_true(probe_level_fits(&r, &l2, &probe_l2_tolerance));
    assert_false(probe_level_fits(&r, NULL, &probe_l2_tolerance));
    for (int k = 0; k < 3; k++) {
        size_t keep = r.edge[k];

        r.edge[k] = 760 * KIB;          /* under 0.75 x 1024 */
        assert_false(probe_level_fits(&r, &l2, &probe_l2_tolerance));
        r.edge[k] = 1290 * KIB;         /* over 1.25 x 1024 */
        assert_false(probe_level_fits(&r, &l2, &probe_l2_tolerance));
        r.edge[k] = 0;                  /* no edge in that curve */
        assert_false(probe_level_fits(&r, &l2, &probe_l2_tolerance));
        r.edge[k] = 770 * KIB;
        assert_true(probe_level_fits(&r, &l2, &probe_l2_tolerance));
        r.edge[k] = keep;
    }
}

/* No claim, or only an implausible one: the measured edge, unconfirmed,
 * and the note says why the claim was not used. */
static void nominal_without_claim(void **state)
{
    struct probe_level_reading r;
    struct mmc_cache_claim l3 = claim(3, 1016 * 512, 0,
                                        "cpuid 0x80000006");
    struct probe_answer nom, eff;
    struct probe_edges e;

    (void)state;
    read_levels(&zen5, &e);
    for (int k = 0; k < 3; k++)
        r.edge[k] = e.llc, r.eff[k] = e.llc_eff;
    snprintf(l3.doubt, sizeof l3.doubt, "more than any AMD core reaches");
    assert_int_equal(probe_level_decide(&noting, "LLC", &r, NULL, &l3,
                                        &probe_llc_tolerance, &nom, &eff),
                     0);
    assert_true(nom.value == e.llc / KIB);
    assert_false(nom.confirmed);
    assert_true(eff.confirmed);
    assert_non_null(strstr(notes_said(), "more than any AMD core reaches: "
                                         "not used"));
    probe_level_decide(&noting, "LLC", &r, NULL, NULL, &probe_llc_tolerance,
                       &nom, &eff);
    assert_false(nom.confirmed);
    assert_non_null(strstr(notes_said(), "no sysfs or cpuid figure"));
}

/* Effective sizes whose repetitions spread over 20% are not confirmed. */
static void effective_spread(void **state)
{
    struct probe_level_reading r;
    struct mmc_cache_claim l2 = claim(2, 1024, 8, "cpuid 0x80000006");
    struct probe_answer nom, eff;

    (void)state;
    zen5_l2_reading(&r);
    r.eff[2] = r.eff[0] * 13 / 10;
    probe_level_decide(&noting, "L2", &r, &l2, NULL, &probe_l2_tolerance,
                       &nom, &eff);
    assert_true(nom.confirmed);
    assert_false(eff.confirmed);
    assert_non_null(strstr(notes_said(), "L2_EFF_KIB"));
}

/* No edge: a claim is written unconfirmed; with no claim either there is
 * nothing valid to write, never a 0. */
static void no_edge(void **state)
{
    struct probe_level_reading r = { { 0 }, { 0 } };
    struct mmc_cache_claim l2 = claim(2, 1024, 8, "cpuid 0x80000006");
    struct probe_answer nom, eff;

    (void)state;
    assert_int_equal(probe_level_decide(&noting, "L2", &r, &l2, NULL,
                                        &probe_l2_tolerance, &nom, &eff), 0);
    assert_true(nom.value == 1024 && !nom.confirmed);
    assert_true(eff.value == 1024 && !eff.confirmed);
    assert_int_equal(probe_level_decide(&noting, "L2", &r, NULL, NULL,
                                        &probe_l2_tolerance, &nom, &eff),
                     -1);
    notes_said();
}

/* L1 verdicts: two passes and the sweep agreeing with cpuid confirm; a
 * sweep that disagrees with both passes (the 40/10 run) does not, and
 * neither does a claim that disagrees. */
static void l1_verdicts(void **state)
{
    struct probe_l1_evidence e = {
        2, { { 12, 4096 }, { 12, 4096 } }, 48 * KIB
    };
    struct mmc_cache_claim l1 = claim(1, 48, 12, "cpuid 0x80000005");
    struct probe_answer size, ways;

    (void)state;
    assert_int_equal(probe_l1_decide(&noting, &e, &l1, &size, &ways), 0);
    assert_true(size.value == 48 && size.confirmed);
    assert_true(ways.value == 12 && ways.confirmed);
    assert_string_equal(notes_said(), "");

    e.g[0] = e.g[1] = (struct probe_geometry){ 10, 4096 };
    probe_l1_decide(&noting, &e, NULL, &size, &ways);
    assert_true(size.value == 40);
    assert_false(size.confirmed || ways.confirmed);
    assert_non_null(strstr(notes_said(), "the capacity sweep 48 KiB"));

    /* Measured again: two more passes agree with the sweep. */
    e.passes = 4;
    e.g[2] = e.g[3] = (struct probe_geometry){ 12, 4096 };
    probe_l1_decide(&noting, &e, &l1, &size, &ways);
    assert_true(size.value == 48 && size.confirmed && ways.confirmed);

    l1 = claim(1, 32, 8, "sysfs");
    probe_l1_decide(&noting, &e, &l1, &size, &ways);
    assert_true(size.value == 48);
    assert_false(size.confirmed || ways.confirmed);
    assert_non_null(strstr(notes_said(), "L1D_KIB measured 48, sysfs says "
                                         "32"));
}

/* Passes that disagree with each other, or none with a clean edge. */
static void l1_without_agreement(void **state)
{
    struct probe_l1_evidence e = {
        2, { { 12, 4096 }, { 11, 4096 } }, 48 * KIB
    };
    struct probe_answer size, ways;

    (void)state;
    probe_l1_decide(&noting, &e, NULL, &size, &ways);
    assert_true(size.value == 48);
    assert_false(size.confirmed);
    e.g[0].ways = e.g[1].ways = 0;
    assert_int_equal(probe_l1_decide(&noting, &e, NULL, &size, &ways), 0);
    assert_true(size.value == 48 && !size.confirmed);
    assert_true(ways.value == 0 && !ways.confirmed);
    e.swept = 0;
    assert_int_equal(probe_l1_decide(&noting, &e, NULL, &size, &ways), -1);
    notes_said();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(geometry_any_size),
        cmocka_unit_test(geometry_without_edge),
        cmocka_unit_test(curve_cliff),
        cmocka_unit_test(curve_disturbed),
        cmocka_unit_test(levels_zen3_guest),
        cmocka_unit_test(levels_spr_guest),
        cmocka_unit_test(levels_without_l3),
        cmocka_unit_test(levels_zen5_guest),
        cmocka_unit_test(nominal_corroborated),
        cmocka_unit_test(nominal_not_corroborated),
        cmocka_unit_test(level_fits),
        cmocka_unit_test(nominal_without_claim),
        cmocka_unit_test(effective_spread),
        cmocka_unit_test(no_edge),
        cmocka_unit_test(l1_verdicts),
        cmocka_unit_test(l1_without_agreement),
    };
    return cmocka_run_group_tests_name("cachegeom", tests, open_notes,
                                       close_notes);
}
