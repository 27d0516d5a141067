/* Parameters fixed on the command line (pins.h). */
#include "tune/pins.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tune/steps.h"

static int int_param(const char *key)
{
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (strcasecmp(mmg_int_params[i].key, key) == 0)
            return (int)i;
    return -1;
}

static int *int_at(struct mmg_params *p, size_t i)
{
    return (int *)((char *)p + mmg_int_params[i].offset);
}

static int int_of(const struct mmg_params *p, size_t i)
{
    return *(const int *)((const char *)p + mmg_int_params[i].offset);
}

/* K_CROSSOVER: 0 (the specialised cleanup for every leftover) up to the
 * generator's largest K. */
static int pin_crossover(struct mms_pins *pins, const char *text, char *err,
                         size_t errlen)
{
    char *end;
    long v = strtol(text, &end, 10);

    if (!*text || *end || v < 0 || v > 1024) {
        snprintf(err, errlen, "K_CROSSOVER: '%s' is not an integer in "
                 "0..1024", text);
        return -1;
    }
    pins->kx = 1;
    pins->k_crossover = (int)v;
    return 0;
}

/* The library's blocking: MC and KC as mmgen's M and K allow, NC up to
 * what params.conf allows. */
static const struct {
    const char *key;
    int min, max;
    size_t offset;
} block_pins[] = {
    { "MC", 1, 1024, offsetof(struct mms_pins, mc) },
    { "KC", 1, 1024, offsetof(struct mms_pins, kc) },
    { "NC", 1, 1 << 20, offsetof(struct mms_pins, nc) },
    /* every whole DGEMM the steps before small time runs
     * MMS_DGEMM_SMALL_N on the small path first */
    { "SMALL_MAX", MMS_DGEMM_SMALL_N, 1024,
      offsetof(struct mms_pins, small) },
};
enum { NBLOCK_PINS = sizeof block_pins / sizeof block_pins[0] };

static int pin_block(struct mms_pins *pins, int i, const char *text,
                     char *err, size_t errlen)
{
    char *end;
    long v = strtol(text, &end, 10);

    if (!*text || *end || v < block_pins[i].min || v > block_pins[i].max) {
        snprintf(err, errlen, "%s: '%s' is not an integer in %d..%d",
                 block_pins[i].key, text, block_pins[i].min,
                 block_pins[i].max);
        return -1;
    }
    *(int *)((char *)pins + block_pins[i].offset) = (int)v;
    return 0;
}

static int block_pin(const struct mms_pins *pins, int i)
{
    return *(const int *)((const char *)pins + block_pins[i].offset);
}

static int block_pin_index(const char *key)
{
    for (int i = 0; i < NBLOCK_PINS; i++)
        if (strcasecmp(block_pins[i].key, key) == 0)
            return i;
    return -1;
}

int mms_block_pin(const struct mms_pins *pins, const char *key)
{
    int i = block_pin_index(key);

    return i >= 0 ? block_pin(pins, i) : 0;
}

int mms_pin(struct mms_pins *pins, const char *spec, char *err,
            size_t errlen)
{
    char key[32];
    const char *eq = strchr(spec, '=');
    int i;

    if (!pins->mask && !pins->isa && !pins->kx && !pins->cc[0])
        mmg_params_default(&pins->p);
    if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof key) {
        snprintf(err, errlen, "'%s': expected KEY=VALUE (NB=48)", spec);
        return -1;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - spec), spec);
    if (strcasecmp(key, "K_CROSSOVER") == 0)
        return pin_crossover(pins, eq + 1, err, errlen);
    if (block_pin_index(key) >= 0)
        return pin_block(pins, block_pin_index(key), eq + 1, err, errlen);
    if (strcasecmp(key, "ISA") == 0) {
        pins->isa = 1;
        return mmg_params_set(&pins->p, "ISA", eq + 1, err, errlen);
    }
    if (strcasecmp(key, "CC") == 0) {
        if (!eq[1] || strchr(eq + 1, ' ')
            || snprintf(pins->cc, sizeof pins->cc, "%s", eq + 1)
               >= (int)sizeof pins->cc) {
            snprintf(err, errlen, "CC: '%s' is not a compiler command (gcc, "
                     "clang)", eq + 1);
            pins->cc[0] = '\0';
            return -1;
        }
        return 0;
    }
    i = int_param(key);
    if (i < 0 || strcasecmp(key, "PERTURB") == 0) {
        snprintf(err, errlen, "%s: not a generator parameter (ISA, NB, MU, "
                 "NU, KU, LS, FMA, FF, IF, NF, ...), CC, or the library's "
                 "MC, KC, NC", key);
        return -1;
    }
    pins->mask |= 1UL << i;
    return mmg_params_set(&pins->p, key, eq + 1, err, errlen);
}

