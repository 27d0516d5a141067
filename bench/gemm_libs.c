/* The libraries bench-dgemm times, loaded at run time and never linked
 * (each type's ?gemm_ looked up in each): none of them is a build
 * dependency, and an absent one is left out with a note.  Each is loaded
 * with dlmopen into a namespace of its own, so two copies of one library
 * with different settings (OpenBLAS as shipped and with
 * OPENBLAS_CORETYPE) sit side by side. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bench/bench_dgemm.h"

/* The BLAS a user may have, by the file names distributions give them
 * (Debian/Ubuntu first, then Fedora's).  A name without '/' goes through
 * the loader's search path; one with '/' is looked for below the
 * directory libc was loaded from and the usual library directories. */
struct known {
    const char *name;       /* --libs name, and the label */
    const char *what;       /* for --help */
    int best_core;          /* OpenBLAS forced to this CPU's best core */
    const char *paths[7];
};

static const struct known known[] = {
    { "openblas", "OpenBLAS as shipped (its own choice of kernels)", 0,
      { "libopenblas.so.0", "openblas-pthread/libopenblas.so.0",
        "openblas-openmp/libopenblas.so.0",
        "openblas-serial/libopenblas.so.0", "libopenblasp.so.0",
        "libopenblaso.so.0", NULL } },
    { "openblas-best", "OpenBLAS with OPENBLAS_CORETYPE set to the best "
      "core type for this CPU (label openblas-CORE)", 1,
      { "libopenblas.so.0", "openblas-pthread/libopenblas.so.0",
        "openblas-openmp/libopenblas.so.0",
        "openblas-serial/libopenblas.so.0", "libopenblasp.so.0",
        "libopenblaso.so.0", NULL } },
    { "blis", "BLIS through its BLAS layer", 0,
      { "libblis.so.4", "blis-openmp/libblis.so.4",
        "blis-pthread/libblis.so.4", "blis-serial/libblis.so.4",
        "libblis.so.3", "libblis-mt.so.4", NULL } },
    { "atlas", "ATLAS (its Fortran BLAS face)", 0,
      { "atlas/libblas.so.3", "libf77blas.so.3", "atlas/libsatlas.so.3",
        "atlas/libtatlas.so.3", NULL } },
    { "netlib", "the reference BLAS (slow; not in 'default')", 0,
      { "blas/libblas.so.3", "librefblas.so.3", NULL } },
};
#define NKNOWN (sizeof known / sizeof known[0])
/* What --libs=default names (what make bench-dgemm runs). */
static const char default_list[] = "openblas,openblas-best,blis,atlas";

/* ---- the best OPENBLAS_CORETYPE, from cpuid facts ---------------------- */

#if defined(__x86_64__) || defined(__i386__)
/* __builtin_cpu_supports takes a literal (and checks the OS saves the
 * registers), hence one small function per fact. */
static int has_avx512f(void) { return __builtin_cpu_supports("avx512f"); }
static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }
static int has_avx(void) { return __builtin_cpu_supports("avx"); }

/* First match wins: OpenBLAS's widest DGEMM kernels the CPU can run. */
static const struct {
    const char *fact, *core;
    int (*has)(void);
} cores[] = {
    { "avx512f", "SkylakeX", has_avx512f },
    { "avx2", "Haswell", has_avx2 },
    { "avx", "Sandybridge", has_avx },
};
#define NCORES (sizeof cores / sizeof cores[0])
#endif

/* The core type and the cpuid fact that decided it, or NULL. */
static const char *best_core(const char **fact)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    for (size_t i = 0; i < NCORES; i++)
        if (cores[i].has()) {
            *fact = cores[i].fact;
            return cores[i].core;
        }
#endif
    *fact = NULL;
    return NULL;
}

/* ---- loading ----------------------------------------------------------- */

