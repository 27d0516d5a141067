/* The one compile scheduler (compile.h). */
#define _GNU_SOURCE
#include "common/compile.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

int mmc_compile_run(const struct mmc_compile_ops *ops, int *n, int at_once)
{
    struct timespec pause = { 0, 5000000L };
    struct mmc_proc pr[MMC_COMPILE_MAX];
    int who[MMC_COMPILE_MAX], running = 0, next = 0, stop = 0;

    at_once = at_once < 1 ? 1
              : at_once > MMC_COMPILE_MAX ? MMC_COMPILE_MAX : at_once;
    while ((!stop && next < *n) || running > 0) {
        while (!stop && running < at_once && next < *n) {
            int rc = ops->start(ops->ctx, next, &pr[running]);
            if (rc == 0)
                who[running++] = next;
            stop = rc < 0;
            next++;
        }
        for (int i = 0; i < running; i++) {
            int status, timed_out;
            if (!mmc_proc_poll(&pr[i], &status, &timed_out))
                continue;
            stop |= ops->finish(ops->ctx, who[i], status, timed_out) != 0;
            pr[i] = pr[--running];
            who[i] = who[running];
            i--;
        }
        if (running > 0)
            nanosleep(&pause, NULL);
    }
    return stop ? -1 : 0;
}

void mmc_first_error(const char *path, char *why, size_t len)
{
    FILE *fp = fopen(path, "r");
    char line[512], first[512] = "";

    while (fp && fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (!first[0])
            snprintf(first, sizeof first, "%s", line);
        if (strstr(line, "error")) {
            snprintf(first, sizeof first, "%s", line);
            break;
        }
    }
    if (fp)
        fclose(fp);
    snprintf(why, len, "%s", first[0] ? first : "(no output)");
}
