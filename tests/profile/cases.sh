#!/bin/sh
# libmmprofile in the cases around the table: a fork, a program without
# calls, a bad MMPROFILE_CALLS, a program without a BLAS, a BLAS that only
# an RTLD_LOCAL library sees (NumPy's case), the exported names; and never
# a change to its host (issue 33): a fork's tables under one MMPROFILE_OUT,
# a bad setting, the memory it holds, the umask.
: "${top_builddir:=.}" "${top_srcdir:=.}"
PLAN=9
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

# With MMPROFILE_OUT: the parent's table there, a forked child's beside
# it with the child's pid (one name for both: the last to exit won).
run forkout "$exe" fork
child=$(sed -n 's/^child //p' "$dir/forkout.out")
[ $rc -eq 0 ] && [ -n "$child" ] && [ "$(key CALLS forkout)" = 3 ] \
    && [ "$(key CALLS "forkout.$child")" = 1 ] \
    && pass "fork with MMPROFILE_OUT: the child's table is OUT.PID.txt" \
    || { fail "fork with MMPROFILE_OUT: exit $rc"; ls "$dir" | say; }

# A bad setting warns and records nothing; the program runs as without.
MMPROFILE_CALLS=12x; export MMPROFILE_CALLS
run badcalls "$t/calls" known
LD_PRELOAD=$prof /bin/echo said > "$dir/echo.out" 2> "$dir/echo.err"
erc=$?
unset MMPROFILE_CALLS
[ $rc -eq 0 ] && grep -q "MMPROFILE_CALLS='12x': expected the number of\
.*not recording" "$dir/badcalls.err" && [ ! -e "$dir/badcalls.txt" ] \
    && [ $erc -eq 0 ] && [ "$(cat "$dir/echo.out")" = said ] \
    && pass "MMPROFILE_CALLS=12x: a warning naming it, no table, exit 0" \
    || { fail "MMPROFILE_CALLS=12x: exit $rc, echo $erc"; \
         say "$dir/badcalls.err"; }

# The records' pages are made resident as the calls come: a program that
# makes none holds little, whatever MMPROFILE_CALLS allows (2^24 calls:
# 1 GiB were resident in every process the preload reached).
rss=$(LD_PRELOAD=$prof MMPROFILE_CALLS=16777216 \
      sed -n 's/^VmRSS:[^0-9]*\([0-9]*\) kB/\1/p' /proc/self/status)
[ -n "$rss" ] && [ "$rss" -lt 65536 ] \
    && pass "MMPROFILE_CALLS=2^24, no call: $rss kB resident" \
    || fail "MMPROFILE_CALLS=2^24, no call: '$rss' kB resident"

# The table is created with the umask's mode, never by umask(0), which
# for a moment applied to every thread of the host.
if nm -D "$prof" | grep -qw umask; then
    fail "the profiler calls umask"
else
    (umask 027 && run mode "$exe" known && ls -l "$dir/mode.txt" \
        > "$dir/mode.ls")
    case $(cat "$dir/mode.ls") in
    -rw-r-----*) pass "the profiler never calls umask; its table is 0640 \
under umask 027" ;;
    *) fail "the table's mode: $(cat "$dir/mode.ls")" ;;
    esac
fi

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
