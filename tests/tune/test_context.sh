#!/bin/sh
# mmsearch --context=packed (issue 32): the kernel steps time each copy
# kernel as the library's full kernel at its blocking (M = MC, N = NB,
# K = KC, with the pinned MC and KC), with the fake timing hook on the
# tiny scalar space, MC=60 KC=200 pinned.  The log's TIMER says the
# context, so a log of the other context is refused by name; the step nb
# is skipped with its reason; the kernels built are the packed ones,
# each verified by the oracle at its sizes (a planted wrong one is
# judged wrong, never chosen); the winner is timed in the same context
# when no step timed it; a bad --context is a usage error naming it.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/context.$$
tap_scratch "$dir"
echo "1..6"

. "$top_srcdir/tests/tune/tinysearch.sh"

# NB free: the packed context skips its step
tiny_nb=
packed() {
    log=$1; shift
    search "$log" --context=packed --pin=MC=60 --pin=KC=200 "$@"
}

packed a.log --ku=1 --fma=1 --ff=0 --if=2 --nf=2
rc=$?
if [ $rc -eq 0 ] && "$mmsearch" --check-log="$dir/a.log" > /dev/null \
        && grep -q '^TIMER = .*, packed$' "$dir/a.log" \
        && grep -q '^skip name=nb why=the packed context' "$dir/a.log" \
        && [ "$(grep -c '^cand step=munu ' "$dir/a.log")" -ge 2 ] \
        && grep -q '^MU = ' "$dir/a.log.params"; then
    pass "a packed search runs: TIMER says so, nb skipped, munu timed"
else
    fail "a packed search (exit $rc)"
    sed 's/^/# /' "$dir/a.log.err" "$dir/a.log" | head -40
fi

# The kernels timed are the full kernels at M=60 K=200 (NB widened to
# hold them: 200, up to NU's multiple), as the log's note on how they
# were timed says.
if grep -q '^note why=timed as: fake timing (test hook); packed, one call M=60 N=20[0-9] K=200 ldc=2000$' "$dir/a.log"; then
    pass "the kernels timed are the library's, at MC=60 KC=200"
else
    fail "the packed call: $(grep '^note why=timed as' "$dir/a.log")"
fi

# The other context's log is another timing: refused, naming TIMER.
cp "$dir/a.log" "$dir/b.log"
search b.log --pin=MC=60 --pin=KC=200 --ku=1 --fma=1 --ff=0 --if=2 \
    --nf=2
rc=$?
if [ $rc -ne 0 ] && grep -q 'TIMER' "$dir/b.log.err"; then
    pass "a packed log is not resumed in the L1 context (exit $rc)"
else
    fail "the L1 context resumed a packed log (exit $rc)"
    sed 's/^/# /' "$dir/b.log.err"
fi

# A kernel built wrong on purpose (its tile 2x4) is judged wrong at
# its packed sizes and never chosen.
packed c.log --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --test-perturb=MU=2 \
    --test-perturb=NU=4
rc=$?
wrong=$(grep -c '^cand step=munu .* mu=2 nu=4 .* verdict=wrong ' \
    "$dir/c.log")
if [ $rc -eq 0 ] && [ "$wrong" -ge 1 ] \
        && ! grep -q '^MU = 2 ' "$dir/c.log.params"; then
    pass "a wrong packed kernel is caught by the oracle ($wrong)"
else
    fail "a wrong packed kernel: exit $rc, $wrong wrong"
    grep 'mu=2 nu=4' "$dir/c.log" | head -3 | sed 's/^/# /'
fi

# Everything pinned: no step times the winner, so the end does, in the
# packed context too (its own build, verified first).
packed d.log --nb=24 --mu=4 --nu=4 --ku=1 --fma=1 --ff=0 --if=2 --nf=2 \
    --ls=1 --ncnb=24 --pin=K_CROSSOVER=4 --pin=CC=gcc
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c '^cand step=winner ' "$dir/d.log")" -eq 5 ] \
        && grep -q '^cand step=winner .* why=.*packed, one call M=60 N=200 K=200 ldc=2000' \
            "$dir/d.log"; then
    pass "the winner no step timed is timed packed"
else
    fail "the pinned winner (exit $rc)"
    grep '^cand step=winner' "$dir/d.log" | head -2 | sed 's/^/# /'
    sed 's/^/# /' "$dir/d.log.err" | head
fi

"$mmsearch" --context=wide --help > "$dir/e.out" 2> "$dir/e.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "context: 'wide' is not l1 or packed" \
        "$dir/e.err"; then
    pass "--context=wide is refused by name (exit 2)"
else
    fail "--context=wide: exit $rc"
    sed 's/^/# /' "$dir/e.err"
fi
