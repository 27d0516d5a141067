/* The table written at exit (paper 001 Fig. 2, line 12): a KEY = value
 * header in the house format, then one line per call shape, heaviest
 * first.  FORMAT 1:
 *
 *   # mmprofile: dgemm_ and cblas_dgemm calls of one program run
 *   FORMAT = 1
 *   PROGRAM = /usr/bin/python3.11
 *   CALLS = 523  # calls recorded
 *   DROPPED = 0  # calls past the buffer, not recorded
 *   SHAPES = 3  # lines below
 *   SECONDS = 1.234000000  # wall time inside the routines
 *   # routine order transa transb m n k lda ldb ldc alpha beta warm count
 *   #   total_s per_call_s
 *   dgemm_ col N N 500 500 500 500 500 500 1 0 2 3 0.012345 0.004115
 *
 * (the column line is one line in the file).  A shape is everything but
 * the time: routine, order, transposes, sizes, leading dimensions, alpha
 * and beta classes (0, 1, -1, a: any other value).  warm counts the
 * shape's calls whose operands were all operands of the same thread's
 * last 8 calls.  The file goes through a temporary and a rename. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "profile/profile.h"
#include "common/common.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct shape {
    struct mmp_call key;    /* ns, warm and done unused */
    uint64_t count, warm, ns;
};

/* Read at start: the program may chdir or change its environment. */
static char *out_path;
static char *start_dir;
static int forked;      /* a child of the process that read them */

static void note_fork(void)
{
    forked = 1;
}

void mmp_table_start(void)
{
    const char *out = getenv("MMPROFILE_OUT");

    if (out && *out)
        out_path = strdup(out);
    start_dir = getcwd(NULL, 0);
    pthread_atfork(NULL, NULL, note_fork);
}

static int by_key(const void *pa, const void *pb)
{
    const struct mmp_call *a = pa, *b = pb;
    const int64_t x[] = { a->routine, a->order, a->transa, a->transb,
                          a->m, a->n, a->k, a->lda, a->ldb, a->ldc,
                          a->alpha, a->beta };
    const int64_t y[] = { b->routine, b->order, b->transa, b->transb,
                          b->m, b->n, b->k, b->lda, b->ldb, b->ldc,
                          b->alpha, b->beta };

    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Heaviest first; ties by count, then by shape, so the order is fixed. */
static int by_time(const void *pa, const void *pb)
{
    const struct shape *a = pa, *b = pb;

    if (a->ns != b->ns)
        return a->ns > b->ns ? -1 : 1;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return by_key(&a->key, &b->key);
}

/* The whole records, copied (a thread still running may write its slot)
 * and sorted by shape. */
static struct mmp_call *gather(uint64_t *recorded, uint64_t *calls)
{
    uint64_t slots, n = 0;
    const struct mmp_call *buf = mmp_buffer_snapshot(&slots, calls);
    struct mmp_call *copy = malloc((slots ? slots : 1) * sizeof *copy);

    if (!copy)
        return NULL;
    for (uint64_t i = 0; i < slots; i++)
        if (buf[i].done)
            copy[n++] = buf[i];
    qsort(copy, n, sizeof *copy, by_key);
    *recorded = n;
    return copy;
}

/* Sorted records into shapes; returns how many. */
static size_t group(const struct mmp_call *rec, uint64_t n,
                    struct shape *shapes)
{
    size_t s = 0;

    for (uint64_t i = 0; i < n; i++) {
        if (i == 0 || by_key(&rec[i], &rec[i - 1]) != 0)
            shapes[s++] = (struct shape){ .key = rec[i] };
        shapes[s - 1].count++;
        shapes[s - 1].warm += rec[i].warm;
        shapes[s - 1].ns += rec[i].ns;
    }
    qsort(shapes, s, sizeof *shapes, by_time);
    return s;
}

static void put_line(FILE *fp, const struct shape *sh)
{
    static const char *const routine[] = { "dgemm_", "cblas_dgemm" };
    static const char *const scalar[] = { "0", "1", "-1", "a" };
    const struct mmp_call *k = &sh->key;

    fprintf(fp, "%s %s %c %c %lld %lld %lld %lld %lld %lld %s %s "
            "%llu %llu %.9f %.9f\n", routine[k->routine],
            k->order == 'r' ? "row" : k->order == 'c' ? "col" : "?",
            k->transa, k->transb, (long long)k->m, (long long)k->n,
            (long long)k->k, (long long)k->lda, (long long)k->ldb,
            (long long)k->ldc, scalar[k->alpha], scalar[k->beta],
            (unsigned long long)sh->warm, (unsigned long long)sh->count,
            sh->ns * 1e-9, sh->ns * 1e-9 / sh->count);
}

static void put_table(FILE *fp, const struct shape *shapes, size_t n,
                      uint64_t recorded, uint64_t dropped)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    uint64_t ns = 0;

    exe[len > 0 ? len : 0] = '\0';
    for (size_t i = 0; i < n; i++)
        ns += shapes[i].ns;
    fprintf(fp, "# mmprofile: dgemm_ and cblas_dgemm calls of one "
            "program run\nFORMAT = 1\nPROGRAM = %s\n", len > 0 ? exe : "?");
    fprintf(fp, "CALLS = %llu  # calls recorded\n",
            (unsigned long long)recorded);
    fprintf(fp, "DROPPED = %llu  # calls past the buffer, not recorded\n",
            (unsigned long long)dropped);
    fprintf(fp, "SHAPES = %zu  # lines below\n", n);
    fprintf(fp, "SECONDS = %.9f  # wall time inside the routines\n",
            ns * 1e-9);
    fprintf(fp, "# routine order transa transb m n k lda ldb ldc alpha "
            "beta warm count total_s per_call_s\n");
    for (size_t i = 0; i < n; i++)
        put_line(fp, &shapes[i]);
}

