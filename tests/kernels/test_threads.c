/* test_threads: a call split over threads computes what one thread
 * computes, bit for bit, on every path, at 1 to 7 threads (no split along
 * K: parallel.c); right against the oracle; from eight user threads at
 * once; in a child forked after a team ran (libgomp does not survive a
 * fork: threads.c), and in the parent after it; inside the program's own
 * parallel region (one thread, no nesting); a team only where the
 * team's warmth allows it.  The plan's crossover is
 * lowered so that shapes of milliseconds split (THREAD_N of 8).
 *
 * A serial build (configure --disable-openmp) runs the same checks: its
 * calls never split, and mmt_set_num_threads refuses more than one. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "kernels/driver.h"
#include "mmtune.h"
#include "tests/common/gemmref.h"

struct shape {
    int ta, tb;
    size_t m, n, k;
    double alpha, beta;
};

/* each user thread draws its own operands */
static _Thread_local unsigned long long seed = 5;
static struct mml_plan plan;
static const struct mml_plan *pp;

static double *filled(size_t n)
{
    double *x = gr_nan_array(n ? n : 1);
    for (size_t i = 0; i < n; i++)
        x[i] = gr_rand(&seed);
    return x;
}

/* One call's operands: leading dimensions past the least, so that a
 * piece's offsets are exercised. */
struct call {
    struct shape s;
    double *a, *b, *c0;
    size_t lda, ldb, ldc, cells;
};

static void call_make(struct call *x, const struct shape *s)
{
    size_t ar = s->ta ? s->k : s->m, ac = s->ta ? s->m : s->k;
    size_t br = s->tb ? s->n : s->k, bc = s->tb ? s->k : s->n;

    x->s = *s;
    x->lda = ar + 3, x->ldb = br + 1, x->ldc = s->m + 2;
    x->a = filled(x->lda * ac);
    x->b = filled(x->ldb * bc);
    x->cells = x->ldc * s->n;
    x->c0 = filled(x->cells);
}

static void call_free(struct call *x)
{
    free(x->a);
    free(x->b);
    free(x->c0);
}

/* C after the call on a fresh copy of C0; the path taken in *path. */
static double *call_run(const struct call *x, enum mml_path *path)
{
    double *c = malloc(x->cells * sizeof *c);
    struct mml_gemm g = { x->s.ta, x->s.tb, x->s.m, x->s.n, x->s.k,
                          x->s.alpha, x->s.beta, x->a, x->b, c, x->lda,
                          x->ldb, x->ldc, NULL, NULL, NULL };

    if (!c) {
        printf("Bail out! no memory\n");
        exit(99);
    }
    memcpy(c, x->c0, x->cells * sizeof *c);
    *path = mml_dgemm_plan(&g, pp);
    return c;
}

static int call_right(const struct call *x, const double *c)
{
    struct gr_gemm r = { x->s.ta, x->s.tb, x->s.m, x->s.n, x->s.k,
                         x->s.alpha, x->s.beta, x->a, x->b, x->lda, x->ldb,
                         x->ldc, .eps = 0.0 };
    struct gr_result res;

    return gr_check(&r, c, x->c0, x->cells, 2e7, &res) == 0;
}

/* Teams forced on the packed path: jc x ic x jr. */
static const struct mml_ways forced[] = {
    { 2, 1, 1 }, { 1, 2, 1 }, { 1, 1, 2 }, { 1, 2, 2 }, { 2, 1, 2 },
    { 1, 1, 3 }, { 2, 2, 1 }, { 1, 3, 2 },
};

static const char *const names[] = {
    "none", "thin", "TT", "TN", "small direct", "small", "small TT",
    "panel-T", "skinny", "packed", "naive",
};

