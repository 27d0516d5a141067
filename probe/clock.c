/* Core clock: a long dependent chain of register-register integer adds runs
 * at exactly one add per core cycle, so adds / seconds is the core clock.
 *
 * Two traps (the issue's): the TSC ticks at a fixed rate that is not the
 * core clock under turbo or in a VM, so it is reported separately; and
 * adds of small immediates can be folded at rename (several per cycle on
 * recent Intel cores), so the chain adds a register, never a constant. */
#include "probe/probe.h"

#include <time.h>

#include "timer/mmtimer.h"

enum { CHAIN_ADDS = 64, CHAIN_ITERS = 2000 };

#if defined(__x86_64__)
/* CHAIN_ADDS dependent adds per iteration; the loop counter is a separate
 * chain that runs alongside on another ALU. */
void probe_int_chain(long iters)
{
    unsigned long acc = 1, step = 3;

    __asm__ volatile(
        "1:\n\t"
        ".rept 64\n\t"
        "add %[step], %[acc]\n\t"
        ".endr\n\t"
        "dec %[n]\n\t"
        "jnz 1b\n\t"
        : [acc] "+r"(acc), [n] "+r"(iters)
        : [step] "r"(step)
        : "cc");
}

static double add_chain_sample(void *arg)
{
    double t0 = probe_now();

    probe_int_chain(*(const long *)arg);
    return probe_now() - t0;
}

/* Spread the rounds over ~0.1 s so that one quiet or busy moment does not
 * decide the clock alone. */
static double spread_sample(void *arg)
{
    static int calls;
    struct timespec gap = { 0, 2000000 };

    if (++calls % 40 == 0)
        nanosleep(&gap, NULL);
    return add_chain_sample(arg);
}
#endif

int probe_clock(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    const struct mmt_clock_info *tsc = mmt_clock_describe(MMT_CLOCK_CYCLES);
    double tsc_mhz = tsc && tsc->available ? tsc->rate_hz / 1e6 : 0;

    probe_set(pc, MMT_P_TSC_MHZ, tsc_mhz, tsc_mhz > 0,
              "TSC ticks per wall second, timer room");
#if defined(__x86_64__)
    long iters = CHAIN_ITERS;
    int ok;
    double t = probe_min_rounds(spread_sample, &iters, 6, 40, 0.01, 3,
                                &ok);
    double adds = (double)CHAIN_ADDS * CHAIN_ITERS;
    double mhz = adds / t / 1e6;

    ctx->ns_per_cycle = 1e3 / mhz;
    probe_note(ctx, "clock: %.0f dependent reg-reg adds, min %.2f us over "
               "6x40 samples over 0.1 s -> %.1f MHz (TSC %.1f MHz), %d of 6 "
               "round minima within 1%%\n", adds, t * 1e6, mhz, tsc_mhz,
               probe_last_agree);
    probe_set(pc, MMT_P_CLOCK_MHZ, mhz, ok,
              "64-add reg-reg chain, min of 6x40, 3 rounds within 1%%");
    return 0;
#else
    (void)ctx;
    return -1;
#endif
}
