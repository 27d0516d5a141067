/* The dispatcher's top: the quick returns, then a team (parallel.c) for
 * the calls that may have one, else the calling thread alone, along the
 * path route.c chooses.  It only chooses: the plan is plan.c's, the
 * paths and the helpers below them are their own files
 * (docs/DESIGN.md, "kernels/: the arrows"). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

MML_HOT
enum mml_path mml_dgemm(const struct mml_gemm *g)
{
    if (g->m == 0 || g->n == 0)
        return MML_PATH_NONE;
    if (g->alpha == 0.0 || g->k == 0) {
        mml_scale_c(g->m, g->n, g->beta, g->c, g->ldc);
        return MML_PATH_NONE;
    }
    return mml_dgemm_plan(g, mml_plan_default());
}

MML_HOT
enum mml_path mml_dgemm_plan(const struct mml_gemm *g,
                             const struct mml_plan *p)
{
    if (p && mml_call_may_team(p, g))
        return mml_dgemm_team(g, p);
    return mml_dgemm_alone(g, p);
}
