/* installed: built by `make installcheck` against the installed library
 * through pkg-config (mmtune.pc); multiplies through every face and says
 * what the library runs.  Exit 0 when all three agree with the answer. */
#include <math.h>
#include <stdio.h>

#include <mmtune.h>

int main(void)
{
    /* A = [1 2; 3 4], B = [5 6; 7 8] column major: A*B = [19 22; 43 50] */
    double a[4] = { 1, 3, 2, 4 }, b[4] = { 5, 7, 6, 8 };
    double want[4] = { 19, 43, 22, 50 }, c[3][4];
    double one = 1.0, zero = 0.0;
    const struct mmt_kernel_info *ki = mmt_kernel_info();
    int n = 2, bad = 0;

    dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c[0], &n);
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a,
                2, b, 2, 0.0, c[1], 2);
    mmt_dgemm(MMT_NOTRANS, MMT_NOTRANS, 2, 2, 2, 1.0, a, 2, b, 2, 0.0, c[2],
              2);
    for (int f = 0; f < 3; f++)
        for (int i = 0; i < 4; i++)
            bad += fabs(c[f][i] - want[i]) > 1e-12;
    printf("installed libmmtune: %s (%s, %s), parameters from %s: %s\n",
           ki->kernel, ki->isa, ki->active ? "active" : "reference path",
           ki->params, bad ? "WRONG" : "right");
    return bad != 0;
}
