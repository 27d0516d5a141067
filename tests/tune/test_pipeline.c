/* The candidate pipeline: a good kernel is ok and timed; a planted wrong
 * kernel (mmgen --perturb), a crashing one, a hanging one, one past its
 * memory limit, one that does not compile and a compiler that hangs get
 * their verdicts and reasons, and none of them stops the pipeline; a
 * candidate that spins while the search is stopped dies of its CPU
 * limit; the whole DGEMM's long calls take one sample. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tune/candidate.h"
#include "tune/dgemm.h"
#include "common/common.h"

static char workdir[MMS_PATH_MAX];

static const char *srcdir(void)
{
    const char *d = getenv("top_srcdir");
    return d ? d : ".";
}

static void setup_pipeline(struct mms_pipeline *pl, const char *cc,
                           const char *cflags)
{
    char inc[MMS_PATH_MAX];

    snprintf(inc, sizeof inc, "%s/codegen", srcdir());
    assert_int_equal(mms_pipeline_init(pl, cc, cflags, inc, workdir), 0);
    pl->timing.samples = 2;
    pl->run_timeout_s = 2;
}

static void small_params(struct mmg_params *p)
{
    mmg_params_default(p);
    p->nb = 8, p->mu = 2, p->nu = 2, p->ku = 2;
    p->betas = MMG_BETA1;
}

static void expect(const struct mms_pipeline *pl, const struct mms_cand *c,
                   enum mms_verdict want, const char *why)
{
    struct mms_measure m;

    mms_measure(pl, c, MMS_VERIFY | MMS_TIME, 0, &m);
    if (m.verdict != want || !strstr(m.why, why))
        fail_msg("%s: verdict %s (%s), expected %s with '%s'", c->name,
                 mms_verdict_name(m.verdict), m.why, mms_verdict_name(want),
                 why);
    if (want == MMS_V_OK && !(m.mflops > 0 && m.samples == 2))
        fail_msg("%s: ok but %g MFLOPS from %d samples", c->name, m.mflops,
                 m.samples);
}

static void verdicts(void **state)
{
    struct mms_pipeline pl;
    struct mms_cand good, bad, crash, hang, broken, hog;
    struct mms_cand *all[] = { &good, &bad, &crash, &hang, &broken, &hog };
    struct mmg_params p;
    char path[MMS_PATH_MAX + 32];
    FILE *fp;

    (void)state;
    setup_pipeline(&pl, MMT_KERNEL_CC, MMT_KERNEL_CFLAGS);
    small_params(&p);
    mms_cand_init(&good, &pl, &p);
    p.perturb = 1;
    mms_cand_init(&bad, &pl, &p);
    snprintf(path, sizeof path, "%s/tests/tune/plant_crash.c", srcdir());
    mms_cand_from_source(&crash, &pl, path, "plant_crash");
    snprintf(path, sizeof path, "%s/tests/tune/plant_hang.c", srcdir());
    mms_cand_from_source(&hang, &pl, path, "plant_hang");
    snprintf(path, sizeof path, "%s/tests/tune/plant_hog.c", srcdir());
    mms_cand_from_source(&hog, &pl, path, "plant_hog");
    snprintf(path, sizeof path, "%s/broken.c", workdir);
    fp = fopen(path, "w");
    assert_non_null(fp);
    fputs("int broken(void) { return nope; }\n", fp);
    fclose(fp);
    mms_cand_from_source(&broken, &pl, path, "broken");
    mms_build(&pl, all, 6);
    expect(&pl, &good, MMS_V_OK, "flush multicall-lru");
    expect(&pl, &bad, MMS_V_WRONG, "outside the error bound");
    expect(&pl, &crash, MMS_V_CRASH, "signal");
    expect(&pl, &hang, MMS_V_TIMEOUT, "no result within 2 s");
    expect(&pl, &broken, MMS_V_COMPILE, "nope");
    /* past its RLIMIT_AS: the mapping refused, the kernel aborts */
    expect(&pl, &hog, MMS_V_CRASH, "signal 6");
}

static void bad_parameters(void **state)
{
    struct mms_pipeline pl;
    struct mms_cand c;
    struct mmg_params p;

    (void)state;
    setup_pipeline(&pl, MMT_KERNEL_CC, MMT_KERNEL_CFLAGS);
    small_params(&p);
    p.ku = 9;
    mms_cand_init(&c, &pl, &p);
    expect(&pl, &c, MMS_V_COMPILE, "KU: 9 is out of range");
}

