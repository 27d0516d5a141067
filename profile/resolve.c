/* Finding the real dgemm_ and cblas_dgemm.  First dlsym(RTLD_NEXT): the
 * BLAS the program was linked with.  That misses a BLAS that only a
 * library opened with dlopen(RTLD_LOCAL) depends on -- NumPy's extension
 * modules, loaded by Python, are such libraries: their calls bind to us
 * (the global scope comes first) while their BLAS is outside the global
 * scope.  So then each loaded object is asked, in load order, for the
 * symbol in its own scope, as its calls would have bound without us. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "profile/profile.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct objects {
    char **path;
    size_t n, cap;
};

/* Only the paths are kept here: dlopen while dl_iterate_phdr holds the
 * loader's lock could deadlock against another thread's dlopen. */
static int collect(struct dl_phdr_info *info, size_t size, void *data)
{
    struct objects *o = data;
    char **grown;

    (void)size;
    /* the program (its scope is the global one, which holds us) */
    if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0')
        return 0;
    if (o->n == o->cap) {
        grown = realloc(o->path, (o->cap * 2 + 16) * sizeof *grown);
        if (!grown)
            return 1;
        o->path = grown;
        o->cap = o->cap * 2 + 16;
    }
    o->path[o->n] = strdup(info->dlpi_name);
    if (o->path[o->n])
        o->n++;
    return 0;
}

static int is_ours(void *fn)
{
    Dl_info mine, its;

    return dladdr((void *)&mmp_resolve, &mine)
        && dladdr(fn, &its) && mine.dli_fbase == its.dli_fbase;
}

static void *lookup_in(const char *path, const char *name)
{
    void *handle = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
    void *fn;

    if (!handle)
        return NULL;
    fn = dlsym(handle, name);
    dlclose(handle);
    return fn && !is_ours(fn) ? fn : NULL;
}

static void *search_loaded(const char *name)
{
    struct objects o = { 0 };
    void *fn = NULL;

    dl_iterate_phdr(collect, &o);
    for (size_t i = 0; i < o.n; i++) {
        if (!fn)
            fn = lookup_in(o.path[i], name);
        free(o.path[i]);
    }
    free(o.path);
    return fn;
}

void *mmp_resolve(const char *name)
{
    void *fn = dlsym(RTLD_NEXT, name);

    if (fn && is_ours(fn))
        fn = NULL;
    if (!fn)
        fn = search_loaded(name);
    if (!fn) {
        fprintf(stderr, "libmmprofile: the program called %s, but no "
                "library loaded in it provides %s to forward the call to "
                "(is a BLAS linked or loaded?)\n", name, name);
        abort();
    }
    return fn;
}
