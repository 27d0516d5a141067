/* A candidate verified and timed (candidate.h's mms_measure), in a
 * forked child that loads it, runs the oracle and the timer, and reports
 * one line; the whole DGEMM's shapes as the child times them. */
#define _GNU_SOURCE
#include "tune/candidate.h"

#include <dlfcn.h>
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "codegen/codegen.h"
#include "tune/dgemm.h"
#include "common/common.h"

static void pause_ms(int ms)
{
    struct timespec ts = { 0, ms * 1000000L };
    nanosleep(&ts, NULL);
}


struct measure_job {
    const struct mms_pipeline *pl;
    const struct mms_cand *c;
    unsigned what;
    int round;
};

/* The child's one line: verdict MFLOPS spread samples busy why. */
static void report_busy(int fd, enum mms_verdict v, double mflops,
                        double spread, int samples, double busy,
                        const char *why)
{
    dprintf(fd, "%s %.17g %.6g %d %.3f %s\n", mms_verdict_name(v), mflops,
            spread, samples, busy, why);
}

static void report(int fd, enum mms_verdict v, double mflops, double spread,
                   int samples, const char *why)
{
    report_busy(fd, v, mflops, spread, samples, 0, why);
}

/* One block as the timer calls it: its sizes and leading dimensions. */
struct shape {
    const struct mmt_kernel_desc *d;
    int m, n, k, lda, ldb, ldc;
};

/* The call a kernel is timed with (candidate.h, mms_measure): copy
 * kernels take A and B packed (m*k and k*n elements, the lds ignored),
 * non-copy ones the caller's column-major arrays with ld = the tile;
 * elements of the kernel's type.  In the packed context C is a block of
 * a matrix of MMS_PACKED_LDC rows. */
static void shape_of(const struct mmt_kernel_desc *d, int kt, int packed,
                     struct shape *sh, size_t *abytes, size_t *bbytes,
                     size_t *cbytes)
{
    size_t elem = d->type == MMT_TYPE_S ? sizeof(float) : sizeof(double);

    sh->d = d;
    sh->m = d->m ? d->m : d->nb;
    sh->n = d->n ? d->n : d->nb;
    sh->k = d->k ? d->k : kt > 0 ? kt : d->nb;
    sh->lda = sh->ldb = sh->ldc = d->nb;
    if (packed)
        sh->ldc = sh->m > MMS_PACKED_LDC ? sh->m : MMS_PACKED_LDC;
    if (d->layout == MMT_LAYOUT_NOCOPY) {
        *abytes = elem * (size_t)sh->lda * sh->k;
        *bbytes = elem * (size_t)sh->ldb * sh->n;
    } else {
        *abytes = elem * (size_t)sh->m * sh->k;
        *bbytes = elem * (size_t)sh->k * sh->n;
    }
    *cbytes = elem * (size_t)sh->ldc * sh->n;
}

static void call_b1(const struct mmtm_call *call, void *user)
{
    const struct shape *sh = user;

    if (sh->d->type == MMT_TYPE_S)
        sh->d->sbeta1(sh->m, sh->n, sh->k, call->op[0], sh->lda,
                      call->op[1], sh->ldb, 1.0f, call->op[2], sh->ldc);
    else
        sh->d->beta1(sh->m, sh->n, sh->k, call->op[0], sh->lda,
                     call->op[1], sh->ldb, 1.0, call->op[2], sh->ldc);
}

static uint64_t fnv1a(const char *s, uint64_t h)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

/* The small path's bound, as the fake timing routes (small_fits). */
static int fake_fits(const struct mms_dgemm_shape *s, int ncnb)
{
    return s->m <= ncnb && s->n <= ncnb && s->k <= ncnb;
}

/* Test hook: a fixed MFLOPS landscape over kernel names, with a noise of
 * +-1% per round, so that tests of the search are deterministic.  PF (the
 * name's "_pf") is left out: on this machine a prefetch costs and gives
 * nothing, and the landscape stays the one the tests were written on. */
