/* tune/: the face other rooms include (bench-search's sweep runs the
 * search's candidates, statistics and log; docs/DESIGN.md, "Faces"). */
#ifndef MMS_TUNE_H
#define MMS_TUNE_H

#include "tune/candidate.h"
#include "tune/searchlog.h"
#include "tune/stats.h"
#include "tune/steps.h"

#endif
