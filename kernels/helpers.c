/* What every path shares, below them all: the kernel variant for beta,
 * C's update from a tile computed with padding, C scaled by beta, and
 * blocks cut evenly. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

mml_kernel *mml_variant(const struct mmt_kernel_desc *d, mml_elem beta)
{
    return beta == 0 ? MML_B0(d) : beta == 1 ? MML_B1(d) : MML_BX(d);
}

MML_HOT
void mml_merge(int m, int n, mml_elem beta, const mml_elem *t, int ldt,
               mml_elem *c, size_t ldc)
{
    for (int j = 0; j < n; j++, t += ldt, c += ldc)
        for (int i = 0; i < m; i++)
            c[i] = beta == 0.0 ? t[i]
                   : beta == 1.0 ? c[i] + t[i] : beta * c[i] + t[i];
}

/* The size of the blocks that cut n into as few pieces of at most max as
 * possible, all but the last equal and a multiple of step: a leftover
 * thinner than step is never a block of its own when it can be spread
 * (k = 500 with KC = 240 runs 167, 167, 166, not 240, 240, 20: a thin
 * panel reloads C for little work).  The edge kernel runs any size as
 * fast as the full kernel runs its own (kernels in L1, 108 GFLOPS both). */
size_t mml_even_blocks(size_t n, int max, int step)
{
    size_t pieces = (n + (size_t)max - 1) / (size_t)max;
    size_t b = (n + pieces - 1) / pieces;

    b = (b + (size_t)step - 1) / (size_t)step * (size_t)step;
    return b < (size_t)max ? b : (size_t)max;
}

MML_HOT
void mml_scale_c(size_t m, size_t n, mml_elem beta, mml_elem *c, size_t ldc)
{
    if (beta == 1.0)
        return;
    for (size_t j = 0; j < n; j++, c += ldc)
        for (size_t i = 0; i < m; i++)
            c[i] = beta == 0.0 ? 0.0 : beta * c[i];
}
