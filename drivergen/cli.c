/* mmspec's command line beyond its options: which go together, the
 * command as the driver's header quotes it, --check's summary, and the
 * flags a driver is built with. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/common.h"
#include "drivergen/emit.h"
#include "drivergen/mmspec_cli.h"
#include "drivergen/spec.h"

void mmd_cli_validate(const struct mmd_cli *c)
{
    if (c->flags && (c->spec || c->output || c->profile || c->check))
        mmc_usage_error("--cflags and --libs take no other argument");
    if (c->flags)
        return;
    if (c->profile && (c->spec || c->check))
        mmc_usage_error("--from-profile takes no SPEC and no --check");
    if (c->profile && !c->output)
        mmc_usage_error("--from-profile needs -o DIR (where the specs go)");
    if (c->profile)
        return;
    if (c->top != MMD_TOP_DEFAULT)
        mmc_usage_error("--top goes with --from-profile");
    if (!c->spec)
        mmc_usage_error("no SPEC given");
    if (!c->output && !c->check)
        mmc_usage_error("no -o DRIVER.c given (or --check)");
    if (c->output && c->check)
        mmc_usage_error("--check writes nothing: drop -o");
}

/* Quote an argument for a POSIX shell when it needs it. */
static size_t quote(const char *arg, char *buf, size_t len)
{
    size_t n = 0;

    if (*arg && strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
                       "qrstuvwxyz0123456789_./=,:+-@%") == strlen(arg))
        return (size_t)snprintf(buf, len, "%s", arg);
    n += (size_t)snprintf(buf, len, "'");
    for (; *arg; arg++)
        n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s",
                              *arg == '\'' ? "'\\''" : (char[]){ *arg, 0 });
    n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "'");
    return n;
}

int mmd_cli_command(struct mmd_cli *c, int argc, char **argv)
{
    size_t len = strlen(mmc_progname()) + 1, used;

    for (int i = 1; i < argc; i++)
        len += 4 * strlen(argv[i]) + 3;
    c->command = malloc(len + 1);
    if (c->command == NULL)
        return -1;
    used = (size_t)snprintf(c->command, len + 1, "%s", mmc_progname());
    for (int i = 1; i < argc; i++) {
        c->command[used++] = ' ';
        used += quote(argv[i], c->command + used, len + 1 - used);
    }
    return 0;
}

/* This mmspec is the build tree's (then so are the flags). */
static int in_build_tree(void)
{
    char exe[PATH_MAX], top[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;

    if (n <= 0 || realpath(MMD_BUILDDIR, top) == NULL)
        return 0;
    exe[n] = '\0';
    if ((slash = strrchr(exe, '/')) != NULL)
        *slash = '\0';
    n = (ssize_t)strlen(top);
    return strncmp(exe, top, (size_t)n) == 0
           && (exe[n] == '\0' || strcmp(exe + n, "/.libs") == 0);
}

int mmd_cli_flags(int which)
{
    char lib[PATH_MAX];
    int tree = in_build_tree();

    snprintf(lib, sizeof lib, "%s/drivergen/.libs/libmmspec.a", MMD_BUILDDIR);
    if (which & 1)
        printf("%s-I%s", which & 2 ? "" : "", tree ? MMD_SRCDIR
               : MMD_INCLUDEDIR "/mmtune");
    if (which == 3)
        printf(" ");
    /* In the tree, the static library, as mmtime links the timer: no
     * call through a PLT inside the timed loop, nothing to install. */
    if ((which & 2) && tree && access(lib, R_OK) == 0)
        printf("%s %s", lib, MMD_LIBS);
    else if (which & 2)
        printf("-L%s -Wl,-rpath,%s -lmmspec", tree ? MMD_BUILDDIR
               "/drivergen/.libs" : MMD_LIBDIR, tree ? MMD_BUILDDIR
               "/drivergen/.libs" : MMD_LIBDIR);
    printf("\n");
    return MMC_EXIT_OK;
}

static const char *const kinds[] = { "size", "scalar", "array" };

void mmd_cli_describe(const struct mmd_spec *s)
{
    char text[256];

    mmd_ctype_text(&s->routine.ret, NULL, text, sizeof text);
    printf("%s: routine %s %s, %d parameter%s\n", s->file, text,
           s->routine.name, s->routine.nparams,
           s->routine.nparams == 1 ? "" : "s");
    for (int i = 0; i < s->nitems; i++) {
        const struct mmd_item *it = &s->item[i];
        printf("  %-6s %-10s", kinds[it->kind], it->name);
        if (it->kind == MMD_SIZE)
            printf(" macro %s", it->macro);
        if (it->kind == MMD_ARRAY)
            printf(" %s of %s, operand %d, %s", it->arr.matrix ? "Matrix"
                   : "Vector", it->arr.elem, it->operand,
                   it->arr.cold ? "flush" : "hot");
        printf("%s\n", it->param >= 0 ? "" : " (not a parameter)");
    }
    mmd_cexpr(s->flop, 0, text, sizeof text);
    printf("  flop   %s\n", text);
}
