/* search.log read: its lines parsed and checked, its head compared,
 * its cand lines kept for a resumed search (searchlog.h, logread.h). */
#define _GNU_SOURCE
#include "tune/logread.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen.h"
#include "tune/steps.h"

/* ---- what a line may hold ---------------------------------------------- */

enum kind { K_INT, K_REAL, K_WORD, K_TEXT, K_ISA, K_TYPE, K_VERDICT,
            K_PARAM };

/* Every key an event may have, and what its value must be.  The generator
 * parameters (K_PARAM) come from mmgen's own table. */
static const struct { const char *key; enum kind kind; } keys[] = {
    { "name", K_WORD }, { "sets", K_WORD }, { "n", K_INT },
    { "rule", K_TEXT }, { "why", K_TEXT }, { "step", K_WORD },
    { "round", K_INT }, { "ref", K_INT }, { "isa", K_ISA },
    { "cc", K_WORD }, { "verdict", K_VERDICT }, { "mflops", K_REAL },
    { "pct", K_REAL }, { "samples", K_INT }, { "spread", K_REAL },
    { "secs", K_REAL }, { "by", K_WORD }, { "p", K_REAL },
    { "rounds", K_INT }, { "seconds", K_REAL }, { "timed", K_INT },
    { "reused", K_INT }, { "kt", K_INT }, { "nc", K_INT },
    { "mc", K_INT }, { "kc", K_INT }, { "dgemm", K_REAL },
    { "pair", K_INT }, { "of", K_WORD }, { "type", K_TYPE },
    { "twin", K_INT },
};

/* The keys of each event; PARAMS stands for isa=, every parameter and
 * type= (a single kernel's; absent, double), a key ending in ? may be
 * left out. */
static const struct { const char *type, *keys; } events[] = {
    { "step", "name sets n rule" },
    { "skip", "name why" },
    { "cand", "step round ref kt? nc? pair? of? twin? PARAMS cc verdict "
      "mflops pct samples spread secs why" },
    { "chosen", "name by nc? PARAMS cc mflops p rounds why" },
    { "note", "why" },
    { "summary", "PARAMS cc mflops pct mc? kc? nc? dgemm? seconds timed "
      "reused why" },
};
enum { NEVENTS = sizeof events / sizeof events[0], MAXF = 48 };

struct line {
    int n;
    char *key[MAXF], *val[MAXF];
};

static int event_index(const char *type)
{
    for (int i = 0; i < NEVENTS; i++)
        if (strcmp(events[i].type, type) == 0)
            return i;
    return -1;
}

static int param_index(const char *key)
{
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (strcmp(mmg_int_params[i].option, key) == 0)
            return (int)i;
    return -1;
}

static int key_kind(const char *key)
{
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].key, key) == 0)
            return keys[i].kind;
    return param_index(key) >= 0 ? K_PARAM : -1;
}

/* 1 for a parameter a line may leave out at 0, its default: NCNU, which
 * came after logs were written (a line is as it was before it unless the
 * step ncnu set it). */
static int optional_param(size_t i)
{
    return mmg_int_params[i].offset == offsetof(struct mmg_params, ncnu);
}

static int param_at(const struct mmg_params *p, size_t i)
{
    return *(const int *)((const char *)p + mmg_int_params[i].offset);
}

void mms_params_text(const struct mmg_params *p, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "isa=%s", mmg_isa_name(p->isa));

    for (size_t i = 0; i < mmg_n_int_params && used < len; i++)
        if (!optional_param(i) || param_at(p, i) != 0)
            used += (size_t)snprintf(buf + used, len - used, " %s=%d",
                                     mmg_int_params[i].option,
                                     param_at(p, i));
    /* a double kernel's line is as it was before the type */
    if (p->type != MMT_TYPE_D && used < len)
        snprintf(buf + used, len - used, " type=%s",
                 mmg_types[p->type].word);
}

/* ---- parsing one event ------------------------------------------------- */