/* The environment every loaded library sees.  Each namespace has a libc
 * of its own, which keeps the array environ pointed to when the library
 * was loaded; setenv of a new variable moves that array (realloc), and a
 * library loaded before then read freed memory in getenv (BLIS loaded
 * before OpenBLAS with OPENBLAS_CORETYPE set: a crash in its first
 * dgemm_).  So environ is this fixed array while libraries load, and a
 * variable is set for one load in it, never with setenv. */
#define ENV_MAX 4096
static char *env_fixed[ENV_MAX];

/* environ made env_fixed (its entries copied when it is not yet).
 * Returns the entries, or -1 when they do not fit. */
static int env_use_fixed(void)
{
    extern char **environ;
    int n = 0;

    while (environ && environ[n])
        n++;
    if (environ != env_fixed) {
        if (n > ENV_MAX - 2)
            return -1;
        memmove(env_fixed, environ, (size_t)n * sizeof *environ);
        env_fixed[n] = NULL;
        environ = env_fixed;
    }
    return n;
}

/* The index of var's entry in env_fixed, or n (its end) when absent. */
static int env_find(const char *var, int n)
{
    size_t len = strlen(var);

    for (int i = 0; i < n; i++)
        if (strncmp(env_fixed[i], var, len) == 0 && env_fixed[i][len] == '=')
            return i;
    return n;
}

/* Load path with var=val in the environment while it loads (the library
 * reads it then); the environment is as before afterwards.  On failure
 * NULL with the loader's message in err. */
static void *load_with(const char *path, const char *var, const char *val,
                       char *err, size_t errlen)
{
    int n = env_use_fixed(), at = 0;
    char *old = NULL, *entry = NULL;
    void *h;

    if (var && n >= 0) {
        at = env_find(var, n);
        old = env_fixed[at];
        /* kept: the library may hold on to what getenv gave it */
        if (asprintf(&entry, "%s=%s", var, val) < 0) {
            snprintf(err, errlen, "no memory for %s=%s", var, val);
            return NULL;
        }
        env_fixed[at] = entry;
        if (at == n)
            env_fixed[n + 1] = NULL;
    } else if (var) {
        snprintf(err, errlen, "the environment has more than %d variables",
                 ENV_MAX - 2);
        return NULL;
    }
    h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        snprintf(err, errlen, "%s", dlerror());
    if (var)
        env_fixed[at] = old;        /* NULL again at the end when added */
    return h;
}

/* The core type OpenBLAS chose for itself (what it runs as shipped), when
 * the "openblas" library was loaded: no need to time its twin forced to
 * the same core. */
static char shipped_core[64];

/* OpenBLAS's name for the kernels it runs, or NULL for another library. */
static const char *corename_of(void *h)
{
    const char *(*corename)(void) =
        (const char *(*)(void))dlsym(h, "openblas_get_corename");
    return corename ? corename() : NULL;
}

/* "# label: file[, VAR=VALUE][, OpenBLAS core X]" -- what was loaded
 * (the file sym is in). */
static void note_loaded(void *h, const struct bd_lib *l, bd_gemm_fn *sym,
                        const char *var, const char *val)
{
    Dl_info di;
    const char *core = corename_of(h);

    printf("# %s: %s", l->label,
           dladdr((void *)sym, &di) && di.dli_fname ? di.dli_fname : "?");
    if (var)
        printf(", %s=%s", var, val);
    if (core)
        printf(", OpenBLAS runs its %s kernels", core);
    printf("\n");
}

/* The library's own thread setter, else its OpenMP runtime's (dlsym on
 * the handle searches what it loaded); NULL when it has none. */
static struct bd_threads *threads_of(void *h)
{
    struct bd_threads t = { 0 }, *p;

