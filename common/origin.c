#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "common/origin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/results.h"
#include "common/sysfiles.h"

#ifndef MMT_KERNEL_CC
#define MMT_KERNEL_CC "cc"
#define MMT_KERNEL_CFLAGS ""
#endif

static const char *const keys[MMC_O_NFIELDS] = {
    "FORMAT", "WRITTEN_BY", "HOST", "CPU", "KERNEL_CC", "KERNEL_CFLAGS",
};

/* A word value must not be empty nor hold a comment sign. */
static void set_word(char *dst, const char *src)
{
    snprintf(dst, KV_WORD_MAX, "%s", src && *src ? src : "-");
    for (char *p = dst; *p; p++)
        if (*p == '#' || *p == '\n')
            *p = ' ';
}

void mmc_origin_here(struct mmc_origin *o, int format, const char *program)
{
    char buf[KV_WORD_MAX], dir[300];

    memset(o, 0, sizeof *o);
    o->format = format;
    snprintf(buf, sizeof buf, "%s %s %s", PACKAGE_NAME, PACKAGE_VERSION,
             program);
    set_word(o->written_by, buf);
    if (mmc_results_dir(dir, sizeof dir) == 0)
        set_word(o->host, dir + strlen("results/"));
    if (mmc_cpuinfo("model name", buf, sizeof buf) != 0)
        snprintf(buf, sizeof buf, "unknown");
    set_word(o->cpu, buf);
    set_word(o->kernel_cc, MMT_KERNEL_CC);
    set_word(o->kernel_cflags, MMT_KERNEL_CFLAGS);
}

void mmc_origin_put(struct kv_writer *w, const struct mmc_origin *o)
{
    kv_put(w, keys[MMC_O_FORMAT], "format version of this file", "%d",
           o->format);
    kv_put(w, keys[MMC_O_WRITTEN_BY], NULL, "%s", o->written_by);
    kv_put(w, keys[MMC_O_HOST], NULL, "%s", o->host);
    kv_put(w, keys[MMC_O_CPU], NULL, "%s", o->cpu);
    kv_put(w, keys[MMC_O_KERNEL_CC], NULL, "%s", o->kernel_cc);
    kv_put(w, keys[MMC_O_KERNEL_CFLAGS], NULL, "%s", o->kernel_cflags);
}

void mmc_origin_fields(struct kv_field *fields)
{
    for (int i = 0; i < MMC_O_NFIELDS; i++)
        fields[i] = (struct kv_field){ keys[i], KV_WORD, 0, 0, 1 };
    fields[MMC_O_FORMAT] = (struct kv_field){ keys[MMC_O_FORMAT], KV_INT, 1,
                                              1000000, 1 };
}

void mmc_origin_get(struct mmc_origin *o, const struct kv_value *values)
{
    char *const words[MMC_O_NFIELDS] = {
        NULL, o->written_by, o->host, o->cpu, o->kernel_cc,
        o->kernel_cflags,
    };

    o->format = (int)values[MMC_O_FORMAT].i;
    for (int i = 1; i < MMC_O_NFIELDS; i++)
        snprintf(words[i], KV_WORD_MAX, "%s", values[i].word);
}

/* The first "KEY = value" line of fp: its line number, key and value. */
static int first_pair(FILE *fp, char *key, char *value, size_t len)
{
    char line[512];
    int n = 0;

    while (fgets(line, sizeof line, fp)) {
        char *p = line + strspn(line, " \t"), *eq;

        n++;
        if (*p == '#' || *p == ';' || *p == '\n' || *p == '\0')
            continue;
        eq = strchr(p, '=');
        if (!eq)
            return -n;
        snprintf(key, len, "%.*s", (int)strcspn(p, " \t="), p);
        eq += 1 + strspn(eq + 1, " \t");
        snprintf(value, len, "%.*s", (int)strcspn(eq, " \t#\n"), eq);
        return n;
    }
    return 0;
}

int mmc_origin_has_head(const char *path)
{
    FILE *fp = fopen(path, "r");
    char key[128], value[128];
    int line;

    if (!fp)
        return 0;
    line = first_pair(fp, key, value, sizeof key);
    fclose(fp);
    return line > 0 && strcmp(key, keys[MMC_O_FORMAT]) == 0;
}

int mmc_origin_check_format(const char *path, const char *what, int format,
                            const char *older, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "r");
    char key[128], value[128];
    int line;

    if (!fp) {
        snprintf(err, errlen, "%s: cannot open: %m", path);
        return -1;
    }
    line = first_pair(fp, key, value, sizeof key);
    fclose(fp);
    if (line <= 0 || strcmp(key, keys[MMC_O_FORMAT]) != 0) {
        snprintf(err, errlen, "%s:%d: not a %s of this mmtune: it must "
                 "begin with FORMAT = %d", path, line < 0 ? -line : line,
                 what, format);
        return -1;
    }
    if (atoi(value) != format || strspn(value, "0123456789") !=
        strlen(value)) {
        int old = older && value[0] && atoi(value) < format
                  && strspn(value, "0123456789") == strlen(value);

        snprintf(err, errlen, "%s:%d: FORMAT = %s, but this mmtune reads "
                 "%s FORMAT = %d (%s)", path, line, value, what, format,
                 old ? older : "write it again with this version");
        return -1;
    }
    return 0;
}
