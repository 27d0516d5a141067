/* search.log written: its head, one whole durable line per event, the
 * file locked to one run (searchlog.h); reading it back is logread.c,
 * finding a timing in it logfind.c. */
#define _GNU_SOURCE
#include "tune/searchlog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tune/logread.h"
#include "common/common.h"

int mms_log_head_text(const struct mms_log_head *h, char *buf, size_t len)
{
    struct kv_writer w;
    char *text = NULL;
    size_t n = 0;

    w.file.fp = open_memstream(&text, &n);
    if (!w.file.fp)
        return -1;
    kv_comment(&w, "search.log: mmsearch's record of a search; one event "
               "per line, the log is also its checkpoint");
    mmc_origin_put(&w, &h->origin);
    kv_put(&w, "PROBE_FINGERPRINT", NULL, "%s", h->probe_fingerprint);
    kv_put(&w, "GENERATOR", NULL, "%s", h->generator);
    kv_put(&w, "KERNEL_ABI", NULL, "%d", h->kernel_abi);
    kv_put(&w, "TIMER", NULL, "%s", h->timer);
    kv_put(&w, "LEVEL", NULL, "%s", h->level);
    kv_put(&w, "PINS", NULL, "%s", h->pins);
    if (h->engine[0] && strcmp(h->engine, "search") != 0)
        kv_put(&w, "ENGINE", NULL, "%s", h->engine);
    kv_comment(&w, "events: step, skip, cand, chosen, note, summary");
    fclose(w.file.fp);
    if (n >= len) {
        free(text);
        errno = ENOSPC;
        return -1;
    }
    memcpy(buf, text, n + 1);
    free(text);
    return 0;
}

/* The pid of the process holding a flock on fd's file, from
 * /proc/locks (Linux), or 0 when it cannot be told. */
static long lock_holder(int fd)
{
    FILE *fp = fopen("/proc/locks", "re");
    char line[256], want[64];
    struct stat st;
    long pid = 0;

    if (!fp || fstat(fd, &st) != 0) {
        if (fp)
            fclose(fp);
        return 0;
    }
    snprintf(want, sizeof want, ":%lu ", (unsigned long)st.st_ino);
    while (!pid && fgets(line, sizeof line, fp)) {
        long who;
        if (strstr(line, " FLOCK ") && strstr(line, want)
            && sscanf(strstr(line, "WRITE") ? strstr(line, "WRITE") + 5
                      : "", "%ld", &who) == 1)
            pid = who;
    }
    fclose(fp);
    return pid;
}

/* The log to this run alone: two searches appending to one log would
 * interleave their lines, and each resume the other's half-done steps.
 * Refused at once, naming the holder. */
static int lock_log(struct mms_log *lg, char *err, size_t errlen)
{
    long pid;

    if (flock(lg->fd, LOCK_EX | LOCK_NB) == 0)
        return 0;
    if (errno != EWOULDBLOCK)
        return mms_log_failf(err, errlen, lg->path, 0, "cannot lock: %s",
                             strerror(errno));
    pid = lock_holder(lg->fd);
    if (pid > 0)
        return mms_log_failf(err, errlen, lg->path, 0, "cannot lock: another "
                             "search (pid %ld) is using this log", pid);
    return mms_log_failf(err, errlen, lg->path, 0, "cannot lock: another "
                         "search is using this log");
}

static int append(struct mms_log *lg, const char *text);

/* The file at fd (locked) as this run's log: the head written when it is
 * empty, or holds only a part of it (a run killed while writing it);
 * else read and checked (rd).  0, or -1 with err. */
static int start_log(struct mms_log *lg, struct mms_log_reader *rd,
                     const char *head, size_t *good, char *err,
                     size_t errlen)
{
    size_t len = 0;
    char *buf = mms_log_slurp(lg->path, &len);
    int fresh = buf && len < strlen(head) && memcmp(buf, head, len) == 0;

    free(buf);
    if (!buf)
        return mms_log_failf(err, errlen, lg->path, 0, "cannot read: %s",
                             strerror(errno));
    if (fresh) {
        if (ftruncate(lg->fd, 0) != 0 || append(lg, head) != 0)
            return mms_log_failf(err, errlen, lg->path, 0, "cannot write: %s",
                                 strerror(errno));
        *good = strlen(head);
        return 0;
    }
    if (mmc_origin_check_format(lg->path, "search.log", MMS_LOG_FORMAT,
                                NULL, err, errlen) != 0
        || mms_log_read(lg->path, rd, good, err, errlen) < 0)
        return -1;
    return 0;
}