/* Blanks around text trimmed in place. */
static char *trim(char *text)
{
    char *end;

    while (*text == ' ' || *text == '\t')
        text++;
    end = text + strlen(text);
    while (end > text && strchr(" \t\r\n", end[-1]))
        *--end = '\0';
    return text;
}

int mms_pin_file(struct mms_pins *pins, const char *path, char *err,
                 size_t errlen)
{
    FILE *f = fopen(path, "r");
    char line[512], spec[512], why[400];
    int lineno = 0, rc = 0;

    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f)) {
        char *text = line, *eq;
        lineno++;
        text[strcspn(text, "#")] = '\0';
        text = trim(text);
        if (!*text)
            continue;
        eq = strchr(text, '=');
        if (eq)
            *eq = '\0';
        snprintf(spec, sizeof spec, "%s%s%s", trim(text), eq ? "=" : "",
                 eq ? trim(eq + 1) : "");
        if (mms_pin(pins, spec, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
        }
    }
    fclose(f);
    return rc;
}

void mms_pins_blocks(const struct mms_pins *pins, struct mms_blocks *b)
{
    b->mc = pins->mc ? pins->mc : b->mc;
    b->kc = pins->kc ? pins->kc : b->kc;
    b->nc = pins->nc ? pins->nc : b->nc;
    b->small = pins->small ? pins->small : b->small;
}

void mms_pins_apply(const struct mms_pins *pins, struct mmg_params *p)
{
    if (pins->isa)
        p->isa = pins->p.isa;
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (pins->mask & 1UL << i)
            *int_at(p, i) = int_of(&pins->p, i);
}

/* keys with KERNEL spelled out (MMS_KERNEL_KEYS) into buf. */
static void expand_keys(const char *keys, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (const char *k = keys; k && *k && used < len;) {
        const char *end = strchr(k, ',');
        int n = end ? (int)(end - k) : (int)strlen(k);
        int kernel = n == 6 && strncasecmp(k, "KERNEL", 6) == 0;
        used += (size_t)snprintf(buf + used, len - used, "%s%.*s",
                                 used ? "," : "",
                                 kernel ? (int)strlen(MMS_KERNEL_KEYS) : n,
                                 kernel ? MMS_KERNEL_KEYS : k);
        k = end ? end + 1 : NULL;
    }
}

int mms_pinned(const struct mms_pins *pins, const char *keys)
{
    char buf[128];

    expand_keys(keys, buf, sizeof buf);
    for (char *k = strtok(buf, ","); k; k = strtok(NULL, ",")) {
        int i = int_param(k);
        int pinned = strcasecmp(k, "K_CROSSOVER") == 0 ? pins->kx
            : block_pin_index(k) >= 0 ? block_pin(pins, block_pin_index(k))
            : strcasecmp(k, "ISA") == 0 ? pins->isa
            : strcasecmp(k, "CC") == 0 ? pins->cc[0] != 0
            : i >= 0 && (pins->mask & 1UL << i);
        if (!pinned)
            return 0;
    }
    return 1;
}

void mms_pins_text(const struct mms_pins *pins, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    if (pins->isa)
        used += snprintf(buf, len, "ISA=%s", mmg_isa_name(pins->p.isa));
    for (size_t i = 0; i < mmg_n_int_params && used < len; i++)
        if (pins->mask & 1UL << i)
            used += snprintf(buf + used, len - used, "%s%s=%d",
                             used ? " " : "", mmg_int_params[i].key,
                             int_of(&pins->p, i));
    if (pins->kx && used < len)
        used += snprintf(buf + used, len - used, "%sK_CROSSOVER=%d",
                         used ? " " : "", pins->k_crossover);
    if (pins->cc[0] && used < len)
        used += snprintf(buf + used, len - used, "%sCC=%s", used ? " " : "",
                         pins->cc);
    for (int i = 0; i < NBLOCK_PINS && used < len; i++)
        if (block_pin(pins, i))
            used += snprintf(buf + used, len - used, "%s%s=%d",
                             used ? " " : "", block_pins[i].key,
                             block_pin(pins, i));
    if (!buf[0])
        snprintf(buf, len, "none");
}

void mms_pins_drop(struct mms_pins *pins, const char *key)
{
    int i = int_param(key);

    if (i >= 0)
        pins->mask &= ~(1UL << i);
}

int mms_params_equal(const struct mmg_params *a, const struct mmg_params *b)
{
    if (a->isa != b->isa || a->type != b->type)
        return 0;
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (int_of(a, i) != int_of(b, i))
            return 0;
    return 1;
}
