/* The search space from a fixed probe.conf (a Zen 3-like core: 16
 * registers up to AVX2, 32 for AVX-512, 32 KiB L1, 512 KiB L2, FMA):
 * starting values, the range of each step at each level worked out by
 * hand (the blocks steps' around given values), pins. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tune/ranges.h"
#include "tune/steps.h"

static struct mmc_probeconf pc;
static struct mms_pins pins;

static struct mms_space space(const char *level)
{
    struct mms_space s = { &pc, mms_level_find(level), &pins };

    memset(&pc, 0, sizeof pc);
    pc.l1d_kib = 32, pc.l2_kib = 512, pc.line_bytes = 64;
    pc.fp_regs_scalar = 16, pc.fp_regs_sse2 = 16, pc.fp_regs_avx2 = 16;
    pc.fp_regs_avx512 = 32, pc.simd_doubles = 8, pc.fma = 1, pc.ls = 4;
    assert_non_null(s.lv);
    return s;
}

static const struct mms_step *step(const char *name)
{
    for (int i = 0; i < mms_nsteps; i++)
        if (strcmp(mms_steps[i].name, name) == 0)
            return &mms_steps[i];
    fail_msg("no step %s", name);
    return NULL;
}

/* "NBxKU ..." or "MUxNU ..." of a candidate list, for comparing. */
static const char *list(const struct mmg_params *c, int n, const char *what)
{
    static char buf[2048];
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        int a = what[0] == 'n' ? c[i].nb : what[0] == 'm' ? c[i].mu
            : what[0] == 'k' ? c[i].ku : what[0] == 'i' ? c[i].ifetch
            : c[i].ls;
        int b = what[0] == 'n' ? c[i].ku : what[0] == 'm' ? c[i].nu
            : what[0] == 'i' ? c[i].nfetch : -1;
        used += snprintf(buf + used, sizeof buf - used, b < 0 ? "%s%d"
                         : "%s%dx%d", i ? " " : "", a, b);
    }
    return buf;
}

static void starting_values(void **state)
{
    struct mms_space s = space("quick");
    struct mmg_params p;

    (void)state;
    /* scalar, 16 registers: MU*NU+MU+NU <= 16, most flops per load 3x3;
     * NB the largest multiple of lcm(3,3,4) = 12 within sqrt(4096) = 64 */
    mms_start_params(&s, MMG_ISA_NONE, &p);
    assert_int_equal(p.mu, 3), assert_int_equal(p.nu, 3);
    assert_int_equal(p.nb, 60), assert_int_equal(p.ku, 1);
    assert_int_equal(p.fma, 1), assert_int_equal(p.regs, 16);
    /* AVX2, 16 vector registers: MU/4*NU + MU/4 + 1 <= 16; 3 x 4 vectors
     * (12/7 flops per load) beats 2x6 (1.5) and 3x3 (1.5) */
    mms_start_params(&s, MMG_ISA_AVX2, &p);
    assert_int_equal(p.mu, 12), assert_int_equal(p.nu, 4);
    assert_int_equal(p.nb, 60);
    /* AVX-512, 32: 5 x 5 vectors (31 registers, 2.5 flops per load) */
    mms_start_params(&s, MMG_ISA_AVX512, &p);
    assert_int_equal(p.mu, 40), assert_int_equal(p.nu, 5);
    assert_int_equal(p.nb, 40);
    assert_int_equal(mms_widest_isa(&pc), MMG_ISA_AVX512);
    /* no FMA: LS from probe.conf */
    pc.fma = 0;
    mms_start_params(&s, MMG_ISA_NONE, &p);
    assert_int_equal(p.fma, 0), assert_int_equal(p.ls, 4);
}

static int candidates(struct mms_space *s, const char *name, enum mmg_isa isa,
                      struct mmg_params *out)
{
    struct mmg_params ref;

    mms_start_params(s, isa, &ref);
    return mms_step_candidates(s, step(name), &ref, out, MMS_MAX_CANDS);
}

