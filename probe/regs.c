/* Floating-point registers the kernel compiler can use (paper 002 N_R,
 * inequality 1), whether it emits FMA, and which vector widths its flags
 * target -- read from what the configured compiler emits.
 *
 * Timing a register-blocked kernel cannot always see a spill: with two
 * load pipes and two FP pipes a spill costs nothing measurable.  So for
 * each width and each n we compile a loop that keeps n values live and
 * rotates them through in-place multiplies (a_i *= a_{i+1}), which needs
 * exactly n registers and no temporaries; N_R is the largest n compiled
 * without a spill (to the stack or to integer registers).  The configured
 * KERNEL_CC and KERNEL_CFLAGS are used as they are, plus
 * -fno-tree-vectorize so that scalar values are not packed into vectors
 * behind our back, and -g0 (debug notes change no instruction and cost
 * compile time). */
#include "probe/probe.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { NMIN = 2, NMAX = 40, NTYPES = 4, MAX_ARGS = 64 };

static const struct {
    const char *tag, *ctype;
    int bits;                   /* vector width this type needs natively */
    const char *guard;          /* compiled only where the flags enable it */
    enum mmt_probe_key key;
} types[NTYPES] = {
    { "scalar", "double", 64, "1", MMT_P_FP_REGS_SCALAR },
    { "sse2", "v2", 128, "defined(__SSE2__)", MMT_P_FP_REGS_SSE2 },
    { "avx2", "v4", 256, "defined(__AVX__)", MMT_P_FP_REGS_AVX2 },
    { "avx512", "v8", 512, "defined(__AVX512F__)", MMT_P_FP_REGS_AVX512 },
};

static void emit_regs_function(FILE *fp, int t, int n)
{
    fprintf(fp, "void regs_%s_%d(%s *p, long iters)\n{\n", types[t].tag, n,
            types[t].ctype);
    for (int i = 0; i < n; i++)
        fprintf(fp, "    %s a%d = p[%d];\n", types[t].ctype, i, i);
    fprintf(fp, "    for (long it = 0; it < iters; it++) {\n");
    for (int i = 0; i < n; i++)
        fprintf(fp, "        a%d = a%d * a%d;\n", i, i, (i + 1) % n);
    fprintf(fp, "    }\n");
    for (int i = 0; i < n; i++)
        fprintf(fp, "    p[%d] = a%d;\n", i, i);
    fprintf(fp, "}\n");
}

/* The probe source: the vector width the flags enable (as a constant the
 * assembly shows), a loop the compiler may contract to FMA, and the
 * register functions. */
static int write_source(const char *path)
{
    FILE *fp = fopen(path, "w");

    if (!fp)
        return -1;
    fprintf(fp, "typedef double v2 __attribute__((vector_size(16)));\n"
            "typedef double v4 __attribute__((vector_size(32)));\n"
            "typedef double v8 __attribute__((vector_size(64)));\n"
            "#if defined(__AVX512F__)\nconst int vec_bits = 512;\n"
            "#elif defined(__AVX__)\nconst int vec_bits = 256;\n"
            "#elif defined(__SSE2__)\nconst int vec_bits = 128;\n"
            "#else\nconst int vec_bits = 64;\n#endif\n"
            "void fma_probe(double *restrict c, const double *a,\n"
            "               const double *b, long n)\n{\n"
            "    for (long i = 0; i < n; i++)\n"
            "        c[i] += a[i] * b[i];\n}\n");
    for (int t = 0; t < NTYPES; t++) {
        fprintf(fp, "#if %s\n", types[t].guard);
        for (int n = NMIN; n <= NMAX; n++)
            emit_regs_function(fp, t, n);
        fprintf(fp, "#endif\n");
    }
    return fclose(fp);
}

/* Split words of s into argv (no quoting: configure's flags have none). */
static int split_words(char *s, char **argv, int argc, int max)
{
    for (char *w = strtok(s, " \t"); w && argc < max - 1;
         w = strtok(NULL, " \t"))
        argv[argc++] = w;
    return argc;
}

/* KERNEL_CC KERNEL_CFLAGS -fno-tree-vectorize -g0 -S -o asm src, stderr to
 * errlog.  Returns the exit status, or -1 if it could not run. */
static int compile(const struct probe_ctx *ctx, const char *src,
                   const char *asm_path, const char *errlog)
{
    char *cc = strdup(ctx->kernel_cc), *flags = strdup(ctx->kernel_cflags);
    char *argv[MAX_ARGS];
    int argc = 0, status = -1;
    posix_spawn_file_actions_t fa;
    pid_t pid;

    if (!cc || !flags)
        goto out;
    argc = split_words(cc, argv, argc, MAX_ARGS - 7);
    argc = split_words(flags, argv, argc, MAX_ARGS - 7);
    argv[argc++] = "-fno-tree-vectorize";
    argv[argc++] = "-g0";
    argv[argc++] = "-S";
    argv[argc++] = "-o";
    argv[argc++] = (char *)asm_path;
    argv[argc++] = (char *)src;
    argv[argc] = NULL;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, errlog,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) == 0 &&
        waitpid(pid, &status, 0) == pid)
        status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    posix_spawn_file_actions_destroy(&fa);