/* Shape s at 1 thread, then at each count of counts: the same bits. */
static int same_bits(const struct shape *s, const int *counts, int nc,
                     int tapno)
{
    struct call x;
    enum mml_path p1, pt;
    double *c1, *ct;
    int ok, differ = 0;

    call_make(&x, s);
    mmt_set_num_threads(1);
    c1 = call_run(&x, &p1);
    ok = call_right(&x, c1);
    for (int i = 0; i < nc; i++) {
        if (mmt_set_num_threads(counts[i]) != 0)
            continue;       /* a serial build: one thread only */
        ct = call_run(&x, &pt);
        if (pt != p1 || memcmp(c1, ct, x.cells * sizeof *ct) != 0)
            differ = counts[i];
        free(ct);
    }
    /* the packed path: every kind of team, whatever the model chooses
     * (jr ways cut the panel layout's micro-panels only) */
    for (int i = 0; p1 == MML_PATH_BLOCKED && plan.pnu > 1
                    && i < (int)(sizeof forced / sizeof forced[0]); i++) {
        struct mml_ways w = forced[i];
        if (mmt_set_num_threads(w.jc * w.ic * w.jr) != 0)
            continue;
        plan.mt_ways = w;
        ct = call_run(&x, &pt);
        plan.mt_ways = (struct mml_ways){ 0, 0, 0 };
        if (pt != p1 || memcmp(c1, ct, x.cells * sizeof *ct) != 0)
            differ = 100 * w.jc + 10 * w.ic + w.jr;
        free(ct);
    }
#ifndef _OPENMP
    if (ok) {
        printf("ok %d - %c%c %zux%zux%zu (%s path) right at 1 thread # SKIP "
               "a serial build (--disable-openmp): no call splits\n", tapno,
               s->ta ? 'T' : 'N', s->tb ? 'T' : 'N', s->m, s->n, s->k,
               names[p1]);
        free(c1);
        call_free(&x);
        return 0;
    }
#endif
    printf("%s %d - %c%c %zux%zux%zu alpha %g beta %g (%s path): %s at 1 "
           "thread, %s\n", ok && !differ ? "ok" : "not ok", tapno,
           s->ta ? 'T' : 'N', s->tb ? 'T' : 'N', s->m, s->n, s->k,
           s->alpha, s->beta, names[p1], ok ? "right" : "WRONG",
           differ ? "other bits at another count" : "the same bits at 2, "
           "3, 4 and 7 threads (packed: and 8 forced jc x ic x jr teams)");
    if (differ)
        printf("# what differed: %d threads (3 digits: jc ic jr forced)\n",
               differ);
    free(c1);
    call_free(&x);
    return ok && !differ ? 0 : 1;
}

/* Eight user threads at once, each with its own shapes, each result
 * checked against the oracle. */
struct user {
    int id, bad;
};

static const struct shape mixed[] = {
    { 0, 0, 300, 280, 200, 1.0, 0.0 }, { 1, 0, 90, 400, 350, 0.5, 1.0 },
    { 0, 1, 500, 60, 300, 1.0, 0.7 }, { 1, 1, 200, 210, 190, -1.0, 0.0 },
    { 0, 0, 40, 40, 40, 1.0, 1.0 }, { 0, 0, 700, 5, 300, 1.0, 0.0 },
    { 0, 0, 450, 450, 450, 1.0, 1.0 }, { 1, 0, 64, 64, 900, 2.0, 0.0 },
};

static void *user_run(void *arg)
{
    struct user *u = arg;

    for (int r = 0; r < 3; r++) {
        const struct shape *s = &mixed[(u->id + r) % 8];
        struct call x;
        enum mml_path path;
        double *c;
        call_make(&x, s);
        c = call_run(&x, &path);
        u->bad += !call_right(&x, c);
        free(c);
        call_free(&x);
    }
    return NULL;
}

static int eight_users(int tapno)
{
    pthread_t t[8];
    struct user u[8];
    int bad = 0;

    mmt_set_num_threads(2);
    for (int i = 0; i < 8; i++) {
        u[i] = (struct user){ i, 0 };
        if (pthread_create(&t[i], NULL, user_run, &u[i]) != 0) {
            printf("Bail out! pthread_create\n");
            exit(99);
        }
    }
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], NULL);
        bad += u[i].bad;
    }
    printf("%s %d - 8 user threads, 3 mixed calls each, 2 threads a call: "
           "%d wrong\n", bad ? "not ok" : "ok", tapno, bad);
    return bad != 0;
}

/* A split call (a team ran), fork, a split call in the child and in the
 * parent: right in both, and the child ends (an alarm kills a hang). */
