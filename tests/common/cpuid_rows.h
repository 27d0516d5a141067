/* Recorded cpuid registers of the machine kinds met, replayed through a
 * cpuid function (common/cpuid.h) by the tests that decode them
 * (tests/probe/test_cpuid.c says where each came from). */
#ifndef MMT_TESTS_CPUID_ROWS_H
#define MMT_TESTS_CPUID_ROWS_H

#include <string.h>

#include "common/cpuid.h"

struct reg_row {
    unsigned leaf, sub;
    struct mmc_cpuid_regs r;
};

/* A recorded machine: rows end with leaf 0xffffffff; leaves not listed
 * read as zeros, as a hidden leaf does. */
static void replay(void *arg, unsigned leaf, unsigned sub,
                   struct mmc_cpuid_regs *r)
{
    const struct reg_row *row = arg;

    memset(r, 0, sizeof *r);
    for (; row->leaf != 0xffffffffu; row++)
        if (row->leaf == leaf && row->sub == sub) {
            *r = row->r;
            return;
        }
}

#define END { 0xffffffffu, 0, { 0, 0, 0, 0 } }
#define INTEL 0x756e6547, 0x6c65746e, 0x49656e69  /* ebx ecx edx */
#define AMD 0x68747541, 0x444d4163, 0x69746e65

/* Xeon (Sapphire Rapids), 2 threads a core, 64 cores: L1d 48 KiB 12-way,
 * L1i 32 KiB, L2 2 MiB 16-way, L3 105 MiB 15-way in 114688 sets. */
static const struct reg_row spr[] = {
    { 0, 0, { 0x20, INTEL } },
    { 1, 0, { 0x000806f8, 0, 0, 0 } },    /* family 6, model 0x8f */
    { 4, 0, { 0xfc004121, 0x02c0003f, 0x0000003f, 0 } },
    { 4, 1, { 0xfc004122, 0x01c0003f, 0x0000003f, 0 } },
    { 4, 2, { 0xfc004143, 0x03c0003f, 0x000007ff, 0 } },
    { 4, 3, { 0xfc1fc163, 0x0380003f, 0x0001bfff, 4 } },
    { 0x80000000, 0, { 0x80000008, 0, 0, 0 } },
    { 0x80000006, 0, { 0, 0, 0x08008040, 0 } },
    END,
};

/* EPYC (Zen 3): L1d 32 KiB 8-way, L2 512 KiB 8-way, L3 32 MiB 16-way per
 * CCX; 0x80000006 says the same in its own encoding. */
#define ZEN3_LEGACY \
    { 0, 0, { 0x10, AMD } }, \
    { 0x80000000, 0, { 0x80000023, AMD } }, \
    { 0x80000005, 0, { 0xff40ff40, 0xff40ff40, 0x20080140, 0x20080140 } }, \
    { 0x80000006, 0, { 0x48002200, 0x68004200, 0x02006140, 0x01009140 } }
static const struct reg_row zen3[] = {
    ZEN3_LEGACY,
    { 0x8000001d, 0, { 0x00004121, 0x01c0003f, 0x0000003f, 0 } },
    { 0x8000001d, 1, { 0x00004122, 0x01c0003f, 0x0000003f, 0 } },
    { 0x8000001d, 2, { 0x00004143, 0x01c0003f, 0x000003ff, 2 } },
    { 0x8000001d, 3, { 0x0003c163, 0x03c0003f, 0x00007fff, 1 } },
    END,
};
static const struct reg_row zen3_hidden[] = { ZEN3_LEGACY, END };

/* The Zen 5 guest (hypervisor bhyve), as read here (cpuid -1 -r). */
static const struct reg_row zen5_guest[] = {
    { 0, 0, { 0x0000000d, AMD } },
    { 1, 0, { 0x00b00f21, 0x67fe0800, 0xfed83203, 0x178bfbff } },
    { 0x80000000, 0, { 0x80000021, AMD } },
    { 0x80000005, 0, { 0xff60ff40, 0xff60ff40, 0x300c0140, 0x20080140 } },
    { 0x80000006, 0, { 0x40802040, 0x60804040, 0x04006140, 0x0fe09140 } },
    END,
};

#endif