static void nb_ranges(void **state)
{
    struct mms_space s = space("quick");
    struct mmg_params c[MMS_MAX_CANDS];
    int n;

    (void)state;
    /* quick, grain 12: 24 36 48 60 and 72 past the bound, thinned; each
     * with KU = 1 and 8, the most the library's edge kernel unrolls */
    n = candidates(&s, "nb", MMG_ISA_NONE, c);
    assert_string_equal(list(c, n, "nb"),
                        "24x1 24x8 48x1 48x8 72x1 72x8");
    /* normal, grain 40: 40 to the L1 bound 64, then quarters to 256 */
    s = space("normal");
    n = candidates(&s, "nb", MMG_ISA_AVX512, c);
    assert_string_equal(list(c, n, "nb"), "40x1 40x8 80x1 80x8 120x1 "
                        "120x8 160x1 160x8 200x1 200x8");
    s = space("full");
    n = candidates(&s, "nb", MMG_ISA_AVX512, c);
    assert_int_equal(n, 2 * 6);            /* 40, 80, ..., 240 */
    assert_int_equal(c[n - 1].nb, 240);
}

/* An NB for another tile (the dgemm step's ISA twins): rounded up to
 * lcm(MU, NU, 4), down past 1024 */
static void nb_for_tile(void **state)
{
    struct mmg_params p;

    (void)state;
    mmg_params_default(&p);
    p.mu = 40, p.nu = 5, p.nb = 140;     /* an avx2 20 x 5 line's NB */
    assert_int_equal(mms_nb_for_tile(&p), 160);
    p.nb = 160;
    assert_int_equal(mms_nb_for_tile(&p), 160);
    p.mu = 8, p.nu = 3, p.nb = 36;
    assert_int_equal(mms_nb_for_tile(&p), 48);
    p.mu = 40, p.nu = 5, p.nb = 1020;
    assert_int_equal(mms_nb_for_tile(&p), 1000);
}

static void tile_ranges(void **state)
{
    struct mms_space s = space("quick");
    struct mmg_params c[MMS_MAX_CANDS];
    int n;

    (void)state;
    /* AVX2, 16 registers, best 4 by flops per load: 3x4 (1.71), 2x6,
     * 3x3 (1.5: more accumulators first), 2x5 (1.43); then the ring of
     * the best: 3 vectors x 5 columns needs 19 registers */
    n = candidates(&s, "munu", MMG_ISA_AVX2, c);
    assert_string_equal(list(c, n, "munu"), "12x4 8x6 12x3 8x5 12x5");
    /* KU at NB = 60: 1, 4 and 8 (the most, min(NB, 8)); normal every
     * power of two to it; at NB = 6 the most is 6 */
    n = candidates(&s, "ku", MMG_ISA_AVX2, c);
    assert_string_equal(list(c, n, "ku"), "1 4 8");
    s = space("normal");
    n = candidates(&s, "ku", MMG_ISA_AVX2, c);
    assert_string_equal(list(c, n, "ku"), "1 2 4 8");
    {
        struct mmg_params ref;
        mms_start_params(&s, MMG_ISA_AVX2, &ref);
        ref.nb = 6;
        n = mms_step_candidates(&s, step("ku"), &ref, c, MMS_MAX_CANDS);
        assert_string_equal(list(c, n, "ku"), "1 2 6");
    }
    /* IF, NF: L = 12/4 + 4 = 7 loads; quick IF 2 (NF 1, 2) and 7 (1) */
    s = space("quick");
    n = candidates(&s, "ifnf", MMG_ISA_AVX2, c);
    assert_string_equal(list(c, n, "ifnf"), "2x1 2x2 7x1");
    /* LS is searched only where FMA = 0 */
    assert_int_equal(candidates(&s, "ls", MMG_ISA_AVX2, c), 0);
    pc.fma = 0;
    assert_string_equal(list(c, candidates(&s, "ls", MMG_ISA_AVX2, c),
                             "ls"), "1 4");
}

/* "NCNBxKU ..." (what 'n') or "K ..." of step 6's or 7's candidates,
 * checking that they are what the step must leave the reference as. */
static const char *side_list(const struct mmg_params *c, int n,
                             const struct mmg_params *ref, char what)
{
    static char buf[1024];
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        assert_int_equal(c[i].nb, ref->nb);
        assert_int_equal(c[i].copy, what == 'n' ? 0 : 1);
        assert_int_equal(c[i].k, what == 'n' ? MMG_TILE : c[i].k);
        assert_int_equal(c[i].mu, ref->mu), assert_int_equal(c[i].nu, ref->nu);
        used += snprintf(buf + used, sizeof buf - used, what == 'n'
                         ? "%s%dx%d" : "%s%d", i ? " " : "",
                         what == 'n' ? c[i].ncnb : c[i].k, c[i].ku);
    }
    return buf;
}

static int side(struct mms_space *s, const char *name,
                const struct mmg_params *ref, struct mmg_params *out)
{
    return mms_step_candidates(s, step(name), ref, out, MMS_MAX_CANDS);
}