    *(void **)&t.set_mmt = dlsym(h, "mmt_set_num_threads");
    *(void **)&t.set_long = dlsym(h, "bli_thread_set_num_threads");
    if (!t.set_mmt && !t.set_long)
        *(void **)&t.set_int = dlsym(h, "openblas_set_num_threads");
    if (!t.set_mmt && !t.set_long && !t.set_int)
        *(void **)&t.set_int = dlsym(h, "omp_set_num_threads");
    if (!t.set_mmt && !t.set_long && !t.set_int)
        return NULL;
    if ((p = malloc(sizeof *p)))
        *p = t;
    return p;
}

int bd_per_count(struct bd_lib *libs, int nlibs, const int *counts,
                 int ncounts, int max)
{
    struct bd_lib one[BD_MAX_LIBS];
    int n = 0;

    memcpy(one, libs, (size_t)nlibs * sizeof *libs);
    for (int i = 0; i < nlibs; i++)
        for (int c = 0; c < ncounts; c++) {
            char *label;
            if (!one[i].threads && counts[c] != 1) {
                printf("# %s: no way to set its threads: not timed at %d\n",
                       one[i].label, counts[c]);
                continue;
            }
            if (n == max) {
                fprintf(stderr, "bench-dgemm: at most %d libraries times "
                        "thread counts\n", max);
                exit(2);
            }
            if (asprintf(&label, "%s/%dt", one[i].label, counts[c]) < 0)
                exit(1);
            libs[n] = one[i];
            libs[n].label = label;
            libs[n].nthreads = counts[c];
            n++;
        }
    return n;
}

/* Fill l from an open handle.  Returns 1 when it has the symbol of a
 * type in types. */
static int take(void *h, unsigned types, struct bd_lib *l, const char *var,
                const char *val)
{
    bd_gemm_fn *some = NULL;
    int asked = 0;

    l->threads = threads_of(h);
    for (int t = 0; t < BD_NTYPES; t++) {
        *(void **)&l->sym[t] = dlsym(h, bd_types[t].symbol);
        if (types >> t & 1 && l->sym[t] && !some)
            some = l->sym[t];
    }
    if (!some) {
        printf("# %s: no", l->label);
        for (int t = 0; t < BD_NTYPES; t++)
            if (types >> t & 1)
                printf("%s %s", asked++ ? " or" : "", bd_types[t].symbol);
        printf(" in it: left out\n");
        return 0;
    }
    note_loaded(h, l, some, var, val);
    return 1;
}

int bd_load_spec(const char *spec, unsigned types, struct bd_lib *l)
{
    char *s = strdup(spec), *eq = strchr(s, '='), *var, *val = NULL;
    char err[512];
    void *h;

    if (!eq) {
        fprintf(stderr, "bench-dgemm: --lib=%s: expected LABEL=PATH\n", spec);
        exit(2);
    }
    *eq = '\0';
    if ((var = strchr(eq + 1, ':'))) {
        *var++ = '\0';
        if (!(val = strchr(var, '='))) {
            fprintf(stderr, "bench-dgemm: --lib=%s: expected VAR=VALUE after "
                    "':'\n", spec);
            exit(2);
        }
        *val++ = '\0';
    }
    l->label = s;
    if (!(h = load_with(eq + 1, var, val, err, sizeof err))) {
        printf("# %s: not measured (%s)\n", s, err);
        return 0;
    }
    return take(h, types, l, var, val);
}

/* The directory libc came from (the distribution's library directory,
 * /usr/lib/x86_64-linux-gnu on Debian), or NULL. */
