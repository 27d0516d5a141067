/* The register probe's reading of assembly (probe/regs.h), on what gcc 12
 * and clang 14 really emitted for the probe source (tests/probe/asm/, one
 * AVX-512 Zen 5 and one AVX2-only Zen 3 compile each; the header of each
 * file names the command).  Both spill the same way in different forms:
 * gcc parks doubles in general-purpose registers (vmovq) and on the
 * stack, clang stores vectors to the stack and reloads them into the
 * arithmetic, and separates its blocks with "# %bb.N:" comments, which
 * once ended every function early and hid all of clang's spills.  The
 * rules must hold without clang's "Spill" comments too, so every file is
 * read twice: as recorded, and with the comments cut off. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe/probes.h"
#include "probe/regs.h"

enum { SCALAR, SSE2, AVX2, AVX512 };

static void spill_lines(void **state)
{
    static const char *const spills[] = {
        "\tvmovsd\t%xmm1, -8(%rsp)\n",                  /* clang, gcc */
        "\tvmovupd\t-128(%rsp), %zmm31\n",
        "\tvmulsd\t-24(%rsp), %xmm2, %xmm2\n",          /* folded reload */
        "\tvmulpd\t64(%rsp,%rax), %zmm1, %zmm1\n",
        "\tvmovups\t%zmm1, 64(%rbp)\n",                 /* frame pointer */
        "\tvmovq\t%xmm0, %rax\n",                       /* gcc parks */
        "\tvmovq\t%r11, %xmm3\n",
        "\tvmovd\t%xmm0, %eax\n",
        "\tmovq\t%xmm7, %r9\n",                         /* SSE2 only */
        "\tvmovups\t%ymm0, 1152(%rsp)   # 32-byte Spill\n",
        "\tvmulpd\t(%rdi), %zmm1, %zmm1  # 64-byte Folded Reload\n",
        NULL
    };
    static const char *const clean[] = {
        "\tvmovsd\t8(%rdi), %xmm1                  # xmm1 = mem[0],zero\n",
        "\tvfmadd213sd\t(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * "
        "xmm1) + mem\n",
        "\tvmulpd\t%zmm1, %zmm0, %zmm0\n",
        "\tvmovapd\t%zmm2, 128(%rdi)\n",
        "\tvmovsd\t.LC0(%rip), %xmm0\n",
        "\tsubq\t$136, %rsp\n",
        "\tpushq\t%rbx\n",
        "\tmovq\t%rbx, 8(%rsp)\n",                      /* no FP value */
        "# %bb.0:\n",
        "\t.cfi_def_cfa_offset 1552\n",
        NULL
    };

    (void)state;
    for (const char *const *l = spills; *l; l++)
        if (!probe_asm_is_spill(*l))
            fail_msg("not seen as a spill: %s", *l);
    for (const char *const *l = clean; *l; l++)
        if (probe_asm_is_spill(*l))
            fail_msg("taken for a spill: %s", *l);
}

/* The recorded file name, with its comments cut off when bare. */
static FILE *open_asm(const char *name, int bare)
{
    const char *top = getenv("top_srcdir");
    char path[4096], line[512];
    FILE *in, *out;

    snprintf(path, sizeof path, "%s/tests/probe/asm/%s", top ? top : ".",
             name);
    in = fopen(path, "r");
    if (!in)
        fail_msg("cannot open %s", path);
    if (!bare)
        return in;
    out = tmpfile();
    assert_non_null(out);
    while (fgets(line, sizeof line, in)) {
        char *hash = strchr(line, '#');
        if (hash)
            strcpy(hash, "\n");
        fputs(line, out);
    }
    fclose(in);
    rewind(out);
    return out;
}

struct expect {
    const char *file;
    int vec_bits;
    int regs[4];              /* per width; 0: none of its functions */
};

static void expect_file(const struct expect *e, int bare)
{
    struct probe_asm_facts f;
    FILE *fp = open_asm(e->file, bare);

    assert_int_equal(probe_asm_read(fp, &f), 0);
    fclose(fp);
    assert_int_equal(f.vec_bits, e->vec_bits);
    assert_int_equal(f.fma, 1);
    for (int t = 0; t < PROBE_REGS_NTYPES; t++) {
        int confirmed, n = e->regs[t];

        assert_int_equal(probe_asm_register_count(&f, t, &confirmed), n);
        assert_int_equal(confirmed, n > 0);
        if (!n)
            continue;
        /* the pair recorded: n live values fit, n + 1 spill */
        assert_true(f.seen[t][n] && !f.spills[t][n]);
        assert_true(f.seen[t][n + 1] && f.spills[t][n + 1]);
        assert_int_equal(f.regs_used[t], n);
    }
}

static const struct expect recorded[] = {
    { "gcc12-zen5.s", 512, { 32, 0, 0, 32 } },
    { "clang14-zen5.s", 512, { 32, 0, 0, 32 } },
    { "gcc12-znver3.s", 256, { 16, 0, 16, 0 } },
    { "clang14-znver3.s", 256, { 16, 0, 16, 0 } },
};

static void recorded_asm(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof recorded / sizeof *recorded; i++) {
        expect_file(&recorded[i], 0);
        expect_file(&recorded[i], 1);
    }
}