/* MMPROFILE_OUT, or mmprofile.<pid>.txt; relative to the start directory.
 * A forked child's MMPROFILE_OUT gets its pid before the extension
 * (out.txt: out.<pid>.txt): the one name for both, the last process to
 * exit overwrote the other's table. */
static char *table_path(void)
{
    char name[64], *own = NULL;
    const char *file = out_path;
    char *path;
    size_t len;

    if (!file) {
        snprintf(name, sizeof name, "mmprofile.%ld.txt", (long)getpid());
        file = name;
    } else if (forked && (own = malloc(strlen(file) + 32))) {
        const char *base = strrchr(file, '/'), *dot;
        base = base ? base + 1 : file;
        dot = strrchr(base, '.');
        len = dot && dot != base ? (size_t)(dot - file) : strlen(file);
        sprintf(own, "%.*s.%ld%s", (int)len, file, (long)getpid(),
                file + len);
        file = own;
    }
    if (file[0] == '/' || !start_dir)
        path = strdup(file);
    else if ((path = malloc(len = strlen(start_dir) + strlen(file) + 2)))
        snprintf(path, len, "%s/%s", start_dir, file);
    free(own);
    return path;
}

static int write_table(const char *path, const struct shape *shapes,
                       size_t n, uint64_t recorded, uint64_t dropped)
{
    struct mmc_atomic_file af;

    if (!mmc_atomic_open(&af, path))
        return -1;
    put_table(af.fp, shapes, n, recorded, dropped);
    return mmc_atomic_commit(&af);
}

static void report(const char *path, size_t n, uint64_t recorded,
                   uint64_t dropped)
{
    fprintf(stderr, "libmmprofile: %llu calls in %zu shapes written to %s\n",
            (unsigned long long)recorded, n, path);
    if (dropped)
        fprintf(stderr, "libmmprofile: %llu calls were past the buffer, not"
                " recorded (raise MMPROFILE_CALLS)\n",
                (unsigned long long)dropped);
}

/* A process that made no call (a shell, a child that only execs) leaves no
 * file, so that it cannot overwrite its parent's table. */
void mmp_table_finish(void)
{
    uint64_t recorded = 0, calls = 0;
    struct mmp_call *rec = gather(&recorded, &calls);
    struct shape *shapes = rec ? malloc((recorded + 1) * sizeof *shapes)
                               : NULL;
    char *path = table_path();
    size_t n;

    if (!rec || !shapes || !path)
        fprintf(stderr, "libmmprofile: out of memory for the table\n");
    else if (calls > 0) {
        n = group(rec, recorded, shapes);
        if (write_table(path, shapes, n, recorded, calls - recorded) != 0)
            fprintf(stderr, "libmmprofile: %s: %s\n", path,
                    strerror(errno));
        else
            report(path, n, recorded, calls - recorded);
    }
    free(rec);
    free(shapes);
    free(path);
}
