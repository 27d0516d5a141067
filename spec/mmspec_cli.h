/* Internal to mmspec: its command line and the work besides writing one
 * driver (spec/cli.c, spec/fromprof.c). */
#ifndef MMS_CLI_H
#define MMS_CLI_H

#define MMS_TOP_DEFAULT 10

struct mms_cli {
    const char *spec, *output, *profile;
    int check, top;
    int flags;              /* 1 --cflags, 2 --libs */
    char *command;          /* this command, quoted for a shell */
};

/* Which options go together; exits 2 naming what is missing or extra. */
void mms_cli_validate(const struct mms_cli *c);
/* c->command from argv; -1 out of memory. */
int mms_cli_command(struct mms_cli *c, int argc, char **argv);
/* --cflags / --libs for this build tree, or for the installed library. */
int mms_cli_flags(int which);
struct mms_spec;
/* --check: what the spec holds. */
void mms_cli_describe(const struct mms_spec *s);
/* --from-profile: the specs of the heaviest shapes. */
int mms_from_profile(const struct mms_cli *c);

#endif
