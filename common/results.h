/* Where mmtune keeps what it measured on a host: results/<host>/ below the
 * current directory (the build tree).  Built here only, so mmprobe, mmtime,
 * the search and the Makefile (through `mmprobe --results-dir`) agree. */
#ifndef MMC_RESULTS_H
#define MMC_RESULTS_H

#include <stddef.h>

/* "results/<host>" into buf; the host name with '/' made '_', "localhost"
 * when there is none.  Returns 0, or -1 when buf is too small. */
int mmc_results_dir(char *buf, size_t len);

/* "results/<host>/<name>" into buf.  Returns 0, or -1 when too small. */
int mmc_results_file(char *buf, size_t len, const char *name);

#endif
