/* The program the profiler's tests preload libmmprofile into: known DGEMM
 * calls through the fake BLAS it is linked with, every result checked.
 *   calls known     the calls of plan.c
 *   calls threads   4 threads, each 250 calls of its own shape
 *   calls fork      2 calls, a child making 1 call of another shape,
 *                   1 call more; prints "child PID"
 *   calls none      no call
 * Prints "pid PID"; exits 0 when every result was right, 1 otherwise,
 * 2 on bad usage. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/profile/plan.h"

static const struct plan_blas blas = { dgemm_, cblas_dgemm };

#define THREADS 4

/* Thread t: m = n = k = lda = ldb = ldc = t + 2, 250 calls, same arrays. */
static void *thread_calls(void *arg)
{
    int t = (int)(size_t)arg + 2;
    struct plan_call p = { 0, 0, 'N', 'N', t, t, t, t, t, t, 1.0, 0.0,
                           250, 1 };

    return plan_run(&blas, &p, 1) == 0 ? NULL : (void *)1;
}

static int threads(void)
{
    pthread_t th[THREADS];
    int rc = 0;

    for (size_t t = 0; t < THREADS; t++)
        if (pthread_create(&th[t], NULL, thread_calls, (void *)t) != 0)
            return 1;
    for (size_t t = 0; t < THREADS; t++) {
        void *ret;
        pthread_join(th[t], &ret);
        rc |= ret != NULL;
    }
    return rc;
}

/* The parent's shape 1 x 1 x 1, the child's 2 x 2 x 2. */
static int forked(void)
{
    struct plan_call p = { 0, 0, 'N', 'N', 1, 1, 1, 1, 1, 1, 1.0, 0.0, 2, 0 };
    struct plan_call q = { 0, 0, 'N', 'N', 2, 2, 2, 2, 2, 2, 1.0, 0.0, 1, 0 };
    int rc = plan_run(&blas, &p, 1), status;
    pid_t child;

    fflush(stdout);
    child = fork();
    if (child < 0)
        return 1;
    if (child == 0)
        return plan_run(&blas, &q, 1) != 0;
    printf("child %ld\n", (long)child);
    p.reps = 1;
    rc |= plan_run(&blas, &p, 1);
    if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
        return 1;
    return rc != 0 || WEXITSTATUS(status) != 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc == 2 ? argv[1] : "";

    printf("pid %ld\n", (long)getpid());
    if (strcmp(mode, "known") == 0)
        return plan_run(&blas, plan_known, plan_known_n) != 0;
    if (strcmp(mode, "threads") == 0)
        return threads();
    if (strcmp(mode, "fork") == 0)
        return forked();
    if (strcmp(mode, "none") == 0)
        return 0;
    fprintf(stderr, "usage: calls known|threads|fork|none\n");
    return 2;
}
