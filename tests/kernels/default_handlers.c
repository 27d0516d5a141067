/* default_handlers: calls dgemm_ (argument: "f77") or cblas_dgemm
 * ("cblas": lda, "cblas-m": M, both row major) with an illegal argument
 * and no handler of its own, so the library's default handler runs;
 * tests/kernels/handlers.sh checks its message and exit status. */
#include <stdio.h>
#include <string.h>

#include "mmtune.h"

int main(int argc, char **argv)
{
    double a[4] = { 0 }, b[4] = { 0 }, c[4] = { 0 };
    int m = 2, n = -2, k = 2, ld = 2;
    double one = 1.0;

    if (argc == 2 && !strcmp(argv[1], "f77"))
        dgemm_("N", "N", &m, &n, &k, &one, a, &ld, b, &ld, &one, c, &ld);
    else if (argc == 2 && !strcmp(argv[1], "cblas"))
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0,
                    a, 1, b, 2, 1.0, c, 2);
    else if (argc == 2 && !strcmp(argv[1], "cblas-m"))
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, -1, 2, 2,
                    1.0, a, 2, b, 2, 1.0, c, 2);
    else {
        fprintf(stderr, "usage: %s f77|cblas|cblas-m\n", argv[0]);
        return 2;
    }
    printf("returned from the handler\n");
    return 0;
}