static void read_text(const char *text, struct probe_asm_facts *f)
{
    FILE *fp = tmpfile();

    assert_non_null(fp);
    fputs(text, fp);
    rewind(fp);
    assert_int_equal(probe_asm_read(fp, f), 0);
    fclose(fp);
}

/* No larger n seen: the edge is not shown, the count not confirmed. */
static void no_edge_unconfirmed(void **state)
{
    struct probe_asm_facts f;
    int confirmed;

    (void)state;
    read_text("regs_scalar_3:\n\tvmulsd\t%xmm1, %xmm0, %xmm0\n"
              "\tvmulsd\t%xmm2, %xmm1, %xmm1\n"
              "\tvmulsd\t%xmm0, %xmm2, %xmm2\n\tret\n", &f);
    assert_int_equal(probe_asm_register_count(&f, SCALAR, &confirmed), 3);
    assert_int_equal(confirmed, 0);
    assert_int_equal(probe_asm_register_count(&f, AVX2, &confirmed), 0);
    assert_int_equal(confirmed, 0);
}

/* A spill in a form the rules miss (here a global scratch slot) leaves
 * more live values than registers named: the count is capped by the
 * registers and not confirmed. */
static void missed_spill_capped(void **state)
{
    struct probe_asm_facts f;
    int confirmed;

    (void)state;
    read_text("regs_avx512_2:\n\tvmulpd\t%zmm1, %zmm0, %zmm0\n\tret\n"
              "regs_avx512_3:\n\tvmovapd\t%zmm2, slot(%rip)\n"
              "\tvmulpd\t%zmm1, %zmm0, %zmm0\n\tret\n"
              "regs_avx512_4:\n\tvmulpd\t-8(%rsp), %zmm0, %zmm0\n", &f);
    assert_int_equal(probe_asm_register_count(&f, AVX512, &confirmed), 3);
    assert_int_equal(f.regs_used[AVX512], 3);
    assert_int_equal(confirmed, 1);
    read_text("regs_avx512_2:\n\tvmulpd\t%zmm1, %zmm0, %zmm0\n\tret\n"
              "regs_avx512_3:\n\tvmovapd\t%zmm1, slot(%rip)\n"
              "\tvmulpd\t%zmm1, %zmm0, %zmm0\n\tret\n"
              "regs_avx512_4:\n\tvmulpd\t-8(%rsp), %zmm0, %zmm0\n", &f);
    assert_int_equal(probe_asm_register_count(&f, AVX512, &confirmed), 2);
    assert_int_equal(confirmed, 0);
}

/* Labels: clang's block comments and local labels do not end a function;
 * the next function's label does, and fma_probe's FMA is found after its
 * first block comment. */
static void labels(void **state)
{
    struct probe_asm_facts f;

    (void)state;
    read_text("fma_probe:                # @fma_probe\n# %bb.0:\n"
              ".LBB0_7:\n\tvfmadd213sd\t(%rdi,%rax,8), %xmm0, %xmm1\n"
              "regs_sse2_5:\n# %bb.0:\n.L3:\n"
              "\tmovapd\t%xmm0, -24(%rsp)\n"
              "vec_bits:\n\t.long\t128                # 0x80\n", &f);
    assert_int_equal(f.fma, 1);
    assert_int_equal(f.vec_bits, 128);
    assert_true(f.seen[SSE2][5] && f.spills[SSE2][5]);
    assert_int_equal(f.regs_used[SSE2], 1);
}

/* Issue 33: the probe compiles in $TMPDIR, and a failed compile leaves
 * nothing there (its directory was kept, in /tmp whatever $TMPDIR said);
 * the log has the compiler's first message instead of its file's name.
 * The compiler here says where it was asked to write, and fails. */
static void failed_compile(void **state)
{
    char tmp[] = "test_regs.tmp.XXXXXX", cc[] = "./test_regs.cc.XXXXXX";
    char log[4096] = "";
    struct probe_ctx ctx = { .kernel_cflags = "-O2" };
    struct mmc_probeconf pc;
    FILE *fp;
    int fd;

    (void)state;
    assert_non_null(mkdtemp(tmp));
    assert_true((fd = mkstemp(cc)) >= 0);
    dprintf(fd, "#!/bin/sh\ncase \"$*\" in *\"$TMPDIR/mmprobe.\"*) "
            "echo 'cc: no such flag in TMPDIR' >&2;; *) echo 'cc: no such "
            "flag elsewhere' >&2;; esac\nexit 1\n");
    close(fd);
    assert_int_equal(chmod(cc, 0755), 0);
    setenv("TMPDIR", tmp, 1);
    ctx.kernel_cc = cc;
    ctx.log = fp = fmemopen(log, sizeof log, "w");
    memset(&pc, 0, sizeof pc);
    assert_int_equal(probe_regs(&ctx, &pc), -1);
    fclose(fp);
    unsetenv("TMPDIR");
    unlink(cc);
    if (!strstr(log, "-S failed (status 1): cc: no such flag in TMPDIR"))
        fail_msg("the log says: %s", log);
    assert_int_equal(rmdir(tmp), 0);     /* nothing left in it */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spill_lines),
        cmocka_unit_test(recorded_asm),
        cmocka_unit_test(no_edge_unconfirmed),
        cmocka_unit_test(missed_spill_capped),
        cmocka_unit_test(labels),
        cmocka_unit_test(failed_compile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