int mms_log_open(struct mms_log *lg, const char *path,
                 const struct mms_log_head *h, char *err, size_t errlen)
{
    char head[4096];
    size_t good = 0;
    struct mms_log_reader rd = { .want = head, .lg = lg };

    memset(lg, 0, sizeof *lg);
    snprintf(lg->path, sizeof lg->path, "%s", path);
    if (mms_log_head_text(h, head, sizeof head) != 0)
        return mms_log_failf(err, errlen, path, 0, "head too long");
    /* opened, and locked, before it is read or written */
    lg->fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (lg->fd < 0)
        return mms_log_failf(err, errlen, path, 0, "cannot open: %s",
                             strerror(errno));
    /* the lock is this process's: no candidate forked keeps it */
    mmc_proc_private(lg->fd, 1);
    if (lock_log(lg, err, errlen) != 0
        || start_log(lg, &rd, head, &good, err, errlen) != 0) {
        mms_log_close(lg);
        return -1;
    }
    lg->nread = lg->nrec;
    if (lg->torn && ftruncate(lg->fd, (off_t)good) != 0) {
        mms_log_failf(err, errlen, path, 0, "cannot append: %s",
                      strerror(errno));
        mms_log_close(lg);
        return -1;
    }
    return 0;
}

void mms_log_close(struct mms_log *lg)
{
    if (lg->fd >= 0) {
        mmc_proc_private(lg->fd, 0);
        close(lg->fd);
    }
    free(lg->rec);
    free(lg->marks);
    lg->fd = -1, lg->rec = NULL, lg->marks = NULL;
    lg->nrec = lg->cap = lg->nmarks = lg->capmarks = 0;
}

/* Write one whole line and make it durable.  A line written in part
 * (a full disk, a file size limit) is cut off again, so the log ends
 * with a whole line; and once one failed every later one fails (the
 * caller that ignored the first learns at the next), with its errno. */
static int append(struct mms_log *lg, const char *text)
{
    size_t len = strlen(text), done = 0;
    off_t end = lseek(lg->fd, 0, SEEK_END);

    if (lg->failed || end < 0) {
        errno = lg->failed ? lg->failed : errno;
        return -1;
    }
    while (done < len) {
        ssize_t n = write(lg->fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        done += (size_t)n;
    }
    if (done < len || fsync(lg->fd) != 0) {
        lg->failed = errno ? errno : EIO;
        if (ftruncate(lg->fd, end) == 0)
            fsync(lg->fd);
        errno = lg->failed;
        return -1;
    }
    mmc_proc_check();   /* a SIGINT or SIGTERM stops here: a whole line */
    return 0;
}

/* Free text on one line. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

const struct mms_record *mms_log_cand(struct mms_log *lg,
                                      const struct mms_record *r)
{
    char params[512], why[MMS_WHY_MAX], text[2048], err[256], kt[80] = "";

    if (r->kt)
        snprintf(kt, sizeof kt, " kt=%d", r->kt);
    if (r->nc)
        snprintf(kt + strlen(kt), sizeof kt - strlen(kt), " nc=%d", r->nc);
    if (r->pair)
        snprintf(kt + strlen(kt), sizeof kt - strlen(kt), " pair=%d",
                 r->pair);
    if (r->pair && r->of[0])
        snprintf(kt + strlen(kt), sizeof kt - strlen(kt), " of=%s", r->of);
    if (r->twin)
        snprintf(kt + strlen(kt), sizeof kt - strlen(kt), " twin=1");
    mms_params_text(&r->p, params, sizeof params);
    snprintf(why, sizeof why, "%s", r->m.why[0] ? r->m.why : "-");
    one_line(why);
    snprintf(text, sizeof text, "cand step=%s round=%d ref=%d%s %s cc=%s "
             "verdict=%s mflops=%.1f pct=%.2f samples=%d spread=%.4f "
             "secs=%.2f why=%s\n", r->step, r->round, r->ref, kt, params,
             r->cc,
             mms_verdict_name(r->m.verdict), r->m.mflops, r->pct,
             r->m.samples, r->m.spread, r->secs, why);
    if (append(lg, text) != 0)
        return NULL;
    text[strcspn(text, "\n")] = '\0';
    if (mms_log_take_event(&(struct mms_log_reader){ .lg = lg }, text, err,
                           sizeof err) != 0) {
        errno = EINVAL;
        return NULL;
    }
    return &lg->rec[lg->nrec - 1];
}

int mms_log_line(struct mms_log *lg, const char *type, const char *rest)
{
    char text[2048];

    snprintf(text, sizeof text, "%s %s\n", type, rest);
    one_line(text + strlen(type));
    text[strlen(text) - 1] = '\n';
    return append(lg, text);
}

int mms_log_event(struct mms_log *lg, const char *type, const char *name,
                  const char *rest)
{
    char mark[40], text[2048];

    snprintf(text, sizeof text, "name=%s%s%s", name, rest ? " " : "",
             rest ? rest : "");
    mms_log_mark(mark, type, name, text);
    if (mms_log_has_mark(lg, mark))
        return 0;
    if (mms_log_line(lg, type, text) != 0)
        return -1;
    return mms_log_keep_mark(lg, mark);
}
