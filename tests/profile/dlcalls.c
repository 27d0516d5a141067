/* A program linked with no BLAS, for the profiler's two cases of finding
 * the real routine elsewhere:
 *   dlcalls unloaded      calls dgemm_ as dlsym(RTLD_DEFAULT) finds it
 *                         (the profiler's, when preloaded: nothing to
 *                         forward to)
 *   dlcalls local LIB     opens LIB (tests/profile/libfakeext) with
 *                         RTLD_LOCAL and makes plan.c's known calls
 *                         through it, as Python does with NumPy
 * Exits 0 when every result was right, 1 otherwise, 2 on bad usage. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "tests/profile/plan.h"

static int unloaded(void)
{
    fake_dgemm_fn *f = (fake_dgemm_fn *)dlsym(RTLD_DEFAULT, "dgemm_");
    double a = 1, b = 1, c = 0, one = 1, zero = 0;
    int n = 1;

    if (!f) {
        fprintf(stderr, "dlcalls: no dgemm_ in the process\n");
        return 1;
    }
    f("N", "N", &n, &n, &n, &one, &a, &n, &b, &n, &zero, &c, &n);
    return c != 1.0;
}

static int local(const char *lib)
{
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    struct plan_blas blas;

    if (!h) {
        fprintf(stderr, "dlcalls: %s\n", dlerror());
        return 1;
    }
    blas.dgemm = (fake_dgemm_fn *)dlsym(h, "ext_dgemm");
    blas.cblas_dgemm = (fake_cblas_dgemm_fn *)dlsym(h, "ext_cblas_dgemm");
    if (!blas.dgemm || !blas.cblas_dgemm) {
        fprintf(stderr, "dlcalls: %s: no ext_dgemm or ext_cblas_dgemm\n",
                lib);
        return 1;
    }
    return plan_run(&blas, plan_known, plan_known_n) != 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "unloaded") == 0)
        return unloaded();
    if (argc == 3 && strcmp(argv[1], "local") == 0)
        return local(argv[2]);
    fprintf(stderr, "usage: dlcalls unloaded | dlcalls local LIB\n");
    return 2;
}
