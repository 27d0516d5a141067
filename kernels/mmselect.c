/* mmselect: choose the library's parameters at build time and write what
 * the build needs from them: kernel.params for mmgen (the full kernel),
 * skernel.params (the single-precision one, TYPE = s: paramset.h's
 * mml_params_single) and libparams.h for the driver (both sets).  First
 * found wins: a params.conf given with --params; the archdef --with
 * names; this host's results/<host>/params.conf (make tune's);
 * results/archdefs/<key>/params.conf for this CPU's key; the model
 * (paramset.h) for the best ISA this CPU runs.  Every params.conf
 * comes with the probe.conf it was made from beside it.  Says on stdout
 * which source it took and why, and writes kernel.cc: the compiler and
 * flags the kernels are built with (the params.conf's CC when installed,
 * else the configured one). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "kernels/archkey.h"
#include "kernels/paramset.h"

#ifndef MMT_KERNEL_CC
#define MMT_KERNEL_CC "cc"
#define MMT_KERNEL_CFLAGS ""
#endif

struct opts {
    const char *archdefs, *with, *params, *isa, *out, *results;
    const char *cc, *cflags;
    int key_only;
};

static void usage(void)
{
    char names[64];

    printf("Usage: %s [OPTION]...\n"
           "Choose libmmtune's kernel and blocking parameters for this "
           "build and write\nOUT/kernel.params (mmgen's input), "
           "OUT/skernel.params (the same for single\nprecision, TYPE = s) "
           "and OUT/libparams.h (the driver's, both sets).\n"
           "First found wins: --params=FILE; ARCHDEFS/KEY/params.conf when "
           "--with=KEY;\nRESULTS/params.conf (make tune's); "
           "ARCHDEFS/<this CPU's key>/params.conf\n(unless --with=no); the "
           "model for the best kernel ISA this CPU runs.\n\n"
           "  --params=FILE    take the parameters from FILE (empty: "
           "not given)\n"
           "  --results=DIR    this host's results (default "
           "results/<host>)\n"
           "  --archdefs=DIR   saved architectural defaults (default "
           "results/archdefs)\n"
           "  --with=WORD      auto: as above; no: never DIR/<key>; KEY: "
           "DIR/KEY/params.conf,\n"
           "                   which must exist, over RESULTS\n"
           "  --isa=WORD       kernel ISA for the key and the model: auto "
           "(the best this\n"
           "                   CPU runs), %s\n"
           "  --out=DIR        where to write (default .)\n"
           "  --cc=CMD         the configured kernel compiler (default "
           "%s)\n"
           "  --cflags=FLAGS   and its flags (default configure's)\n"
           "  --key            print this CPU's key (with --cc's family) "
           "and exit\n\n"
           "A params.conf is mmsearch's (common/paramsconf.h), with the "
           "probe.conf it was\nmade from beside it; MC, KC and NC it leaves "
           "out come from the model, with\nthat probe.conf's cache sizes, "
           "and single-precision keys (S_MU, ...) it leaves\nout are "
           "derived from the double ones.  "
           "The kernels are built with its CC when that\nis installed "
           "(else --cc, with a warning).  A key names the compiler family; "
           "a\nkey without one finds its family's (KEY-gcc, KEY-clang).\n"
           "Exit status: 0 written, 1 could not read or write, 2 bad "
           "usage or parameters.\n", mmc_progname(),
           mmc_isa_list(names, sizeof names, 1), MMT_KERNEL_CC);
}

static void parse(int argc, char **argv, struct opts *o)
{
    static const struct option lo[] = {
        { "params", required_argument, NULL, 'p' },
        { "archdefs", required_argument, NULL, 'a' },
        { "results", required_argument, NULL, 'r' },
        { "with", required_argument, NULL, 'w' },
        { "isa", required_argument, NULL, 'i' },
        { "out", required_argument, NULL, 'o' },
        { "key", no_argument, NULL, 'k' },
        { "cc", required_argument, NULL, 'c' },
        { "cflags", required_argument, NULL, 'f' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int c;

    static char results[300];

    if (mmc_results_dir(results, sizeof results) != 0)
        mmc_usage_error("host name too long for a results directory");
    *o = (struct opts){ "results/archdefs", "auto", "", "auto", ".",
                        results, MMT_KERNEL_CC, MMT_KERNEL_CFLAGS, 0 };
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        switch (c) {
        case 'p': o->params = optarg; break;
        case 'a': o->archdefs = optarg; break;
        case 'r': o->results = optarg; break;
        case 'w': o->with = optarg; break;
        case 'i': o->isa = optarg; break;
        case 'o': o->out = optarg; break;
        case 'k': o->key_only = 1; break;
        case 'c': o->cc = optarg; break;
        case 'f': o->cflags = optarg; break;
        case 'h': usage(); exit(MMC_EXIT_OK);
        default: mmc_usage_error("unknown option");
        }
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
    if (!o->with[0] || strchr(o->with, '/'))
        mmc_usage_error("--with: '%s' is not auto, no or a key", o->with);
    if (!o->cc[0])
        o->cc = MMT_KERNEL_CC, o->cflags = MMT_KERNEL_CFLAGS;
}

/* The saved defaults for key under --archdefs: key with a compiler
 * family appended, the configured compiler's first; a key given with
 * --with also as it is (first), this CPU's also without a family (last:
 * saved before keys named the compiler).  The directory's name into
 * found; 0 when none has a params.conf. */