static int after_fork(int tapno)
{
    const struct shape s = { 0, 0, 400, 400, 400, 1.0, 0.0 };
    struct call x;
    enum mml_path path;
    double *c;
    int ok, status = 0;
    pid_t pid;

    mmt_set_num_threads(2);
    call_make(&x, &s);
    c = call_run(&x, &path);
    ok = call_right(&x, c);
    free(c);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        alarm(20);
        c = call_run(&x, &path);
        _exit(call_right(&x, c) ? 0 : 1);
    }
    c = call_run(&x, &path);
    ok = ok && call_right(&x, c);
    free(c);
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        status = -1;
    printf("%s %d - a split call, fork, then calls in both: parent %s, "
           "child %s\n", ok && status == 0 ? "ok" : "not ok", tapno,
           ok ? "right" : "WRONG",
           status == 0 ? "right" : WIFSIGNALED(status) ? "killed (a hang)"
                                                       : "WRONG");
    call_free(&x);
    return !(ok && status == 0);
}

/* Fork before any team ran (a server forking its workers at start): the
 * child keeps its threads, its split call is right and ends. */
static int fork_first(int tapno)
{
    const struct shape s = { 0, 0, 400, 400, 400, 1.0, 0.0 };
    struct call x;
    int status = 0;
    pid_t pid;

    mmt_set_num_threads(2);
    call_make(&x, &s);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        enum mml_path path;
        double *c;
        int team = mml_threads_here() == 2;
        alarm(20);
        c = call_run(&x, &path);
        _exit(!call_right(&x, c) ? 1 : !team ? 2 : 0);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        status = -1;
#ifdef _OPENMP
    printf("%s %d - fork before any team: the child keeps 2 threads and "
           "its split call is right (%s)\n", status == 0 ? "ok" : "not ok",
           tapno, status == 0 ? "so" : WIFSIGNALED(status) ? "killed: a hang"
           : WEXITSTATUS(status) == 2 ? "one thread" : "WRONG");
#else
    /* the child's count is 1 in a serial build: right is all there is */
    status = WIFEXITED(status) && WEXITSTATUS(status) == 2 ? 0 : status;
    printf("%s %d - fork before any call: the child's call is right # "
           "SKIP a serial build (--disable-openmp): no team to keep\n",
           status == 0 ? "ok" : "not ok", tapno);
#endif
    call_free(&x);
    return status != 0;
}

/* Inside the program's parallel region (nesting not enabled): each
 * thread's call runs on that thread alone, and is right. */
static int in_region(int tapno)
{
    const struct shape s = { 0, 0, 300, 300, 300, 1.0, 0.0 };
    struct call x;
    int bad = 0, wide = 0;

    mmt_set_num_threads(2);
    call_make(&x, &s);
#ifdef _OPENMP
#pragma omp parallel num_threads(2) reduction(+ : bad, wide)
#endif
    {
        enum mml_path path;
        double *c = call_run(&x, &path);
        bad += !call_right(&x, c);
        wide += mml_threads_here() != 1;
        free(c);
    }
    printf("%s %d - calls inside the program's parallel region: %d wrong, "
           "%d would have started a team\n", bad || wide ? "not ok" : "ok",
           tapno, bad, wide);
    call_free(&x);
    return bad || wide;
}

/* The setting's bounds and mmt_get_num_threads. */
static int setting(int tapno)
{
    int ok = mmt_set_num_threads(0) != 0 && mmt_set_num_threads(-3) != 0
             && mmt_set_num_threads(MML_THREADS_MAX + 1) != 0
             && mmt_set_num_threads(1) == 0 && mmt_get_num_threads() == 1;
#ifdef _OPENMP
    ok = ok && mmt_set_num_threads(3) == 0 && mmt_get_num_threads() == 3;
#else
    ok = ok && mmt_set_num_threads(3) != 0 && mmt_get_num_threads() == 1;
#endif
    printf("%s %d - mmt_set_num_threads refuses 0, -3 and %d, takes 1%s; "
           "mmt_get_num_threads reads it back\n", ok ? "ok" : "not ok",
           tapno, MML_THREADS_MAX + 1,
#ifdef _OPENMP
           " and 3"
#else
           " only (a serial build)"
#endif
    );
    return !ok;
}

