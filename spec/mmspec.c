/* placeholder */
#include <stdio.h>
#include "spec/spec.h"
int main(int argc, char **argv)
{
    struct mms_spec s;
    char err[1024];
    if (mms_spec_read(argv[1], &s, err, sizeof err) != 0) {
        fprintf(stderr, "mmspec: %s\n", err);
        return 2;
    }
    printf("ok: %s, %d params, %d items, flop %s\n", s.routine.name, s.routine.nparams, s.nitems, s.flop_text);
    mms_spec_free(&s);
    (void)argc;
    return 0;
}