static void side_ranges(void **state)
{
    struct mms_space s = space("quick");
    struct mmg_params c[MMS_MAX_CANDS], ref, g;
    int n;

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_int_equal(mms_step_kind(step("ncnb")), MMS_STEP_NCNB);
    assert_int_equal(mms_step_kind(step("kclean")), MMS_STEP_KCLEAN);
    assert_int_equal(mms_step_kind(step("munu")), MMS_STEP_REF);
    /* scalar 3x3, NB 60, KU 1: NCNB from NB down by lcm(3,3,4) = 12 */
    mms_start_params(&s, MMG_ISA_NONE, &ref);
    n = side(&s, "ncnb", &ref, c);
    assert_string_equal(side_list(c, n, &ref, 'n'),
                        "60x1 48x1 36x1 24x1 12x1");
    /* the library's non-copy kernel has KU = 1 whatever the line's (KU =
     * NB had followed NCNB down, fully unrolled) */
    ref.ku = 60;
    assert_string_equal(side_list(c, side(&s, "ncnb", &ref, c), &ref, 'n'),
                        "60x1 48x1 36x1 24x1 12x1");
    ref.ku = 40;
    assert_string_equal(side_list(c, side(&s, "ncnb", &ref, c), &ref, 'n'),
                        "60x1 48x1 36x1 24x1 12x1");
    ref.ku = 1;
    /* K cleanup: quick NB-1, NB/2, 4, 1 */
    n = side(&s, "kclean", &ref, c);
    assert_string_equal(side_list(c, n, &ref, 'k'), "59 30 4 1");
    mms_kclean_general(&ref, &g);
    assert_int_equal(g.k, MMG_RUNTIME), assert_int_equal(g.nb, 60);
    /* normal: also 3NB/4, NB/4, NB/8 and 2 */
    s = space("normal");
    n = side(&s, "kclean", &ref, c);
    assert_string_equal(side_list(c, n, &ref, 'k'), "59 45 30 15 7 4 2 1");
    /* full: NCNB by 4 (paper 002's [NB:-4:4]), every L */
    s = space("full");
    assert_int_equal(side(&s, "ncnb", &ref, c), 15);
    assert_int_equal(c[14].ncnb, 4);
    n = side(&s, "kclean", &ref, c);
    assert_int_equal(n, 59);
    assert_int_equal(c[0].k, 59), assert_int_equal(c[58].k, 1);
}

/* "NCNU ..." of the step ncnu's candidates, each otherwise ref. */
static const char *ncnu_list(const struct mmg_params *c, int n,
                             const struct mmg_params *ref)
{
    static char buf[256];
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        struct mmg_params q = c[i];
        q.ncnu = ref->ncnu;
        assert_true(mms_params_equal(&q, ref));
        used += snprintf(buf + used, sizeof buf - used, "%s%d", i ? " " : "",
                         c[i].ncnu);
    }
    return buf;
}

/* The step ncnu: the small path's tile (at most two vectors of rows) with
 * the kernel's NU (0) first, then the widest power of two NU its
 * registers hold, when wider. */
static void ncnu_range(void **state)
{
    struct mms_space s = space("normal");
    struct mmg_params c[MMS_MAX_CANDS], ref;

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_int_equal(mms_step_kind(step("ncnu")), MMS_STEP_DGEMM);
    /* avx512 40 x 5: cut to 16 rows (2 vectors), 2 NU + 3 <= 32 */
    mms_start_params(&s, MMG_ISA_AVX512, &ref);
    ref.mu = 40, ref.nu = 5, ref.ncnu = 8;
    assert_string_equal(ncnu_list(c, side(&s, "ncnu", &ref, c), &ref),
                        "0 8");
    /* the kernel's NU is the first candidate's, not again */
    ref.nu = 8;
    assert_string_equal(ncnu_list(c, side(&s, "ncnu", &ref, c), &ref), "0");
    /* avx2 8 x 6, two vectors already: no wider NU fits, one candidate */
    mms_start_params(&s, MMG_ISA_AVX2, &ref);
    ref.mu = 8, ref.nu = 6;
    assert_string_equal(ncnu_list(c, side(&s, "ncnu", &ref, c), &ref), "0");
    /* 8 x 2: 4 the wider; pinned, one candidate (the step is skipped) */
    ref.mu = 8, ref.nu = 2;
    assert_string_equal(ncnu_list(c, side(&s, "ncnu", &ref, c), &ref),
                        "0 4");
    assert_int_equal(mms_pin(&pins, "NCNU=5", (char[128]){ 0 }, 128), 0);
    assert_string_equal(ncnu_list(c, side(&s, "ncnu", &ref, c), &ref), "5");
    memset(&pins, 0, sizeof pins);
}

