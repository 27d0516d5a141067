/* The element type of the driver's typed sources.  Each file of the
 * driver is written once, in double's names (mml_dgemm, mml_pack, ...);
 * the single build compiles the same files again with -DMML_SINGLE
 * (kernels/local.mk), which makes mml_elem float and renames every typed
 * symbol (the list below), so that both builds link into one library.
 * A file that serves only one type (blas.c's faces) needs neither.
 * Complex types are two of these per element (complex.c, the 1m
 * method), never a type of their own here. */
#ifndef MML_ELEM_H
#define MML_ELEM_H

#ifdef MML_SINGLE
typedef float mml_elem;
#else
typedef double mml_elem;
#endif

#endif
