/* gengrid: write the kernels of the test grid into two C files, PREFIX-s.c
 * (scalar kernels, the single precision ones and the descriptor tables
 * check_kernels.c reads) and PREFIX-v.c (double SIMD kernels): two
 * compiler runs that can go in parallel instead of one per kernel.
 * Usage: gengrid PREFIX [ISA...] -- the SIMD ISAs the compiler accepts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen.h"

/* Parameter sets as "key=value ..." over the defaults of each group. */
static const char *const scalar_grid[] = {
    /* NB=7 is a multiple of neither MU=3 nor NU=2; KU=3 does not divide */
    "ku=3", "ku=3 ff=0", "ku=1", "ku=7", "ku=7 fma=0 ls=3",
    /* every Ls, with FF and the load schedule varied alongside */
    "fma=0 ls=1 ku=3 ff=0", "fma=0 ls=2 if=5 nf=1", "fma=0 ls=3 if=3 nf=2",
    "fma=0 ls=4 if=2 nf=5 ff=0", "fma=0 ls=5 ku=2", "fma=0 ls=6 ku=7",
    /* the rest of LS's range (1..16): skew beyond a step's 6 updates */
    "fma=0 ls=7 ku=1", "fma=0 ls=8 ku=2 ff=0", "fma=0 ls=9 ku=3 k=0",
    "fma=0 ls=10 ku=2 if=5 nf=5", "fma=0 ls=11 ku=7", "fma=0 ls=12 ku=2",
    "fma=0 ls=13 ku=3 m=0", "fma=0 ls=14 ku=4 ff=0", "fma=0 ls=15 ku=5",
    "fma=0 ls=16 ku=3 n=0 copy=0",
    "mu=1 nu=1 ku=2", "mu=4 nu=4 ku=4 nb=9", "mu=2 nu=5 ku=5 fma=0 ls=2",
    /* general cleanup (run-time sizes) in M, N, K and all three */
    "m=0", "n=0", "k=0", "k=0 ku=2 fma=0 ls=2", "m=0 n=0 k=0 ku=2",
    "m=0 n=0 k=0 fma=0 ls=3 ff=0",
    /* fixed fractional sizes, and the specialised K cleanup (K unrolled) */
    "m=5", "n=3 m=2", "k=1 ku=1", "k=2 ku=2", "k=3 ku=3", "k=4 ku=4",
    "k=5 ku=5", "k=6 ku=6 fma=0 ls=2",
    /* non-copy, leading dimensions at run time */
    "copy=0 ncnb=6", "copy=0 m=0 n=0 k=0 fma=0 ls=2 ku=3",
    /* non-copy with B stored transposed (layout 4): fixed and run-time
     * sizes, tiles that divide neither NCNB nor the sizes swept */
    "copy=0 bt=1 ncnb=6", "copy=0 bt=1 m=0 n=0 k=0 fma=0 ls=2 ku=3",
    "copy=0 bt=1 m=0 n=0 k=0 mu=2 nu=5 ku=2 ff=0", "copy=0 bt=1 n=5 k=0",
    /* the next tile's C prefetched (PF=1): fixed and run-time sizes */
    "pf=1 ku=3", "pf=1 m=0 n=0 k=0 ku=2 ff=0", "pf=1 copy=0 m=0 n=0 k=0",
    /* the A rows below prefetched (PFA=1): fixed and run-time sizes, KU
     * steps a trip and the one-step remainder, B stored transposed */
    "pfa=1 copy=0 ncnb=6 ku=4", "pfa=1 copy=0 m=0 n=0 k=0 ku=3 ff=0",
    "pfa=1 pf=1 copy=0 bt=1 m=0 n=0 k=0 ku=2",
    NULL
};

