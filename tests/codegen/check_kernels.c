/* check_kernels: run every kernel of the generated grid against the
 * reference mini-MMM (codegen/oracle.c, which says what is checked) and
 * print TAP.  Compiled with the kernel compiler and flags (KERNEL_CC,
 * KERNEL_CFLAGS) together with the generated grid and the oracle.
 *
 * Every size a kernel takes at run time is swept over 1..NB, so every
 * cleanup size 1..NB-1 is run in each dimension.  Double and single
 * kernels alike: the oracle reads the type from the descriptor. */
#include <stdio.h>
#include <stdlib.h>

#include "mmkernel.h"
#include "cpurun.h"
#include "oracle.h"

extern const struct mmt_kernel_desc *const grid_good[];
extern const struct mmt_kernel_desc *const grid_bad[];

static unsigned long long seed = 12345;

static int count_variants(const struct mmt_kernel_desc *const *t)
{
    int n = 0;
    for (; *t; t++)
        for (int v = 0; v < 3; v++)
            n += mmg_oracle_has(*t, v);
    return n;
}

/* One TAP line per kernel variant; expect_fail for the planted errors. */
static int check_table(const struct mmt_kernel_desc *const *t,
                       int expect_fail, int tapno)
{
    static const char *const tag[3] = { "b0", "b1", "bx" };

    for (; *t; t++) {
        for (int v = 0; v < 3; v++) {
            struct mmg_oracle_run r;
            if (!mmg_oracle_has(*t, v))
                continue;
            if (!mmg_cpu_runs((*t)->requires)) {
                printf("ok %d - %s_%s # SKIP this CPU lacks %s\n", ++tapno,
                       (*t)->name, tag[v], (*t)->requires);
                continue;
            }
            mmg_oracle_check(*t, v, &seed, &r);
            if (r.oom) {
                printf("Bail out! out of memory\n");
                exit(1);
            }
            printf("%s %d - %s_%s%s: %d calls, %d bad elements, worst "
                   "error %.3g of allowed\n",
                   (r.fails > 0) == expect_fail ? "ok" : "not ok", ++tapno,
                   (*t)->name, tag[v], expect_fail ? " is caught" : "",
                   r.calls, r.fails, r.worst);
        }
    }
    return tapno;
}

/* Arguments: "isa: reason" for each ISA the grid left out, one SKIP each
 * (grid.sh decides them: the compiler cannot build the ISA). */
int main(int argc, char **argv)
{
    int n = count_variants(grid_good) + count_variants(grid_bad);

    printf("1..%d\n", n + argc - 1);
    for (int i = 1; i < argc; i++)
        printf("ok %d # SKIP %s\n", i, argv[i]);
    check_table(grid_bad, 1, check_table(grid_good, 0, argc - 1));
    return 0;
}