/* mml_threads_parse: what the variables may hold. */
static int parse(int tapno)
{
    static const struct {
        const char *text;
        int count;           /* 0: refused */
    } t[] = {
        { "1", 1 }, { "2", 2 }, { "256", 256 }, { "4,2", 4 }, { "8 ", 8 },
        { "0", 0 }, { "-3", 0 }, { "abc", 0 }, { "100000", 0 },
        { "", 0 }, { "3x", 0 }, { "99999999999999999999", 0 },
    };
    int bad = 0;

    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int n = -1, rc = mml_threads_parse(t[i].text, &n);
        if (t[i].count ? rc != 0 || n != t[i].count : rc == 0) {
            printf("# '%s': rc %d count %d\n", t[i].text, rc, n);
            bad++;
        }
    }
    printf("%s %d - thread counts parsed: 1, 2, 256, '4,2' and '8 ' taken; "
           "0, -3, abc, 100000, '', 3x and 20 digits refused\n",
           bad ? "not ok" : "ok", tapno);
    return bad != 0;
}

/* The variables that say how the runtime's threads wait. */
static int policies_read(void)
{
    const char *p[7] = {
        mml_team_policy(NULL, NULL, NULL),
        mml_team_policy("PASSIVE", NULL, NULL),
        mml_team_policy("active", NULL, NULL),
        mml_team_policy(NULL, "0", NULL),
        mml_team_policy("active", NULL, "0"),
        mml_team_policy(NULL, "INFINITE", NULL),
        mml_team_policy("passive", "30000", "200"),
    };

    return !p[0] && !strcmp(p[1], "passive") && !strcmp(p[2], "active")
           && !strcmp(p[3], "passive") && !strcmp(p[4], "passive")
           && !strcmp(p[5], "active") && !strcmp(p[6], "passive");
}

/* The team's clock past its calibration (50 ms after the load) against
 * CLOCK_MONOTONIC over the same sleep of 20 ms: within 5% (the reads
 * around it take microseconds; a misjudged TSC rate would not). */
static double mono(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The team's clock against CLOCK_MONOTONIC over a 20 ms nap, within 5%;
 * up to 5 tries: a preemption between the two clocks' paired reads (1 ms
 * breaks 5% of 20) is the loaded machine's, and a clock in the wrong unit
 * or the wrong rate is off on every try. */
static int clock_right(void)
{
    struct timespec nap = { 0, 20000000 };
    double t0, m0, dt = 0.0, dm = 0.0;

    usleep(60000);
    mml_team_now();
    for (int try = 0; try < 5; try++) {
        m0 = mono(), t0 = mml_team_now();
        nanosleep(&nap, NULL);
        dt = mml_team_now() - t0, dm = mono() - m0;
        if (dt > 0.95 * dm && dt < 1.05 * dm)
            return 1;
    }
    printf("# the team's clock read %.5f s, CLOCK_MONOTONIC %.5f\n", dt, dm);
    return 0;
}

/* The team's warmth (teamwarm.c).  With no crossover for a sleeping team
 * and one of 8 for an awake one, a thread's first call of 96^3 runs
 * alone (it has made none), its next, within a minute, on the team, and
 * one made 2 ms later under a window of 1 us alone again: the same bits
 * each time.  A serial build, or one thread, or a passive wait policy in
 * the environment starts no team; an active one keeps the third call on
 * the team.  Then the window under each policy, the policies the
 * variables make, and the clock. */
