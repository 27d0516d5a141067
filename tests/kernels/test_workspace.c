/* test_workspace: the thread's workspace (kernels/workspace.c) -- a small
 * one 64-byte aligned and reused for smaller requests; one of 2 MiB or
 * more on a 2 MiB boundary, writable to its end, and NOT advised to
 * transparent huge pages: its mapping has no "hg" flag in
 * /proc/self/smaps (the advice made single calls at N = 2000 swing
 * between 50 and 99 GFLOPS on the Zen 5 guest; workspace.c says more).
 * That check is skipped where no /proc/self/smaps is there to read.
 * The side workspace (complex.c's): aligned, the same for every request
 * up to MML_SIDE_ELEMS, apart from the first, and none past it.  TAP. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernels/driver.h"

#define HUGE_BYTES ((size_t)2 << 20)
#define SMAPS "/proc/self/smaps"

static int tapno;

static void ok(int pass, const char *what)
{
    printf("%sok %d - %s\n", pass ? "" : "not ", ++tapno, what);
}

/* The VmFlags of the mapping holding p, into flags; 0 when found. */
static int vm_flags(const void *p, char *flags, size_t size)
{
    FILE *f = fopen(SMAPS, "r");
    char line[512];
    int inside = 0, found = -1;
    uintptr_t a = (uintptr_t)p;

    if (!f)
        return -1;
    while (found && fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2)
            inside = lo <= a && a < hi;
        else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
            snprintf(flags, size, "%s", line + 8);
            found = 0;
        }
    }
    fclose(f);
    return found;
}

static int has_flag(const char *flags, const char *flag)
{
    char padded[520];

    snprintf(padded, sizeof padded, " %s ", flags);
    padded[strcspn(padded, "\n")] = ' ';
    return strstr(padded, flag) != NULL;
}

int main(void)
{
    size_t big = HUGE_BYTES / sizeof(double) + 1;
    double *s1, *s2, *w;
    char flags[512];

    printf("1..8\n");
    s1 = mml_workspace(1000);
    ok(s1 && (uintptr_t)s1 % 64 == 0, "a small workspace is 64-byte aligned");
    s2 = mml_workspace(10);
    ok(s2 == s1, "a smaller request reuses it");
    w = mml_workspace(big);
    ok(w && (uintptr_t)w % HUGE_BYTES == 0,
       "a workspace over 2 MiB starts on a 2 MiB boundary");
    if (w)
        memset(w, 0, big * sizeof *w);
    ok(w && mml_workspace(big) == w, "it is written to its end and reused");
    if (access(SMAPS, R_OK) != 0)
        printf("ok %d # SKIP no %s to read\n", ++tapno, SMAPS);
    else if (!w || vm_flags(w, flags, sizeof flags) != 0)
        ok(0, "its mapping found in /proc/self/smaps");
    else {
        ok(!has_flag(flags, " hg "),
           "its mapping is not advised to huge pages");
        if (has_flag(flags, " hg "))
            printf("# VmFlags:%s", flags);
    }
    s1 = mml_side_workspace(1);
    ok(s1 && (uintptr_t)s1 % 64 == 0 && s1 != w,
       "a side workspace is 64-byte aligned, apart from the workspace");
    if (s1)
        memset(s1, 0, MML_SIDE_ELEMS * sizeof *s1);
    ok(s1 && mml_side_workspace(MML_SIDE_ELEMS) == s1,
       "it is written to its end and serves requests up to its size");
    ok(!mml_side_workspace(MML_SIDE_ELEMS + 1), "none past its size");
    return 0;
}
