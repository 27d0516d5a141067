/* search.log's reader (tune/searchlog.c) on any bytes, as mmreport walks
 * a log (every event to a reader, the cand records kept) and as mmsearch
 * --check-log checks one. */
#include "tests/fuzz/fuzzfile.h"

#include <string.h>

#include "tune/tune.h"

/* Asks every event for a field, as mmreport's reader does. */
static int take(const struct mms_event *ev, void *ctx, char *why,
                size_t len)
{
    (void)ctx, (void)why, (void)len;
    return mms_event_value(ev, "why") && ev->line < 0 ? -1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    const char *path = fuzz_file(data, n);
    struct mms_log_head h;
    struct mms_log lg;
    char err[1024];

    memset(&lg, 0, sizeof lg);
    lg.fd = -1;
    if (mms_log_walk(path, &h, &lg, take, NULL, err, sizeof err) >= 0)
        mms_summary_step_seconds("isa 1.0 s, nb 2.5 s", "nb");
    mms_log_close(&lg);
    mms_log_check(path, err, sizeof err);
    return 0;
}