int mms_log_failf(char *err, size_t errlen, const char *path, int lineno,
                  const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(err, errlen, "%s:%d: ", path, lineno);

    va_start(ap, fmt);
    if (n > 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Split "type k=v k=v why=free text" in place; returns the type or NULL
 * with the offending token in *bad. */
static char *split(char *text, struct line *l, char **bad)
{
    char *type = text, *p = strchr(text, ' ');

    l->n = 0;
    *bad = NULL;
    if (!p)
        return type;
    *p++ = '\0';
    while (*p) {
        char *eq = strchr(p, '='), *sp = strchr(p, ' '), *end;
        if (!eq || eq == p || (sp && sp < eq) || l->n == MAXF) {
            *bad = p;
            return NULL;
        }
        *eq = '\0';
        l->key[l->n] = p;
        l->val[l->n] = eq + 1;
        if (key_kind(p) == K_TEXT) {      /* the rest of the line */
            l->n++;
            return type;
        }
        end = strchr(eq + 1, ' ');
        l->n++;
        if (!end)
            break;
        *end = '\0';
        p = end + 1;
    }
    return type;
}

static const char *value_of(const struct line *l, const char *key)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->key[i], key) == 0)
            return l->val[i];
    return NULL;
}

/* The value of a key check_event found present. */
static const char *val(const struct line *l, const char *key)
{
    const char *v = value_of(l, key);
    return v ? v : "";
}

static int parse_int(const char *s, long *v)
{
    char *end;

    errno = 0;
    *v = strtol(s, &end, 10);
    return *s && !*end && !errno ? 0 : -1;
}

/* A finite number: nan or inf is no timing a decision may use. */
static int parse_real(const char *s, double *v)
{
    char *end;

    errno = 0;
    *v = strtod(s, &end);
    return *s && !*end && !errno && isfinite(*v) ? 0 : -1;
}

/* A generator parameter: in its range, or -1 where the parameter's
 * default is "the tile size" (MMG_TILE). */
static int check_param(const char *key, const char *s, char *why,
                       size_t len)
{
    const struct mmg_int_param *d = &mmg_int_params[param_index(key)];
    struct mmg_params def;
    long v;

    mmg_params_default(&def);
    if (parse_int(s, &v) == 0 && ((v >= d->min && v <= d->max)
        || (v == MMG_TILE
            && *(int *)((char *)&def + d->offset) == MMG_TILE)))
        return 0;
    snprintf(why, len, "%s: '%s' is not an integer in %d..%d", key, s,
             d->min, d->max);
    return -1;
}

static int check_value(const char *key, const char *s, char *why,
                       size_t len)
{
    struct mmg_params p;
    long i;
    double r;

    switch (key_kind(key)) {
    case K_INT:
        if (parse_int(s, &i) == 0)
            return 0;
        snprintf(why, len, "%s: '%s' is not an integer", key, s);
        return -1;
    case K_REAL:
        if (parse_real(s, &r) == 0)
            return 0;
        snprintf(why, len, "%s: '%s' is not a finite number", key, s);
        return -1;
    case K_ISA:
        return mmg_params_set(&p, "ISA", s, why, len);
    case K_TYPE:
        return mmg_params_set(&p, "TYPE", s, why, len);
    case K_VERDICT:
        if (mms_verdict_parse(s) > MMS_V_NONE)
            return 0;
        snprintf(why, len, "verdict: '%s' is not ok, wrong, compile-error, "
                 "crash or timeout", s);
        return -1;
    case K_PARAM:
        return check_param(key, s, why, len);
    default:
        if (*s)
            return 0;
        snprintf(why, len, "%s has no value", key);
        return -1;
    }
}

/* Every key the event needs exactly once, each value of its kind, none
 * other.  Returns 0 or -1 with why. */
static int check_event(int ev, const struct line *l, char *why, size_t len)
{
    char want[512], *tok;
    int expected = 0;

    snprintf(want, sizeof want, "%s", events[ev].keys);
    for (tok = strtok(want, " "); tok; tok = strtok(NULL, " ")) {
        if (strcmp(tok, "PARAMS") == 0) {
            expected += 1 + (value_of(l, "type") != NULL);
            if (!value_of(l, "isa")) {
                snprintf(why, len, "%s: isa= is missing", events[ev].type);
                return -1;
            }
            for (size_t i = 0; i < mmg_n_int_params; i++)
                if (value_of(l, mmg_int_params[i].option))
                    expected++;
                else if (!optional_param(i)) {
                    snprintf(why, len, "%s: %s= is missing", events[ev].type,
                             mmg_int_params[i].option);
                    return -1;
                }
        } else if (tok[strlen(tok) - 1] == '?') {
            tok[strlen(tok) - 1] = '\0';
            expected += value_of(l, tok) != NULL;
        } else if (expected++, !value_of(l, tok)) {
            snprintf(why, len, "%s: %s= is missing", events[ev].type, tok);
            return -1;
        }
    }
    if (l->n != expected) {
        snprintf(why, len, "%s: %d fields, expected %d (an unknown or "
                 "repeated key)", events[ev].type, l->n, expected);
        return -1;
    }
    for (int i = 0; i < l->n; i++)
        if (check_value(l->key[i], l->val[i], why, len) != 0)
            return -1;
    return 0;
}

