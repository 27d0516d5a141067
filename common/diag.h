/* Diagnostics shared by every mmtune command: messages that name the
 * program, and the exit codes 0 ok, 1 failure, 2 bad usage (docs/DESIGN.md). */
#ifndef MMC_DIAG_H
#define MMC_DIAG_H

enum { MMC_EXIT_OK = 0, MMC_EXIT_FAIL = 1, MMC_EXIT_USAGE = 2 };

void mmc_set_progname(const char *argv0);
const char *mmc_progname(void);

/* "prog: message" on stderr. */
void mmc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void mmc_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "prog: message" and a pointer to --help, then exit 2. */
void mmc_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* Parse a whole decimal/real option value; on failure print a message that
 * names the option, the value and the allowed range, and exit 2. */
long mmc_parse_long(const char *option, const char *text, long min, long max);
double mmc_parse_double(const char *option, const char *text,
                        double min, double max);
/* A word option: parse(text) >= 0, or a message naming the option, the
 * value and what is allowed, and exit 2. */
int mmc_parse_word(const char *option, const char *text,
                   int (*parse)(const char *), const char *allowed);

#endif
