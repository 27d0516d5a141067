/* Floating-point registers the kernel compiler can use (paper 002 N_R,
 * inequality 1), whether it emits FMA, and which vector widths its flags
 * target -- read from what the configured compiler emits.
 *
 * Timing a register-blocked kernel cannot always see a spill: with two
 * load pipes and two FP pipes a spill costs nothing measurable.  So for
 * each width and each n we compile a loop that keeps n values live and
 * rotates them through in-place multiplies (a_i *= a_{i+1}), which needs
 * exactly n registers and no temporaries; N_R is the largest n compiled
 * without a spill (to the stack or to integer registers).  The count is
 * confirmed by a second reading of the same assembly: the most distinct
 * vector registers any one function of that width names must equal it
 * (a spill the rules miss would show as more live values than registers).
 * The configured KERNEL_CC and KERNEL_CFLAGS are used as they are, plus
 * -fno-tree-vectorize -fno-tree-slp-vectorize (gcc and clang both take
 * them) so that scalar values are not packed into vectors behind our
 * back, and -g0 (debug notes change no instruction and cost compile
 * time).  The assembly is read as gcc and clang print it in AT&T syntax;
 * clang's block comments ("# %bb.0:") are not labels. */
#include "probe/probes.h"
#include "probe/regs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/common.h"

enum {
    NMIN = PROBE_REGS_NMIN, NMAX = PROBE_REGS_NMAX,
    NTYPES = PROBE_REGS_NTYPES, MAX_ARGS = 64
};

/* The vector widths are written with the intrinsics the generated kernels
 * use (common/isa.h's types and prefixes): clang splits a generic 64-byte
 * vector into two ymm halves unless the flags prefer 512-bit vectors, but
 * never an __m512d intrinsic.  Here only the probe's word for each ISA
 * (in its functions' names and its notes). */
static const char *const tags[NTYPES] = {
    [MMC_ISA_NONE] = "scalar", [MMC_ISA_SSE2] = "sse2",
    [MMC_ISA_AVX2] = "avx2", [MMC_ISA_AVX512] = "avx512",
};