out:
    free(cc);
    free(flags);
    return status;
}

/* What one compile told us. */
struct asm_facts {
    int vec_bits;
    int fma;
    int spills[NTYPES][NMAX + 1];   /* 1: stack accessed in regs_<t>_<n> */
};

/* Which regs function a label line starts, or -1. */
static int function_label(const char *line, int *n)
{
    char tag[16];

    if (sscanf(line, "regs_%15[a-z0-9]_%d:", tag, n) != 2)
        return -1;
    for (int t = 0; t < NTYPES; t++)
        if (strcmp(tag, types[t].tag) == 0 && *n >= NMIN && *n <= NMAX)
            return t;
    return -1;
}

/* A spill is a stack access, or a move between a vector register and a
 * general-purpose one (gcc parks doubles in integer registers when it runs
 * out of vector ones and the target makes such moves cheap). */
static int is_spill(const char *line)
{
    int vec = strstr(line, "%xmm") || strstr(line, "%ymm") ||
              strstr(line, "%zmm");
    int gpr = strstr(line, "%r") || strstr(line, "%e");

    if (strstr(line, "(%rsp)") || strstr(line, "(%rbp)"))
        return 1;
    return vec && gpr && !strchr(line, '(');
}

static int read_asm(const char *path, struct asm_facts *f)
{
    FILE *fp = fopen(path, "r");
    char line[512];
    int t = -1, n = 0, in_fma = 0, want_bits = 0;

    if (!fp)
        return -1;
    memset(f, 0, sizeof *f);
    while (fgets(line, sizeof line, fp)) {
        int tn, nn;

        if (line[0] != '\t' && line[0] != ' ' && line[0] != '.') {
            tn = function_label(line, &nn);
            t = tn, n = nn;
            in_fma = strncmp(line, "fma_probe:", 10) == 0;
            want_bits = strncmp(line, "vec_bits:", 9) == 0;
            continue;
        }
        if (want_bits && sscanf(line, " .long %d", &f->vec_bits) == 1)
            want_bits = 0;
        if (in_fma && strstr(line, "vfmadd"))
            f->fma = 1;
        if (t >= 0 && is_spill(line))
            f->spills[t][n] = 1;
    }
    fclose(fp);
    return 0;
}

/* Largest n before the first spill; confirmed when every larger n spills
 * too (a clean edge, not an accident of one allocation). */
static int register_count(const struct asm_facts *f, int t, int *clean)
{
    int count = NMIN - 1;

    while (count < NMAX && !f->spills[t][count + 1])
        count++;
    *clean = count < NMAX;
    for (int n = count + 1; n <= NMAX; n++)
        *clean &= f->spills[t][n];
    return count;
}

static void record(struct probe_ctx *ctx, struct mmt_probeconf *pc,
                   const struct asm_facts *f)
{
    ctx->vec_bits_max = f->vec_bits;
    probe_set(pc, MMT_P_FMA_COMPILER, f->fma, 1,
              "vfmadd in KERNEL_CC -S of c[i] += a[i]*b[i]");
    for (int t = 0; t < NTYPES; t++) {
        int clean = 1, count = 0;

        if (types[t].bits <= f->vec_bits || t == 0)
            count = register_count(f, t, &clean);
        probe_set(pc, types[t].key, count, clean, count ?
                  "largest n live values compiled without a spill" :
                  "width not enabled by KERNEL_CFLAGS");
        if (!count) {
            probe_note(ctx, "registers %-6s: not enabled by the flags\n",
                       types[t].tag);
            continue;
        }
        probe_note(ctx, "registers %-6s: spills for n=%d..%d: ",
                   types[t].tag, NMIN, NMAX);
        for (int n = NMIN; n <= NMAX; n++)
            probe_note(ctx, "%c", f->spills[t][n] ? 'S' : '.');
        probe_note(ctx, " -> %d\n", count);
    }
}

int probe_regs(struct probe_ctx *ctx, struct mmt_probeconf *pc)
{
    char dir[] = "/tmp/mmprobe.XXXXXX", src[64], out[64], errlog[64];
    struct asm_facts *f = malloc(sizeof *f);
    int rc = -1, status;

    if (!f || !mkdtemp(dir))
        goto out;
    snprintf(src, sizeof src, "%s/regs.c", dir);
    snprintf(out, sizeof out, "%s/regs.s", dir);
    snprintf(errlog, sizeof errlog, "%s/cc.err", dir);
    status = write_source(src) == 0 ? compile(ctx, src, out, errlog) : -1;
    if (status == 0 && read_asm(out, f) == 0) {
        record(ctx, pc, f);
        rc = 0;
    } else {
        fprintf(ctx->log, "mmprobe: %s %s -S failed (status %d), see %s\n",
                ctx->kernel_cc, ctx->kernel_cflags, status, errlog);
    }
    if (rc == 0) {
        unlink(src), unlink(out), unlink(errlog);
        rmdir(dir);
    }
out:
    free(f);
    return rc;
}
