/* mmtune-info: which kernels, compiler and parameters the libmmtune it is
 * linked with runs (mmt_kernel_info, mmt_single_kernel_info), and whether
 * this CPU runs them. */
#include <stdio.h>
#include <string.h>

#include "mmtune.h"

/* One precision's kernels (the complex GEMMs run on the real ones). */
static void print_kernel(const char *what, const struct mmt_kernel_info *ki)
{
    printf("%s\n", what);
    printf("kernel      %s (ISA %s, needs %s): %s\n", ki->kernel, ki->isa,
           ki->requires[0] ? ki->requires : "nothing",
           ki->active ? "this CPU runs it"
                      : "this CPU lacks it, the reference path runs");
    printf("recreate    %s\n", ki->command);
    printf("compiler    %s\n", ki->compiler);
    printf("tile        MU=%d NU=%d KU=%d\n", ki->mu, ki->nu, ki->ku);
    printf("blocking    NB=%d MC=%d KC=%d NC=%d\n", ki->nb, ki->mc, ki->kc,
           ki->nc);
    printf("small       SMALL_MAX=%d tile=%dx%d (non-copy kernels on the "
           "caller's arrays up to\n            this M, N, K; M, or N and K, "
           "within it: in blocks of it)\n", ki->ncnb, ki->ncmu, ki->ncnu);
}

int main(int argc, char **argv)
{
    const struct mmt_kernel_info *ki;

    if (argc == 2 && !strcmp(argv[1], "--help")) {
        printf("Usage: mmtune-info\n"
               "Say, for DGEMM and SGEMM (CGEMM and ZGEMM run on their "
               "kernels),\nwhich generated kernel, compiler and blocking "
               "libmmtune was built with,\nwhere its parameters came from, "
               "and whether this CPU runs the kernels\n(else the library takes "
               "its slow reference path), and how many threads a call\n"
               "may use and where that count came from.\n"
               "Exit status: 0, or 2 for bad usage.\n");
        return 0;
    }
    if (argc != 1) {
        fprintf(stderr, "mmtune-info: unexpected argument '%s'\n"
                "Try 'mmtune-info --help'.\n", argv[1]);
        return 2;
    }
    ki = mmt_kernel_info();
    print_kernel("DGEMM", ki);
    printf("parameters  %s (%s)\n", ki->params, ki->why);
    printf("build key   %s\n", ki->arch_key);
    printf("threads     %d, from %s (a call takes 2 or more from "
           "cubes of %d on", mmt_get_num_threads(),
           mmt_num_threads_source(), ki->thread_n);
    if (ki->thread_n_hot != ki->thread_n)
        printf(",\n            of %d on within %d us of the thread's "
               "last call of that size", ki->thread_n_hot,
               ki->thread_hot_us);
    printf(")\n");
    print_kernel("SGEMM", mmt_single_kernel_info());
    return 0;
}
