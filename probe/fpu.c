/* Floating-point unit: latencies of multiply, add and fused multiply-add,
 * whether the FMA is really fused, how many vector FP operations issue per
 * cycle, and the widest vector that pays (paper 002 §IV-A: L_x, |ALU_FP|,
 * FMA; §IV-E eq. 13 turns L_x and |ALU_FP| into L_s).
 *
 * Latency: a dependent chain, one result feeding the next (X-Ray's method,
 * docs/DESIGN.md).  Throughput: 12 independent accumulators, more than
 * latency x pipes on any current core, so the pipes, not the chain, limit.
 * The kernels are inline assembly with named registers, so neither mmprobe's
 * own CFLAGS nor its compiler can change what is measured.  Operands are
 * zero: 0 * 0 + 0 never produces a denormal, which would take a slow path. */
#include "probe/probes.h"

#include <math.h>

enum { LAT_OPS = 32, LAT_ITERS = 1000, TPUT_OPS = 24, TPUT_ITERS = 1000 };

/* The fastest round of a wide vector's FMAs stands alone when the host
 * slows them in phases (the Zen 3 guest: 4 doubles read 0.50 to 0.75
 * cycles round to round, one round of eight at 0.50 in some runs), while
 * 1 and 2 doubles read 0.50 in every round.  A narrower width whose
 * rounds agree, on the same whole number of FMAs a cycle, is a second
 * method that confirms it: the same pipes, at a narrower width.  (Where
 * the wide vector takes two passes of a narrower unit, Zen 1's, the
 * counts differ and it stays unconfirmed.) */
int probe_pipes_confirmed(const double *ops, const int *ok, int pick)
{
    if (ok[pick])
        return 1;
    for (int i = 0; i < pick; i++)
        if (ok[i] && ops[i] > 0 && round(ops[i]) == round(ops[pick]))
            return 1;
    return 0;
}

#if defined(__x86_64__)

#define ZERO_SSE ".irp r,0,1,2,3,4,5,6,7,8,9,10,11,14,15\n\t" \
    "xorpd %%xmm\\r, %%xmm\\r\n\t.endr\n\t"
#define ZERO_AVX ".irp r,0,1,2,3,4,5,6,7,8,9,10,11,14,15\n\t" \
    "vxorpd %%xmm\\r, %%xmm\\r, %%xmm\\r\n\t.endr\n\t"
#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
    "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm14", "xmm15", "cc"

/* LAT_OPS dependent operations on xmm0 per iteration. */
#define LAT_KERNEL(name, zero, insn, tail) \
    static void name(long n) \
    { \
        __asm__ volatile(zero "1:\n\t.rept 32\n\t" insn "\n\t.endr\n\t" \
                         "dec %0\n\tjnz 1b\n\t" tail \
                         : "+r"(n) : : CLOBBERS); \
    }

/* TPUT_OPS operations per iteration on 12 independent accumulators; reg
 * is the register prefix ("xmm", "ymm", "zmm"). */
#define TPUT_KERNEL(name, zero, insn, tail) \
    static void name(long n) \
    { \
        __asm__ volatile(zero "1:\n\t.rept 2\n\t" \
                         ".irp r,0,1,2,3,4,5,6,7,8,9,10,11\n\t" insn \
                         "\n\t.endr\n\t.endr\n\tdec %0\n\tjnz 1b\n\t" tail \
                         : "+r"(n) : : CLOBBERS); \
    }

LAT_KERNEL(lat_mul, ZERO_SSE, "mulsd %%xmm1, %%xmm0", "")
LAT_KERNEL(lat_add, ZERO_SSE, "addsd %%xmm1, %%xmm0", "")
LAT_KERNEL(lat_fma, ZERO_AVX, "vfmadd231sd %%xmm1, %%xmm2, %%xmm0",
           "vzeroupper\n\t")

/* With FMA: one vfmadd per accumulator.  Without: alternate multiplies and
 * adds, since separate pipes may serve them. */
TPUT_KERNEL(fma_x1, ZERO_AVX, "vfmadd231sd %%xmm14, %%xmm15, %%xmm\\r",
            "vzeroupper\n\t")
TPUT_KERNEL(fma_x2, ZERO_AVX, "vfmadd231pd %%xmm14, %%xmm15, %%xmm\\r",
            "vzeroupper\n\t")
TPUT_KERNEL(fma_x4, ZERO_AVX, "vfmadd231pd %%ymm14, %%ymm15, %%ymm\\r",
            "vzeroupper\n\t")
TPUT_KERNEL(fma_x8, ZERO_AVX, "vfmadd231pd %%zmm14, %%zmm15, %%zmm\\r",
            "vzeroupper\n\t")
TPUT_KERNEL(muladd_x1, ZERO_SSE, "mulsd %%xmm14, %%xmm\\r\n\t"
            "addsd %%xmm15, %%xmm\\r", "")
TPUT_KERNEL(muladd_x2, ZERO_SSE, "mulpd %%xmm14, %%xmm\\r\n\t"
            "addpd %%xmm15, %%xmm\\r", "")
