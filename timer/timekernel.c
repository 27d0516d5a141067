/* mmtm_time_kernel: one kernel, timed as paper 000 describes -- operands
 * laid out and initialised for the flush method, guards, a repetition
 * count from paper 004 eq. 5, several samples, and a line saying how. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "timer/mmtimer.h"
#include "timer/flush.h"
#include "timer/samples.h"

void mmtm_timing_defaults(struct mmtm_timing_opts *o)
{
    memset(o, 0, sizeof *o);
    o->clock = MMTM_CLOCK_WALL;
    o->flush = MMTM_FLUSH_MULTICALL_LRU;
    o->flush_bytes = 0;          /* resolved by mmtm_flush_default_bytes */
    o->samples = MMTM_SAMPLES_DEFAULT;
    o->align = MMTM_ALIGN_DEFAULT;
    o->rel_precision = MMTM_PRECISION_DEFAULT;
    o->min_sample_s = MMTM_MIN_SAMPLE_DEFAULT;
}

struct ctx {
    const struct mmtm_kernel *k;
    struct mmtm_timing_opts o;     /* with every default resolved */
    struct mmtm_layout l;
    struct mmtm_walk w;
    struct mmtm_lru_buffer lru;
    double dtime;                 /* clock error of one interval */
    double tick_s;
    long reps_eq5;                /* what eq. 5 alone asked for */
};

static int fail(struct mmtm_timing *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(struct mmtm_timing *r, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->how, sizeof r->how, fmt, ap);
    va_end(ap);
    return -1;
}

static int resolve_opts(struct mmtm_timing_opts *o,
                        const struct mmtm_kernel *k, struct mmtm_timing *r)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(o->clock);

    if (k->call == NULL || k->init == NULL || k->noperands < 0
        || k->noperands > MMTM_MAX_OPERANDS || !(k->flops > 0))
        return fail(r, "kernel %s: needs init, call, 0..%d operands and "
                    "flops > 0", k->name ? k->name : "?", MMTM_MAX_OPERANDS);
    if (ci == NULL)
        return fail(r, "unknown clock (expected wall, cycles or cpu)");
    if (!ci->available)
        return fail(r, "clock '%s' is not available here: %s", ci->name,
                    ci->why_not);
    if ((unsigned)o->flush >= MMTM_NFLUSH || !mmtm_flush_available(o->flush))
        return fail(r, "flush method %s is not available here",
                    mmtm_flush_name(o->flush));
    if (o->samples == 0)
        o->samples = MMTM_SAMPLES_DEFAULT;
    if (o->samples < 1 || o->samples > MMTM_SAMPLES_MAX)
        return fail(r, "samples %d: expected 1..%d", o->samples,
                    MMTM_SAMPLES_MAX);
    if (o->align == 0)
        o->align = MMTM_ALIGN_DEFAULT;
    if ((o->align & (o->align - 1)) != 0 || o->misalign >= o->align)
        return fail(r, "alignment %zu+%zu: expected a power of two and a "
                    "misalignment below it", o->align, o->misalign);
    if (o->rel_precision == 0)
        o->rel_precision = MMTM_PRECISION_DEFAULT;
    if (!(o->rel_precision > 0 && o->rel_precision < 1))
        return fail(r, "precision %g: expected 0 < p < 1", o->rel_precision);
    if (!(o->min_sample_s >= 0 && o->min_sample_s <= 10))
        return fail(r, "minimum sample time %g s: expected 0..10",
                    o->min_sample_s);
    if (o->flush_bytes == 0)
        o->flush_bytes = mmtm_flush_default_bytes();
    return 0;
}

static int one_call_method(enum mmtm_flush f)
{
    return f == MMTM_FLUSH_ONECALL_LRU || f == MMTM_FLUSH_ONECALL_X86;
}

/* OneCallFlushLRU's buffer, kept from one timing to the next of the same
 * flush size: making it (allocated, its pages faulted in and written)
 * cost more than the flushes themselves where one timing follows another
 * at several sizes, as the search's whole DGEMM does (8 shapes, each its
 * own timing: at a 64 MiB flush on the AVX2 Zen 4 guest, the step small
 * alone took 0.73 s a timing, 0.47 s with the buffer kept; docs/
 * BENCHMARKS.md, 2026-12-01).  Its values never change
 * (flush.c), so a kept buffer flushes as a new one; it lives as long as
 * the process, or until another size replaces it.  The timer is not
 * called from several threads at once. */
