/* The driver builds' object cache (objcache.h). */
#define _GNU_SOURCE
#include "tune/objcache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>

#include "common/common.h"

/* The whole of file path, NUL-terminated, and its size in *n; NULL when
 * it cannot be read. */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size;

    if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0
        && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)size + 1))) {
        *n = fread(buf, 1, (size_t)size, f);
        if (*n != (size_t)size)
            free(buf), buf = NULL;
        else
            buf[*n] = '\0';
    }
    if (f)
        fclose(f);
    return buf;
}

/* The text an entry keeps: the words, a newline, the preprocessed text
 * (so a hit compares both). */
static char *entry_text(const char *words, const char *text, size_t n,
                        size_t *m)
{
    size_t w = strlen(words);
    char *all = malloc(w + 1 + n + 1);

    if (all) {
        memcpy(all, words, w);
        all[w] = '\n';
        memcpy(all + w + 1, text, n);
        all[w + 1 + n] = '\0';
        *m = w + 1 + n;
    }
    return all;
}

/* The cache's two files for an entry's text (entry_text's): the text,
 * which a hit must equal, and the object, named by its fingerprint. */
static void entry(const char *dir, const char *all, char *saw, char *obj,
                  size_t len)
{
    char h[MMC_FINGERPRINT_LEN];

    mmc_fingerprint_text(all, h);
    snprintf(saw, len, "%s/%s.i", dir, h);
    snprintf(obj, len, "%s/%s.o", dir, h);
}

int mms_objcache_find(const char *dir, const char *words, const char *ipath,
                      char *obj, size_t len)
{
    size_t n = 0, m = 0, k = 0;
    char *text = slurp(ipath, &n), *want = NULL, *kept = NULL;
    char saw[4096], o[4096];
    int hit = 0;

    if (text && (want = entry_text(words, text, n, &m))) {
        entry(dir, want, saw, o, sizeof saw);
        kept = access(o, R_OK) == 0 ? slurp(saw, &k) : NULL;
        hit = kept && k == m && memcmp(kept, want, m) == 0
              && strlen(o) < len;
    }
    if (hit) {
        snprintf(obj, len, "%s", o);
        utime(saw, NULL);         /* used: mms_objcache_prune keeps it */
    }
    free(text), free(want), free(kept);
    return hit;
}

int mms_objcache_same(const char *words_a, const char *ipath_a,
                      const char *words_b, const char *ipath_b)
{
    size_t na = 0, nb = 0;
    char *a = strcmp(words_a, words_b) == 0 ? slurp(ipath_a, &na) : NULL;
    char *b = a ? slurp(ipath_b, &nb) : NULL;
    int same = b && na == nb && memcmp(a, b, na) == 0;

    free(a), free(b);
    return same;
}

/* Write the n bytes of data to path through path.tmp and a rename: the
 * file is whole or absent.  Returns 0 or -1. */
static int put(const char *path, const char *data, size_t n)
{
    char tmp[4200];
    FILE *f;
    int ok;

    /* this process's own: searches may share the cache */
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if (!(f = fopen(tmp, "wb")))
        return -1;
    ok = fwrite(data, 1, n, f) == n;
    if (fclose(f) != 0 || !ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

void mms_objcache_keep(const char *dir, const char *words, const char *ipath,
                       const char *obj)
{
    size_t n = 0, m = 0, k = 0;
    char *text = slurp(ipath, &n), *want = NULL, *bytes = NULL;
    char saw[4096], o[4096];

    if (text && (want = entry_text(words, text, n, &m))
        && (bytes = slurp(obj, &k))) {
        mkdir(dir, 0700);       /* as mms_objcache_dir makes it */
        entry(dir, want, saw, o, sizeof saw);
        /* a copy, not a link: the build that made obj may write there
         * again; the object first, then the text (a text in the cache
         * always has its object); an entry there already stays (another
         * text with the same hash keeps its own) */
        if (access(saw, F_OK) != 0 && put(o, bytes, k) == 0
            && put(saw, want, m) != 0)
            unlink(o);
    }
    free(text), free(want), free(bytes);
}

void mms_objcache_prune(const char *dir, double max_age_s)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    time_t now = time(NULL);

    while (d && (e = readdir(d))) {
        char path[4096], obj[4096];
        struct stat st;
        size_t n = strlen(e->d_name);
        int text = n > 2 && strcmp(e->d_name + n - 2, ".i") == 0;
        int tmp = n > 4 && strcmp(e->d_name + n - 4, ".tmp") == 0;

        if (!text && !tmp)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || difftime(now, st.st_mtime) <= max_age_s)
            continue;
        /* the text first: an object without its text is never a hit */
        unlink(path);
        if (text) {
            snprintf(obj, sizeof obj, "%.*so", (int)(strlen(path) - 1),
                     path);
            unlink(obj);
        }
    }
    if (d)
        closedir(d);
}

int mms_objcache_dir(const char *path, char *dir, size_t len)
{
    struct stat st;

    errno = 0;
    if ((size_t)snprintf(dir, len, "%s", path) >= len
        || (mkdir(dir, 0700) != 0 && errno != EEXIST)
        || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)
        || st.st_uid != getuid()) {
        if (!errno)
            errno = EPERM;
        return -1;
    }
    mms_objcache_prune(dir, MMS_OBJCACHE_DAYS * 86400.0);
    return 0;
}