static void fake_time(const struct measure_job *j, const char *call,
                      int fd)
{
    char name[sizeof j->c->name], *pf, round[16], kt[16];
    char sizes[MMS_WHY_MAX / 2] = "", why[MMS_WHY_MAX];
    uint64_t h;
    double noise, mflops;
    struct mms_dgemm_shape n[MMS_DGEMM_SHAPES];

    snprintf(name, sizeof name, "%s", j->c->name);
    if ((pf = strstr(name, "_pf")))
        memmove(pf, pf + 3, strlen(pf + 3) + 1);
    /* nor the packed context's build of the same kernel ("_pk") */
    if ((pf = strstr(name, "_pk")))
        *pf = '\0';
    /* nor the small path's bound in the name ("_b01_s320"), but in the
     * step small, where it is what the candidates differ in */
    if ((pf = strstr(name, "_b01_s")))
        pf[4] = '\0';
    h = fnv1a(name, 0xcbf29ce484222325ULL);
    snprintf(kt, sizeof kt, "<%d", j->c->p.ncnb);
    if (j->pl->dgemm_route)
        h = fnv1a(kt, h);

    snprintf(kt, sizeof kt, "@%d", j->c->kt);
    if (j->c->kt)            /* the same kernel at another k: another value */
        h = fnv1a(kt, h);
    snprintf(kt, sizeof kt, "/%d", j->c->nc);
    if (j->c->nc)            /* the whole DGEMM with another NC: another */
        h = fnv1a(kt, h);
    if (j->c->cc > 0)        /* another compiler, another landscape */
        h = fnv1a(j->pl->cc[j->c->cc].name, fnv1a("@", h));
    snprintf(round, sizeof round, "#%d", j->round);
    noise = (double)(fnv1a(round, h) % 201) / 10000.0 - 0.01;
    mflops = (1000.0 + (double)(h % 1000)) * (1 + noise);
    /* a whole DGEMM's why names its sizes first, as a real timing's, and
     * those on the small path (fits: within the candidate's bound) */
    if (j->c->nc) {
        int k = mms_dgemm_sizes(j->pl, n);
        for (int i = 0; i < k; i++)
            mms_dgemm_why_size(sizes, sizeof sizes, &n[i], mflops);
        for (int i = 0; i < k; i++)
            if (mms_dgemm_on_small(&n[i], fake_fits(&n[i], j->c->p.ncnb)))
                mms_dgemm_why_path(sizes, sizeof sizes, "small", &n[i]);
        /* a routed narrow shape off the small path: skinny.c's */
        for (int i = 0; i < k; i++)
            if (n[i].routed && n[i].m != n[i].n
                && !fake_fits(&n[i], j->c->p.ncnb))
                mms_dgemm_why_path(sizes, sizeof sizes, "skinny", &n[i]);
    }
    snprintf(why, sizeof why, "%s%sfake timing (test hook)%s", sizes,
             sizes[0] ? "; " : "", call);
    report(fd, MMS_V_OK, mflops, 0.01, j->pl->timing.samples, why);
}

static void time_kernel(const struct measure_job *j,
                        const struct mmt_kernel_desc *d, int fd)
{
    struct shape sh;
    struct mmtm_kernel k = {
        .name = d->name, .noperands = 3,
        .operand = { { "A", 0, 1, 0 }, { "B", 0, 1, 0 }, { "C", 0, 0, 1 } },
        .init = d->type == MMT_TYPE_S ? mms_fill_operand_float
                                      : mms_fill_operand,
        .call = call_b1, .user = &sh,
    };
    struct mmtm_timing r;
    struct mmtm_load load;
    char call[96] = "", how[MMS_WHY_MAX];

    shape_of(d, j->c->kt, j->c->packed, &sh, &k.operand[0].bytes,
             &k.operand[1].bytes, &k.operand[2].bytes);
    if (j->c->packed)   /* A packed just before; C a caller's, cold */
        k.operand[0].cold = 0, k.operand[2].cold = 1;
    k.flops = 2.0 * sh.m * sh.n * sh.k;
    if (j->c->packed)   /* the call the log's note says it was timed as */
        snprintf(call, sizeof call, "; packed, one call M=%d N=%d K=%d "
                 "ldc=%d", sh.m, sh.n, sh.k, sh.ldc);
    if (j->pl->fake_timing) {
        fake_time(j, call, fd);
        return;
    }
    mmtm_load_start(&load, sched_getcpu());
    if (mmtm_time_kernel(&k, &j->pl->timing, &r) != 0) {
        report(fd, MMS_V_CRASH, 0, 0, 0, r.how);
        return;
    }
    snprintf(how, sizeof how, "%.*s%s", (int)(sizeof how - sizeof call),
             r.how, call);
    report_busy(fd, MMS_V_OK, r.mflops, r.spread, r.samples,
                mmtm_load_busy(&load), how);
}