static const char *const simd_grid[] = {
    "ku=4", "ku=3 ff=0", "ku=1", "ku=10", "nu=1 ku=2",
    "fma=0 ls=1 ku=3 beta=X", "fma=0 ls=2 ff=0 beta=X",
    "fma=0 ls=3 if=3 beta=X", "fma=0 ls=4 nf=3 beta=X",
    "fma=0 ls=5 beta=X ku=10", "fma=0 ls=6 beta=X ku=1",
    "m=0", "n=0 ff=0", "k=0", "m=0 n=0 k=0 ku=3", "k=3 ku=3", "k=7 ku=4",
    /* fixed fractional M and N, as a K cleanup kernel sees them */
    "m=5 n=7 k=1 ku=1", "m=3 n=2 k=9 ku=4 fma=0 ls=8 beta=X",
    "copy=0 ncnb=9", "copy=0 m=0 n=0 k=0 fma=0 ls=3 ku=2",
    "copy=0 bt=1 ncnb=9", "copy=0 bt=1 m=0 n=0 k=0 fma=0 ls=3 ku=2",
    "copy=0 bt=1 m=0 n=0 k=0 nu=4 ku=3 ff=0",
    "copy=0 bt=1 m=0 n=0 k=0 mu=16 nu=2 ku=4 ncnb=19",
    /* the shapes the bench runs at full speed */
    "nb=24 mu=8 nu=6 ku=1", "nb=26 mu=8 nu=6 ku=4 fma=0 ls=4 beta=X",
    "pf=1 ku=1", "pf=1 m=0 n=0 k=0 ku=3", "pf=1 m=5 n=7 k=1 ku=1",
    "pf=1 copy=0 bt=1 m=0 n=0 k=0 nu=4 ku=3 ff=0",
    "pfa=1 copy=0 ncnb=9 ku=4", "pfa=1 copy=0 m=0 n=0 k=0 ku=3 ff=0",
    "pfa=1 copy=0 bt=1 m=0 n=0 k=0 mu=16 nu=2 ku=4 ncnb=19",
    /* B's next panel prefetched (PFB=1): fixed and run-time sizes, KU
     * steps a trip and a remainder, a narrow tile */
    "pfb=1 ku=3", "pfb=1 pf=1 m=0 n=0 k=0 ku=2 ff=0", "pfb=1 nu=3 k=7 ku=4",
    /* rows left in whole vectors below MU: tiles of their own (panel
     * layout, the last panel as tall as its tile; and the caller's A) */
    "nb=19 mu=16 nu=2 m=0 n=0 k=0 ku=2",
    "copy=0 mu=16 nu=2 m=0 n=0 k=0 ku=1 ncnb=19",
    /* the columns left run with the last full panel as one wider tile
     * (mmg_n_merge: r = 1..5 of NU = 6 on avx512, one vector of rows;
     * none on avx2, whose registers hold no wider tile) and the rows
     * left with the last full tile (mmg_m_merge: every panel on avx512,
     * those of up to 4 columns on avx2), M and N swept past; the
     * library's own 16 x 8 is checked by tests/kernels */
    "copy=0 m=0 n=0 k=0 nu=6 ku=1 ncnb=14",
    NULL
};

/* Single precision (TYPE=s), over each ISA's single base below: the
 * packed edge and whole-vector rows of the panel layout, run-time and
 * fixed fractional sizes, FMA=0, and the non-copy layouts. */
static const char *const single_grid[] = {
    "ku=4", "ku=3 ff=0 fma=0 ls=2 beta=X", "m=0 n=0 k=0 ku=3",
    "m=5 n=7 k=1 ku=1", "copy=0 m=0 n=0 k=0 ku=2",
    "copy=0 bt=1 m=0 n=0 k=0 nu=4 ku=3 ff=0",
    /* float's prefetch helpers: the next tile's C (PF=1) on a copy
     * kernel, and with the A rows below (PFA=1) on non-copy ones, fixed
     * and run-time sizes, the masked rows, B stored transposed */
    "pf=1 ku=3", "pfa=1 copy=0 ku=4", "pfa=1 pf=1 copy=0 m=0 n=0 k=0 ku=3",
    "pfa=1 copy=0 bt=1 m=0 n=0 k=0 nu=4 ku=2 ff=0",
    NULL
};

/* And the SIMD ISAs' (PFB is refused with ISA=none): B's next packed
 * panel (PFB=1), fixed and run-time sizes, with PF=1, a narrow tile;
 * the non-copy rows past the last MU in masked tiles (avx512 and avx2:
 * __mmask16 and 32-bit lanes) -- MU=32 makes two of them on avx512, m
 * swept 1..37.  Not scalar: there MU=32 is 32 rows of tiles of their
 * own, 1.3 MB of C, 8 s of the scalar file's 34 s of compile (gcc, Zen
 * 4), which the scalar non-copy sets above already cover. */
static const char *const single_simd_grid[] = {
    "pfb=1 ku=3", "pfb=1 pf=1 m=0 n=0 k=0 ku=2 ff=0", "pfb=1 nu=3 k=7 ku=4",
    "copy=0 mu=32 nu=3 m=0 n=3 k=5 ncnb=37 ku=2",
    NULL
};

/* Deliberately wrong kernels: the check must reject each. */
static const char *const bad_grid[] = {
    "perturb=1 ku=3", "perturb=1 copy=0 bt=1 m=0 n=0 k=0", NULL
};

static void apply(struct mmg_params *p, const char *spec)
{
    char buf[256], err[256];
    strncpy(buf, spec, sizeof buf - 1);
    buf[sizeof buf - 1] = '\0';
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            exit(2);
        *eq = '\0';
        if (mmg_params_set(p, tok, eq + 1, err, sizeof err) != 0) {
            fprintf(stderr, "gengrid: %s: %s\n", spec, err);
            exit(2);
        }
    }
}