static void pin_side_results(void **state)
{
    char err[256], text[128];

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_false(mms_pinned(&pins, "K_CROSSOVER"));
    assert_int_equal(mms_pin(&pins, "k_crossover=12", err, sizeof err), 0);
    assert_int_equal(mms_pin(&pins, "NCNB=24", err, sizeof err), 0);
    assert_true(mms_pinned(&pins, "K_CROSSOVER"));
    assert_true(mms_pinned(&pins, "NCNB"));
    assert_false(mms_pinned(&pins, "NB"));
    mms_pins_text(&pins, text, sizeof text);
    assert_string_equal(text, "NCNB=24 K_CROSSOVER=12");
    assert_int_equal(pins.k_crossover, 12);
    assert_int_equal(mms_pin(&pins, "K_CROSSOVER=-1", err, sizeof err), -1);
    assert_non_null(strstr(err, "K_CROSSOVER: '-1' is not an integer in "
                           "0..1024"));
    memset(&pins, 0, sizeof pins);
}

static void pin_parameters(void **state)
{
    struct mms_space s = space("quick");
    struct mmg_params c[MMS_MAX_CANDS];
    char err[256], text[128];
    int n;

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_int_equal(mms_pin(&pins, "ku=4", err, sizeof err), 0);
    assert_int_equal(mms_pin(&pins, "ISA=sse2", err, sizeof err), 0);
    mms_pins_text(&pins, text, sizeof text);
    assert_string_equal(text, "ISA=sse2 KU=4");
    assert_true(mms_pinned(&pins, "ISA"));
    assert_true(mms_pinned(&pins, "KU"));
    assert_false(mms_pinned(&pins, "IF,NF"));
    /* pinned KU: the NB step's KU=1 and KU=NB collapse into one */
    n = candidates(&s, "nb", MMG_ISA_NONE, c);
    assert_string_equal(list(c, n, "nb"), "24x4 48x4 72x4");
    assert_int_equal(c[0].isa, MMG_ISA_SSE2);
    assert_int_equal(mms_pin(&pins, "NB", err, sizeof err), -1);
    assert_non_null(strstr(err, "expected KEY=VALUE"));
    assert_int_equal(mms_pin(&pins, "NB=0", err, sizeof err), -1);
    assert_non_null(strstr(err, "NB: 0 is out of range (allowed 1..1024)"));
    assert_int_equal(mms_pin(&pins, "XB=3", err, sizeof err), -1);
    assert_non_null(strstr(err, "XB: not a generator parameter"));
    assert_int_equal(mms_pin(&pins, "PERTURB=1", err, sizeof err), -1);
    memset(&pins, 0, sizeof pins);
    mms_pins_text(&pins, text, sizeof text);
    assert_string_equal(text, "none");
}

/* "MC:KC:NC ..." of a blocks step's candidates around cur. */
static const char *blocks(const struct mms_space *s, const char *name,
                          const struct mmg_params *ref,
                          struct mms_blocks cur)
{
    static char buf[512];
    struct mms_blocks out[MMS_MAX_CANDS];
    const struct mms_step *st = step(name);
    int n, at = 0;

    assert_non_null(st->blocks);
    assert_int_equal(mms_step_kind(st), MMS_STEP_BLOCKS);
    n = st->blocks(s, ref, &cur, out, MMS_MAX_CANDS);
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        at += snprintf(buf + at, sizeof buf - (size_t)at, "%s%d:%d:%d",
                       i ? " " : "", out[i].mc, out[i].kc, out[i].nc);
    return buf;
}

/* The SMALL_MAX values of step small's candidates around cur, each
 * with cur's MC, KC and NC. */
static const char *small(const struct mms_space *s,
                         const struct mmg_params *ref,
                         struct mms_blocks cur)
{
    static char buf[512];
    struct mms_blocks out[MMS_MAX_CANDS];
    const struct mms_step *st = step("small");
    int n, at = 0;

