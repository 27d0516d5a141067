/* test_coldlines: the reading that decides whether the small path loads
 * its operands first (kernels/coldlines.c, small.c's
 * mml_load_operands).  Lines just read count as warm; lines flushed from
 * every cache (clflush) count as cold.  mml_load_operands loads warm
 * operands of 100 x 100 x 100 no more, loads them once flushed, and
 * below its bound primes pages only.  A reading interrupted by the
 * system reads as cold, so each check takes the majority of TRIES; the
 * warm checks SKIP under AddressSanitizer (UNDER_ASAN).  x86-64 only:
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

int main(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    double *a = aligned_alloc(64, N * N * sizeof(double));
    double *b = aligned_alloc(64, N * N * sizeof(double));
    double *c = aligned_alloc(64, N * N * sizeof(double));
    struct mml_gemm g = { 0, 0, N, N, N, 1.0, 0.0, a, b, c, N, N, N };
    struct mml_gemm tiny = { 0, 0, 16, 16, 16, 1.0, 0.0, a, b, c, 16, 16,
                             16 };
    int warm = 0, cold = 0, kept = 0, loaded = 0, primed = 0;

    if (!a || !b || !c) {
        printf("Bail out! no memory for the operands\n");
        return 1;
    }
    for (size_t i = 0; i < N * N; i++)
        a[i] = b[i] = c[i] = 1.0;
    printf("1..5\n");
    for (int t = 0; t < TRIES; t++) {
        read_all(a, LINES * 8);
        warm += !reading_cold(a);
        evict(a, LINES * 8);
        cold += reading_cold(a);
    }
    report_warm(1, 2 * warm > TRIES, "lines just read read as warm", warm);
    report(2, 2 * cold > TRIES, "lines flushed read as cold",
           cold);
    /* a first run waits on its code's lines too: warm them first */
    read_all(a, N * N), read_all(b, N * N), read_all(c, N * N);
    mml_load_operands(&g);
    for (int t = 0; t < TRIES; t++) {
        read_all(a, N * N), read_all(b, N * N), read_all(c, N * N);
        kept += !mml_load_operands(&g);
        evict(a, N * N), evict(b, N * N), evict(c, N * N);
        loaded += mml_load_operands(&g);
        primed += !mml_load_operands(&tiny);
    }
    report_warm(3, 2 * kept > TRIES,
                "warm operands of 100^3 not loaded again", kept);
    report(4, 2 * loaded > TRIES, "operands of 100^3 loaded once flushed",
           loaded);
    report(5, primed == TRIES, "16^3 never loaded (pages primed only)",
           primed);
    free(a), free(b), free(c);
    return 0;
#else
    printf("1..0 # SKIP no time-stamp counter read on this architecture "
           "(x86-64 only): every call counts as cold\n");
    return 0;
#endif
}