/* Declarations of every descriptor, for the tables in PREFIX-s.c. */
static char decls[1 << 16];

static int emit_set(FILE *fp, const char *isa, const char *base,
                    const char *spec, char *table, size_t len)
{
    struct mmg_params p;
    char err[256], name[128];

    mmg_params_default(&p);
    apply(&p, "isa=none");
    if (isa)
        apply(&p, isa);
    apply(&p, base);
    apply(&p, spec);
    if (mmg_params_check(&p, err, sizeof err) != 0) {
        fprintf(stderr, "gengrid: %s: %s\n", spec, err);
        return -1;
    }
    mmg_kernel_name(&p, name, sizeof name);
    snprintf(table + strlen(table), len - strlen(table), "    &%s_desc,\n",
             name);
    snprintf(decls + strlen(decls), sizeof decls - strlen(decls),
             "extern const struct mmt_kernel_desc %s_desc;\n", name);
    return mmg_emit_kernel(fp, &p, spec);
}

static int emit_group(FILE *fp, const char *isa, const char *base,
                      const char *const *specs, char *table, size_t len)
{
    for (; *specs; specs++)
        if (emit_set(fp, isa, base, *specs, table, len) != 0)
            return -1;
    return 0;
}

/* The parameters every kernel of an ISA's group starts from, double
 * and single: MU a multiple of the vector length (in the type's
 * elements), NB a multiple of neither MU nor NU. */
static const char *base(const char *isa, int single)
{
    static const struct { const char *isa, *d, *s; } bases[] = {
        { "none", "nb=7 mu=3 nu=2", "type=s nb=7 mu=3 nu=2" },
        { "sse2", "nb=10 mu=4 nu=3", "type=s nb=10 mu=8 nu=3" },
        { "avx2", "nb=10 mu=8 nu=3", "type=s nb=19 mu=16 nu=3" },
        { "avx512", "nb=10 mu=8 nu=2", "type=s nb=19 mu=16 nu=2" },
    };
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++)
        if (!strcmp(isa, bases[i].isa))
            return single ? bases[i].s : bases[i].d;
    fprintf(stderr, "gengrid: no base for ISA %s\n", isa);
    exit(2);
}

static FILE *open_part(const char *prefix, const char *part)
{
    char path[4096];
    FILE *fp;

    snprintf(path, sizeof path, "%s-%s.c", prefix, part);
    fp = fopen(path, "w");
    if (!fp || mmg_emit_prologue(fp, "tests/codegen/gengrid") != 0) {
        fprintf(stderr, "gengrid: cannot write %s\n", path);
        exit(1);
    }
    return fp;
}

int main(int argc, char **argv)
{
    static char good[1 << 16], bad[1 << 12];
    char isa[32];
    FILE *fs, *fv;
    int rc;

    if (argc < 2) {
        fprintf(stderr, "usage: gengrid PREFIX [ISA...]\n");
        return 2;
    }
    fs = open_part(argv[1], "s");
    fv = open_part(argv[1], "v");
    rc = emit_group(fs, NULL, base("none", 0), scalar_grid, good,
                    sizeof good);
    rc |= emit_group(fs, NULL, base("none", 1), single_grid, good,
                     sizeof good);
    for (int i = 2; i < argc; i++) {
        snprintf(isa, sizeof isa, "isa=%s", argv[i]);
        rc |= emit_group(fv, isa, base(argv[i], 0), simd_grid, good,
                         sizeof good);
        /* in the scalar file: the two compiles take about as long */
        rc |= emit_group(fs, isa, base(argv[i], 1), single_grid, good,
                         sizeof good);
        rc |= emit_group(fs, isa, base(argv[i], 1), single_simd_grid, good,
                         sizeof good);
    }
    for (int single = 0; single < 2; single++) {
        rc |= emit_group(fs, NULL, base("none", single), bad_grid, bad,
                         sizeof bad);
        if (argc > 2) {
            snprintf(isa, sizeof isa, "isa=%s", argv[2]);
            rc |= emit_group(fv, isa, base(argv[2], single), bad_grid, bad,
                             sizeof bad);
        }
    }
    fprintf(fs, "%s\nconst struct mmt_kernel_desc *const grid_good[] = {"
            "\n%s    0\n};\n", decls, good);
    fprintf(fs, "const struct mmt_kernel_desc *const grid_bad[] = {\n%s"
            "    0\n};\n", bad);
    if (fclose(fs) != 0 || fclose(fv) != 0 || rc != 0) {
        fprintf(stderr, "gengrid: writing %s-*.c failed\n", argv[1]);
        return 1;
    }
    return 0;
}