static void get_params(const struct line *l, struct mmg_params *p)
{
    char why[128];

    mmg_params_default(p);
    mmg_params_set(p, "ISA", val(l, "isa"), why, sizeof why);
    if (value_of(l, "type"))
        mmg_params_set(p, "TYPE", val(l, "type"), why, sizeof why);
    for (size_t i = 0; i < mmg_n_int_params; i++)
        if (value_of(l, mmg_int_params[i].option))
            *(int *)((char *)p + mmg_int_params[i].offset) =
                atoi(val(l, mmg_int_params[i].option));
}

static void get_record(const struct line *l, struct mms_record *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->step, sizeof r->step, "%s", val(l, "step"));
    r->round = atoi(val(l, "round"));
    r->ref = atoi(val(l, "ref"));
    r->kt = atoi(val(l, "kt"));
    r->nc = atoi(val(l, "nc"));
    r->pair = atoi(val(l, "pair"));
    snprintf(r->of, sizeof r->of, "%s", val(l, "of"));
    r->twin = atoi(val(l, "twin"));
    get_params(l, &r->p);
    snprintf(r->cc, sizeof r->cc, "%s", val(l, "cc"));
    r->m.verdict = (enum mms_verdict)mms_verdict_parse(val(l,
                                                                "verdict"));
    r->m.mflops = strtod(val(l, "mflops"), NULL);
    r->pct = strtod(val(l, "pct"), NULL);
    r->m.samples = atoi(val(l, "samples"));
    r->m.spread = strtod(val(l, "spread"), NULL);
    r->secs = strtod(val(l, "secs"), NULL);
    snprintf(r->m.why, sizeof r->m.why, "%s", val(l, "why"));
}

/* ---- the file ---------------------------------------------------------- */

static int keep_record(struct mms_log *lg, const struct mms_record *r)
{
    if (lg->nrec == lg->cap) {
        int cap = lg->cap ? 2 * lg->cap : 256;
        struct mms_record *p = realloc(lg->rec, sizeof *p * (size_t)cap);
        if (!p)
            return -1;
        lg->rec = p, lg->cap = cap;
    }
    lg->rec[lg->nrec++] = *r;
    return 0;
}

int mms_log_has_mark(const struct mms_log *lg, const char *mark)
{
    for (int i = 0; i < lg->nmarks; i++)
        if (strcmp(lg->marks[i], mark) == 0)
            return 1;
    return 0;
}

/* What a chosen line decides: its fields but its numbers (mflops, p,
 * rounds: statistics a resumed search makes of values read back at the
 * log's precision) and its why.  A resumed search whose re-timing of a
 * transient verdict changed a step's decision (issue 33: every compile
 * of a step failed on a full disk) logs the new one, which readers take
 * over the earlier; the same decision is not logged twice. */
static unsigned long decision_of(const struct line *l)
{
    static const char *const numbers[] = { "name", "mflops", "p",
                                           "rounds", "why" };
    unsigned long h = 2166136261UL;

    for (int i = 0; i < l->n; i++) {
        int skip = 0;
        for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++)
            skip |= strcmp(l->key[i], numbers[k]) == 0;
        for (const char *c = l->key[i]; !skip && *c; c++)
            h = ((h ^ (unsigned char)*c) * 16777619UL) & 0xffffffffUL;
        for (const char *c = l->val[i]; !skip && *c; c++)
            h = ((h ^ (unsigned char)*c) * 16777619UL) & 0xffffffffUL;
    }
    return h;
}

/* The mark of an event: its type and name, and a chosen line's
 * decision. */
