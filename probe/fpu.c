/* Floating-point unit: latencies of multiply, add and fused multiply-add,
 * whether the FMA is really fused, how many vector FP operations issue per
 * cycle, and the widest vector that pays (paper 002 §IV-A: L_x, |ALU_FP|,
 * FMA; §IV-E eq. 13 turns L_x and |ALU_FP| into L_s).
 *
 * Latency: a dependent chain, one result feeding the next (X-Ray's method,
 * ATLAS_STUDY §5).  Throughput: 12 independent accumulators, more than
 * latency x pipes on any current core, so the pipes, not the chain, limit.
 * The kernels are inline assembly with named registers, so neither mmprobe's
 * own CFLAGS nor its compiler can change what is measured.  Operands are
 * zero: 0 * 0 + 0 never produces a denormal, which would take a slow path. */
#include "probe/probe.h"

#include <math.h>

enum { LAT_OPS = 32, LAT_ITERS = 1000, TPUT_OPS = 24, TPUT_ITERS = 1000 };

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

static void chains_curve(struct probe_ctx *ctx)
{
    static const struct {
        int k;
        void (*kernel)(long);
    } curve[] = {
        { 1, chains_1 }, { 2, chains_2 }, { 4, chains_4 }, { 6, chains_6 },
        { 8, chains_8 }, { 10, chains_10 },
    };

    if (!ctx->verbose || !ctx->have_fma_isa ||
        !__builtin_cpu_supports("avx"))
        return;
    probe_note(ctx, "FMA chains (ymm) -> FMAs per cycle:");
    for (size_t i = 0; i < sizeof curve / sizeof curve[0]; i++) {
        double cyc = probe_cycles_per_op(curve[i].kernel, 200,
                                         24.0 * curve[i].k, NULL);
        probe_note(ctx, "  %d: %.2f", curve[i].k, 1 / cyc);
    }
    probe_note(ctx, "\n");
}

/* Latencies, and whether the multiply-add is fused: a fused one finishes
 * its chain step faster than a multiply followed by an add (X-Ray's test;
 * the R12K's FMA was not backed by a fused pipe, paper 002 §V-D). */
static void latencies(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    int ok_mul, ok_add, ok_fma = 1;
    double mul = probe_cycles_per_op(lat_mul, LAT_ITERS, LAT_OPS, &ok_mul);
    double add = probe_cycles_per_op(lat_add, LAT_ITERS, LAT_OPS, &ok_add);
    double fma = 0;

    if (ctx->have_fma_isa)
        fma = probe_cycles_per_op(lat_fma, LAT_ITERS, LAT_OPS, &ok_fma);
    probe_note(ctx, "latency chains (%d dependent ops x %d): mulsd %.2f, "
               "addsd %.2f, vfmadd231sd %.2f cycles\n", LAT_OPS, LAT_ITERS,
               mul, add, fma);
    probe_set(pc, MMT_P_LAT_MUL, round(mul * 100) / 100, ok_mul,
              "mulsd chain / int add chain, 5x20");
    probe_set(pc, MMT_P_LAT_ADD, round(add * 100) / 100, ok_add,
              "addsd chain / int add chain, 5x20");
    probe_set(pc, MMT_P_LAT_FMA, round(fma * 100) / 100, ok_fma,
              ctx->have_fma_isa ? "vfmadd231sd dependent chain"
                                : "cpuid: no FMA3");
    probe_set(pc, MMT_P_FMA, ctx->have_fma_isa && fma < mul + add - 0.5,
              ok_mul && ok_add && ok_fma,
              "fused if FMA chain step < mul + add");
}

struct width {
    int doubles;
    void (*fma)(long), (*muladd)(long);
    int usable;
};

/* Vector FP operations per cycle at each usable width; the effective SIMD
 * width is the narrowest that reaches 90% of the best flops per cycle (a
 * 512-bit unit split in two halves gains nothing over 256 bits). */
static void pipes_and_width(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    struct width w[] = {
        { 1, fma_x1, muladd_x1, 1 },
        { 2, fma_x2, muladd_x2, 1 },
        { 4, fma_x4, muladd_x4, __builtin_cpu_supports("avx") &&
                                ctx->vec_bits_max >= 256 },
        { 8, fma_x8, NULL, __builtin_cpu_supports("avx512f") &&
                           ctx->vec_bits_max >= 512 && ctx->have_fma_isa },
    };
    double best_flops = 0;
    double ops[4] = { 0 };
    int ok[4] = { 0 }, pick = 1, fma = ctx->have_fma_isa;

    for (int i = 0; i < 4; i++) {
        if (!w[i].usable)
            continue;
        ops[i] = 1 / probe_cycles_per_op(fma ? w[i].fma : w[i].muladd,
                                         TPUT_ITERS,
                                         fma ? TPUT_OPS : 2 * TPUT_OPS,
                                         &ok[i]);
        probe_note(ctx, "throughput %d double%s: %.2f %s per cycle = %.1f "
                   "flops/cycle\n", w[i].doubles, w[i].doubles > 1 ? "s" : "",
                   ops[i], fma ? "FMAs" : "mul/add", ops[i] * w[i].doubles *
                   (fma ? 2 : 1));
        if (ops[i] * w[i].doubles > best_flops)
            best_flops = ops[i] * w[i].doubles;
    }
    while (pick < 3 && ops[pick] * w[pick].doubles < 0.9 * best_flops)
        pick++;
    probe_set(pc, MMT_P_SIMD_DOUBLES, w[pick].doubles, ok[pick],
              "narrowest width within 90%% of best flops/cycle");
    probe_set(pc, MMT_P_FP_PIPES, fmax(1, round(ops[pick])), ok[pick],
              "%s at %d doubles, 12 accumulators",
              fma ? "vfmadd231pd per cycle" : "mul+add per cycle",
              w[pick].doubles);
}

int probe_fpu(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    latencies(ctx, pc);
    pipes_and_width(ctx, pc);
    chains_curve(ctx);
    return 0;
}

#else

int probe_fpu(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    (void)ctx, (void)pc;
    return -1;
}

#endif
