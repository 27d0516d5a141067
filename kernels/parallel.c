/* One call on a team of threads (OpenMP): the dispatcher's route taken
 * whole (route.c, which routes each piece too), its C shared out by
 * split.c.
 *
 * The packed path (blocked.c's mml_gemm_blocked_part) runs as BLIS runs
 * it: jc x ic threads, each jc group packing its B panel together and
 * sharing it, each thread packing its own A blocks.  Every other path
 * (small, skinny, thin, TT, TN, panel-T) runs on the thread's own piece
 * of C, cut along the dimension that has the work (rows or columns, whole
 * tiles), as a call of its own on its own workspace: those paths pack
 * nothing shared.  No path is split along K, so every element of C is
 * the same sum in the same order at every thread count (test_threads
 * checks the bits).
 *
 * Calls below the crossover run on the calling thread: the plan's
 * mt_work is the work (multiply-adds) a thread must have for a team to
 * pay, set from params.conf's THREAD_N (a cube of that side is where two
 * threads first beat one, make tune's step threads), and mt_hot_work the
 * same for a team still awake, from THREAD_N_HOT (teamwarm.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "kernels/driver.h"

/* The gap since this thread's last note, t0 now. */
static double gap_now(double *t0)
{
    *t0 = mml_team_now();
    return *t0 - mml_team_last();
}

enum mml_path mml_dgemm_team(const struct mml_gemm *g,
                             const struct mml_plan *p)
{
    double work = (double)g->m * (double)g->n * (double)g->k;
    double window, gap = HUGE_VAL, t0 = 0.0;
    enum mml_path path;
    int here, t;

    /* the cheapest tests first: a flushed call finds each line it reads
     * in memory (64^3 lost 6% to a lock, the runtime and the clock) */
    if (mml_threads_setting() < 2)
        return mml_dgemm_serial(g, p);
    window = mml_team_window(p->mt_hot_s);
    if (window > 0.0) {
        gap = gap_now(&t0);
        /* a call that only an awake team takes, past the window: alone,
         * noted at its start (it lasts far less than a window) */
        if (!(gap < window) && !mml_split_pays_asleep(p, work)) {
            mml_team_note(t0);
            return mml_dgemm_serial(g, p);
        }
    }
    here = mml_threads_here();
    t = here < 2 ? 1
        : mml_split_team(p, g->m, g->n, g->k, gap, window, here);
    path = t > 1 ? mml_dgemm_parallel(g, p, t) : mml_dgemm_serial(g, p);
    if (window > 0.0)
        mml_team_note(t > 1 ? mml_team_now() : t0);
    return path;
}

#ifdef _OPENMP
/* Piece id of t of call g cut along its rows (rows 1) or columns. */
static struct mml_gemm piece(const struct mml_gemm *g, int rows, size_t unit,
                             int t, int id)
{
    struct mml_gemm s = *g;
    size_t lo, hi;

    mml_split_range(rows ? g->m : g->n, unit, t, id, &lo, &hi);
    if (rows) {
        s.m = hi - lo;
        s.a = g->a + (g->ta ? lo * g->lda : lo);
        s.c = g->c + lo;
    } else {
        s.n = hi - lo;
        s.b = g->b + (g->tb ? lo : lo * g->ldb);
        s.c = g->c + lo * g->ldc;
    }
    return s;
}

/* The packed path on a team of w.jc x w.ic x w.jr threads.  0, or -1 (C
 * untouched) when a thread's workspace could not be had. */
static int blocked_team(const struct mml_gemm *g, const struct mml_plan *p,
                        struct mml_ways w)
{
    size_t shared = mml_blocked_shared_elems(p, g, w);
    size_t own = mml_blocked_own_elems(p, g);
    mml_elem *b = mml_workspace(shared + own);
    int failed = 0;

    if (!b)
        return -1;
    mml_threads_team_starts();
#pragma omp parallel num_threads(w.jc * w.ic * w.jr)
    {
        int id = omp_get_thread_num(), nt = omp_get_num_threads();
        struct mml_ways tw = w;
        mml_elem *mine = id == 0 ? b + shared : mml_workspace(own);

        /* a runtime that gave fewer threads (OMP_THREAD_LIMIT, OMP_DYNAMIC)
         * gets ways that fit them and the B panels made ready above */
        if (nt != w.jc * w.ic * w.jr)
            tw = (struct mml_ways){ 1, nt, 1 };
        if (!mine) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
        int stop;
#pragma omp atomic read
        stop = failed;
        if (!stop)
            mml_gemm_blocked_part(g, p, tw, id, b, mine);
    }
    return failed ? -1 : 0;
}

/* Path `path` on t pieces of g, each on its own thread. */
static void pieces_team(const struct mml_gemm *g, const struct mml_plan *p,
                        enum mml_path path, int rows, size_t unit, int t)
{
    mml_threads_team_starts();
#pragma omp parallel num_threads(t)
    {
        int nt = omp_get_num_threads();
        struct mml_gemm s = piece(g, rows, unit, nt, omp_get_thread_num());

        if (s.m && s.n)
            mml_dgemm_path(&s, p, path);
    }
}
#endif

enum mml_path mml_dgemm_parallel(const struct mml_gemm *g,
                                 const struct mml_plan *p, int t)
{
    enum mml_path path = mml_route(g, p);
#ifdef _OPENMP
    int mu = p->edge->mu, nu = p->edge->nu;

    if (path == MML_PATH_BLOCKED) {
        /* jr ways cut an NB block's micro-panels: the panel layout's */
        struct mml_ways w = p->mt_ways.jc > 0 ? p->mt_ways
            : mml_split_ways(g->m, g->n, g->k, mu, nu, p->nc, t, p->mt_jc,
                             p->pnu > 1);
        if (w.jc * w.ic * w.jr > 1 && blocked_team(g, p, w) == 0)
            return path;
    } else if (path != MML_PATH_NAIVE) {
        /* along the dimension with more tiles; every piece must take the
         * same path (a piece cut below a path's bound would not) */
        int rows = (g->m + mu - 1) / mu >= (g->n + nu - 1) / nu;
        size_t unit = (size_t)(rows ? mu : nu);
        size_t units = ((rows ? g->m : g->n) + unit - 1) / unit;
        struct mml_gemm first, last;

        if ((size_t)t > units)
            t = (int)units;
        first = piece(g, rows, unit, t, 0);
        last = piece(g, rows, unit, t, t - 1);
        if (t > 1 && mml_route(&first, p) == path
            && mml_route(&last, p) == path
            && (path != MML_PATH_SKINNY
                || (mml_skinny_same_sums(p, g, &first)
                    && mml_skinny_same_sums(p, g, &last)))) {
            pieces_team(g, p, path, rows, unit, t);
            return path;
        }
    }
#else
    (void)t;
#endif
    return mml_dgemm_path(g, p, path);
}
