/* The dispatcher's choice of a path (mml_route: the first path whose
 * bounds take the call) and the run of the path chosen, with its
 * workspace, or the plain loops when none can be had (mml_dgemm_path).
 * Below the team (parallel.c), which routes each piece with it, and
 * above every path: no path calls back up into it (docs/DESIGN.md). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

MML_HOT
enum mml_path mml_route(const struct mml_gemm *g, const struct mml_plan *p)
{
    if (!p)
        return MML_PATH_NAIVE;
    if (mml_small_direct_fits(p, g))
        return MML_PATH_SMALL_DIRECT;
    if (mml_thin_fits(p, g))
        return MML_PATH_THIN;
    if (mml_small_fits(p, g)) {
        if (mml_tt_fits(g))
            return MML_PATH_TT;
        if (mml_tn_fits(g))
            return MML_PATH_TN;
        return mml_small_tt_pays(g) ? MML_PATH_SMALL_TT : MML_PATH_SMALL;
    }
    if (mml_panel_t_fits(p, g))
        return MML_PATH_PANEL_T;
    if (mml_skinny_fits(p, g))
        return MML_PATH_SKINNY;
    return MML_PATH_BLOCKED;
}

MML_HOT
enum mml_path mml_dgemm_path(const struct mml_gemm *g,
                             const struct mml_plan *p, enum mml_path path)
{
    mml_elem *work = NULL;
    size_t need;

    switch (path) {
    case MML_PATH_SMALL_DIRECT:
        mml_gemm_small_direct(g, p);
        return path;
    case MML_PATH_THIN:
        mml_gemm_thin(g);
        return path;
    case MML_PATH_TT:
        mml_gemm_tt(g);
        return path;
    case MML_PATH_TN:
        mml_gemm_tn(g);
        return path;
    case MML_PATH_SMALL:
    case MML_PATH_SMALL_TT:
        need = path == MML_PATH_SMALL_TT ? mml_small_tt_elems(p, g)
                                         : mml_small_elems(p, g);
        work = need ? mml_workspace(need) : NULL;
        if (work || !need) {
            (path == MML_PATH_SMALL_TT ? mml_gemm_small_tt
                                       : mml_gemm_small)(g, p, work);
            return path;
        }
        break;
    case MML_PATH_PANEL_T:
        if ((work = mml_workspace(mml_panel_t_elems(p, g)))) {
            mml_gemm_panel_t(g, p, work);
            return path;
        }
        break;
    case MML_PATH_SKINNY:
        if ((work = mml_workspace(mml_skinny_elems(p, g)))) {
            mml_gemm_skinny(g, p, work);
            return path;
        }
        break;
    case MML_PATH_BLOCKED:
        if ((work = mml_workspace(mml_work_elems(p, g)))) {
            mml_gemm_blocked(g, p, work);
            return path;
        }
        break;
    default:
        break;
    }
    mml_gemm_naive(g);
    return MML_PATH_NAIVE;
}

enum mml_path mml_dgemm_serial(const struct mml_gemm *g,
                               const struct mml_plan *p)
{
    return mml_dgemm_alone(g, p);
}