/* A candidate with an NC: the whole DGEMM around its full kernel d. */
static void dgemm_child(const struct measure_job *j,
                        const struct mmt_kernel_desc *d, int fd)
{
    struct mms_dgemm dg;
    struct mms_measure m;
    char why[MMS_WHY_MAX];
    int rc;

    /* the full kernel's NCNB: the small path's bound (tune/blocks.h) */
    if (mms_dgemm_load(&dg, j->c->driver_so[0] ? j->c->driver_so
                       : j->pl->driver_so, d, j->c->nc,
                       j->c->p.ncnb > 0 ? j->c->p.ncnb : 0, why,
                       sizeof why) != 0) {
        report(fd, MMS_V_COMPILE, 0, 0, 0, why);
        return;
    }
    if (j->what & (MMS_VERIFY | MMS_VERIFY_ALL)
        && (rc = mms_dgemm_verify(&dg, why, sizeof why)) != 0) {
        report(fd, rc < 0 ? MMS_V_CRASH : MMS_V_WRONG, 0, 0, 0,
               rc < 0 ? "out of memory in the DGEMM check" : why);
        return;
    }
    if (!(j->what & MMS_TIME))
        report(fd, MMS_V_OK, 0, 0, 0, "verified, not timed");
    else if (j->pl->fake_timing)
        fake_time(j, "", fd);
    else if (mms_dgemm_time(&dg, j->pl, &m) != 0)
        report(fd, MMS_V_CRASH, 0, 0, 0, m.why);
    else
        report_busy(fd, MMS_V_OK, m.mflops, m.spread, m.samples, m.busy,
                    m.why);
}

static void measure_child(void *arg, int fd)
{
    const struct measure_job *j = arg;
    char sym[160], why[MMS_WHY_MAX];
    const struct mmt_kernel_desc *d;
    unsigned long long seed = 20240531;
    struct mmg_oracle_run run;
    void *h = dlopen(j->c->so, RTLD_NOW | RTLD_LOCAL);

    snprintf(sym, sizeof sym, "%s_desc", j->c->name);
    if (!h || !(d = dlsym(h, sym))) {
        report(fd, MMS_V_COMPILE, 0, 0, 0, dlerror());
        return;
    }
    if (d->abi != MMT_KERNEL_ABI || !mmg_oracle_has(d, MMG_ORACLE_B1)
        || !d->nb) {
        snprintf(why, sizeof why, "%s: ABI %d (expected %d) or no beta-1 "
                 "variant", sym, d->abi, MMT_KERNEL_ABI);
        report(fd, MMS_V_COMPILE, 0, 0, 0, why);
        return;
    }
    if (!mmg_cpu_runs(d->requires)) {
        snprintf(why, sizeof why, "built for %s, which this CPU lacks",
                 d->requires);
        report(fd, MMS_V_COMPILE, 0, 0, 0, why);
        return;
    }
    if (j->c->nc > 0) {
        dgemm_child(j, d, fd);
        return;
    }
    for (int v = 0; v < 3; v++) {
        int want = v == MMG_ORACLE_B1 ? j->what & (MMS_VERIFY | MMS_VERIFY_ALL)
                                      : j->what & MMS_VERIFY_ALL;
        if (!want || !mmg_oracle_has(d, v))
            continue;
        mmg_oracle_check(d, v, &seed, &run);
        if (run.oom || run.fails) {
            snprintf(why, sizeof why, run.oom ? "out of memory in the "
                     "oracle" : "%s: %d elements outside the error bound "
                     "2(k+2)eps*sum|a*b| (worst %.3g of allowed)",
                     v == 0 ? "b0" : v == 1 ? "b1" : "bx", run.fails,
                     run.worst);
            report(fd, run.oom ? MMS_V_CRASH : MMS_V_WRONG, 0, 0, 0, why);
            return;
        }
    }
    if (!(j->what & MMS_TIME)) {
        report(fd, MMS_V_OK, 0, 0, 0, "verified, not timed");
        return;
    }
    time_kernel(j, d, fd);
}

static void parse_report(const char *text, int status, struct mms_measure *m)
{
    char word[32], st[64];
    int at = 0;

    if (sscanf(text, "%31s %lf %lf %d %lf %n", word, &m->mflops,
               &m->spread, &m->samples, &m->busy, &at) == 5 && at > 0
        && mms_verdict_parse(word) > MMS_V_NONE) {
        m->verdict = (enum mms_verdict)mms_verdict_parse(word);
        snprintf(m->why, sizeof m->why, "%.*s",
                 (int)strcspn(text + at, "\n"), text + at);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            return;
    }
    mmc_status_text(status, st, sizeof st);
    m->verdict = MMS_V_CRASH;
    m->mflops = m->spread = 0;
    m->samples = 0;
    snprintf(m->why, sizeof m->why, "the kernel's process ended with %s%s",
             st, text[0] ? " after reporting" : " and no result");
}