static int warmth(int tapno)
{
    static const struct shape s = { 0, 0, 96, 96, 96, 1.0, 0.0 };
    const struct mml_plan *keep = pp;
    struct mml_plan w = plan;
    enum mml_path path;
    struct call x;
    double *c[3];
    long teams[4];
    int team, endless, ok;

    mmt_set_num_threads(2);
    /* the environment's wait policy decides, as the library reads it */
    team = mml_threads_here() >= 2 && mml_team_window(60.0) > 0.0;
    endless = team && isinf(mml_team_window(1e-6));
    mml_plan_threads(&w, 0, 0);
    mml_plan_threads_hot(&w, 8, 60000000);
    pp = &w;
    call_make(&x, &s);
    mml_team_note(-HUGE_VAL);        /* as if this thread had made none */
    teams[0] = mml_threads_teams();
    c[0] = call_run(&x, &path);
    teams[1] = mml_threads_teams();
    c[1] = call_run(&x, &path);
    teams[2] = mml_threads_teams();
    mml_plan_threads_hot(&w, 8, 1);
    usleep(2000);
    c[2] = call_run(&x, &path);
    teams[3] = mml_threads_teams();
    ok = teams[1] == teams[0] && teams[2] == teams[1] + team
         && teams[3] == teams[2] + endless && call_right(&x, c[0])
         && !memcmp(c[0], c[1], x.cells * sizeof *c[0])
         && !memcmp(c[0], c[2], x.cells * sizeof *c[0])
         && mml_team_window_under(0.002, NULL) == 0.002
         && mml_team_window_under(0.002, "Passive") == 0.0
         && mml_team_window_under(0.002, "ACTIVE") > 1e300
         && mml_team_window_under(0.0, "active") == 0.0
         && mml_team_window_under(0.002, "other") == 0.002
         && policies_read()
         && clock_right();
    printf("%s %d - warmth: teams started %ld, %ld, %ld (first call alone, "
           "the next within the window on %s, after it alone), the same "
           "bits; windows under OMP_WAIT_POLICY; the clock against "
           "CLOCK_MONOTONIC\n", ok ? "ok" : "not ok",
           tapno, teams[1] - teams[0], teams[2] - teams[1],
           teams[3] - teams[2], team ? "the team" : "one thread");
    for (int i = 0; i < 3; i++)
        free(c[i]);
    call_free(&x);
    pp = keep;
    return !ok;
}

int main(void)
{
    static const int counts[] = { 2, 3, 4, 7 };
    const struct mml_plan *p = mml_plan_default();
    const struct shape s[] = {
        /* the packed path: K over KC (two K panels), N over NC (two NC
         * panels), fractional tiles at both edges, each transpose pair,
         * beta 0, 1 and another */
        { 0, 0, 437, 1601, 901, 1.0, 0.0 }, { 1, 0, 509, 395, 777, 0.7, 1.0 },
        { 0, 1, 355, 401, 353, -1.0, 0.3 }, { 1, 1, 401, 399, 331, 1.0, 0.0 },
        { 0, 0, 1201, 333, 341, 1.0, 1.0 },
        /* the skinny path: short and wide, tall, a panel of few columns */
        { 0, 0, 100, 900, 700, 1.0, 0.0 }, { 0, 0, 2000, 100, 100, 1.0, 1.0 },
        { 0, 0, 700, 96, 700, 1.0, 0.5 },
        /* panel-T: op(A) = A^T, few columns, K past the small bound */
        { 1, 0, 900, 64, 400, 1.0, 0.0 },
        /* the small path and its direct form, TT, TN */
        { 0, 0, 300, 300, 300, 1.0, 0.0 }, { 0, 1, 250, 260, 270, 1.0, 1.0 },
        { 1, 0, 200, 250, 64, 1.0, 0.0 }, { 1, 1, 210, 190, 200, 1.0, 0.0 },
        { 0, 0, 311, 299, 277, 0.5, 0.5 },
        /* thin: a vector, few columns */
        { 0, 0, 1, 3000, 700, 1.0, 0.0 }, { 0, 0, 3000, 5, 900, 1.0, 1.0 },
    };
    int n = (int)(sizeof s / sizeof s[0]), bad = 0, t = 0;

    printf("1..%d\n", n + 7);
    if (!p) {
        for (int i = 0; i < n + 7; i++)
            printf("ok %d # SKIP this CPU lacks the kernels' ISA\n", i + 1);
        return 0;
    }
    plan = *p;
    mml_plan_threads(&plan, 8, 0);
    mml_plan_threads_hot(&plan, 0, 0);   /* the teams of THREAD_N alone */
    pp = &plan;
    bad += fork_first(++t);     /* first: no team has run yet */
    for (int i = 0; i < n; i++)
        bad += same_bits(&s[i], counts, 4, ++t);
    bad += eight_users(++t);
    bad += after_fork(++t);
    bad += in_region(++t);
    bad += setting(++t);
    bad += parse(++t);
    bad += warmth(++t);
    return bad ? 1 : 0;
}