static void emit_regs_function(FILE *fp, int t, int n)
{
    const char *prefix = mmc_isas[t].vprefix;
    const char *ctype = mmc_isas[t].vtype;

    fprintf(fp, "void regs_%s_%d(%s *p, long iters)\n{\n", tags[t], n,
            ctype);
    for (int i = 0; i < n; i++)
        fprintf(fp, "    %s a%d = p[%d];\n", ctype, i, i);
    fprintf(fp, "    for (long it = 0; it < iters; it++) {\n");
    for (int i = 0; i < n; i++)
        if (prefix[0])
            fprintf(fp, "        a%d = %s_mul_pd(a%d, a%d);\n", i, prefix,
                    i, (i + 1) % n);
        else
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
    fprintf(fp, "#if %s\n#include <immintrin.h>\n#endif\n",
            mmc_isas[MMC_ISA_SSE2].guard);
    for (int t = NTYPES - 1; t > MMC_ISA_NONE; t--)
        fprintf(fp, "#%s %s\nconst int vec_bits = %d;\n",
                t == NTYPES - 1 ? "if" : "elif", mmc_isas[t].guard,
                64 * mmc_isas[t].vlen);
    fprintf(fp, "#else\nconst int vec_bits = 64;\n#endif\n"
            "void fma_probe(double *restrict c, const double *a,\n"
            "               const double *b, long n)\n{\n"
            "    for (long i = 0; i < n; i++)\n"
            "        c[i] += a[i] * b[i];\n}\n");
    for (int t = 0; t < NTYPES; t++) {
        fprintf(fp, "#if %s\n", mmc_isas[t].guard);
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

/* The one compiler call of compile(): its command and output file, and
 * its end (exit status, or -1 when it could not run or did not end). */
struct call {
    char *const *argv;
    const char *errlog;
    int status;
};

static int start_call(void *ctx, int i, struct mmc_proc *pr)
{
    enum { TIMEOUT_S = 120 };
    struct call *c = ctx;

    (void)i;
    return mmc_spawn(pr, c->argv, c->errlog, TIMEOUT_S) == 0 ? 0 : -1;
}

static int end_call(void *ctx, int i, int status, int timed_out)
{
    struct call *c = ctx;

    (void)i;
    c->status = !timed_out && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return 0;
}

/* KERNEL_CC KERNEL_CFLAGS -fno-tree-vectorize -fno-tree-slp-vectorize -g0
 * -S -o asm src, its output to errlog, run as the search runs its
 * compiles (common/compile.h: a process group that dies with mmprobe,
 * killed at a deadline).  Returns the exit status, or -1 if it could
 * not run or did not end. */
static int compile(const struct probe_ctx *ctx, const char *src,
                   const char *asm_path, const char *errlog)
{
    char *cc = strdup(ctx->kernel_cc), *flags = strdup(ctx->kernel_cflags);
    char *argv[MAX_ARGS];
    int argc = 0, one = 1;
    struct call c = { argv, errlog, -1 };
    struct mmc_compile_ops ops = { start_call, end_call, &c };

    if (cc && flags) {
        argc = split_words(cc, argv, argc, MAX_ARGS - 8);
        argc = split_words(flags, argv, argc, MAX_ARGS - 8);
        argv[argc++] = "-fno-tree-vectorize";
        argv[argc++] = "-fno-tree-slp-vectorize";
        argv[argc++] = "-g0";
        argv[argc++] = "-S";
        argv[argc++] = "-o";
        argv[argc++] = (char *)asm_path;
        argv[argc++] = (char *)src;
        argv[argc] = NULL;
        mmc_compile_run(&ops, &one, 1);
    }
    free(cc);
    free(flags);
    return c.status;
}

/* Which regs function a label starts, or -1. */
static int function_label(const char *label, int *n)
{
    char tag[16];

    if (sscanf(label, "regs_%15[a-z0-9]_%d:", tag, n) != 2)
        return -1;
    for (int t = 0; t < NTYPES; t++)
        if (strcmp(tag, tags[t]) == 0 && *n >= NMIN && *n <= NMAX)
            return t;
    return -1;
}

/* Register number of a vector register named at s ("%xmm12", "%zmm3"),
 * or -1.  xmmN, ymmN and zmmN are one register. */
static int vector_register(const char *s)
{
    int num;

    if (s[0] != '%' || !strchr("xyz", s[1]) || strncmp(s + 2, "mm", 2))
        return -1;
    return sscanf(s + 4, "%d", &num) == 1 && num >= 0 && num < 64 ? num
                                                                   : -1;
}

/* Whether s names a general-purpose register: %rax..%r15, %eax..%r15d
 * (and not %rip, which only appears inside a memory operand). */
static int gp_register(const char *s)
{
    return s[0] == '%' && (s[1] == 'r' || s[1] == 'e')
        && strncmp(s + 1, "rip", 3) != 0;
}

/* Vector registers an instruction names, as a bit mask. */
static unsigned long long vector_registers(const char *code)
{
    unsigned long long mask = 0;

    for (const char *s = strchr(code, '%'); s; s = strchr(s + 1, '%')) {
        int num = vector_register(s);
        if (num >= 0)
            mask |= 1ULL << num;
    }
    return mask;
}

/* The instruction part of a line: up to the comment ('#' in AT&T). */
static void strip_comment(const char *line, char *code, size_t len)
{
    size_t n = strcspn(line, "#\n");

    if (n >= len)
        n = len - 1;
    memcpy(code, line, n);
    code[n] = '\0';
}

/* A spill is a vector register stored to or loaded from the stack (also as
 * the memory operand of arithmetic: a folded reload), or moved to or from
 * a general-purpose register (gcc parks doubles there when it runs out of
 * vector ones and the target makes such moves cheap).  Clang also names
 * its spills and reloads in a comment; the rules above do not rely on it. */
int probe_asm_is_spill(const char *line)
{
    char code[512];
    const char *comment = strchr(line, '#');
    int gpr = 0;

    if (comment && (strstr(comment, "Spill") || strstr(comment, "Reload")))
        return 1;
    strip_comment(line, code, sizeof code);
    if (!vector_registers(code))
        return 0;
    if (strstr(code, "(%rsp") || strstr(code, "(%rbp"))
        return 1;
    for (const char *s = strchr(code, '%'); s; s = strchr(s + 1, '%'))
        gpr |= gp_register(s);
    return gpr && !strchr(code, '(');
}

/* A label at the start of a line, not a local one (.L...): a function or
 * an object.  Comment lines ("# %bb.0:" from clang) are not labels. */
static int global_label(const char *code)
{
    size_t n = strlen(code);

    while (n && strchr(" \t\r", code[n - 1]))
        n--;
    return n > 1 && code[n - 1] == ':' && !strchr(" \t.", code[0]);
}

struct asm_reader {
    struct probe_asm_facts *f;
    int t, n;                   /* the regs function being read, t -1 none */
    int in_fma, want_bits;
    unsigned long long used;    /* vector registers of the function */
};

/* Close the function being read: its distinct registers count. */
static void end_function(struct asm_reader *r)
{
    int used = __builtin_popcountll(r->used);

    if (r->t >= 0 && used > r->f->regs_used[r->t])
        r->f->regs_used[r->t] = used;
    r->t = -1;
    r->used = 0;
}

static void read_line(struct asm_reader *r, const char *line)
{
    char code[512];

    strip_comment(line, code, sizeof code);
    if (global_label(code)) {
        end_function(r);
        r->t = function_label(code, &r->n);
        if (r->t >= 0)
            r->f->seen[r->t][r->n] = 1;
        r->in_fma = strncmp(code, "fma_probe:", 10) == 0;
        r->want_bits = strncmp(code, "vec_bits:", 9) == 0;
        return;
    }
    if (r->want_bits && sscanf(code, " .long %d", &r->f->vec_bits) == 1)
        r->want_bits = 0;
    if (r->in_fma && (strstr(code, "vfmadd") || strstr(code, "vfmsub")
                      || strstr(code, "vfnmadd")))
        r->f->fma = 1;
    if (r->t < 0)
        return;
    r->used |= vector_registers(code);
    if (probe_asm_is_spill(line))
        r->f->spills[r->t][r->n] = 1;
}

int probe_asm_read(FILE *fp, struct probe_asm_facts *f)
{
    struct asm_reader r = { f, -1, 0, 0, 0, 0 };
    char line[512];

    memset(f, 0, sizeof *f);
    while (fgets(line, sizeof line, fp))
        read_line(&r, line);
    end_function(&r);
    return ferror(fp) ? -1 : 0;
}

int probe_asm_register_count(const struct probe_asm_facts *f, int t,
                             int *confirmed)
{
    int count = NMIN - 1, larger = 0, clean = 1;

    while (count < NMAX && !f->spills[t][count + 1])
        count++;
    for (int n = count + 1; n <= NMAX; n++)
        if (f->seen[t][n])
            larger = 1, clean &= f->spills[t][n];
    while (count > NMIN - 1 && !f->seen[t][count])
        count--;
    *confirmed = clean && larger && count == f->regs_used[t];
    return count < f->regs_used[t] ? count : f->regs_used[t];
}

static void record(struct probe_ctx *ctx, struct mmc_probeconf *pc,
                   const struct probe_asm_facts *f)
{
    ctx->vec_bits_max = f->vec_bits;
    probe_set(pc, MMC_P_FMA_COMPILER, f->fma, 1,
              "vfmadd in KERNEL_CC -S of c[i] += a[i]*b[i]");
    for (int t = 0; t < NTYPES; t++) {
        int clean = 1, count = 0;

        if (64 * mmc_isas[t].vlen <= f->vec_bits || t == MMC_ISA_NONE)
            count = probe_asm_register_count(f, t, &clean);
        probe_set(pc, mmc_isas[t].fp_regs_key, count, clean, count ?
                  "largest n live values compiled without a spill" :
                  "width not enabled by KERNEL_CFLAGS");
        if (!count) {
            probe_note(ctx, "registers %-6s: not enabled by the flags\n",
                       tags[t]);
            continue;
        }
        probe_note(ctx, "registers %-6s: spills for n=%d..%d: ",
                   tags[t], NMIN, NMAX);
        for (int n = NMIN; n <= NMAX; n++)
            probe_note(ctx, "%c", f->spills[t][n] ? 'S' : '.');
        probe_note(ctx, " -> %d (%d distinct registers named)\n", count,
                   f->regs_used[t]);
    }
}

static int read_asm(const char *path, struct probe_asm_facts *f)
{
    FILE *fp = fopen(path, "r");
    int rc;

    if (!fp)
        return -1;
    rc = probe_asm_read(fp, f);
    return fclose(fp) == 0 ? rc : -1;
}

/* The compiler's first line of errors, for the log (its file goes with
 * the directory). */
static void first_line(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "re");

    buf[0] = '\0';
    if (fp && fgets(buf, (int)len, fp))
        buf[strcspn(buf, "\n")] = '\0';
    if (fp)
        fclose(fp);
}

int probe_regs(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    const char *tmp = getenv("TMPDIR");
    char dir[512], src[600], out[600], errlog[600], first[300];
    struct probe_asm_facts *f = malloc(sizeof *f);
    int rc = -1, status;

    /* $TMPDIR as every other tool here (mmsearch's --work-dir default) */
    snprintf(dir, sizeof dir, "%.480s/mmprobe.XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
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
        first_line(errlog, first, sizeof first);
        fprintf(ctx->log, "mmprobe: %s %s -S failed (status %d): %s\n",
                ctx->kernel_cc, ctx->kernel_cflags, status,
                first[0] ? first : "(no message)");
    }
    unlink(src), unlink(out), unlink(errlog);
    rmdir(dir);
out:
    free(f);
    return rc;
}
