/* cachedcc COMPILER LEVEL CACHE SRCDIR BUILDDIR ARG...: COMPILER ARG...
 * LEVEL -g0, its output (-o OUT) taken from CACHE when the same inputs
 * have made it before.
 *
 * The tests' searches (tests/common/quickcc.sh) build the library's driver
 * for every kernel they time, in a directory of each driver's own, and one
 * test runs up to 25 searches over the same few kernels: most of its time
 * was the same sources compiled again.  ccache does not serve them: it
 * hashes the include files' paths (in its manifests and in the line
 * markers), and each driver's header has a path of its own.
 *
 * The key is what decides the output: the compiler, the level, the flags
 * but -I, -o and the inputs' paths (with -g0 a path only names a file
 * symbol); the contents of the inputs (sources, objects); and the names
 * and contents of the headers, three levels deep, under every directory
 * the compile may include from (-I, a source's own) that is not in the
 * source tree SRCDIR, or is in the build tree BUILDDIR (where the tests'
 * scratch directories have the headers mmsearch writes).  The source
 * tree's headers, and the compilers and packages that decide the
 * system's, are in CACHE's name (tests/common/quickcc.sh), so no output
 * outlives the headers it was made from.  Not preprocessing for the key
 * matters: clang's start-up alone (libLLVM's relocations) was half a
 * test's time.
 *
 * In C, not sh: a make check makes about 3600 compiles through it, most
 * served from the cache, and the shell's key (a sha1sum, find, sort and
 * xargs a directory) took 15 ms of processes a compile, a quarter of the
 * tests' time (docs/DESIGN.md, "tests/: two tiers").  The hash is
 * FNV-1a's 128-bit one: the inputs are the project's own files, not an
 * adversary's, and 128 bits leave a collision among a cache's thousands
 * of entries out of reach. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef unsigned __int128 hash_t;

static void hash_bytes(hash_t *h, const void *data, size_t n)
{
    /* FNV-1a 128: offset basis and prime from the FNV reference */
    static const hash_t prime = ((hash_t)1 << 88) + 0x13b;
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        *h ^= p[i];
        *h *= prime;
    }
}

/* A string and its end, so that "ab" "c" and "a" "bc" differ. */
static void hash_str(hash_t *h, const char *s)
{
    hash_bytes(h, s, strlen(s) + 1);
}

/* The file's length and contents into h: 0, or -1 when it cannot be
 * read (then the compile is not cached). */
static int hash_file(hash_t *h, const char *path)
{
    char buf[1 << 16];
    unsigned long long n = 0;
    ssize_t r;
    int fd = open(path, O_RDONLY);

    if (fd < 0)
        return -1;
    while ((r = read(fd, buf, sizeof buf)) > 0) {
        hash_bytes(h, buf, (size_t)r);
        n += (unsigned long long)r;
    }
    close(fd);
    hash_bytes(h, &n, sizeof n);
    return r < 0 ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The headers under dir (rel: their path relative to the directory
 * hashed, "" at its top), depth levels deep, in name order: each one's
 * relative path and contents. */
static int hash_headers(hash_t *h, const char *dir, const char *rel,
                        int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;

    if (!d)
        return -1;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) {
                rc = -1;
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(e->d_name))) {
            rc = -1;
            break;
        }
        n++;
    }
    closedir(d);
    if (rc == 0 && n > 1)     /* qsort(NULL, 0, ...) is undefined */
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n && rc == 0; i++) {
        char path[PATH_MAX], relpath[PATH_MAX];
        struct stat st;
        size_t len = strlen(names[i]);

        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i])
                >= sizeof path
            || (size_t)snprintf(relpath, sizeof relpath, "%s%s%s", rel,
                                *rel ? "/" : "", names[i]) >= sizeof relpath
            || stat(path, &st) != 0) {
            rc = -1;
            break;
        }
        if (S_ISDIR(st.st_mode)) {
            if (depth > 1)
                rc = hash_headers(h, path, relpath, depth - 1);
        } else if (len > 2 && !strcmp(names[i] + len - 2, ".h")) {
            hash_str(h, relpath);
            rc = hash_file(h, path);
        }
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

/* 1 when dir's headers are not the source tree's (hashed compile by
 * compile): under builddir, or outside srcdir, or not to be resolved. */
static int written(const char *dir, const char *srcdir, const char *builddir)
{
    char real[PATH_MAX];
    size_t nb = strlen(builddir), ns = strlen(srcdir);

    if (!realpath(dir, real))
        return 1;
    if (!strncmp(real, builddir, nb) && (real[nb] == '/' || !real[nb]))
        return 1;
    return !(!strncmp(real, srcdir, ns) && (real[ns] == '/' || !real[ns]));
}

