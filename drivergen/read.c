/* Reading a spec: the file's text, the parser over it, then the checks
 * that bind its names.  One message, the first error, names FILE:LINE:COL
 * (FILE alone for what has no position). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivergen/parse.h"

/* Specs are a page or two; a bigger file is not one. */
#define MMD_SPEC_MAX (1 << 20)

static char *slurp(const char *path, char *err, size_t len)
{
    FILE *fp = fopen(path, "r");
    char *text;
    size_t n;

    if (fp == NULL) {
        snprintf(err, len, "%s: %s", path, strerror(errno));
        return NULL;
    }
    text = malloc(MMD_SPEC_MAX + 1);
    if (text == NULL) {
        fclose(fp);
        snprintf(err, len, "%s: out of memory", path);
        return NULL;
    }
    n = fread(text, 1, MMD_SPEC_MAX + 1, fp);
    if (ferror(fp) || n > MMD_SPEC_MAX || memchr(text, '\0', n)) {
        snprintf(err, len, "%s: %s", path, ferror(fp) ? strerror(errno)
                 : n > MMD_SPEC_MAX ? "larger than 1 MiB: not a spec"
                 : "holds a NUL byte: not a spec");
        free(text);
        text = NULL;
    } else {
        text[n] = '\0';
    }
    fclose(fp);
    return text;
}

int mmd_spec_read(const char *path, struct mmd_spec *s, char *err,
                  size_t len)
{
    char *text = slurp(path, err, len);
    int rc;

    memset(s, 0, sizeof *s);
    if (text == NULL)
        return -1;
    rc = mmd_spec_parse(path, text, s, err, len);
    free(text);
    return rc;
}

int mmd_spec_parse(const char *file, const char *text, struct mmd_spec *s,
                   char *err, size_t len)
{
    struct mmd_pstate p;
    int rc;

    memset(s, 0, sizeof *s);
    memset(&p, 0, sizeof p);
    s->file = strdup(file);
    s->text = strdup(text);
    if (s->file == NULL || s->text == NULL) {
        snprintf(err, len, "%s: out of memory", file);
        mmd_spec_free(s);
        return -1;
    }
    p.file = s->file;
    p.text = s->text;
    p.spec = s;
    p.line = p.col = 1;
    p.err = err;
    p.errlen = len;
    err[0] = '\0';
    rc = mmd_scan_parse(&p);
    if (rc != 0 && !p.failed)
        snprintf(err, len, "%s: out of memory while parsing", file);
    if (rc != 0 || p.failed || mmd_spec_check(s, err, len) != 0) {
        mmd_spec_free(s);
        return -1;
    }
    return 0;
}