static int lru_for(struct mmtm_lru_buffer *b, size_t bytes)
{
    static struct mmtm_lru_buffer kept;

    if (!kept.p || kept.n != bytes / sizeof(double)) {
        mmtm_lru_free(&kept);
        if (mmtm_lru_make(&kept, bytes) != 0)
            return -1;
    }
    *b = kept;
    return 0;
}

static double run_sample(struct ctx *c, long reps)
{
    const struct mmtm_kernel *k = c->k;
    int64_t t0, t1;

    if (c->o.flush == MMTM_FLUSH_ONECALL_LRU)
        mmtm_lru_flush(&c->lru);
    else if (c->o.flush == MMTM_FLUSH_ONECALL_X86)
        mmtm_clflush_cold(&c->l);
    if (one_call_method(c->o.flush))
        mmtm_layout_warm_hot(&c->l);     /* partial flush, §3.1 */
    t0 = mmtm_clock_ticks(c->o.clock);
    for (long i = 0; i < reps; i++) {
        k->call(&c->w.call, k->user);
        mmtm_walk_next(&c->w);
    }
    t1 = mmtm_clock_ticks(c->o.clock);
    return (double)(t1 - t0) * c->tick_s;
}

/* Calls per sample: double until a sample is 100 clock errors and a
 * quarter of the floor long, take the best of three there, then paper 004
 * eq. 5, raised to min_sample_s per sample (MMTM_MIN_SAMPLE_DEFAULT says
 * why).  A one-call method times exactly one call per sample (§3). */
static long choose_reps(struct ctx *c)
{
    long reps = 1, n;
    double t, t_call, mflops;
    /* The first calls run slow (a vCPU ramping up): a pilot of a few
     * microseconds misjudged dot N=1024 threefold and cut the floor. */
    double pilot = fmax(100 * c->dtime, c->o.min_sample_s / 4);

    if (one_call_method(c->o.flush))
        return 1;
    while ((t = run_sample(c, reps)) < pilot && reps < (1L << 40))
        reps *= 2;
    for (int i = 0; i < 2; i++)
        t = fmin(t, run_sample(c, reps));
    t_call = fmax(t / reps, 1e-12);
    mflops = c->k->flops / t_call * 1e-6;
    n = mmtm_repetitions(c->k->flops, mflops, c->dtime, c->o.rel_precision);
    c->reps_eq5 = n;
    if (c->o.min_sample_s > 0 && n * t_call < c->o.min_sample_s)
        n = (long)fmin(ceil(c->o.min_sample_s / t_call), 1e12);
    return n;
}

static int prepare(struct ctx *c, struct mmtm_timing *r)
{
    const struct mmtm_kernel *k = c->k;
    int moving = c->o.flush == MMTM_FLUSH_MULTICALL_LRU;

    if (mmtm_layout_make(&c->l, k, moving, c->o.flush_bytes, c->o.align,
                        c->o.misalign) != 0)
        return fail(r, "kernel %s: cannot allocate its working sets",
                    k->name);
    if (c->o.flush == MMTM_FLUSH_ONECALL_LRU
        && lru_for(&c->lru, c->o.flush_bytes) != 0) {
        mmtm_layout_free(&c->l);
        return fail(r, "cannot allocate a %zu-byte flush buffer",
                    c->o.flush_bytes);
    }
    if (!(c->o.guards_off & MMTM_GUARD_PAGE0))
        mmtm_layout_touch_pages(&c->l);
    mmtm_layout_init(&c->l, k);
    mmtm_walk_start(&c->w, &c->l);
    if (!(c->o.guards_off & MMTM_GUARD_INSTLD)) {
        /* InstLdGuard (§5.4): page the code in before timing.  Set 0 is
         * the last initialised, so warm already, and the walk reaches it
         * last, after nsets-1 other sets: the first timed call (set
         * nsets-1) still finds its data cold.  One-call methods flush
         * before every sample, so after this call. */
        struct mmtm_call dummy = c->w.call;
        for (int i = 0; i < c->l.noperands; i++)
            dummy.op[i] = c->l.area[i];
        k->call(&dummy, k->user);
    }
    return 0;
}

static void release(struct ctx *c)
{
    mmtm_layout_free(&c->l);
}

static const char *fmt_time(double s, char *buf, size_t n)
{
    if (s < 1e-6)
        snprintf(buf, n, "%.3g ns", s * 1e9);
    else if (s < 1e-3)
        snprintf(buf, n, "%.3g us", s * 1e6);
    else
        snprintf(buf, n, "%.3g ms", s * 1e3);
    return buf;
}

