/* A planted kernel that asks for far more memory than any kernel needs
 * (64 GiB of address space, not touched: the machine is never at risk)
 * and cannot do without it: under the candidate's RLIMIT_AS (common/proc.h)
 * the mapping fails and the kernel aborts, which the search must log as
 * a crash (tests/tune/test_pipeline.c).  Without the limit the mapping
 * succeeds and the kernel, which computes nothing, is wrong. */
#include <stdlib.h>
#include <sys/mman.h>

#include "plant.h"

static void hog_b1(int m, int n, int k, const double *restrict a, int lda,
                   const double *restrict b, int ldb, double beta,
                   double *restrict c, int ldc)
{
    size_t len = (size_t)64 << 30;
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

    (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb;
    (void)beta, (void)c, (void)ldc;
    if (p == MAP_FAILED)
        abort();
    munmap(p, len);
}

PLANT_DESC(hog, MMT_LAYOUT_ATLAS, 8, hog_b1);
