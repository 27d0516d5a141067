/* edge_stack KERNEL: run the beta-1 variant of edge_KERNEL (d or s, a
 * kernel whose every call is its packed edge: tests/codegen/edge_stack.sh)
 * against the oracle on a thread whose stack is 64 KiB -- a small stack,
 * as a thread of an application's pool may have.  The packed edge of an
 * ISA without masked tiles works through K in slices, its panels at most
 * 32 KiB; K deep (192 KiB here), it overflowed the stack.  Exit 0 when
 * the oracle passes it, 1 when not, 77 when this CPU cannot run it.
 * Compiled with the kernel compiler, the kernels and the oracle. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "mmkernel.h"
#include "cpurun.h"
#include "oracle.h"

extern const struct mmt_kernel_desc edge_d_desc, edge_s_desc;

static struct mmg_oracle_run run;

static void *check(void *arg)
{
    unsigned long long seed = 33;

    mmg_oracle_check(arg, MMG_ORACLE_B1, &seed, &run);
    return NULL;
}

int main(int argc, char **argv)
{
    const struct mmt_kernel_desc *d =
        argc > 1 && !strcmp(argv[1], "s") ? &edge_s_desc : &edge_d_desc;
    pthread_attr_t attr;
    pthread_t t;

    if (!mmg_cpu_runs(d->requires)) {
        printf("this CPU lacks %s\n", d->requires);
        return 77;
    }
    if (pthread_attr_init(&attr) != 0
        || pthread_attr_setstacksize(&attr, 64 << 10) != 0
        || pthread_create(&t, &attr, check, (void *)d) != 0
        || pthread_join(t, NULL) != 0) {
        printf("cannot run a thread with a 64 KiB stack\n");
        return 1;
    }
    printf("%s: %d calls, %d elements outside the bound\n", d->name,
           run.calls, run.fails);
    return run.calls == 1 && run.fails == 0 && !run.oom ? 0 : 1;
}
