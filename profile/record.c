/* The record buffer of paper 001 Fig. 2: set up once at start, filled by
 * the calls through an atomic index, read at exit.  Its pages are made
 * resident ahead of the calls, in doubling steps (ahead()), not all at
 * start: every process the preload reaches -- each program a script
 * execs -- would hold 16 MiB, or 1 GiB at MMPROFILE_CALLS=2^24.  Records
 * are stored with non-temporal stores where the CPU has them (SSE2,
 * architectural on x86-64), so recording does not evict the caches the
 * next call of the program -- the one being measured -- finds warm. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "profile/profile.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined __x86_64__
#include <emmintrin.h>
#define MMP_STREAM 1
#endif

#define MMP_CALLS_DEFAULT (1L << 18)
#define MMP_CALLS_MAX (1L << 28)
#define MMP_CALLS_FIRST 1024L    /* resident at start: 64 KiB */
#define MMP_PAGE 4096

/* The same line as eight words, for the stores (union punning is C99). */
union mmp_line {
    struct mmp_call call;
    uint64_t word[8];
};
_Static_assert(sizeof(union mmp_line) == 64, "a record is one cache line");

static union mmp_line *buffer;
static uint64_t capacity;
static atomic_uint_fast64_t next_slot;
static atomic_uint_fast64_t resident;   /* slots made resident so far */
static int off;                         /* a bad setting: no recording */

/* The number of calls to record, or -1 (recording off, said on stderr):
 * a bad setting must not change what the host program does. */
static long calls_from_env(void)
{
    const char *text = getenv("MMPROFILE_CALLS");
    char *end;
    long calls;

    if (!text || !*text)
        return MMP_CALLS_DEFAULT;
    errno = 0;
    calls = strtol(text, &end, 10);
    if (errno || *end || calls < 0 || calls > MMP_CALLS_MAX) {
        fprintf(stderr, "libmmprofile: MMPROFILE_CALLS='%s': expected the "
                "number of calls to record, 0 to %ld; not recording\n",
                text, MMP_CALLS_MAX);
        return -1;
    }
    return calls;
}

/* Slots [from, to) made resident: a write fault on each page, by an
 * atomic OR of 0 (a thread may be storing a record there). */
static void make_resident(uint64_t from, uint64_t to)
{
    char *p = (char *)&buffer[from], *end = (char *)&buffer[to];

    for (p -= (uintptr_t)p % MMP_PAGE; p < end; p += MMP_PAGE)
        __atomic_fetch_or((uint64_t *)p, 0, __ATOMIC_RELAXED);
}

/* When the calls reach half of what is resident, the next as many slots
 * are made resident (by one thread): a page first touched by a record's
 * store would be zeroed through the cache between two of the program's
 * calls; this way it happens once per doubling. */
static void ahead(uint64_t slot)
{
    uint64_t have = atomic_load_explicit(&resident, memory_order_relaxed);
    uint64_t want = 2 * have < capacity ? 2 * have : capacity;

    if (slot < have / 2 || have == capacity
        || !atomic_compare_exchange_strong(&resident, &have, want))
        return;
    make_resident(have, want);
}

/* A forked child counts its own calls from slot 0: the parent's records
 * belong in the parent's table, not again in the child's. */
static void restart_in_child(void)
{
    atomic_store(&next_slot, 0);
}

/* The buffer is mapped whole, but only its first MMP_CALLS_FIRST slots
 * are made resident now (the rest as the calls come: ahead()). */
void mmp_buffer_open(void)
{
    long calls = calls_from_env();
    size_t bytes = (size_t)(calls > 0 ? calls : 0) * sizeof *buffer;
    void *p;

    pthread_atfork(NULL, NULL, restart_in_child);
    off = calls < 0;
    if (calls <= 0)
        return;
    p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        fprintf(stderr, "libmmprofile: MMPROFILE_CALLS=%ld: cannot map "
                "%zu MiB for the records: %s; not recording\n", calls,
                bytes >> 20, strerror(errno));
        off = 1;
        return;
    }
    buffer = p;
    capacity = (uint64_t)calls;
    atomic_store(&resident, calls < MMP_CALLS_FIRST ? (uint64_t)calls
                                                    : MMP_CALLS_FIRST);
    make_resident(0, atomic_load(&resident));
}

/* Seven words, a fence, then the word holding `done`: a record is either
 * whole or not marked done when the table is made. */
static void put_line(union mmp_line *dst, const struct mmp_call *call)
{
    union mmp_line src = { .call = *call };

    src.call.done = 1;
#ifdef MMP_STREAM
    for (int i = 0; i < 7; i++)
        _mm_stream_si64((long long *)&dst->word[i], (long long)src.word[i]);
    _mm_sfence();
    _mm_stream_si64((long long *)&dst->word[7], (long long)src.word[7]);
#else
    for (int i = 0; i < 7; i++)
        dst->word[i] = src.word[i];
    atomic_thread_fence(memory_order_release);
    dst->word[7] = src.word[7];
#endif
}

void mmp_record(const struct mmp_call *call)
{
    uint64_t slot;

    if (off)
        return;
    slot = atomic_fetch_add_explicit(&next_slot, 1, memory_order_relaxed);
    if (slot < capacity) {
        put_line(&buffer[slot], call);
        ahead(slot);
    }
}

const struct mmp_call *mmp_buffer_snapshot(uint64_t *slots, uint64_t *calls)
{
    *calls = atomic_load(&next_slot);
    *slots = *calls < capacity ? *calls : capacity;
#ifdef MMP_STREAM
    _mm_sfence();
#endif
    atomic_thread_fence(memory_order_acquire);
    return buffer ? &buffer->call : NULL;
}