static void mark_of(char mark[40], const char *type, const struct line *l)
{
    const char *name = "";

    for (int i = 0; i < l->n; i++)
        if (strcmp(l->key[i], "name") == 0)
            name = l->val[i];
    if (strcmp(type, "chosen") == 0)
        snprintf(mark, 40, "%.12s %.17s %08lx", type, name, decision_of(l));
    else
        snprintf(mark, 40, "%.12s %.26s", type, name);
}

void mms_log_mark(char mark[40], const char *type, const char *name,
                  const char *text)
{
    char fields[2048 + 16], *bad;
    struct line l;

    /* split as the reader splits the line: the same mark */
    snprintf(fields, sizeof fields, "%s %s", type, text);
    if (split(fields, &l, &bad))
        mark_of(mark, type, &l);
    else
        snprintf(mark, 40, "%.12s %.26s", type, name);
}

int mms_log_keep_mark(struct mms_log *lg, const char *mark)
{
    if (mms_log_has_mark(lg, mark))
        return 0;
    if (lg->nmarks == lg->capmarks) {
        int cap = lg->capmarks ? 2 * lg->capmarks : 32;
        char (*p)[40] = realloc(lg->marks, sizeof *p * (size_t)cap);
        if (!p)
            return -1;
        lg->marks = p, lg->capmarks = cap;
    }
    memcpy(lg->marks[lg->nmarks++], mark, sizeof lg->marks[0]);
    return 0;
}

/* Hand the checked event l to the reader's fn. */
static int give_event(const struct mms_log_reader *rd, const char *type,
                      const struct line *l, char *why, size_t len)
{
    struct mms_event e = { rd->lineno, type, { .step = "" }, l };

    if (strcmp(type, "cand") == 0 || value_of(l, "mflops"))
        get_record(l, &e.rec);
    if (value_of(l, "name"))
        snprintf(e.rec.step, sizeof e.rec.step, "%s", val(l, "name"));
    return rd->fn(&e, rd->ctx, why, len);
}

const char *mms_event_value(const struct mms_event *ev, const char *key)
{
    return value_of(ev->fields, key);
}

/* One event line (NUL-terminated, no newline): checked, handed to the
 * reader's fn and kept in its lg, where it has them.  Returns 0, or -1
 * with why. */
int mms_log_take_event(const struct mms_log_reader *rd, char *text,
                       char *why, size_t len)
{
    struct mms_log *lg = rd->lg;
    struct line l;
    char *bad, *type = split(text, &l, &bad);
    int ev;

    if (!type) {
        snprintf(why, len, "'%.40s' is not key=value", bad);
        return -1;
    }
    ev = event_index(type);
    if (ev < 0) {
        snprintf(why, len, "'%.40s' is not an event (step, skip, cand, "
                 "chosen, note, summary)", type);
        return -1;
    }
    if (check_event(ev, &l, why, len) != 0)
        return -1;
    if (rd->fn && give_event(rd, type, &l, why, len) != 0)
        return -1;
    if (!lg)
        return 0;
    if (strcmp(type, "cand") == 0) {
        struct mms_record r;
        get_record(&l, &r);
        return keep_record(lg, &r);
    }
    if (value_of(&l, "name")) {
        char mark[40];
        mark_of(mark, type, &l);
        return mms_log_keep_mark(lg, mark);
    }
    return 0;
}

char *mms_log_slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "re");
    char *buf = NULL;
    size_t cap = 0, n;

    *len = 0;
    if (!fp)
        return NULL;
    do {
        if (cap - *len < 4096) {
            char *p = realloc(buf, cap += 65536);
            if (!p) {
                free(buf), fclose(fp);
                return NULL;
            }
            buf = p;
        }
        n = fread(buf + *len, 1, cap - *len - 1, fp);
        *len += n;
    } while (n > 0);
    fclose(fp);
    buf[*len] = '\0';
    return buf;
}

static int is_blank_or_comment(const char *s)
{
    s += strspn(s, " \t");
    return *s == '#' || *s == '\0';
}

