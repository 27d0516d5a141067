/* Internal to mmspec: its command line and the work besides writing one
 * driver (drivergen/cli.c, drivergen/fromprof.c). */
#ifndef MMD_CLI_H
#define MMD_CLI_H

#define MMD_TOP_DEFAULT 10

struct mmd_cli {
    const char *spec, *output, *profile;
    int check, top;
    int flags;              /* 1 --cflags, 2 --libs */
    char *command;          /* this command, quoted for a shell */
};

/* Which options go together; exits 2 naming what is missing or extra. */
void mmd_cli_validate(const struct mmd_cli *c);
/* c->command from argv; -1 out of memory. */
int mmd_cli_command(struct mmd_cli *c, int argc, char **argv);
/* --cflags / --libs for this build tree, or for the installed library. */
int mmd_cli_flags(int which);
struct mmd_spec;
/* --check: what the spec holds. */
void mmd_cli_describe(const struct mmd_spec *s);
/* --from-profile: the specs of the heaviest shapes. */
int mmd_from_profile(const struct mmd_cli *c);

#endif
