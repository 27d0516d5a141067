/* test_dlopen: libmmtune loaded at run time starts no thread before a
 * call that wants a team (loading it, and a small call, leave the process
 * with the one thread it had), a large call then splits (in an OpenMP
 * build), and dlclose followed by a second dlopen and call is clean: an
 * OpenMP build stays mapped (-z nodelete: its team's threads wait in the
 * runtime, which an unload pulled from under them, a crash in libgomp).
 * The threads are counted in /proc/self/task. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void dgemm_fn(const char *, const char *, const int *, const int *,
                      const int *, const double *, const double *,
                      const int *, const double *, const int *,
                      const double *, double *, const int *);

static int threads_now(void)
{
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    int n = 0;

    if (!d)
        return -1;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* C = A B at n^3 through h's dgemm_; 0 when every element is n * 0.5
 * (A all 1, B all 0.5). */
static int call(void *h, int n)
{
    dgemm_fn *f = (dgemm_fn *)dlsym(h, "dgemm_");
    double one = 1.0, zero = 0.0, *a, *b, *c;
    size_t nn = (size_t)n * (size_t)n;
    int bad = 0;

    if (!f)
        return -1;
    a = malloc(nn * sizeof *a), b = malloc(nn * sizeof *b);
    c = malloc(nn * sizeof *c);
    for (size_t i = 0; i < nn; i++)
        a[i] = 1.0, b[i] = 0.5, c[i] = -1.0;
    f("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n);
    for (size_t i = 0; i < nn; i++)
        bad += c[i] != 0.5 * n;
    free(a), free(b), free(c);
    return bad ? -1 : 0;
}

/* 50 ms of work on this thread (the team's threads meanwhile spin down
 * and sleep in the runtime). */
static void call_spin(void)
{
    volatile double x = 0.0;

    for (long i = 0; i < 20000000; i++)
        x += 1e-9;
}

int main(int argc, char **argv)
{
    const char *top = getenv("top_builddir");
    char path[4096];
    const char *lib = argc > 1 ? argv[1] : path;
    int (*set)(int);
    int t0, t_load, t_small, t_big, ok, openmp, mapped, bad = 0;
    void *h;

    /* make check: the build tree's shared library */
    snprintf(path, sizeof path, "%s/kernels/.libs/libmmtune.so",
             top ? top : ".");
    printf("1..3\n");
    t0 = threads_now();
    if (!(h = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
        printf("Bail out! %s\n", dlerror());
        return 99;
    }
    /* a team of two at most, on any machine */
    *(void **)&set = dlsym(h, "mmt_set_num_threads");
    openmp = set && set(2) == 0;
    t_load = threads_now();
    ok = call(h, 8) == 0;
    t_small = threads_now();
    bad += !(ok && t_load == t0 && t_small == t0);
    printf("%s 1 - loaded and a small call: %d thread(s), as before "
           "(%d)%s\n", ok && t_load == t0 && t_small == t0 ? "ok" : "not ok",
           t_small, t0, ok ? "" : "; the call was WRONG");
    ok = call(h, 600) == 0;
    t_big = threads_now();
    bad += !ok || (openmp && !(t_big > t0));
    if (openmp)
        printf("%s 2 - a 600^3 call on 2 threads: right, %d thread(s) "
               "now\n", ok && t_big > t0 ? "ok" : "not ok", t_big);
    else
        printf("%s 2 - a 600^3 call right%s\n", ok ? "ok" : "not ok",
               " # SKIP a serial build (--disable-openmp): no team");
    if (dlclose(h) != 0) {
        printf("not ok 3 - dlclose: %s\n", dlerror());
        return 1;
    }
    /* the team's threads, if any, are still there: let them run */
    for (int i = 0; i < 3; i++)
        call_spin();
    mapped = dlopen(lib, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) != NULL;
    h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    ok = h && call(h, 600) == 0 && call(h, 8) == 0
         && (!openmp || mapped);
    printf("%s 3 - dlclose (%s), dlopen again, a large and a small call: "
           "%s\n", ok ? "ok" : "not ok", mapped ? "still mapped" : "unmapped",
           ok ? "right"
              : h ? "WRONG, or an OpenMP build unmapped" : dlerror());
    return bad || !ok;
}