TPUT_KERNEL(muladd_x4, ZERO_AVX, "vmulpd %%ymm14, %%ymm\\r, %%ymm\\r\n\t"
            "vaddpd %%ymm15, %%ymm\\r, %%ymm\\r", "vzeroupper\n\t")

/* k independent chains of 4-double FMAs, each chain 24 deep per
 * iteration: the curve of FMAs per cycle against k rises as k / latency
 * until the pipes are full (--verbose only; the answers use 12 chains). */
#define CHAINS_KERNEL(name, list) \
    static void name(long n) \
    { \
        __asm__ volatile(ZERO_AVX "1:\n\t.rept 24\n\t.irp r," list \
                         "\n\tvfmadd231pd %%ymm14, %%ymm15, %%ymm\\r" \
                         "\n\t.endr\n\t.endr\n\tdec %0\n\tjnz 1b\n\t" \
                         "vzeroupper\n\t" : "+r"(n) : : CLOBBERS); \
    }

CHAINS_KERNEL(chains_1, "0")
CHAINS_KERNEL(chains_2, "0,1")
CHAINS_KERNEL(chains_4, "0,1,2,3")
CHAINS_KERNEL(chains_6, "0,1,2,3,4,5")
CHAINS_KERNEL(chains_8, "0,1,2,3,4,5,6,7")
CHAINS_KERNEL(chains_10, "0,1,2,3,4,5,6,7,8,9")

static const struct {
    int k;
    const char *name;
    void (*kernel)(long);
} chains[] = {
    { 1, "1 FMA chain", chains_1 }, { 2, "2 FMA chains", chains_2 },
    { 4, "4 FMA chains", chains_4 }, { 6, "6 FMA chains", chains_6 },
    { 8, "8 FMA chains", chains_8 }, { 10, "10 FMA chains", chains_10 },
};
#define NCHAINS (int)(sizeof chains / sizeof chains[0])

struct width {
    const char *name;
    int doubles;
    void (*fma)(long), (*muladd)(long);
    int usable;
};

/* Everything the FPU probe times, timed together in rounds spread over
 * time (probe_time_jobs). */
struct fpu_jobs {
    struct probe_job job[4 + 4 + NCHAINS];
    int n;
    int mul, add, fma;          /* indices, -1 if not timed */
    int width[4];
    int chain[NCHAINS];
};

static int add_job(struct fpu_jobs *j, const char *name,
                   void (*kernel)(long), long iters, double ops, int fastest)
{
    j->job[j->n] = (struct probe_job){ name, kernel, iters, ops, fastest,
                                       0, 0 };
    return j->n++;
}

static void plan(const struct probe_ctx *ctx, const struct width *w,
                 struct fpu_jobs *j)
{
    int fma = ctx->have_fma_isa;

    j->n = 0;
    j->mul = add_job(j, "mulsd chain", lat_mul, LAT_ITERS, LAT_OPS, 0);
    j->add = add_job(j, "addsd chain", lat_add, LAT_ITERS, LAT_OPS, 0);
    j->fma = fma ? add_job(j, "vfmadd chain", lat_fma, LAT_ITERS, LAT_OPS, 0)
                 : -1;
    for (int i = 0; i < 4; i++)
        j->width[i] = !w[i].usable ? -1
                    : add_job(j, w[i].name, fma ? w[i].fma : w[i].muladd,
                              TPUT_ITERS, fma ? TPUT_OPS : 2 * TPUT_OPS, 1);
    for (int i = 0; i < NCHAINS; i++)
        j->chain[i] = ctx->verbose && fma && w[2].usable
                    ? add_job(j, chains[i].name, chains[i].kernel, 200,
                              24.0 * chains[i].k, 1)
                    : -1;
}

/* A latency as written: the nearest whole cycle when the measurement is
 * within 5% of it.  A pipelined FP unit takes a whole number of cycles,
 * and the measurement is a ratio to the add chain, which another thread on
 * the same physical core (SMT sibling, other tenant) slows by a few per
 * cent now and then: 3-cycle chains read 2.93 to 3.02 in rounds on the KVM
 * guest, while the eq. 13 skew wants L_x in cycles.  Otherwise the raw
 * ratio is kept, and says so, unconfirmed however well its rounds agree:
 * the chain itself was slowed for a whole run once (Zen 4 guest, CI: the
 * add and FMA chains read 2.43 and 3.30 cycles, 0.81 and 0.82 of 3 and 4,
 * every round alike), and a ratio off every whole cycle is that, not the
 * unit's latency. */
static void set_latency(struct mmc_probeconf *pc, enum mmc_probe_key k,
                        const struct probe_job *j, const char *insn)
{
    double whole = round(j->cycles);

    if (whole >= 1 && fabs(j->cycles - whole) <= 0.05 * whole)
        probe_set(pc, k, whole, j->confirmed, "%s chain / int add chain "
                  "= %.2f, nearest whole cycle", insn, j->cycles);
    else
        probe_set(pc, k, round(j->cycles * 100) / 100, 0,
                  "%s chain / int add chain (not within 5%% of a whole "
                  "cycle)", insn);
}