static int ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && !strcmp(s + n - m, end);
}

/* Copy from into to (made with from's permission bits: the cache keeps
 * the drivers' executables): 0 or -1. */
static int copy(const char *from, const char *to)
{
    char buf[1 << 16];
    struct stat st;
    ssize_t r = 0;
    int in = open(from, O_RDONLY), out = -1, rc = -1;

    if (in < 0 || fstat(in, &st) != 0)
        goto done;
    unlink(to);
    out = open(to, O_WRONLY | O_CREAT | O_TRUNC, st.st_mode & 0777);
    if (out < 0)
        goto done;
    while ((r = read(in, buf, sizeof buf)) > 0)
        for (ssize_t off = 0; off < r;) {
            ssize_t w = write(out, buf + off, (size_t)(r - off));
            if (w < 0)
                goto done;
            off += w;
        }
    rc = r < 0 ? -1 : 0;
done:
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        rc = -1;
    return rc;
}

/* mkdir -p dir: 0 or -1. */
static int make_dirs(const char *dir)
{
    char path[PATH_MAX];

    if ((size_t)snprintf(path, sizeof path, "%s", dir) >= sizeof path)
        return -1;
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

/* Run argv, the compiler: its exit status (127 when it cannot run). */
static int run(char **argv)
{
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return 127;
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "cachedcc: cannot run %s: %s\n", argv[0],
                strerror(errno));
        _exit(127);
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: cachedcc COMPILER LEVEL CACHE SRCDIR "
                "BUILDDIR ARG...\n");
        return 2;
    }
    const char *real = argv[1], *level = argv[2], *cache = argv[3];
    char srcdir[PATH_MAX], builddir[PATH_MAX];
    if (!realpath(argv[4], srcdir) || !realpath(argv[5], builddir)) {
        fprintf(stderr, "cachedcc: cannot resolve %s or %s\n", argv[4],
                argv[5]);
        return 2;
    }
    int nargs = argc - 6;
    char **args = argv + 6;

    /* the compiler's words: COMPILER ARG... LEVEL -g0 (static: held to
     * the exit, not a leak to LeakSanitizer in make check-sanitize) */
    static char **cc;
    cc = calloc((size_t)nargs + 4, sizeof *cc);
    if (!cc)
        return 2;
    cc[0] = (char *)real;
    memcpy(cc + 1, args, (size_t)nargs * sizeof *args);
    int ncc = nargs + 1;
    if (*level)
        cc[ncc++] = (char *)level;
    cc[ncc++] = "-g0";

    hash_t key = ((hash_t)0x6c62272e07bb0142 << 64) | 0x62b821756295c58d;
    const char *out = NULL;
    int unread = 0;
    hash_str(&key, real);
    hash_str(&key, level);
    for (int i = 0; i < nargs; i++) {
        const char *a = args[i];
        if (!strcmp(a, "-o") && i + 1 < nargs) {
            out = args[++i];
        } else if (!strncmp(a, "-I", 2)) {
            if (written(a + 2, srcdir, builddir)) {
                hash_str(&key, "-I");
                unread |= hash_headers(&key, a + 2, "", 3);
            }
        } else if (ends_with(a, ".c")) {
            char dir[PATH_MAX];
            const char *slash = strrchr(a, '/');
            snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - a) : 1,
                     slash ? a : ".");
            hash_str(&key, "source");
            unread |= hash_file(&key, a);
            if (written(dir, srcdir, builddir))
                unread |= hash_headers(&key, dir, "", 3);
        } else if (ends_with(a, ".o") || ends_with(a, ".so")
                   || ends_with(a, ".a")) {
            hash_str(&key, "input");
            unread |= hash_file(&key, a);
        } else {
            hash_str(&key, a);
        }
    }
    if (!out || unread) {
        execvp(real, cc);
        fprintf(stderr, "cachedcc: cannot run %s: %s\n", real,
                strerror(errno));
        return 127;
    }

    char entry[PATH_MAX], tmp[PATH_MAX + 32];
    snprintf(entry, sizeof entry, "%s/%016llx%016llx", cache,
             (unsigned long long)(key >> 64), (unsigned long long)key);
    if (access(entry, F_OK) == 0 && copy(entry, out) == 0)
        return 0;
    int rc = run(cc);
    if (rc != 0)
        return rc;
    /* renamed into place: a search compiles two at a time; best effort,
     * a cache that cannot be written costs a compile later */
    snprintf(tmp, sizeof tmp, "%s.%ld", entry, (long)getpid());
    if (make_dirs(cache) == 0 && copy(out, tmp) == 0)
        rename(tmp, entry);
    else
        unlink(tmp);
    return 0;
}