/* Names of the operands that are (hot = 1) or are not kept in cache. */
static void operand_list(const struct mmtm_kernel *k, int flush, int hot,
                         char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < k->noperands && used < n; i++) {
        int is_hot = flush == MMTM_FLUSH_NONE || !k->operand[i].cold;
        if (is_hot == hot)
            used += snprintf(buf + used, n - used, "%s%s", used ? "," : "",
                             k->operand[i].name ? k->operand[i].name : "?");
    }
    if (used == 0)
        snprintf(buf, n, "-");
}

static void describe_how(const struct ctx *c, struct mmtm_timing *r)
{
    const struct mmtm_timing_opts *o = &c->o;
    const struct mmtm_clock_info *ci = mmtm_clock_describe(o->clock);
    char res[24], cost[24], cold[32], hot[32], fl[48], reps[128];
    int n;

    if (o->flush == MMTM_FLUSH_ONECALL_X86 || o->flush == MMTM_FLUSH_NONE)
        snprintf(fl, sizeof fl, "%s", mmtm_flush_name(o->flush));
    else
        snprintf(fl, sizeof fl, "%s %zu KiB", mmtm_flush_name(o->flush),
                 o->flush_bytes >> 10);
    operand_list(c->k, o->flush, 0, cold, sizeof cold);
    operand_list(c->k, o->flush, 1, hot, sizeof hot);
    if (one_call_method(o->flush))
        snprintf(reps, sizeof reps, "1 call (one-call flush)");
    else if (r->reps > c->reps_eq5)
        snprintf(reps, sizeof reps, "%ld calls (samples >= %.3g ms; paper "
                 "004 eq.5 at %.2g%%: %ld)", r->reps, o->min_sample_s * 1e3,
                 o->rel_precision * 100, c->reps_eq5);
    else
        snprintf(reps, sizeof reps, "%ld calls (paper 004 eq.5, %.2g%%)",
                 r->reps, o->rel_precision * 100);
    n = snprintf(r->how, sizeof r->how,
                 "%s clock (res %s, read %s), %s of %d samples x %s, "
                 "flush %s, %d set%s, cold %s hot %s, align %zu+%zu, "
                 "guards %s%s%s, spread %.1f%%",
                 ci->name, fmt_time(ci->resolution_s, res, sizeof res),
                 fmt_time(ci->cost_s, cost, sizeof cost),
                 o->clock == MMTM_CLOCK_CPU ? "median" : "min", r->samples,
                 reps, fl, r->nsets, r->nsets == 1 ? "" : "s", cold, hot,
                 o->align, o->misalign,
                 o->guards_off & MMTM_GUARD_PAGE0 ? "" : "page0,",
                 o->guards_off & MMTM_GUARD_INSTLD ? "" : "instld,",
                 "range", r->spread * 100);
    if (n > 0 && (size_t)n < sizeof r->how && one_call_method(o->flush)
        && r->t_min < c->dtime / o->rel_precision)
        n += snprintf(r->how + n, sizeof r->how - (size_t)n,
                      "; one call is only %.0f clock errors long",
                      r->t_min / c->dtime);
    if (!r->sane && n > 0 && (size_t)n < sizeof r->how)
        snprintf(r->how + n, sizeof r->how - (size_t)n,
                 "; SUSPECT: %.1f MFLOPS outside (0, %s)", r->mflops,
                 o->peak_mflops > 0 ? "peak" : "inf");
}

int mmtm_time_kernel(const struct mmtm_kernel *k,
                    const struct mmtm_timing_opts *o, struct mmtm_timing *r)
{
    struct ctx c;
    const struct mmtm_clock_info *ci;
    double t[MMTM_SAMPLES_MAX];

    memset(r, 0, sizeof *r);
    memset(&c, 0, sizeof c);
    c.k = k;
    c.o = *o;
    if (resolve_opts(&c.o, k, r) != 0 || prepare(&c, r) != 0)
        return -1;
    c.tick_s = mmtm_clock_tick_s(c.o.clock);
    ci = mmtm_clock_describe(c.o.clock);
    c.dtime = ci->resolution_s + ci->cost_s;
    r->reps = choose_reps(&c);
    for (int s = 0; s < c.o.samples; s++)
        t[s] = run_sample(&c, r->reps) / (double)r->reps;
    mmtm_sample_stats(t, c.o.samples, c.o.clock, r);
    r->nsets = c.l.nsets;
    r->mflops = r->seconds > 0 ? k->flops / r->seconds * 1e-6 : 0;
    /* Paper 003: 0 < MFLOPS < peak, or the figure is flagged. */
    r->sane = isfinite(r->mflops) && r->mflops > 0
              && (c.o.peak_mflops <= 0 || r->mflops < c.o.peak_mflops);
    describe_how(&c, r);
    release(&c);
    return 0;
}