/* Kernels are timed at the call they stand for (candidate.h): a non-copy
 * kernel with lda = ldb = ldc = its tile, a K=0 kernel at the k it is
 * timed for (kt), a K=3 one at k=3.  The planted kernels abort on any
 * other timer call; without kt the first is called at k=8 and does. */
static void timed_shapes(void **state)
{
    struct mms_pipeline pl;
    struct mms_cand nc, k3, nc_tile;
    struct mms_cand *all[] = { &nc, &k3, &nc_tile };
    char path[MMS_PATH_MAX + 32];

    (void)state;
    setup_pipeline(&pl, MMT_KERNEL_CC, MMT_KERNEL_CFLAGS);
    snprintf(path, sizeof path, "%s/tests/tune/plant_shape.c", srcdir());
    mms_cand_from_source(&nc, &pl, path, "plant_nocopy");
    mms_cand_from_source(&k3, &pl, path, "plant_k3");
    nc_tile = nc;
    nc.kt = 5;
    assert_int_equal(setenv("PLANT_KT", "5", 1), 0);
    mms_build(&pl, all, 2);
    expect(&pl, &nc, MMS_V_OK, "flush multicall-lru");
    expect(&pl, &k3, MMS_V_OK, "flush multicall-lru");
    expect(&pl, &nc_tile, MMS_V_CRASH, "signal");
}

/* The whole DGEMM's samples per shape: the level's, but one where a call
 * lasts MMS_DGEMM_LONG_S or more at the peak; the level's when the peak
 * is unknown. */
static void dgemm_samples(void **state)
{
    struct mms_pipeline pl;
    double peak = 45923, at = MMS_DGEMM_LONG_S * peak * 1e6;

    (void)state;
    memset(&pl, 0, sizeof pl);
    pl.dgemm_samples = 2, pl.peak_mflops = peak;
    assert_int_equal(mms_dgemm_samples(&pl, 2.0 * 500 * 500 * 500), 2);
    assert_int_equal(mms_dgemm_samples(&pl, at * 0.99), 2);
    assert_int_equal(mms_dgemm_samples(&pl, at), 1);
    assert_int_equal(mms_dgemm_samples(&pl, 2.0 * 3000 * 3000 * 3000), 1);
    pl.peak_mflops = 0;
    assert_int_equal(mms_dgemm_samples(&pl, 2.0 * 3000 * 3000 * 3000), 2);
}

/* Candidates are compiled in batches per compiler and FMA setting, the
 * batches of a group sized for the compilers run at once: a group that
 * does not split evenly (3 in batches of 2) must not step past the
 * first candidate of the next group, which would then never be built
 * (and fail to load when timed, as a compile error). */
static void every_candidate_built(void **state)
{
    struct mms_pipeline pl;
    struct mms_cand c[4];
    struct mms_cand *all[] = { &c[0], &c[1], &c[2], &c[3] };
    struct mmg_params p;

    (void)state;
    setup_pipeline(&pl, MMT_KERNEL_CC, MMT_KERNEL_CFLAGS);
    pl.jobs = 2;
    for (int i = 0; i < 4; i++) {
        small_params(&p);
        p.fma = i < 3 ? 0 : 1;     /* a group of 3, then one of 1 */
        p.nu = 1 + i % 3;
        mms_cand_init(&c[i], &pl, &p);
    }
    mms_build(&pl, all, 4);
    for (int i = 0; i < 4; i++)
        if (access(c[i].so, R_OK) != 0)
            fail_msg("%s (candidate %d of 4) was never built", c[i].name,
                     i + 1);
    expect(&pl, &c[3], MMS_V_OK, "flush multicall-lru");
}

/* A script that sleeps stands in for a compiler that never finishes. */
static void compiler_timeout(void **state)
{
    struct mms_pipeline pl;
    struct mms_cand c, missing;
    struct mms_cand *one[] = { &c };
    struct mmg_params p;
    char slow[MMS_PATH_MAX + 16];
    FILE *fp;

    (void)state;
    snprintf(slow, sizeof slow, "%s/slowcc", workdir);
    fp = fopen(slow, "w");
    assert_non_null(fp);
    fputs("#!/bin/sh\nsleep 30\n", fp);
    fclose(fp);
    assert_int_equal(chmod(slow, 0755), 0);
    setup_pipeline(&pl, slow, "-O2");
    pl.compile_timeout_s = 0.3;
    small_params(&p);
    p.nb = 12;
    mms_cand_init(&c, &pl, &p);
    mms_build(&pl, one, 1);
    expect(&pl, &c, MMS_V_TIMEOUT, "compiler ran past 0.3 s");
    setup_pipeline(&pl, "/nonexistent/cc", "-O2");
    p.nb = 16;
    mms_cand_init(&missing, &pl, &p);
    one[0] = &missing;
    mms_build(&pl, one, 1);
    expect(&pl, &missing, MMS_V_COMPILE, "cannot run /nonexistent/cc");
}

