/* The build's parameters (kernels/gen/libparams.h, written by mmselect)
 * for the element type being compiled (kernels/elem.h): double's as they
 * are, single's (MML_SPARAM_*, MML_SNARROW_MU) under the same names when
 * MML_SINGLE is set, so that the driver's sources name one set. */
#ifndef MML_PARAMS_H
#define MML_PARAMS_H

#include "kernels/gen/libparams.h"

#ifdef MML_SINGLE
#undef MML_NARROW_MU
#define MML_NARROW_MU MML_SNARROW_MU
#undef MML_PARAM_MU
#define MML_PARAM_MU MML_SPARAM_MU
#undef MML_PARAM_NU
#define MML_PARAM_NU MML_SPARAM_NU
#undef MML_PARAM_NC
#define MML_PARAM_NC MML_SPARAM_NC
#undef MML_PARAM_NCNB
#define MML_PARAM_NCNB MML_SPARAM_NCNB
#undef MML_PARAM_THREAD_N
#define MML_PARAM_THREAD_N MML_SPARAM_THREAD_N
#undef MML_PARAM_THREAD_JC
#define MML_PARAM_THREAD_JC MML_SPARAM_THREAD_JC
#undef MML_PARAM_THREAD_N_HOT
#define MML_PARAM_THREAD_N_HOT MML_SPARAM_THREAD_N_HOT
#undef MML_PARAM_THREAD_HOT_US
#define MML_PARAM_THREAD_HOT_US MML_SPARAM_THREAD_HOT_US
#endif

#endif