/* Latencies, and whether the multiply-add is fused: a fused one finishes
 * its chain step faster than a multiply followed by an add (X-Ray's test;
 * the R12K's FMA was not backed by a fused pipe, paper 002 §V-D). */
static void latencies(struct probe_ctx *ctx, const struct fpu_jobs *j,
                      struct mmc_probeconf *pc)
{
    const struct probe_job *mul = &j->job[j->mul], *add = &j->job[j->add];
    double fma = j->fma >= 0 ? j->job[j->fma].cycles : 0;
    int ok_fma = j->fma >= 0 ? j->job[j->fma].confirmed : 1;

    probe_note(ctx, "latency chains (%d dependent ops x %d): mulsd %.2f, "
               "addsd %.2f, vfmadd231sd %.2f cycles\n", LAT_OPS, LAT_ITERS,
               mul->cycles, add->cycles, fma);
    set_latency(pc, MMC_P_LAT_MUL, mul, "mulsd");
    set_latency(pc, MMC_P_LAT_ADD, add, "addsd");
    if (j->fma >= 0)
        set_latency(pc, MMC_P_LAT_FMA, &j->job[j->fma], "vfmadd231sd");
    else
        probe_set(pc, MMC_P_LAT_FMA, 0, 1, "cpuid: no FMA3");
    probe_set(pc, MMC_P_FMA, j->fma >= 0 &&
              fma < mul->cycles + add->cycles - 0.5,
              mul->confirmed && add->confirmed && ok_fma,
              "fused if FMA chain step < mul + add");
}

/* Vector FP operations per cycle at each usable width; the effective SIMD
 * width is the narrowest that reaches 90% of the best flops per cycle (a
 * 512-bit unit split in two halves gains nothing over 256 bits). */
static void pipes_and_width(struct probe_ctx *ctx, const struct width *w,
                            const struct fpu_jobs *j,
                            struct mmc_probeconf *pc)
{
    double best_flops = 0, ops[4] = { 0 };
    int ok[4] = { 0 }, pick = 1, fma = ctx->have_fma_isa;

    for (int i = 0; i < 4; i++) {
        if (j->width[i] < 0)
            continue;
        ops[i] = 1 / j->job[j->width[i]].cycles;
        ok[i] = j->job[j->width[i]].confirmed;
        probe_note(ctx, "throughput %d double%s: %.2f %s per cycle = %.1f "
                   "flops/cycle\n", w[i].doubles, w[i].doubles > 1 ? "s" : "",
                   ops[i], fma ? "FMAs" : "mul/add", ops[i] * w[i].doubles *
                   (fma ? 2 : 1));
        best_flops = fmax(best_flops, ops[i] * w[i].doubles);
    }
    while (pick < 3 && ops[pick] * w[pick].doubles < 0.9 * best_flops)
        pick++;
    ok[pick] = probe_pipes_confirmed(ops, ok, pick);
    probe_set(pc, MMC_P_SIMD_DOUBLES, w[pick].doubles, ok[pick],
              "narrowest width within 90%% of best flops/cycle");
    probe_set(pc, MMC_P_FP_PIPES, fmax(1, round(ops[pick])), ok[pick],
              "%s at %d doubles, 12 accumulators",
              fma ? "vfmadd231pd per cycle" : "mul+add per cycle",
              w[pick].doubles);
}

static void chains_curve(struct probe_ctx *ctx, const struct fpu_jobs *j)
{
    if (j->chain[0] < 0)
        return;
    probe_note(ctx, "FMA chains (ymm) -> FMAs per cycle:");
    for (int i = 0; i < NCHAINS; i++)
        probe_note(ctx, "  %d: %.2f", chains[i].k,
                   1 / j->job[j->chain[i]].cycles);
    probe_note(ctx, "\n");
}

int probe_fpu(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    const struct width w[] = {
        { "1 double x12", 1, fma_x1, muladd_x1, 1 },
        { "2 doubles x12", 2, fma_x2, muladd_x2, 1 },
        { "4 doubles x12", 4, fma_x4, muladd_x4,
          __builtin_cpu_supports("avx") && ctx->vec_bits_max >= 256 },
        { "8 doubles x12", 8, fma_x8, NULL,
          __builtin_cpu_supports("avx512f") && ctx->vec_bits_max >= 512 &&
          ctx->have_fma_isa },
    };
    struct fpu_jobs j;

    plan(ctx, w, &j);
    probe_note(ctx, "FPU: 8 rounds 0.1 s apart, each kernel between "
               "integer add chains\n");
    if (probe_time_jobs(ctx, j.job, j.n) != 0)
        return -1;
    latencies(ctx, &j, pc);
    pipes_and_width(ctx, w, &j, pc);
    chains_curve(ctx, &j);
    return 0;
}

#else

int probe_fpu(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    (void)ctx, (void)pc;
    return -1;
}

#endif
