/* mmgen: one parameter set in, one C file with a mini-MMM kernel out. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen.h"
#include "common/common.h"

enum { OPT_PARAMS = 256, OPT_OUTPUT, OPT_HELP, OPT_ISA, OPT_TYPE, OPT_BETA,
       OPT_NAME, OPT_BT, OPT_FIT_FETCH, OPT_SMALL_PATH, OPT_INT };

static void usage(void)
{
    char simd[64] = "";
    size_t used = 0;

    /* The ISAs past none are the SIMD emitter's. */
    for (int i = MMC_ISA_NONE + 1; i < MMC_NISA && used < sizeof simd; i++)
        used += (size_t)snprintf(simd + used, sizeof simd - used, "%s%s",
                                 used ? ", " : "", mmc_isas[i].name);
    printf("Usage: %s [--params=FILE] [OPTION=VALUE]... [--output=FILE]\n"
           "Write a C file holding one mini-MMM kernel, C = A*B + beta*C "
           "on NB x NB\nblocks (paper 002 Sec. II), in the layout of "
           "codegen/KERNEL_ABI.md.\n\n"
           "  --params=FILE   read KEY = value lines (keys as below, upper "
           "case), or the\n"
           "                  params.conf mmsearch writes; options on the "
           "command line\n"
           "                  override them\n"
           "  --output=FILE   write there (atomically) instead of stdout\n"
           "  --isa=WORD      %s (scalar emitter), %s (SIMD emitter)\n"
           "  --type=WORD     element type: d double (default), s float "
           "(single)\n"
           "  --beta=WORD     variants to emit: 0, 1, X, a comma list of "
           "them, or all\n"
           "                  (default all)\n"
           "  --name=ID       kernel base name (default: encodes the "
           "parameters)\n"
           "  --bt=N          1: B stored transposed, B(p,j) = b[j + p*ldb] "
           "(layout 4;\n"
           "                  COPY=0 only), 0: column major (default)\n"
           "  --fit-fetch     lower IF and NF to the loads of one k step "
           "where they\n"
           "                  exceed them (a tile cut from another's), "
           "else an error\n"
           "  --small-path    the library's small-path kernel of the full "
           "kernel given:\n"
           "                  COPY=0 FF=0 PFB=0 PFA=0 KU=1, M=N=K at run "
           "time, MU at most\n"
           "                  two vectors; options after it override it, "
           "and IF and NF\n"
           "                  are fitted (--fit-fetch)\n",
           mmc_progname(), mmc_isas[MMC_ISA_NONE].name, simd);
    for (size_t i = 0; i < mmg_n_int_params; i++) {
        const struct mmg_int_param *d = &mmg_int_params[i];
        printf("  --%s=N%*s%s (%d..%d)\n", d->option,
               (int)(13 - strlen(d->option)), "", d->help, d->min, d->max);
    }
    printf("\nDefaults: NB=40 MU=4 NU=2 KU=4 LS=1 FMA=1 FF=1 IF=2 NF=2 "
           "COPY=1, M=N=K=NB.\n"
           "Rules: M, N, K <= NB (NCNB when COPY=0); KU <= NB, lowered to %d "
           "where K is at\nrun time (K=0: a longer loop body made the "
           "compiler spill); MU a multiple of\nthe vector length; IF in "
           "2..L and NF in 1..L, L = MU/V + NU loads per k step;\nBT=1 "
           "only with COPY=0.  A "
           "register tile larger than NR is generated but\nreported (it "
           "will spill).\n"
           "Exit status: 0 written, 1 could not write, 2 bad parameters.\n",
           MMG_RUNTIME_KU_MAX);
}

static struct option *build_options(void)
{
    static const struct option fixed[] = {
        { "params", required_argument, NULL, OPT_PARAMS },
        { "output", required_argument, NULL, OPT_OUTPUT },
        { "help", no_argument, NULL, OPT_HELP },
        { "isa", required_argument, NULL, OPT_ISA },
        { "type", required_argument, NULL, OPT_TYPE },
        { "beta", required_argument, NULL, OPT_BETA },
        { "name", required_argument, NULL, OPT_NAME },
        { "bt", required_argument, NULL, OPT_BT },
        { "fit-fetch", no_argument, NULL, OPT_FIT_FETCH },
        { "small-path", no_argument, NULL, OPT_SMALL_PATH },
    };
    return mmg_long_options(fixed, sizeof fixed / sizeof fixed[0], OPT_INT);
}