/* Compare the log's head line with the one this run writes. */
static int head_line(const char *got, const char *want, char *why,
                     size_t len)
{
    size_t klen = strcspn(want, "=");

    if (strcmp(got, want) == 0)
        return 0;
    if (strncmp(got, want, klen) != 0)
        snprintf(why, len, "expected '%.*s' here (a head as this mmsearch "
                 "writes it), found '%.60s'", (int)klen - 1, want, got);
    else
        snprintf(why, len, "this log was written for '%.100s', this run is "
                 "'%.100s' (another machine, compiler, generator, probe.conf "
                 "or settings): remove it or use --log=ANOTHER", got, want);
    return -1;
}

/* The next line of the expected head that is not a comment, into line
 * ("" at its end); *want moves past it. */
static void next_head_line(const char **want, char *line, size_t len)
{
    const char *w = *want;

    while (*w && is_blank_or_comment(w))
        w += strcspn(w, "\n") + (w[strcspn(w, "\n")] != '\0');
    snprintf(line, len, "%.*s", (int)strcspn(w, "\n"), w);
    w += strcspn(w, "\n");
    *want = w + (*w == '\n');
}

/* ---- the head, for a reader ------------------------------------------ */

/* Every key of the head, in the order mms_log_head_text writes them, and
 * where its value goes (-1 for FORMAT: mmc_origin_check_format read it
 * before the walk began).  ENGINE is written only by the model and hybrid
 * engines: a log without it is the search's. */
#define WORD(f) offsetof(struct mms_log_head, f)
static const struct { const char *key; ptrdiff_t off; } head_keys[] = {
    { "FORMAT", -1 }, { "WRITTEN_BY", WORD(origin.written_by) },
    { "HOST", WORD(origin.host) }, { "CPU", WORD(origin.cpu) },
    { "KERNEL_CC", WORD(origin.kernel_cc) },
    { "KERNEL_CFLAGS", WORD(origin.kernel_cflags) },
    { "PROBE_FINGERPRINT", WORD(probe_fingerprint) },
    { "GENERATOR", WORD(generator) }, { "KERNEL_ABI", -1 },
    { "TIMER", WORD(timer) }, { "LEVEL", WORD(level) },
    { "PINS", WORD(pins) }, { "ENGINE", WORD(engine) },
};
#undef WORD
enum { NHEAD = sizeof head_keys / sizeof head_keys[0] };

