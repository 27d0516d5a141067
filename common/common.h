/* common/: the face other rooms include (docs/DESIGN.md, "Faces"): every
 * header of the room, each of which says what it holds.  Inside common/
 * a file includes the headers it needs, one by one. */
#ifndef MMC_COMMON_H
#define MMC_COMMON_H

#include "common/atomicfile.h"
#include "common/compile.h"
#include "common/compilers.h"
#include "common/cpuid.h"
#include "common/diag.h"
#include "common/fingerprint.h"
#include "common/isa.h"
#include "common/kvfile.h"
#include "common/origin.h"
#include "common/paramsconf.h"
#include "common/paramtable.h"
#include "common/proc.h"
#include "common/probeconf.h"
#include "common/results.h"
#include "common/sysfiles.h"

#endif