static const char *libc_dir(void)
{
    static char dir[512];
    Dl_info di;
    char *slash;

    if (!dladdr((void *)printf, &di) || !di.dli_fname)
        return NULL;
    snprintf(dir, sizeof dir, "%s", di.dli_fname);
    slash = strrchr(dir, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return dir;
}

/* Open the first of name's files that loads.  NULL when none is there;
 * err then holds the loader's message about one that is there but would
 * not load, or is empty. */
static void *find(const struct known *k, const char *var, const char *val,
                  char *err, size_t errlen)
{
    const char *dirs[] = { libc_dir(), "/usr/lib64", "/usr/lib",
                           "/usr/local/lib" };
    char path[1024], why[512];
    void *h;

    err[0] = '\0';
    for (int i = 0; k->paths[i]; i++)
        for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
            if (!strchr(k->paths[i], '/'))
                snprintf(path, sizeof path, "%s", k->paths[i]);
            else if (dirs[d])
                snprintf(path, sizeof path, "%s/%s", dirs[d], k->paths[i]);
            else
                continue;
            if ((h = load_with(path, var, val, why, sizeof why)))
                return h;
            if (strchr(path, '/') && access(path, F_OK) == 0)
                snprintf(err, errlen, "%s", why);
            if (!strchr(k->paths[i], '/'))
                break;      /* the loader searched already */
        }
    return NULL;
}

/* "# name: not installed (looked for a b c): left out" */
static void note_absent(const struct known *k, const char *label,
                        const char *err)
{
    if (err[0]) {
        printf("# %s: would not load (%s): left out\n", label, err);
        return;
    }
    printf("# %s: not installed (looked for", label);
    for (int i = 0; k->paths[i]; i++)
        printf(" %s", k->paths[i]);
    printf("): left out\n");
}

/* Load k into l.  Returns 1 when it is to be timed. */
static int load_known(const struct known *k, unsigned types,
                      struct bd_lib *l)
{
    const char *fact, *core = NULL, *var = NULL;
    char err[512], *label;
    void *h;

    if (k->best_core) {
        if (!(core = best_core(&fact))) {
            printf("# %s: no OpenBLAS core type is known for this CPU: "
                   "left out\n", k->name);
            return 0;
        }
        var = "OPENBLAS_CORETYPE";
        label = malloc(strlen("openblas-") + strlen(core) + 1);
        sprintf(label, "openblas-%s", core);
        printf("# %s: the CPU has %s, so OPENBLAS_CORETYPE=%s\n", label,
               fact, core);
        if (strcasecmp(shipped_core, core) == 0) {
            printf("# %s: OpenBLAS as shipped runs its %s kernels already: "
                   "not timed twice\n", label, core);
            return 0;
        }
    } else {
        label = strdup(k->name);
    }
    l->label = label;
    if (!(h = find(k, var, core, err, sizeof err))) {
        note_absent(k, label, err);
        return 0;
    }
    if (!k->best_core && corename_of(h))
        snprintf(shipped_core, sizeof shipped_core, "%s", corename_of(h));
    return take(h, types, l, var, core);
}

static const struct known *known_named(const char *name)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strcmp(known[i].name, name) == 0)
            return &known[i];
    return NULL;
}

int bd_load_known(const char *list, unsigned types, struct bd_lib *libs,
                  int nlibs, int max)
{
    char *s, *tok, *save = NULL;

    if (strcmp(list, "none") == 0)
        return nlibs;
    if (strcmp(list, "default") == 0)
        list = default_list;
    s = strdup(list);
    for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (strcmp(tok, "all") != 0 && !known_named(tok)) {
            fprintf(stderr, "bench-dgemm: --libs: '%s' is not one of the "
                    "known libraries (see --help)\n", tok);
            exit(2);
        }
    free(s);
    s = strdup(list);
    for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        for (size_t i = 0; i < NKNOWN; i++) {
            if (strcmp(tok, "all") != 0 && strcmp(tok, known[i].name) != 0)
                continue;
            if (nlibs == max) {
                fprintf(stderr, "bench-dgemm: at most %d libraries\n", max);
                exit(2);
            }
            nlibs += load_known(&known[i], types, &libs[nlibs]);
        }
    free(s);
    return nlibs;
}

void bd_known_help(FILE *fp)
{
    fprintf(fp, "Known libraries (--libs=NAME,...; 'all', 'none', or "
            "'default' = %s):\n", default_list);
    for (size_t i = 0; i < NKNOWN; i++)
        fprintf(fp, "  %-14s %s\n", known[i].name, known[i].what);
}