    assert_non_null(st->blocks);
    assert_int_equal(mms_step_kind(st), MMS_STEP_BLOCKS);
    n = st->blocks(s, ref, &cur, out, MMS_MAX_CANDS);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        assert_int_equal(out[i].mc, cur.mc);
        assert_int_equal(out[i].kc, cur.kc);
        assert_int_equal(out[i].nc, cur.nc);
        at += snprintf(buf + at, sizeof buf - (size_t)at, "%s%d",
                       i ? " " : "", out[i].small);
    }
    return buf;
}

/* The blocks steps around the Zen 5 model's MC=120 KC=480 NC=480 (NB
 * widened to 480) for the 24 x 8 tile: MC in multiples of MU, KC of 8,
 * NC of NB, the value so far always among them; an NC of 0 is the
 * model's for that MC and KC. */
static void blocks_ranges(void **state)
{
    struct mms_space q = space("quick"), n = space("normal");
    struct mms_space f = space("full");
    struct mmg_params ref;
    struct mms_blocks zen5 = { 120, 480, 480, 480 };
    struct mms_blocks wide = { 120, 480, 1440, 480 };
    struct mms_blocks zen3 = { 88, 224, 1596, 228 };

    (void)state;
    memset(&pins, 0, sizeof pins);
    mmg_params_default(&ref);
    ref.isa = MMG_ISA_AVX512, ref.mu = 24, ref.nu = 8, ref.ku = 1;
    assert_string_equal(blocks(&q, "mc", &ref, zen5),
                        "72:480:0 120:480:0 240:480:0");
    assert_string_equal(blocks(&n, "mc", &ref, zen5), "72:480:0 96:480:0 "
                        "120:480:0 192:480:0 240:480:0");
    assert_string_equal(blocks(&f, "mc", &ref, zen5), "72:480:0 96:480:0 "
                        "120:480:0 144:480:0 192:480:0 216:480:0 "
                        "240:480:0 312:480:0 360:480:0 480:480:0");
    assert_string_equal(blocks(&q, "kc", &ref, zen5),
                        "120:240:0 120:480:0 120:720:0");
    assert_string_equal(blocks(&n, "kc", &ref, zen5), "120:240:0 "
                        "120:360:0 120:480:0 120:600:0 120:720:0");
    /* NC: the value so far, half of it (at least NB) and "all" (the
     * largest size the nc step times, 2000, 2000 or 4000, rounded up to
     * NB), normal and full also twice it, none past the model's NC (B's
     * panel a quarter of the LLC, at most 4096 columns) but the value so
     * far: with a 64 MiB LLC the model's is 3840 */
    pc.llc_kib = 64 * 1024;
    q.pc = n.pc = f.pc = &pc;
    assert_string_equal(blocks(&q, "nc", &ref, zen5),
                        "120:480:480 120:480:2400");
    assert_string_equal(blocks(&n, "nc", &ref, zen5),
                        "120:480:480 120:480:960 120:480:2400");
    assert_string_equal(blocks(&f, "nc", &ref, zen5),
                        "120:480:480 120:480:960 120:480:3840");
    assert_string_equal(blocks(&n, "nc", &ref, wide), "120:480:480 "
                        "120:480:1440 120:480:2400");
    assert_string_equal(blocks(&q, "nc", &ref, wide),
                        "120:480:480 120:480:1440 120:480:2400");
    /* with 12 MiB, 816 columns of KC = 480 (480, a multiple of NB, which
     * is also half the value's least): only the value so far goes past
     * it */
    pc.llc_kib = 12 * 1024;
    assert_string_equal(blocks(&q, "nc", &ref, zen5), "120:480:480");
    assert_string_equal(blocks(&f, "nc", &ref, zen5), "120:480:480");
    assert_string_equal(blocks(&n, "nc", &ref, wide),
                        "120:480:480 120:480:1440");
    assert_string_equal(blocks(&q, "nc", &ref, wide),
                        "120:480:480 120:480:1440");
    /* the Zen 3 guest's make tune (LLC_KIB 12184, KC = 224, NB = 228):
     * the model's 1596 and half of it, no longer 2052 (N = 2000 in one
     * panel), which tied there and ran 0.86 times as fast in a slow
     * phase */
    pc.llc_kib = 12184;
    assert_string_equal(blocks(&n, "nc", &ref, zen3),
                        "88:224:684 88:224:1596");
    assert_string_equal(blocks(&q, "nc", &ref, zen3),
                        "88:224:684 88:224:1596");
    /* no LLC in probe.conf: the model's guess of 8 MiB, 480 again */
    pc.llc_kib = 0;
    assert_string_equal(blocks(&n, "nc", &ref, wide),
                        "120:480:480 120:480:1440");
    /* SMALL_MAX: multiples of 16 around the model's 320 (MC, KC, NC as
     * they are) */
    zen5.small = 320;
    assert_string_equal(small(&q, &ref, zen5), "160 320 480");
    assert_string_equal(small(&n, &ref, zen5), "160 240 320 400 480");
    assert_string_equal(small(&f, &ref, zen5), "128 160 208 240 320 400 "
                        "480 640");
    /* none below KU (the non-copy kernels' NCNB) */
    ref.ku = 200;
    assert_string_equal(small(&n, &ref, zen5), "240 320 400 480");
    ref.ku = 1;
    /* the value so far is a candidate even off the grid; the top is the
     * largest multiple of MU within mmgen's 1024 */
    assert_string_equal(blocks(&q, "mc", &ref,
                               (struct mms_blocks){ 100, 480, 1440, 480 }),
                        "48:480:0 100:480:0 192:480:0");
    assert_string_equal(blocks(&f, "mc", &ref,
                               (struct mms_blocks){ 480, 480, 1440, 480 }),
                        "240:480:0 312:480:0 360:480:0 432:480:0 "
                        "480:480:0 600:480:0 720:480:0 840:480:0 "
                        "960:480:0 1008:480:0");
    /* KU = 16 makes KC's grain 16 */
    ref.ku = 16;
    assert_string_equal(blocks(&q, "kc", &ref,
                               (struct mms_blocks){ 120, 200, 1440, 480 }),
                        "120:96:0 120:200:0 120:304:0");
}

