/* Flush methods of paper 000: OneCallFlushLRU and OneCallFlushX86 (§3),
 * MultiCallFlushLRU with per-operand moves (§4, §4.1), and the flush size
 * they use. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_CLFLUSH
#include <x86intrin.h>
#endif

#include "common/common.h"
#include "timer/mmtimer.h"
#include "timer/cpu.h"
#include "timer/flush.h"

#define LINE 64
#define MIB ((size_t)1 << 20)

static const char *const flush_names[MMTM_NFLUSH] = {
    "none", "onecall-lru", "onecall-x86", "multicall-lru"
};

const char *mmtm_flush_name(enum mmtm_flush f)
{
    return (unsigned)f < MMTM_NFLUSH ? flush_names[f] : "?";
}

int mmtm_flush_parse(const char *name)
{
    for (int i = 0; i < MMTM_NFLUSH; i++)
        if (strcmp(name, flush_names[i]) == 0)
            return i;
    return -1;
}

int mmtm_flush_available(enum mmtm_flush f)
{
    if (f == MMTM_FLUSH_ONECALL_X86) {
#ifdef HAVE_CLFLUSH
        return mmtm_cpu_has(MMTM_CPU_CLFLUSH);
#else
        return 0;
#endif
    }
    return (unsigned)f < MMTM_NFLUSH;
}

/* ---- flush size from sysfs -------------------------------------------- */

/* One data or unified cache of cpu0: level, bytes, private to one cpu. */
struct cache_desc {
    int level;
    size_t bytes;
    int private;
};

static int read_cache(int index, struct cache_desc *c)
{
    char dir[96], buf[64], *end;
    unsigned long v;

    mmc_sysfs_cache_dir(dir, sizeof dir, index);
    if (mmc_sysfs_read(dir, "type", buf, sizeof buf) != 0)
        return -1;
    if (strcmp(buf, "Instruction") == 0)
        return 1;
    if (mmc_sysfs_read(dir, "level", buf, sizeof buf) != 0)
        return -1;
    c->level = atoi(buf);
    if (mmc_sysfs_read(dir, "size", buf, sizeof buf) != 0)
        return -1;
    v = strtoul(buf, &end, 10);
    c->bytes = (size_t)v * (*end == 'M' ? MIB : *end == 'K' ? 1024 : 1);
    c->private = mmc_sysfs_read(dir, "shared_cpu_list", buf, sizeof buf) == 0
                 && strpbrk(buf, ",-") == NULL;
    return 0;
}

/* Sum of cpu0's data/unified caches at levels <= level (level 0: those
 * private to cpu0), and the deepest level seen. */
static size_t sysfs_cache_sum(int level, int *deepest)
{
    struct cache_desc c;
    size_t sum = 0;
    int rc;

    *deepest = 0;
    for (int i = 0; i < 16 && (rc = read_cache(i, &c)) >= 0; i++) {
        if (rc > 0)
            continue;
        if (c.level > *deepest)
            *deepest = c.level;
        if (level == 0 ? c.private : c.level <= level)
            sum += c.bytes;
    }
    return sum;
}

size_t mmtm_flush_bytes_for_level(int level)
{
    int deepest;

    if (level < 1)
        return 0;
    sysfs_cache_sum(99, &deepest);
    if (level >= 3 && deepest > 0)
        level = deepest;
    /* Twice the caches up to that level: they need not be inclusive (AMD's
     * L3 is a victim cache) and replacement is seldom true LRU (§3). */
    return 2 * sysfs_cache_sum(level, &deepest);
}

/* The default evicts this core's private caches (L1 and L2 on current
 * x86): twice their sum for non-LRU replacement, at least 4 MiB (ATLAS's
 * own default, and a safe size where sysfs is missing or wrong).  The
 * shared LLC is not flushed by default: the context timed is a kernel
 * whose operands were pushed out of the core's caches by other work. */
size_t mmtm_flush_default_bytes(void)
{
    int deepest;
    size_t b = 2 * sysfs_cache_sum(0, &deepest);

    return b > 4 * MIB ? b : 4 * MIB;
}

int mmtm_flush_nsets(size_t set_bytes, size_t flush_bytes)
{
    size_t n;

    if (set_bytes == 0)
        return 1;
    /* A set is revisited after nsets-1 others: those must fill the area. */
    n = (flush_bytes + set_bytes - 1) / set_bytes + 1;
    if (n < 2)
        n = 2;
    return n > 1000000000 ? 1000000000 : (int)n;
}

/* ---- layout and walk (§4, §4.1) --------------------------------------- */

static size_t round_up(size_t n, size_t m)
{
    return (n + m - 1) / m * m;
}

static size_t area_bytes(const struct mmtm_layout *l, int i)
{
    return l->stride[i] ? (size_t)l->nsets * l->stride[i] : l->bytes[i];
}

