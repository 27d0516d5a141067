/* The model of paper 002 §IV and §V-G, and the model and hybrid engines
 * (model.h). */
#include "tune/model.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "timer/mmtimer.h"

/* The values §IV-F sets: performance is insensitive to them. */
enum { MODEL_FF = 1, MODEL_IF = 2, MODEL_NF = 2 };

/* Every SIMD ISA the generator has is x86's, an out-of-order core with
 * register renaming (§V-G); the scalar one is x86's when the tuner runs on
 * x86 (kernels are built for the machine they are tuned on). */
static int out_of_order_x86(enum mmg_isa isa)
{
#if defined(__x86_64__) || defined(__i386__)
    (void)isa;
    return 1;
#else
    return isa != MMG_ISA_NONE;
#endif
}

static void put(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void put(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;

    if (!buf)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

static struct mms_model_why *add(struct mms_model *m, const char *step,
                                 const char *sets, const char *rule)
{
    struct mms_model_why *w = &m->why[m->nwhy++];

    w->step = step, w->sets = sets, w->rule = rule;
    w->why[0] = '\0';
    return w;
}

/* ---- ISA --------------------------------------------------------------- */

/* The widest vector within probe.conf's SIMD_DOUBLES (the narrowest width
 * that reaches 90% of the best flops per cycle) that has registers. */
static enum mmg_isa model_isa(const struct mmc_probeconf *pc, char *why,
                              size_t len)
{
    int best = -1;

    for (int isa = 0; isa < MMG_NISA; isa++)
        if (mms_isa_regs(pc, isa) > 0 && mmg_vlen(isa) <= pc->simd_doubles)
            best = isa;
    if (best < 0) {
        best = mms_widest_isa(pc);
        put(why, len, "ISA = %s: no ISA with registers is as narrow as "
            "SIMD_DOUBLES = %d, so the widest one", mmg_isa_name(best),
            pc->simd_doubles);
        return (enum mmg_isa)best;
    }
    put(why, len, "ISA = %s: the widest vector (%d doubles) within "
        "probe.conf's SIMD_DOUBLES = %d (the narrowest width at 90%% of the "
        "best flops per cycle) that has registers (FP_REGS = %d)",
        mmg_isa_name(best), mmg_vlen(best), pc->simd_doubles,
        mms_isa_regs(pc, best));
    return (enum mmg_isa)best;
}

/* ---- FMA, LS, FF, IF, NF ----------------------------------------------- */

/* L_s of eq. (13), which mmprobe computes into probe.conf's LS, within
 * the generator's range. */
static int model_ls(const struct mmc_probeconf *pc)
{
    return pc->ls < 1 ? 1 : pc->ls > 16 ? 16 : pc->ls;
}

void mms_model_schedule(const struct mmc_probeconf *pc,
                        struct mmg_params *p, char *fma_why, char *ls_why,
                        size_t len)
{
    int ooo = out_of_order_x86(p->isa), ls = model_ls(pc);

    p->fma = ooo || pc->fma;
    put(fma_why, len, ooo
        ? "FMA = 1: an out-of-order x86 core renames registers, so the "
          "multiply-add form leaves scheduling to the core and holds no "
          "temporaries (paper 002 Sec. V-G; probe.conf FMA = %d)"
        : "FMA = %d: probe.conf's FMA (Sec. IV-F: a hardware parameter)",
        pc->fma);
    p->ls = p->fma ? 1 : ls;
    if (p->fma)
        put(ls_why, len, "LS = 1: not used with FMA = 1 (Sec. V-G: L_s "
            "becomes irrelevant); eq. (13) would give probe.conf's LS = %d",
            pc->ls);
    else
        put(ls_why, len, "LS = %d: eq. (13) L_s = ceil((L_x * |ALU_FP| + "
            "1) / 2) with L_x = LAT_MUL = %g, |ALU_FP| = FP_PIPES = %d: "
            "probe.conf's LS (Sec. IV-E)", ls, pc->lat_mul, pc->fp_pipes);
    p->ff = MODEL_FF, p->ifetch = MODEL_IF, p->nfetch = MODEL_NF;
}

/* ---- MU, NU ------------------------------------------------------------ */

/* The register inequality as the generator counts it, as text. */
static const char *ineq_text(const struct mmg_params *p)
{
    if (p->isa == MMG_ISA_NONE)
        return p->fma ? "ineq. (10) MU*NU + MU + NU <= NR"
                      : "ineq. (10) MU*NU + MU + NU + LS <= NR";
    return p->fma ? "ineq. (10) in vectors of V doubles, B through one "
                    "broadcast register (Sec. V-G for SIMD): "
                    "(MU/V)*NU + MU/V + 1 <= NR"
                  : "ineq. (10) in vectors of V doubles, B through one "
                    "broadcast register (Sec. V-G for SIMD): "
                    "(MU/V)*NU + MU/V + 1 + LS <= NR";
}

/* The largest x in 1..top with fits(x) (0 if none), fits being
 * monotone. */
static int largest_nu(const struct mmg_params *p, int mu)
{
    int nu = 0;

    while (nu < 64 && mms_tile_fits(p, mu, nu + 1))
        nu++;
    return nu;
}

static int largest_mv(const struct mmg_params *p, int nu)
{
    int v = mmg_vlen(p->isa), mv = 0;

    while ((mv + 1) * v <= 64 && mms_tile_fits(p, (mv + 1) * v, nu))
        mv++;
    return mv;
}

/* §IV-C: MU = NU = u, then NU for MU = max(u, 1), then the larger one
 * first -- counted in vectors for SIMD, where the swap is made only when
 * the swapped tile fits too (the count is not symmetric there). */
static void square_tile(struct mmg_params *p, char *why, size_t len)
{
    int v = mmg_vlen(p->isa), u = 0, mv, nu, nu1;
    int regs = mmg_regs_available(p);
    const char *swap = "no swap";

    while ((u + 1) * v <= 64 && mms_tile_fits(p, (u + 1) * v, u + 1))
        u++;
    mv = u > 1 ? u : 1;
    nu = nu1 = largest_nu(p, mv * v) > 1 ? largest_nu(p, mv * v) : 1;
    if (nu > mv && nu * v <= 64 && mms_tile_fits(p, nu * v, mv)) {
        nu = mv, mv = nu1;
        swap = "swapped, the larger side to MU";
    } else if (nu > mv) {
        swap = "not swapped, as the swapped tile does not fit";
    }
    p->mu = mv * v, p->nu = nu;
    put(why, len, "MU = %d, NU = %d: %s with NR = FP_REGS_%s = %d, V = %d; "
        "Sec. IV-C: u = %d the largest with MU/V = NU = u, MU/V = max(u, "
        "1) = %d, NU = %d the largest for it; <MU, NU> = <max, min>: %s; "
        "%d of %d registers", p->mu, p->nu, ineq_text(p),
        p->isa == MMG_ISA_NONE ? "SCALAR" : mmg_isa_name(p->isa), regs, v,
        u, u > 1 ? u : 1, nu1, swap, mmg_regs_needed(p), regs);
}

/* §V-G: an out-of-order x86 core runs a scalar NU = 1 column with one
 * register for b and one renamed temporary for a. */
static void column_tile(struct mmg_params *p, char *why, size_t len)
{
    int regs = mmg_regs_available(p);

    p->mu = regs - 2 > 64 ? 64 : regs - 2 < 1 ? 1 : regs - 2;
    p->nu = 1;
    put(why, len, "MU = %d, NU = 1: Sec. V-G's refined x86 model, NU = 1 "
        "and MU = NR - 2 with NR = FP_REGS_SCALAR = %d (one register for "
        "b, one renamed temporary for a; MU at most 64)", p->mu, regs);
}

static void model_tile(struct mmg_params *p, const struct mms_pins *pins,
                       char *why, size_t len)
{
    int mu_pin = mms_pinned(pins, "MU"), nu_pin = mms_pinned(pins, "NU");
    int v = mmg_vlen(p->isa);

    if (mu_pin && nu_pin) {
        put(why, len, "MU = %d, NU = %d: pinned", p->mu, p->nu);
    } else if (mu_pin) {
        int nu = largest_nu(p, p->mu);
        p->nu = nu > 1 ? nu : 1;
        put(why, len, "NU = %d: the largest with MU = %d (pinned) in %s "
            "(Sec. IV-C)", p->nu, p->mu, ineq_text(p));
    } else if (nu_pin) {
        int mv = largest_mv(p, p->nu);
        p->mu = (mv > 1 ? mv : 1) * v;
        put(why, len, "MU = %d: the largest with NU = %d (pinned) in %s "
            "(Sec. IV-C)", p->mu, p->nu, ineq_text(p));
    } else if (p->isa == MMG_ISA_NONE && out_of_order_x86(p->isa)) {
        column_tile(p, why, len);
    } else {
        square_tile(p, why, len);
    }
}

/* ---- NB, KU ------------------------------------------------------------ */

static long cdiv(long a, long b)
{
    return (a + b - 1) / b;
}

/* Inequality (8) of §IV-B in lines of B1 doubles: all of A, two columns
 * of B and a column of C as panels of the register tile, under LRU. */
static long lines_needed(long nb, const struct mmg_params *p, long b1)
{
    return cdiv(nb * nb, b1) + 3 * cdiv(nb * p->nu, b1)
        + cdiv(p->mu, b1) * p->nu;
}

static void model_nb(const struct mmc_probeconf *pc, struct mmg_params *p,
                     char *why, size_t len)
{
    long b1 = pc->line_bytes / 8 > 0 ? pc->line_bytes / 8 : 1;
    long c1 = (long)(pc->l1d_kib * 1024) / 8, nbp = 0;
    int grain = mms_lcm(mms_lcm(p->mu, p->nu), 2);
    const char *note = "";

    while (nbp < 1024 && lines_needed(nbp + 1, p, b1) <= c1 / b1)
        nbp++;
    p->nb = (int)(nbp / grain * grain);
    if (p->nb < grain)
        p->nb = grain, note = " (below one grain: one grain is taken)";
    if (p->nb > 1024)
        p->nb = 1024 / grain * grain;
    put(why, len, "NB = %d: ineq. (8) ceil(NB^2/B1) + 3*ceil(NB*NU/B1) + "
        "ceil(MU/B1)*NU <= C1/B1 (Sec. IV-B, LRU, register tiles) with "
        "C1 = %ld doubles (L1D_KIB = %g), B1 = %ld doubles (LINE_BYTES = "
        "%d), MU = %d, NU = %d holds up to NB = %ld (%ld of %ld lines); "
        "trimmed to a multiple of lcm(MU, NU, 2) = %d (Sec. IV-B3)%s",
        p->nb, c1, pc->l1d_kib, b1, pc->line_bytes, p->mu, p->nu, nbp,
        nbp ? lines_needed(nbp, p, b1) : 0, c1 / b1, grain, note);
}

/* ---- the model --------------------------------------------------------- */

/* ISA and NR: the machine part. */
static void model_machine(const struct mmc_probeconf *pc,
                          const struct mms_pins *pins, int isa,
                          struct mms_model *m)
{
    struct mms_model_why *w = add(m, "isa", "ISA", "SIMD_DOUBLES and "
                                  "FP_REGS_<ISA> of probe.conf");

    if (isa < MMG_NISA) {
        m->p.isa = (enum mmg_isa)isa;
        put(w->why, sizeof w->why, "ISA = %s: %s", mmg_isa_name(isa),
            pins->isa && (int)pins->p.isa == isa ? "pinned" : "given");
    } else {
        m->p.isa = model_isa(pc, w->why, sizeof w->why);
    }
    if (!mms_pinned(pins, "NR"))
        m->p.regs = mms_isa_regs(pc, m->p.isa);
}

static void model_schedule(const struct mmc_probeconf *pc,
                           const struct mms_pins *pins, struct mms_model *m)
{
    struct mms_model_why *f = add(m, "fma", "FMA", "Sec. V-G; Sec. IV-F");
    struct mms_model_why *l = add(m, "ls", "LS", "eq. (13), Sec. IV-E");

    mms_model_schedule(pc, &m->p, f->why, l->why, sizeof f->why);
    mms_pins_apply(pins, &m->p);
    if (mms_pinned(pins, "FMA"))
        put(f->why, sizeof f->why, "FMA = %d: pinned", m->p.fma);
    if (mms_pinned(pins, "LS"))
        put(l->why, sizeof l->why, "LS = %d: pinned", m->p.ls);
}

static void model_blocking(const struct mmc_probeconf *pc,
                           const struct mms_pins *pins, struct mms_model *m)
{
    struct mms_model_why *w = add(m, "nb", "NB", "ineq. (8), Sec. IV-B");
    struct mms_model_why *k = add(m, "ku", "KU", "Sec. IV-D");

    if (mms_pinned(pins, "NB"))
        put(w->why, sizeof w->why, "NB = %d: pinned", m->p.nb);
    else
        model_nb(pc, &m->p, w->why, sizeof w->why);
    if (mms_pinned(pins, "KU")) {
        put(k->why, sizeof k->why, "KU = %d: pinned", m->p.ku);
        return;
    }
    m->p.ku = m->p.nb;
    put(k->why, sizeof k->why, "KU = NB = %d: Sec. IV-D, the k loop "
        "unrolled as far as the L1 instruction cache allows while KU "
        "divides NB; completely, as on most of the paper's machines (C_I "
        "is not probed)", m->p.ku);
}

static void model_fetch(const struct mms_pins *pins, struct mms_model *m)
{
    struct mms_model_why *f = add(m, "ff", "FF", "Sec. IV-F");
    struct mms_model_why *i = add(m, "ifnf", "IF,NF", "Sec. IV-F");
    struct mms_model_why *n = add(m, "ncnb", "NCNB", "Sec. IV-F");

    put(f->why, sizeof f->why, "FF = %d: Sec. IV-F (performance is "
        "insensitive to it)%s", m->p.ff,
        mms_pinned(pins, "FF") ? "; pinned" : "");
    put(i->why, sizeof i->why, "IF = %d, NF = %d: Sec. IV-F (performance "
        "is insensitive to them)%s", m->p.ifetch, m->p.nfetch,
        mms_pinned(pins, "IF,NF") ? "; pinned" : "");
    put(n->why, sizeof n->why, "NCNB = NB: Sec. IV-F, the non-copy kernel "
        "takes the copy kernel's tile");
}

void mms_model_compute(const struct mmc_probeconf *pc,
                       const struct mms_pins *pins, int isa,
                       struct mms_model *m)
{
    struct mms_model_why *t;

    memset(m, 0, sizeof *m);
    mmg_params_default(&m->p);
    mms_pins_apply(pins, &m->p);
    model_machine(pc, pins, isa, m);
    model_schedule(pc, pins, m);
    t = add(m, "munu", "MU,NU", "ineq. (10), Sec. IV-C; Sec. V-G");
    model_tile(&m->p, pins, t->why, sizeof t->why);
    model_blocking(pc, pins, m);
    model_fetch(pins, m);
    m->p.ncnb = MMG_TILE;
    mms_pins_apply(pins, &m->p);
}

/* ---- the model engine -------------------------------------------------- */

static int log_decision(struct mms_search *s, const struct mms_model *m,
                        const struct mms_model_why *w)
{
    char params[512], rest[1400];

    mms_params_text(&m->p, params, sizeof params);
    snprintf(rest, sizeof rest, "sets=%s n=1 rule=the model: paper 002 %s",
             w->sets, w->rule);
    if (mms_log_event(&s->log, "step", w->step, rest) != 0)
        return -1;
    snprintf(rest, sizeof rest, "by=model %s cc=%s mflops=0.0 p=1.0000 "
             "rounds=0 why=%s", params, s->pl.cc[0].name, w->why);
    if (s->out)
        fprintf(s->out, "%s: %s\n", w->step, w->why);
    return mms_log_event(&s->log, "chosen", w->step, rest);
}

int mms_model_run(struct mms_search *s, const char *log_path, char *err,
                  size_t errlen)
{
    struct mms_log_head h;
    struct mms_model m;
    double t0 = mmtm_clock_seconds(MMTM_CLOCK_WALL);

    s->t0 = t0;
    mms_search_head(s, &h);
    if (mms_log_open(&s->log, log_path, &h, err, errlen) != 0)
        return -1;
    s->space = (struct mms_space){ &s->pc, s->lv, &s->pins, NULL };
    mms_model_compute(&s->pc, &s->pins, s->pins.isa ? s->pins.p.isa
                      : MMG_NISA, &m);
    for (int i = 0; i < m.nwhy; i++)
        if (log_decision(s, &m, &m.why[i]) != 0) {
            snprintf(err, errlen, "%s: cannot write: %s", log_path,
                     strerror(errno));
            return -1;
        }
    s->ref = s->fixed = m.p;
    snprintf(s->steps_done, sizeof s->steps_done, "model %.3f s",
             mmtm_clock_seconds(MMTM_CLOCK_WALL) - t0);
    return 0;
}

/* ---- the hybrid engine ------------------------------------------------- */

/* The model's values for ref's ISA, as the neighbourhoods are taken
 * around them. */
static void model_of(const struct mms_space *s, const struct mmg_params *ref,
                     struct mms_model *m)
{
    mms_model_compute(s->pc, s->pins, ref->isa, m);
}

/* The model's ISA and the next narrower one with registers, each at the
 * model's values for it. */
static int near_isa(const struct mms_space *s, const struct mmg_params *ref,
                    struct mmg_params *out, int max)
{
    struct mms_model m;
    int n = 0, isa;

    (void)ref;
    mms_model_compute(s->pc, s->pins, MMG_NISA, &m);
    if (n < max)
        out[n++] = m.p;
    for (isa = (int)m.p.isa - 1; isa >= 0; isa--)
        if (mms_isa_regs(s->pc, isa) > 0)
            break;
    if (isa >= 0 && n < max) {
        mms_model_compute(s->pc, s->pins, isa, &m);
        out[n++] = m.p;
    }
    return n;
}

/* The model's NB and one grain below and above, each with the model's
 * KU (NB where it unrolls completely) and with KU = 1, as §III-B step 1
 * tries both extremes for every NB. */
static int near_nb(const struct mms_space *s, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    struct mms_model m;
    int grain = mms_lcm(mms_lcm(ref->mu, ref->nu), 2), n = 0;
    struct mmg_params *c;

    model_of(s, ref, &m);
    for (int d = 0; d < 6; d++) {
        int nb = m.p.nb + (d < 2 ? 0 : d < 4 ? -grain : grain);
        if (nb < 1 || nb > 1024 || !(c = mms_push(out, &n, max, ref)))
            continue;
        c->nb = nb;
        c->ku = d % 2 ? 1 : m.p.ku == m.p.nb || m.p.ku > nb ? nb : m.p.ku;
    }
    return n;
}

/* The model's tile and the ring around it, MU/V and NU one apart. */
static int near_munu(const struct mms_space *s, const struct mmg_params *ref,
                     struct mmg_params *out, int max)
{
    static const int ring[9][2] = { { 0, 0 }, { -1, -1 }, { -1, 0 },
        { -1, 1 }, { 0, -1 }, { 0, 1 }, { 1, -1 }, { 1, 0 }, { 1, 1 } };
    struct mms_model m;
    int v = mmg_vlen(ref->isa), n = 0;
    struct mmg_params *c;

    model_of(s, ref, &m);
    for (int i = 0; i < 9; i++) {
        int mu = m.p.mu + ring[i][0] * v, nu = m.p.nu + ring[i][1];
        if (mu >= v && mu <= 64 && nu >= 1 && nu <= 64
            && (c = mms_push(out, &n, max, ref)))
            c->mu = mu, c->nu = nu;
    }
    return n;
}

/* The model's KU (NB when it unrolls completely), 1, NB, and the
 * divisors of NB next to the model's KU. */
static int near_ku(const struct mms_space *s, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    struct mms_model m;
    int ku, below = 1, above = ref->nb, n = 0;
    struct mmg_params *c;

    model_of(s, ref, &m);
    ku = m.p.ku == m.p.nb || m.p.ku > ref->nb ? ref->nb : m.p.ku;
    for (int d = 1; d <= ref->nb; d++)
        if (ref->nb % d == 0) {
            below = d < ku ? d : below;
            above = d > ku && above == ref->nb ? d : above;
        }
    {
        const int kus[] = { ku, 1, below, above, ref->nb };
        for (int i = 0; i < 5; i++)
            if ((c = mms_push(out, &n, max, ref)))
                c->ku = kus[i];
    }
    return n;
}

/* LS where FMA = 0: probe.conf's (eq. 13) and one either side. */
static int near_ls(const struct mms_space *s, const struct mmg_params *ref,
                   struct mmg_params *out, int max)
{
    int n = 0;
    struct mmg_params *c;

    if (ref->fma)
        return 0;
    for (int d = 0; d < 3; d++) {
        int ls = model_ls(s->pc) + (d == 0 ? 0 : d == 1 ? -1 : 1);
        if (ls >= 1 && ls <= 16 && (c = mms_push(out, &n, max, ref)))
            c->ls = ls;
    }
    return n;
}

/* IF and NF: the model's pair and one either side of each, within the
 * loads of one k step. */
static int near_ifnf(const struct mms_space *s, const struct mmg_params *ref,
                     struct mmg_params *out, int max)
{
    static const int d[3] = { 0, -1, 1 };
    int loads = mmg_loads_per_step(ref), n = 0;
    struct mmg_params *c;

    (void)s;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int fi = MODEL_IF + d[i], nf = MODEL_NF + d[j];
            if (fi >= 2 && fi <= loads && nf >= 1 && nf <= loads
                && (c = mms_push(out, &n, max, ref)))
                c->ifetch = fi, c->nfetch = nf;
        }
    return n;
}

/* The hybrid's rule per step; a step not named here runs as the search
 * runs it (FMA and FF: both values are the neighbourhood). */
static const struct mms_step hybrid_rules[] = {
    { "isa", NULL, near_isa, "the model's ISA and the next narrower one "
      "probe.conf has registers for, each at the model's values",
      "hybrid: paper 002 Sec. IV, V-G", NULL },
    { "nb", NULL, near_nb, "the model's NB (ineq. 8) and one grain "
      "lcm(MU,NU,2) below and above it, each with the model's KU (NB) and "
      "KU=1", "hybrid: paper 002 Sec. IV-B, III-B step 1", NULL },
    { "munu", NULL, near_munu, "the model's tile and the ring around it: "
      "MU/V and NU each -1, 0 or +1", "hybrid: paper 002 Sec. IV-C, V-G",
      NULL },
    { "ku", NULL, near_ku, "the model's KU (NB), 1, NB and the divisors "
      "of NB next to the model's KU", "hybrid: paper 002 Sec. IV-D", NULL },
    { "ls", NULL, near_ls, "only where FMA=0: probe.conf's LS (eq. 13) "
      "and one either side", "hybrid: paper 002 Sec. IV-E", NULL },
    { "ifnf", NULL, near_ifnf, "the model's IF = 2, NF = 2 and one either "
      "side of each, within the loads of a k step",
      "hybrid: paper 002 Sec. IV-F", NULL },
};
enum { NHYBRID = sizeof hybrid_rules / sizeof hybrid_rules[0] };

/* The start and reference kernel: the model's values, for the ISA the
 * model chooses unless the ISA is pinned. */
static void hybrid_start(const struct mms_space *s, enum mmg_isa isa,
                         struct mmg_params *p)
{
    struct mms_model m;

    mms_model_compute(s->pc, s->pins, s->pins->isa ? (int)isa : MMG_NISA,
                      &m);
    *p = m.p;
}

/* The search's steps, those the model decides taking the hybrid's
 * rule. */
static int hybrid_steps(struct mms_step *out, int max)
{
    int n = 0;

    for (int i = 0; i < mms_nsteps && n < max; i++) {
        out[n] = mms_steps[i];
        for (int j = 0; j < NHYBRID; j++)
            if (strcmp(hybrid_rules[j].name, out[n].name) == 0) {
                out[n].range = hybrid_rules[j].range;
                out[n].rule = hybrid_rules[j].rule;
                out[n].source = hybrid_rules[j].source;
            }
        n++;
    }
    return n;
}

int mms_engine_setup(struct mms_search *s, const char *name)
{
    static struct mms_step steps[64];

    if (strcmp(name, "search") == 0)
        return 0;
    if (strcmp(name, "model") == 0) {
        s->engine = "model";
        s->verify_only = 1;
        return 0;
    }
    if (strcmp(name, "hybrid") != 0)
        return -1;
    s->engine = "hybrid";
    s->nsteps = hybrid_steps(steps, sizeof steps / sizeof steps[0]);
    s->steps = steps;
    s->start = hybrid_start;
    return 0;
}