/* "KEY = value  # note" into rd->head.  Returns 0, or -1 with why. */
static int take_head_value(struct mms_log_reader *rd, const char *text,
                           char *why, size_t len)
{
    const char *eq = strstr(text, " = "), *v = eq + 3;
    size_t klen = (size_t)(eq - text), vlen = strcspn(v, "#");
    int i;

    for (i = 0; i < NHEAD; i++)
        if (strlen(head_keys[i].key) == klen
            && strncmp(head_keys[i].key, text, klen) == 0)
            break;
    if (i == NHEAD || rd->head_seen & 1UL << i) {
        snprintf(why, len, "'%.*s' is %s in the head of a search.log",
                 (int)klen, text, i == NHEAD ? "not a key" : "repeated");
        return -1;
    }
    rd->head_seen |= 1UL << i;
    while (vlen > 0 && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t'))
        vlen--;
    if (strcmp(head_keys[i].key, "KERNEL_ABI") == 0)
        rd->head->kernel_abi = atoi(v);
    else if (head_keys[i].off >= 0)
        snprintf((char *)rd->head + head_keys[i].off, KV_WORD_MAX, "%.*s",
                 (int)vlen, v);
    return 0;
}

/* At the head's end: every key was there. */
static int head_complete(const struct mms_log_reader *rd, char *why,
                         size_t len)
{
    for (int i = 0; rd->head && i < NHEAD; i++)
        if (!(rd->head_seen & 1UL << i)
            && strcmp(head_keys[i].key, "ENGINE") != 0) {
            snprintf(why, len, "the head has no %s (an older or foreign "
                     "search.log)", head_keys[i].key);
            return -1;
        }
    return 0;
}

/* ---- walking a file ---------------------------------------------------- */

/* A head line: read into rd->head and compared with the next of
 * rd->want, where the reader has them. */
static int take_head_line(struct mms_log_reader *rd, const char *text,
                          char *why, size_t len)
{
    char line[KV_WORD_MAX * 2];

    if (rd->head && take_head_value(rd, text, why, len) != 0)
        return -1;
    if (!rd->want)
        return 0;
    next_head_line(&rd->want, line, sizeof line);
    if (!line[0]) {
        snprintf(why, len, "'%.60s': the head has a line this mmsearch "
                 "does not write", text);
        return -1;
    }
    return head_line(text, line, why, len);
}

/* One whole line of the file (no newline): a head line or an event.
 * rd->in_head turns 0 at the first event.  0 or -1 with why. */
static int take_line(struct mms_log_reader *rd, char *text, char *why,
                     size_t len)
{
    if (is_blank_or_comment(text))
        return 0;
    if (rd->in_head && strstr(text, " = ") == NULL) {
        rd->in_head = 0;
        if (head_complete(rd, why, len) != 0)
            return -1;
    }
    if (!rd->in_head)
        return mms_log_take_event(rd, text, why, len);
    return take_head_line(rd, text, why, len);
}

/* Walk the file as rd says: the head, then events.  *good_len gets the
 * length of the whole lines (a torn last one is left out).  Returns the
 * cand lines, or -1 with "path:line: why" in err. */
int mms_log_read(const char *path, struct mms_log_reader *rd,
                 size_t *good_len, char *err, size_t errlen)
{
    size_t len;
    char *buf = mms_log_slurp(path, &len), *p, *nl, why[512];
    char line[KV_WORD_MAX * 2];
    int cands = 0, rc = 0;

    rd->lineno = 0, rd->in_head = 1;
    if (!buf)
        return mms_log_failf(err, errlen, path, 0, "cannot read: %s",
                             strerror(errno));
    /* by length: a NUL byte is damage to refuse, not the file's end */
    for (p = buf; rc == 0 && (nl = memchr(p, '\n', len - (size_t)(p - buf)))
                             != NULL; p = nl + 1) {
        rd->lineno++;
        *nl = '\0';
        cands += strncmp(p, "cand ", 5) == 0;   /* before it is split */
        if (strlen(p) != (size_t)(nl - p))
            rc = mms_log_failf(err, errlen, path, rd->lineno, "a NUL byte at "
                               "column %zu (a damaged log)", strlen(p) + 1);
        else if (take_line(rd, p, why, sizeof why) != 0)
            rc = mms_log_failf(err, errlen, path, rd->lineno, "%s", why);
    }
    *good_len = (size_t)(p - buf);
    if (rd->lg)
        rd->lg->torn = rc == 0 && p < buf + len;
    if (rc == 0 && rd->in_head && head_complete(rd, why, sizeof why) != 0)
        rc = mms_log_failf(err, errlen, path, rd->lineno, "%s", why);
    if (rc == 0 && rd->want) {
        next_head_line(&rd->want, line, sizeof line);
        if (line[0])
            rc = mms_log_failf(err, errlen, path, rd->lineno, "the head ends "
                               "before '%.*s'", (int)strcspn(line, " "), line);
    }
    free(buf);
    return rc < 0 ? -1 : cands;
}

int mms_log_walk(const char *path, struct mms_log_head *h,
                 struct mms_log *lg, mms_event_fn fn, void *ctx, char *err,
                 size_t errlen)
{
    struct mms_log_reader rd = { .lg = lg, .head = h, .fn = fn, .ctx = ctx };
    size_t good;

    memset(h, 0, sizeof *h);
    if (lg) {
        memset(lg, 0, sizeof *lg);
        lg->fd = -1;
        snprintf(lg->path, sizeof lg->path, "%s", path);
    }
    if (mmc_origin_check_format(path, "search.log", MMS_LOG_FORMAT, NULL,
                                err, errlen) != 0)
        return -1;
    h->origin.format = MMS_LOG_FORMAT;
    return mms_log_read(path, &rd, &good, err, errlen);
}

double mms_summary_step_seconds(const char *why, const char *step)
{
    size_t n = strlen(step);
    const char *p = why;

    /* searchend.c writes "name S s" pairs joined by ", " */
    while (p) {
        if (strncmp(p, step, n) == 0 && p[n] == ' ')
            return strtod(p + n + 1, NULL);
        p = strstr(p, ", ");
        p = p ? p + 2 : NULL;
    }
    return -1;
}

int mms_log_check(const char *path, char *err, size_t errlen)
{
    struct mms_log_head h;

    return mms_log_walk(path, &h, NULL, NULL, NULL, err, errlen);
}
