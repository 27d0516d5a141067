#!/bin/sh
# libmmprofile preloaded into a program making known DGEMM calls
# (calls.c through the naive fake BLAS): the table holds exactly those
# shapes, counts and warm calls in the FORMAT 1 layout, the results are
# still right, the header reads with common/'s KEY = value reader, and
# calls past MMPROFILE_CALLS are DROPPED; threads.
: "${top_builddir:=.}" "${top_srcdir:=.}"
PLAN=8
. "$top_srcdir/tests/profile/preload.sh"

run known "$t/calls" known
[ $rc -eq 0 ] && pass "the known calls' results are right under the profiler" \
    || { fail "calls known: exit $rc"; say "$dir/known.err"; }

same known "$known" && pass "the table holds exactly the 6 shapes, counts\
 and warm calls made (the cblas call's inner dgemm_ unrecorded)" \
    || { fail "shapes differ (want, got):"; say "$dir/known.want" \
         "$dir/known.got"; }

cols='# routine order transa transb m n k lda ldb ldc'
cols="$cols alpha beta warm count total_s per_call_s"
[ "$(key FORMAT known)" = 1 ] && [ "$(key CALLS known)" = 12 ] \
    && [ "$(key DROPPED known)" = 0 ] && [ "$(key SHAPES known)" = 6 ] \
    && [ "$(key PROGRAM known)" = "$exe" ] \
    && grep -qx "$cols" "$dir/known.txt" \
    && pass "header: FORMAT 1, PROGRAM, CALLS 12, DROPPED 0, SHAPES 6" \
    || { fail "header:"; say "$dir/known.txt"; }

# The header is what common/'s KEY = value reader takes (the shape lines
# are not KEY = value: cut off first).
sed '/^# routine /,$d' "$dir/known.txt" > "$dir/known.head"
"$t/kvheader" "$dir/known.head" > "$dir/known.kv" 2>&1 \
    && grep -qx 'CALLS=12' "$dir/known.kv" \
    && grep -qx "PROGRAM=$exe" "$dir/known.kv" \
    && pass "the header reads with common/'s KEY = value reader" \
    || { fail "the KEY = value reader refuses the header:"; \
         say "$dir/known.kv"; }

# SECONDS is the sum of total_s, per_call_s is total_s / count, and the
# lines are sorted by total_s, heaviest first.
awk -v s="$(key SECONDS known)" '
    / = / || /^#/ { next }
    { sum += $15; q = $15 / $14; if ($16 < q - 1e-9 || $16 > q + 1e-9) bad = 1
      if (seen && $15 > last) bad = 1; last = $15; seen = 1 }
    END { exit bad || sum < s - 1e-8 || sum > s + 1e-8 }' "$dir/known.txt" \
    && pass "SECONDS is the sum of total_s; per_call_s; heaviest first" \
    || { fail "times do not add up:"; say "$dir/known.txt"; }

[ "$(ls "$dir" | grep -c 'known\.txt\.')" = 0 ] \
    && grep -q "12 calls in 6 shapes written to $dir/known.txt" \
       "$dir/known.err" \
    && pass "written through a temporary (none left), and said so on stderr" \
    || { fail "leftovers or no note:"; ls "$dir" | say; say "$dir/known.err"; }

MMPROFILE_CALLS=5; export MMPROFILE_CALLS
run small "$t/calls" known
unset MMPROFILE_CALLS
[ $rc -eq 0 ] && [ "$(key CALLS small)" = 5 ] \
    && [ "$(key DROPPED small)" = 7 ] && [ "$(key SHAPES small)" = 2 ] \
    && same small 'dgemm_ col N N 7 5 3 9 3 8 1 0 2 3
dgemm_ col T N 4 6 5 5 5 4 a 1 0 2' \
    && grep -q 'raise MMPROFILE_CALLS' "$dir/small.err" \
    && pass "MMPROFILE_CALLS=5: the first 5 calls, the other 7 DROPPED" \
    || { fail "MMPROFILE_CALLS=5: exit $rc"; say "$dir/small.txt" \
         "$dir/small.err"; }

run threads "$t/calls" threads
[ $rc -eq 0 ] && [ "$(key CALLS threads)" = 1000 ] \
    && same threads 'dgemm_ col N N 2 2 2 2 2 2 1 0 249 250
dgemm_ col N N 3 3 3 3 3 3 1 0 249 250
dgemm_ col N N 4 4 4 4 4 4 1 0 249 250
dgemm_ col N N 5 5 5 5 5 5 1 0 249 250' \
    && pass "4 threads of 250 calls: every call recorded, warm per thread" \
    || { fail "threads: exit $rc"; say "$dir/threads.txt" "$dir/threads.err"; }