static void pin_blocks(void **state)
{
    char err[256], text[128];

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_false(mms_pinned(&pins, "MC"));
    assert_int_equal(mms_pin(&pins, "mc=96", err, sizeof err), 0);
    assert_int_equal(mms_pin(&pins, "KC=384", err, sizeof err), 0);
    assert_int_equal(mms_pin(&pins, "NC=2000", err, sizeof err), 0);
    assert_true(mms_pinned(&pins, "MC"));
    assert_true(mms_pinned(&pins, "NC"));
    assert_int_equal(pins.mc, 96), assert_int_equal(pins.kc, 384);
    mms_pins_text(&pins, text, sizeof text);
    assert_string_equal(text, "MC=96 KC=384 NC=2000");
    assert_int_equal(mms_pin(&pins, "MC=0", err, sizeof err), -1);
    assert_non_null(strstr(err, "MC: '0' is not an integer in 1..1024"));
    assert_int_equal(mms_pin(&pins, "KC=2048", err, sizeof err), -1);
    assert_non_null(strstr(err, "KC: '2048' is not an integer in 1..1024"));
    assert_int_equal(mms_pin(&pins, "NC=wide", err, sizeof err), -1);
    assert_non_null(strstr(err, "NC: 'wide' is not an integer"));
    assert_int_equal(pins.mc, 96);
    memset(&pins, 0, sizeof pins);
}

/* The dgemm step: its kind, and KERNEL,CC pinned only when the ISA,
 * every kernel key of the kernel steps and the compiler are. */
static void pin_dgemm_kernel(void **state)
{
    static const char *const keys[] = { "ISA=avx2", "NB=48", "MU=8",
        "NU=4", "KU=1", "FMA=1", "LS=1", "FF=0", "IF=2", "NF=2",
        "CC=gcc" };
    char err[256];

    (void)state;
    memset(&pins, 0, sizeof pins);
    assert_int_equal(mms_step_kind(step("dgemm")), MMS_STEP_DGEMM);
    assert_string_equal(step("dgemm")->sets, "KERNEL,CC");
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        assert_false(mms_pinned(&pins, "KERNEL,CC"));
        assert_int_equal(mms_pin(&pins, keys[i], err, sizeof err), 0);
    }
    assert_true(mms_pinned(&pins, "KERNEL,CC"));
    assert_true(mms_pinned(&pins, "KERNEL"));
    memset(&pins, 0, sizeof pins);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(starting_values),
        cmocka_unit_test(nb_ranges),
        cmocka_unit_test(tile_ranges),
        cmocka_unit_test(pin_parameters),
        cmocka_unit_test(side_ranges),
        cmocka_unit_test(ncnu_range),
        cmocka_unit_test(pin_side_results),
        cmocka_unit_test(blocks_ranges),
        cmocka_unit_test(pin_blocks),
        cmocka_unit_test(pin_dgemm_kernel),
        cmocka_unit_test(nb_for_tile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