/* The memory a candidate's child may take beyond what the search maps
 * (its RLIMIT_AS, proc.h): its operands -- a kernel's at NB or NCNB
 * and its k (the packed context's: at its blocking, C's ldc rows), or
 * the largest whole-DGEMM shape's, with the driver's packed copies --,
 * the flush area and the oracle's copies, each counted four times over,
 * and 512 MiB for the rest (libraries, the timer's working sets,
 * malloc's arenas).  Generous: it stops a runaway, never a kernel. */
static size_t child_bytes(const struct mms_pipeline *pl,
                          const struct mms_cand *c)
{
    struct mms_dgemm_shape s[MMS_DGEMM_SHAPES];
    size_t n = (size_t)(c->gen.nb > c->gen.ncnb ? c->gen.nb : c->gen.ncnb);
    size_t k = c->kt > 0 && (size_t)c->kt > n ? (size_t)c->kt : n;
    size_t elems = 3 * n * k, flush = pl->timing.flush_bytes;

    if (c->packed)      /* C's block of MMS_PACKED_LDC rows */
        elems += (size_t)MMS_PACKED_LDC * n;

    for (int i = 0, ns = c->nc > 0 ? mms_dgemm_sizes(pl, s) : 0; i < ns;
         i++) {
        size_t m = (size_t)s[i].m, sn = (size_t)s[i].n, sk = (size_t)s[i].k;
        size_t e = 2 * (m * sk + sk * sn + m * sn);
        elems = e > elems ? e : elems;
    }
    if (!flush)
        flush = mmtm_flush_default_bytes();
    if (pl->dgemm_flush_bytes > flush)
        flush = pl->dgemm_flush_bytes;
    return 4 * (elems * sizeof(double) + flush) + ((size_t)512 << 20);
}

/* One run of the child. */
static void measure_once(const struct mms_pipeline *pl,
                         const struct mms_cand *c, unsigned what, int round,
                         struct mms_measure *m)
{
    struct measure_job j = { pl, c, what, round };
    char text[1024];
    int status = MMC_STATUS_LOST, timed_out;

    memset(m, 0, sizeof *m);
    if (c->verdict != MMS_V_NONE) {
        m->verdict = c->verdict;
        snprintf(m->why, sizeof m->why, "%s", c->why);
        return;
    }
    if (mmc_fork_report(measure_child, &j, pl->run_timeout_s,
                        child_bytes(pl, c), text, sizeof text, &status,
                        &timed_out) != 0) {
        m->verdict = MMS_V_CRASH;
        snprintf(m->why, sizeof m->why, "cannot fork: %s", strerror(errno));
        return;
    }
    if (timed_out) {
        m->verdict = MMS_V_TIMEOUT;
        snprintf(m->why, sizeof m->why, "no result within %g s (killed)",
                 pl->run_timeout_s);
        return;
    }
    parse_report(text, status, m);
}

static int busy(const struct mms_pipeline *pl, const struct mms_measure *m)
{
    return m->verdict == MMS_V_OK && m->samples > 0
           && (pl->busy_limit < 0 || m->busy > pl->busy_limit);
}

void mms_measure(const struct mms_pipeline *pl, const struct mms_cand *c,
                 unsigned what, int round, struct mms_measure *m)
{
    /* A whole DGEMM's timing lasts a second or so: taking it again costs
     * as much, and the rounds' ratios to a reference timed in the same
     * seconds already cancel most of a busy neighbour.  Once, then. */
    int retaken = 0, retakes = c->nc > 0 && pl->busy_retakes > 1
                               ? 1 : pl->busy_retakes;
    char why[MMS_WHY_MAX];

    measure_once(pl, c, what, round, m);
    /* verified already: a retake only times */
    while (busy(pl, m) && retaken < retakes) {
        pause_ms(pl->busy_pause_ms);
        measure_once(pl, c, what & MMS_TIME, round, m);
        retaken++;
    }
    m->retaken = retaken;
    if (busy(pl, m)) {
        snprintf(why, sizeof why, "BUSY: other CPUs %.0f%% busy, taken %d "
                 "times; %.300s", 100 * m->busy, retaken + 1,
                 m->why);
        snprintf(m->why, sizeof m->why, "%s", why);
    }
}