static int find_archdef(const struct opts *o, const char *key, int named,
                        char *found, size_t len)
{
    const char *mine = mmc_cc_family(o->cc), *suffix[16];
    char path[4096];
    int n = 0;

    if (named)
        suffix[n++] = "";
    suffix[n++] = mine;
    for (int i = 0; i < mmc_cc_nfamilies && n < 15; i++)
        if (strcmp(mmc_cc_families[i], mine) != 0)
            suffix[n++] = mmc_cc_families[i];
    if (!named)
        suffix[n++] = "";
    for (int i = 0; i < n; i++) {
        snprintf(found, len, "%s%s%s", key, suffix[i][0] ? "-" : "",
                 suffix[i]);
        snprintf(path, sizeof path, "%s/%s/params.conf", o->archdefs,
                 found);
        if (access(path, F_OK) == 0)
            return 1;
    }
    snprintf(found, len, "%s", key);
    return 0;
}

static void load_or_die(const char *path, struct mml_libparams *p,
                        struct mml_libparams *s, struct mml_cpu *cpu)
{
    char err[1024];

    if (mml_params_load(path, p, s, cpu, err, sizeof err) != 0) {
        mmc_error("%s", err);
        exit(MMC_EXIT_USAGE);
    }
}

static int exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* Pick the source and load it into p and s, the double and the single
 * set (cache sizes into cpu); returns its display name, sets why.  base
 * is this CPU's key without the compiler, key with the configured
 * compiler's family. */