int mmtm_layout_make(struct mmtm_layout *l, const struct mmtm_kernel *k,
                    int moving, size_t flush_bytes, size_t align,
                    size_t misalign)
{
    size_t step = align > LINE ? align : LINE;

    memset(l, 0, sizeof *l);
    l->noperands = k->noperands;
    for (int i = 0; i < k->noperands; i++) {
        l->bytes[i] = k->operand[i].bytes;
        l->cold[i] = k->operand[i].cold;
        l->accumulates |= k->operand[i].accumulates;
        /* Same offset from `align` in every copy: the stride is a multiple
         * of the alignment (and of a line, so copies share no line). */
        if (moving && l->cold[i]) {
            l->stride[i] = round_up(l->bytes[i] ? l->bytes[i] : 1, step);
            l->set_bytes += l->stride[i];
        }
    }
    l->nsets = mmtm_flush_nsets(l->set_bytes, flush_bytes);
    for (int i = 0; i < k->noperands; i++) {
        size_t n = area_bytes(l, i);
        l->area[i] = mmtm_alloc(n ? n : 1, align, misalign);
        if (l->area[i] == NULL) {
            mmtm_layout_free(l);
            errno = ENOMEM;
            return -1;
        }
    }
    return 0;
}

void mmtm_layout_free(struct mmtm_layout *l)
{
    for (int i = 0; i < l->noperands; i++) {
        mmtm_free(l->area[i]);
        l->area[i] = NULL;
    }
}

void mmtm_layout_touch_pages(const struct mmtm_layout *l)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t step = page > 0 ? (size_t)page : 4096;

    for (int i = 0; i < l->noperands; i++) {
        volatile char *p = l->area[i];
        size_t n = area_bytes(l, i);

        for (size_t off = 0; off < n; off += step)
            p[off] = 0;
        if (n > 0)
            p[n - 1] = 0;
    }
}

void mmtm_layout_init(const struct mmtm_layout *l, const struct mmtm_kernel *k)
{
    for (int s = l->nsets - 1; s >= 0; s--)
        for (int i = 0; i < l->noperands; i++)
            if (l->stride[i])
                k->init(i, (char *)l->area[i] + (size_t)s * l->stride[i],
                        l->bytes[i], k->user);
    for (int i = 0; i < l->noperands; i++)
        if (!l->stride[i])
            k->init(i, l->area[i], l->bytes[i], k->user);
}

static volatile double flush_sink;

void mmtm_layout_warm_hot(const struct mmtm_layout *l)
{
    unsigned char sum = 0;

    for (int i = 0; i < l->noperands; i++) {
        const volatile unsigned char *p = l->area[i];

        if (l->cold[i])
            continue;
        for (size_t off = 0; off < l->bytes[i]; off += LINE)
            sum += p[off];
    }
    flush_sink += sum;
}

void mmtm_walk_start(struct mmtm_walk *w, const struct mmtm_layout *l)
{
    memset(w, 0, sizeof *w);
    w->l = l;
    w->set = l->nsets - 1;
    for (int i = 0; i < l->noperands; i++)
        w->call.op[i] = (char *)l->area[i] + (size_t)w->set * l->stride[i];
    w->call.alpha = 1;
    w->call.beta = 1;
}

/* ---- one-call flushes (§3) -------------------------------------------- */

int mmtm_lru_make(struct mmtm_lru_buffer *b, size_t bytes)
{
    b->n = bytes / sizeof(double);
    b->p = mmtm_alloc(b->n * sizeof(double) + 1, LINE, 0);
    if (b->p == NULL)
        return -1;
    /* Small nonzero values: the sum is not foreseeable, so not elided. */
    for (size_t i = 0; i < b->n; i++)
        b->p[i] = (double)(i & 7) * 0x1p-10;
    return 0;
}

/* One double of every line brings the line in, which is what evicts the
 * operands; four sums, so that the adds do not wait on one another.  A
 * sum of every double, one add after the other, ran at an add's latency,
 * not at the memory's pace: 17% of the samples of a search of the step
 * small alone, its compiles included (64 MiB flushes, the AVX2 Zen 4
 * guest); 9.0 ms a 64 MiB buffer that way, 3.6-4.1 ms this one. */
void mmtm_lru_flush(const struct mmtm_lru_buffer *b)
{
    const size_t per = LINE / sizeof(double);
    const double *p = b->p;
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    size_t i = 0;

    for (; i + 4 * per <= b->n; i += 4 * per) {
        s0 += p[i];
        s1 += p[i + per];
        s2 += p[i + 2 * per];
        s3 += p[i + 3 * per];
    }
    for (; i < b->n; i += per)
        s0 += p[i];
    flush_sink += s0 + s1 + s2 + s3;
}

void mmtm_lru_free(struct mmtm_lru_buffer *b)
{
    mmtm_free(b->p);
    b->p = NULL;
}

void mmtm_clflush_cold(const struct mmtm_layout *l)
{
#ifdef HAVE_CLFLUSH
    size_t line = mmtm_cpu_clflush_bytes();

    for (int i = 0; i < l->noperands; i++) {
        const char *p = l->area[i];

        if (!l->cold[i])
            continue;
        for (size_t off = 0; off < l->bytes[i]; off += line)
            _mm_clflush(p + off);
        if (l->bytes[i] > 0)
            _mm_clflush(p + l->bytes[i] - 1);
    }
    _mm_mfence();
#else
    (void)l;
#endif
}
