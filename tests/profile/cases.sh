#!/bin/sh
# libmmprofile in the cases around the table: a fork, a program without
# calls, a bad MMPROFILE_CALLS, a program without a BLAS, a BLAS that only
# an RTLD_LOCAL library sees (NumPy's case), the exported names.
: "${top_builddir:=.}" "${top_srcdir:=.}"
PLAN=6
. "$top_srcdir/tests/profile/preload.sh"

# Without MMPROFILE_OUT: mmprofile.PID.txt in the start directory, one
# per process that made calls; a forked child's table holds its own calls.
(cd "$dir" && LD_PRELOAD=$prof "$exe" fork > fork.out 2> fork.err); rc=$?
pid=$(sed -n 's/^pid //p' "$dir/fork.out")
child=$(sed -n 's/^child //p' "$dir/fork.out")
cut -d' ' -f1-10,14 "$dir/mmprofile.$pid.txt" 2>/dev/null \
    | grep -v '^#' | grep -v ' = ' > "$dir/parent.got"
cut -d' ' -f1-10,14 "$dir/mmprofile.$child.txt" 2>/dev/null \
    | grep -v '^#' | grep -v ' = ' > "$dir/child.got"
[ $rc -eq 0 ] && [ -n "$child" ] \
    && [ "$(cat "$dir/parent.got")" = 'dgemm_ col N N 1 1 1 1 1 1 3' ] \
    && [ "$(cat "$dir/child.got")" = 'dgemm_ col N N 2 2 2 2 2 2 1' ] \
    && pass "fork: mmprofile.PID.txt of parent (3 calls) and child (1)" \
    || { fail "fork: exit $rc"; ls "$dir" | say; say "$dir/fork.err"; }

(cd "$dir" && mkdir none && cd none \
    && LD_PRELOAD=$prof "$exe" none > /dev/null 2> ../none.err); rc=$?
[ $rc -eq 0 ] && [ -z "$(ls "$dir/none")" ] && [ ! -s "$dir/none.err" ] \
    && pass "a process that made no call writes no table" \
    || { fail "no calls: exit $rc"; ls "$dir/none" | say; }

MMPROFILE_CALLS=12x; export MMPROFILE_CALLS
run badcalls "$t/calls" known
unset MMPROFILE_CALLS
[ $rc -eq 2 ] && grep -q "MMPROFILE_CALLS='12x': expected the number of" \
    "$dir/badcalls.err" && [ ! -e "$dir/badcalls.txt" ] \
    && pass "MMPROFILE_CALLS=12x: exit 2, naming the variable" \
    || { fail "MMPROFILE_CALLS=12x: exit $rc"; say "$dir/badcalls.err"; }

run unloaded "$t/dlcalls" unloaded
[ "$(kill -l $rc)" = ABRT ] && grep -q \
    'called dgemm_, but no library loaded in it provides dgemm_' \
    "$dir/unloaded.err" \
    && pass "no BLAS to forward to: abort, naming dgemm_" \
    || { fail "no BLAS: exit $rc"; say "$dir/unloaded.err"; }

LD_LIBRARY_PATH=$t/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
run local "$t/dlcalls" local libfakeext.so
[ $rc -eq 0 ] && same local "$known" \
    && pass "a BLAS seen only by an RTLD_LOCAL library: found, forwarded,\
 recorded" \
    || { fail "RTLD_LOCAL: exit $rc"; say "$dir/local.err" "$dir/local.txt"; }

got=$(nm -D --defined-only "$prof" | awk '$2 == "T" { print $3 }' | sort \
      | tr '\n' ' ')
[ "$got" = "cblas_dgemm dgemm_ " ] \
    && pass "exports only dgemm_ and cblas_dgemm" \
    || fail "exports: $got"