static const char *choose(const struct opts *o, const char *base,
                          const char *key, struct mml_libparams *p,
                          struct mml_libparams *s, struct mml_cpu *cpu,
                          char *why, size_t len)
{
    static char path[4096], shown[512];
    char dir[256];
    int found;
    int named = strcmp(o->with, "auto") && strcmp(o->with, "no");
    const char *host = "no";    /* or "a stale": this host's params.conf */

    if (o->params[0]) {
        load_or_die(o->params, p, s, cpu);
        snprintf(why, len, "given with --params");
        return o->params;
    }
    /* This host's result is taken only when it is whole: a stale one
     * (probed again since, or an older format) must not stop the build
     * that make tune runs before it can probe and search again. */
    snprintf(path, sizeof path, "%s/params.conf", o->results);
    if (!named && exists(path)) {
        struct mml_libparams p0 = *p, s0 = *s;
        struct mml_cpu cpu0 = *cpu;
        char err[1024];

        if (mml_params_load(path, p, s, cpu, err, sizeof err) == 0) {
            snprintf(why, len, "this host's make tune result");
            return path;
        }
        mmc_warn("%s; not used (make tune writes it again)", err);
        *p = p0, *s = s0, *cpu = cpu0;  /* a failed load may have
                                           filled some */
        host = "a stale";
    }
    if (!strcmp(o->with, "no")) {
        snprintf(why, len, "%s %s, and --with-archdefs=no", host, path);
        return "the model";
    }
    found = find_archdef(o, named ? o->with : base, named, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s/params.conf", o->archdefs, dir);
    if (!named && !found) {
        snprintf(why, len, "%s %s/params.conf and no saved defaults for "
                 "this CPU's key %s", host, o->results, key);
        return "the model";
    }
    if (access(path, R_OK) != 0) {
        mmc_error("%s: %s (asked for with --with-archdefs=%s)", path,
                  strerror(errno), o->with);
        exit(MMC_EXIT_FAIL);
    }
    load_or_die(path, p, s, cpu);
    /* named as in the source tree, wherever the build runs */
    snprintf(shown, sizeof shown, "results/archdefs/%s/params.conf", dir);
    if (named)
        snprintf(why, len, "--with-archdefs=%s", o->with);
    else
        snprintf(why, len, "saved defaults for this CPU's key; %s "
                 "%s/params.conf", host, o->results);
    return shown;
}

static void check_or_die(const struct mml_libparams *p, const char *source)
{
    char err[256];

    if (mml_params_check(p, err, sizeof err) != 0) {
        mmc_error("%s: %s%s", source, p->single ? "single precision: " : "",
                  err);
        exit(MMC_EXIT_USAGE);
    }
}

/* text and a newline in dir/name unless already there. */
static void write_text_or_die(const char *dir, const char *name,
                              const char *text)
{
    char path[4096], line[1200];

    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(line, sizeof line, "%s\n", text);
    if (mml_write_if_changed(path, line) != 0) {
        mmc_error("%s: %s", path, strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
}

/* The text a writer puts, stored in dir/name unless already there. */
static void write_or_die(const char *dir, const char *name,
                         const struct mml_libparams *p,
                         const struct mml_libparams *s, const char *source,
                         const char *why, const char *key)
{
    char path[4096], *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (f && key)
        mml_params_header_put(f, p, s, source, why, key);
    else if (f)
        mml_params_mmgen_put(f, p, source);
    if (!f || fclose(f) != 0 || mml_write_if_changed(path, text) != 0) {
        mmc_error("%s: %s", path, strerror(errno));
        exit(MMC_EXIT_FAIL);
    }
    free(text);
}

int main(int argc, char **argv)
{
    struct opts o;
    struct mml_cpu cpu;
    struct mml_libparams p, s;
    const struct mmc_isa *isa;
    const char *source;
    int own = 0;    /* single keys the source gives */
    char base[96], key[128], why[4400], ccwhy[600], names[64];

    mmc_set_progname(argv[0]);
    parse(argc, argv, &o);
    mml_cpu_ident(&cpu);
    isa = strcmp(o.isa, "auto") ? mmc_isa_find(o.isa) : mml_isa_best();
    if (!isa)
        mmc_usage_error("--isa: '%s' is not known (allowed auto, %s)", o.isa,
                        mmc_isa_list(names, sizeof names, 1));
    if (mml_arch_key(&cpu, isa->name, NULL, base, sizeof base) != 0
        || mml_arch_key(&cpu, isa->name, mmc_cc_family(o.cc), key,
                        sizeof key) != 0)
        mmc_usage_error("vendor string too long for a key");
    if (o.key_only) {
        printf("%s\n", key);
        return MMC_EXIT_OK;
    }
    memset(&p, 0, sizeof p);
    memset(&s, 0, sizeof s);
    snprintf(p.isa, sizeof p.isa, "%s", isa->name);
    source = choose(&o, base, key, &p, &s, &cpu, why, sizeof why);
    for (int i = 0; i < MML_NPARAMS; i++)
        own += s.given[i];
    /* before p's model: the single set starts from p as loaded */
    if (mml_params_single(&p, &cpu, &s) != 0
        || mml_params_model(&p, &cpu) != 0) {
        mmc_error("%s: ISA %s has no row in the model's table", source,
                  p.isa);
        return MMC_EXIT_USAGE;
    }
    check_or_die(&p, source);
    check_or_die(&s, source);
    if (mml_params_compiler(&p, source, o.cc, o.cflags, ccwhy,
                            sizeof ccwhy) != 0)
        mmc_warn("%s", ccwhy);
    write_text_or_die(o.out, "kernel.cc", p.compiler);
    write_or_die(o.out, "kernel.params", &p, NULL, source, NULL, NULL);
    write_or_die(o.out, "skernel.params", &s, NULL, source, NULL, NULL);
    write_or_die(o.out, "libparams.h", &p, &s, source, why, key);
    printf("%s: library parameters from %s (%s): ISA=%s MU=%d NU=%d KU=%d "
           "NB=%d MC=%d KC=%d NC=%d\n", mmc_progname(), source, why, p.isa,
           p.v[MML_MU], p.v[MML_NU], p.v[MML_KU], p.v[MML_NB], p.v[MML_MC],
           p.v[MML_KC], p.v[MML_NC]);
    printf("%s: single precision: MU=%d NU=%d KU=%d NB=%d MC=%d KC=%d "
           "NC=%d (%s derived from the double set)\n", mmc_progname(),
           s.v[MML_MU], s.v[MML_NU], s.v[MML_KU], s.v[MML_NB], s.v[MML_MC],
           s.v[MML_KC], s.v[MML_NC],
           own ? "its keys S_* as given, the rest" : "all");
    if (!strcmp(source, "the model") && !p.given[MML_NC] && !cpu.llc_bytes)
        printf("%s: NC from a last level of 8 MiB, a guess: cpuid gives no "
               "size for it, or one that cannot be\n", mmc_progname());
    printf("%s: kernels compiled with %s\n", mmc_progname(), p.compiler);
    if (!mmg_cpu_runs(mmc_isa_find(p.isa)->cpu_needs))
        mmc_warn("this CPU lacks %s: the library built here will use its "
                 "reference path", mmc_isa_find(p.isa)->cpu_needs);
    return MMC_EXIT_OK;
}