static void set_or_die(struct mmg_params *p, const char *key,
                       const char *text)
{
    char err[256];
    if (mmg_params_set(p, key, text, err, sizeof err) != 0)
        mmc_usage_error("%s", err);
}

/* Options are applied after --params, in their order (--small-path cuts
 * the kernel the file and the options before it give, and the options
 * after it override the cut); --fit-fetch after all of them, as
 * --small-path's own. */
static void apply_options(int argc, char **argv, const struct option *o,
                          struct mmg_params *p)
{
    int c, fit = 0;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", o, NULL)) != -1) {
        if (c == OPT_ISA)
            set_or_die(p, "ISA", optarg);
        else if (c == OPT_TYPE)
            set_or_die(p, "TYPE", optarg);
        else if (c == OPT_BETA)
            set_or_die(p, "BETA", optarg);
        else if (c == OPT_NAME)
            set_or_die(p, "NAME", optarg);
        else if (c == OPT_BT)
            set_or_die(p, "BT", optarg);
        else if (c == OPT_FIT_FETCH)
            fit = 1;
        else if (c == OPT_SMALL_PATH)
            mmg_small_path(p), fit = 1;
        else if (c >= OPT_INT)
            set_or_die(p, mmg_int_params[c - OPT_INT].key, optarg);
    }
    if (fit)
        mmg_fit_fetch(p);
    mmg_runtime_unroll(p);
}

static void scan_options(int argc, char **argv, const struct option *o,
                         const char **params, const char **output)
{
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", o, NULL)) != -1) {
        if (c == OPT_HELP) {
            usage();
            exit(MMC_EXIT_OK);
        } else if (c == OPT_PARAMS) {
            *params = optarg;
        } else if (c == OPT_OUTPUT) {
            *output = optarg;
        } else if (c == '?' && optopt && optopt < OPT_PARAMS) {
            mmc_usage_error("unknown option '-%c'", optopt);
        } else if (c == '?') {
            mmc_usage_error("unknown option or missing value: '%s'",
                            argv[optind - 1]);
        }
    }
    if (optind < argc)
        mmc_usage_error("unexpected argument '%s'", argv[optind]);
}

static int write_kernel(FILE *fp, const struct mmg_params *p,
                        const char *command)
{
    return mmg_emit_prologue(fp, command) || mmg_emit_kernel(fp, p, command)
        ? -1 : 0;
}

int main(int argc, char **argv)
{
    struct option *o = build_options();
    const char *params = NULL, *output = NULL;
    struct mmg_params p;
    char err[512], command[1200];
    size_t used;

    mmc_set_progname(argv[0]);
    scan_options(argc, argv, o, &params, &output);
    mmg_params_default(&p);
    if (params && mmg_params_read(&p, params, err, sizeof err) != 0)
        mmc_usage_error("%s", err);
    apply_options(argc, argv, o, &p);
    if (mmg_params_check(&p, err, sizeof err) != 0)
        mmc_usage_error("%s", err);
    if (mmg_regs_needed(&p) > mmg_regs_available(&p))
        mmc_warn("MU=%d NU=%d needs %d registers, NR=%d: the kernel is "
                 "generated but will spill", p.mu, p.nu, mmg_regs_needed(&p),
                 mmg_regs_available(&p));
    snprintf(command, sizeof command, "mmgen ");
    used = strlen(command);
    mmg_params_options(&p, command + used, sizeof command - used);
    if (output) {
        struct mmc_atomic_file af;
        FILE *fp;

        used = strlen(command);
        /* quoted when the shell would split or expand it */
        snprintf(command + used, sizeof command - used,
                 strspn(output, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
                        "opqrstuvwxyz0123456789._/+-") == strlen(output)
                 ? " --output=%s" : " --output='%s'", output);
        fp = mmc_atomic_open(&af, output);
        if (!fp) {
            mmc_error("%s: cannot write: %m", output);
            return MMC_EXIT_FAIL;
        }
        if (write_kernel(fp, &p, command) != 0) {
            mmc_atomic_discard(&af);
            mmc_error("%s: write failed", output);
            return MMC_EXIT_FAIL;
        }
        if (mmc_atomic_commit(&af) != 0) {
            mmc_error("%s: cannot write: %m", output);
            return MMC_EXIT_FAIL;
        }
        return MMC_EXIT_OK;
    }
    if (write_kernel(stdout, &p, command) != 0 || fflush(stdout) != 0) {
        mmc_error("writing to stdout failed");
        return MMC_EXIT_FAIL;
    }
    return MMC_EXIT_OK;
}
