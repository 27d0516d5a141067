/* The kernel compilers mmtune knows by family (gcc, clang): which family a
 * command is, whether it is installed, and the configured kernel flags as
 * that family needs them.  The search tries each installed one on its
 * finalists (tune/), the library is built with the one params.conf names
 * (kernels/), and the architectural-defaults key names the family. */
#ifndef MMC_COMPILERS_H
#define MMC_COMPILERS_H

#include <stddef.h>

/* The families, in the order the search tries them. */
extern const char *const mmc_cc_families[];
extern const int mmc_cc_nfamilies;

/* The family of a compiler command: configure's answer for the
 * configured kernel compiler (it compiled a test for __clang__), else by
 * its name ("clang-14" is clang, "x86_64-linux-gnu-gcc" gcc); "cc" when
 * neither. */
const char *mmc_cc_family(const char *cmd);

/* 1 when cmd runs: a path to an executable, or a name found on PATH. */
int mmc_cc_installed(const char *cmd);

/* cflags for a compiler of family: every -ffp-contract= word made the
 * family's (gcc fast, clang on: configure.ac and codegen/mmkernel.h say
 * why), the rest as given.  Returns 0, or -1 when buf is too small. */
int mmc_cc_flags_for(const char *family, const char *cflags, char *buf,
                     size_t len);

#endif
