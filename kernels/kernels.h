/* kernels/: the face other rooms include (the search's blocks steps build
 * and load the library's own driver and take its parameter model and CPU
 * key; docs/DESIGN.md, "Faces").  The library's users include the one
 * installed header, include/mmtune.h. */
#ifndef MML_KERNELS_H
#define MML_KERNELS_H

#include "kernels/archkey.h"
#include "kernels/driver.h"
#include "kernels/paramset.h"

#endif
