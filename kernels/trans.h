/* op(X) as a call asks for it, in the checked call the faces hand the
 * driver: its own header because both sides name it, the argument checks
 * (gemm_args.h) and the complex driver (complex.c), and the driver is
 * also compiled outside the library (tune/blocks.c), where the public
 * header the checks read is not on the include path. */
#ifndef MML_TRANS_H
#define MML_TRANS_H

/* The conjugate transpose kept apart for the complex types (the real ones
 * read it as the transpose). */
enum { MML_TRANS_BAD = -1, MML_TRANS_N, MML_TRANS_T, MML_TRANS_C };

#endif