/* A child that reports and exits 0. */
static void say_done(void *arg, int fd)
{
    (void)arg;
    dprintf(fd, "done\n");
}

/* Issue 33: with SIGCHLD ignored (as a caller may leave it) the kernel
 * reaps the children itself and waitpid fails: no wait status is no
 * success, for a compiler as for a kernel's child. */
static void lost_status(void **state)
{
    char *argv[] = { "true", NULL }, out[MMS_PATH_MAX + 16], text[64];
    struct mmc_proc pr;
    int status = 0, timed_out = 0;

    (void)state;
    signal(SIGCHLD, SIG_IGN);
    snprintf(out, sizeof out, "%s/lost.out", workdir);
    assert_int_equal(mmc_spawn(&pr, argv, out, 10), 0);
    mmc_proc_wait(&pr, &status, &timed_out);
    assert_false(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    mmc_status_text(status, text, sizeof text);
    assert_non_null(strstr(text, "waitpid failed"));
    status = 0;
    assert_int_equal(mmc_fork_report(say_done, NULL, 10, 0, text,
                                     sizeof text, &status, &timed_out), 0);
    signal(SIGCHLD, SIG_DFL);
    assert_string_equal(text, "done\n");
    assert_false(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* A candidate's child that spins, after telling its pid. */
static void spin(void *arg, int fd)
{
    pid_t me = getpid();

    (void)fd;
    (void)!write(*(int *)arg, &me, sizeof me);
    for (;;)
        ;
}

/* 1 when pid has ended (a zombie, or gone). */
static int ended(pid_t pid)
{
    char path[64], stat[256], *close_paren;
    FILE *fp;
    size_t n;

    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    fp = fopen(path, "r");
    if (!fp)
        return 1;
    n = fread(stat, 1, sizeof stat - 1, fp);
    fclose(fp);
    stat[n] = '\0';
    close_paren = strrchr(stat, ')');
    return !close_paren || close_paren[2] == 'Z' || close_paren[2] == 'X';
}

/* Issue 33: a search stopped (a Ctrl-Z stops mmsearch, not its
 * candidates, each in a process group of its own) cannot kill a spinning
 * candidate at its deadline; its CPU limit (the timeout, 1 s, and a
 * second) does.  Resumed, the search has a verdict. */
static void cpu_limit(void **state)
{
    const struct timespec tick = { 0, 50000000 };
    int fds[2], status, helper_status;
    pid_t helper, child = 0;
    double waited = 0;

    (void)state;
    assert_int_equal(pipe(fds), 0);
    helper = fork();
    assert_true(helper >= 0);
    if (helper == 0) {   /* the search in miniature */
        char text[64];
        int timed_out;
        close(fds[0]);
        _exit(mmc_fork_report(spin, &fds[1], 1, 0, text, sizeof text,
                              &status, &timed_out) == 0
              && (timed_out || WIFSIGNALED(status)) ? 0 : 1);
    }
    close(fds[1]);
    assert_int_equal(read(fds[0], &child, sizeof child), sizeof child);
    close(fds[0]);
    kill(helper, SIGSTOP);
    /* 2 s of CPU; 30 s of wall clock for a machine busy with others */
    while (!ended(child) && waited < 30) {
        nanosleep(&tick, NULL);
        waited += 0.05;
    }
    if (!ended(child))
        kill(child, SIGKILL);
    kill(helper, SIGCONT);
    assert_int_equal(waitpid(helper, &helper_status, 0), helper);
    if (waited >= 30)
        fail_msg("the candidate spun 30 s with its search stopped");
    assert_true(WIFEXITED(helper_status) && WEXITSTATUS(helper_status) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(verdicts),
        cmocka_unit_test(bad_parameters),
        cmocka_unit_test(timed_shapes),
        cmocka_unit_test(dgemm_samples),
        cmocka_unit_test(compiler_timeout),
        cmocka_unit_test(every_candidate_built),
        cmocka_unit_test(lost_status),
        cmocka_unit_test(cpu_limit),
    };
    int rc;

    if (mms_workdir_create(workdir, sizeof workdir, ".") != 0) {
        perror("test_pipeline: work directory");
        return 1;
    }
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    mms_workdir_remove(workdir);
    return rc;
}
