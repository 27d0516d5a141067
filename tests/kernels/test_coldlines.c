/* test_coldlines: the reading that decides whether the small path loads
 * its operands first (kernels/coldlines.c, small.c's
 * mml_load_operands).  Lines flushed from every cache (clflush) count as
 * cold; mml_load_operands loads operands of 100 x 100 x 100 once
 * flushed, and below its bound primes pages only.  With --warm, the
 * other half, which times a reading of lines just read (make regtest,
 * regtest_coldlines.sh, alone on the machine): lines just read count as
 * warm, and warm operands of 100^3 are not loaded again.  A test beside
 * it can push its lines out of the caches, or interrupt a reading, and
 * a reading interrupted reads as cold, so the warm half is a timed test:
 * in make check it failed once (2 of 5 warm) and passed 5 of 5 alone.
 * Whichever half, each check takes the majority of TRIES; the warm
 * checks SKIP under AddressSanitizer (UNDER_ASAN).  x86-64 only:
 * elsewhere the library reads no counter and every call counts as cold
 * (SKIP).  TAP. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <x86intrin.h>
#endif

#include "kernels/driver.h"

#define TRIES 5
#define LINES 32
#define N 100

/* Under AddressSanitizer every load a reading times is instrumented,
 * with a load of its shadow besides: what is timed is not the library's
 * code, and warm readings ran past the bound (make check-sanitize, 0 of
 * 5 warm operands read warm).  The warm checks SKIP there; the cold ones
 * still run. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#if defined(__x86_64__) && defined(__GNUC__)
/* Every line of x (n doubles) out of every cache (clflush), the flushes
 * done. */
static void evict(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i += 8)
        _mm_clflush(x + i);
    _mm_clflush(x + n - 1);
    _mm_mfence();
}
#endif

static volatile double read_sink;

/* Every line of x (n doubles) read, and every load and store before
 * done: a reading starts without waiting for them, so lines still on
 * their way from memory, or stores still draining, would count in the
 * reading that follows. */
static void read_all(const double *x, size_t n)
{
    double s = 0.0;

    for (size_t i = 0; i < n; i += 8)
        s += x[i];
    read_sink = s;
#if defined(__x86_64__) && defined(__GNUC__)
    _mm_mfence();
#endif
}

/* The reading the library takes, of LINES lines of x: loads only, each
 * kept by an empty asm, as small.c's pass. */
static int reading_cold(const double *x)
{
    unsigned long long t0 = mml_ticks();

    for (int l = 0; l < LINES; l++) {
        double w = x[l * 8];
        __asm__ volatile("" : : "x"(w));
    }
    return mml_cold_since(t0, LINES);
}

static void report(int n, int ok, const char *what, int got)
{
    printf("%s %d - %s (%d of %d)\n", ok ? "ok" : "not ok", n, what, got,
           TRIES);
}

/* A warm check: its report, or its SKIP under AddressSanitizer. */
static void report_warm(int n, int ok, const char *what, int got)
{
    if (UNDER_ASAN)
        printf("ok %d - %s # SKIP AddressSanitizer instruments the loads "
               "a reading times\n", n, what);
    else
        report(n, ok, what, got);
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The checks of lines flushed: they read cold whatever runs beside. */
static void cold_checks(struct mml_gemm *g, struct mml_gemm *tiny)
{
    const double *a = g->a, *b = g->b, *c = g->c;
    int cold = 0, loaded = 0, primed = 0;

    printf("1..3\n");
    for (int t = 0; t < TRIES; t++) {
        read_all(a, LINES * 8);
        evict(a, LINES * 8);
        cold += reading_cold(a);
    }
    report(1, 2 * cold > TRIES, "lines flushed read as cold", cold);
    /* a first run waits on its code's lines too: warm them first */
    read_all(a, N * N), read_all(b, N * N), read_all(c, N * N);
    mml_load_operands(g);
    for (int t = 0; t < TRIES; t++) {
        evict(a, N * N), evict(b, N * N), evict(c, N * N);
        loaded += mml_load_operands(g);
        primed += !mml_load_operands(tiny);
    }
    report(2, 2 * loaded > TRIES, "operands of 100^3 loaded once flushed",
           loaded);
    report(3, primed == TRIES, "16^3 never loaded (pages primed only)",
           primed);
}

/* The checks of lines just read (--warm): timed, for make regtest. */
static void warm_checks(struct mml_gemm *g)
{
    const double *a = g->a, *b = g->b, *c = g->c;
    int warm = 0, kept = 0;

    printf("1..2\n");
    /* a first reading waits on its code's lines too: one untimed */
    read_all(a, LINES * 8);
    (void)reading_cold(a);
    for (int t = 0; t < TRIES; t++) {
        read_all(a, LINES * 8);
        warm += !reading_cold(a);
    }
    report_warm(1, 2 * warm > TRIES, "lines just read read as warm", warm);
    read_all(a, N * N), read_all(b, N * N), read_all(c, N * N);
    mml_load_operands(g);
    for (int t = 0; t < TRIES; t++) {
        read_all(a, N * N), read_all(b, N * N), read_all(c, N * N);
        kept += !mml_load_operands(g);
    }
    report_warm(2, 2 * kept > TRIES,
                "warm operands of 100^3 not loaded again", kept);
}
#endif

int main(int argc, char **argv)
{
#if defined(__x86_64__) && defined(__GNUC__)
    double *a = aligned_alloc(64, N * N * sizeof(double));
    double *b = aligned_alloc(64, N * N * sizeof(double));
    double *c = aligned_alloc(64, N * N * sizeof(double));
    struct mml_gemm g = { 0, 0, N, N, N, 1.0, 0.0, a, b, c, N, N, N,
                          NULL, NULL, NULL };
    struct mml_gemm tiny = { 0, 0, 16, 16, 16, 1.0, 0.0, a, b, c, 16, 16,
                             16, NULL, NULL, NULL };
    int warm = argc > 1 && strcmp(argv[1], "--warm") == 0;

    if (argc > 2 || (argc > 1 && !warm)) {
        fprintf(stderr, "usage: %s [--warm]\n", argv[0]);
        return 2;
    }
    if (!a || !b || !c) {
        printf("Bail out! no memory for the operands\n");
        return 1;
    }
    for (size_t i = 0; i < N * N; i++)
        a[i] = b[i] = c[i] = 1.0;
    if (warm)
        warm_checks(&g);
    else
        cold_checks(&g, &tiny);
    free(a), free(b), free(c);
    return 0;
#else
    (void)argc, (void)argv;
    printf("1..0 # SKIP no time-stamp counter read on this architecture "
           "(x86-64 only): every call counts as cold\n");
    return 0;
#endif
}
