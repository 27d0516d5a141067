#!/bin/sh
# The cc step of mmsearch (issue 8: the kernel compiler is searched), on
# the tiny space of test_mmsearch.sh with the fake timing hook: every
# installed compiler among gcc and clang (installed: `command -v`, a fact
# of the machine, not of mmsearch) is tried and named in the log, an
# absent one is logged as absent, params.conf's CC is the chosen line's,
# a rerun re-times nothing, and a pinned CC skips the step and builds
# every candidate with it.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/ccstep.$$
tap_scratch "$dir"
echo "1..8"

. "$top_srcdir/tests/tune/tinysearch.sh"
key() { sed -n "s/^$1 = \([^ ]*\).*/\1/p" "$2"; }

search a.log
rc=$?
cc0=$(key KERNEL_CC "$dir/a.log")
# The families that should be tried: the configured one, and each of gcc
# and clang that is on PATH.
want=
for f in gcc clang; do
    command -v "$f" > /dev/null 2>&1 && want="$want $f"
done
tried=$(sed -n 's/^cand step=cc .* cc=\([^ ]*\) .*/\1/p' "$dir/a.log" \
    | sort -u | tr '\n' ' ')
bad=
for f in $want; do
    case "$cc0" in *"$f"*) continue ;; esac
    case " $tried" in *" $f "*) ;; *) bad="$bad $f" ;; esac
done
if [ $rc -ne 0 ]; then
    fail "the search: exit $rc: $(cat "$dir/a.log.err")"
elif [ -n "$bad" ]; then
    fail "installed but not tried:$bad (tried: $tried)"
elif [ -z "$tried" ]; then
    grep -q '^skip name=cc why=only .*absent' "$dir/a.log" \
        && pass "one compiler installed: the step says which are absent" \
        || fail "no compiler tried and no skip line"
else
    case " $tried" in *" $cc0 "*)
        pass "each installed compiler is tried:$want ($tried)" ;;
    *) fail "the configured $cc0 is not among the finalists: $tried" ;;
    esac
fi

# The winner's compiler: the cc step's chosen line, params.conf and the
# summary agree; its flags are the family's (clang: -ffp-contract=on).
chosen=$(sed -n 's/^chosen name=cc .* cc=\([^ ]*\) .*/\1/p' "$dir/a.log")
[ -n "$chosen" ] || chosen=$cc0
flags=$(grep '^CFLAGS = ' "$dir/a.log.params")
case "$chosen" in clang*) fam=on ;; *) fam=fast ;; esac
if [ "$(key CC "$dir/a.log.params")" = "$chosen" ] \
        && grep -q "^summary .* cc=$chosen " "$dir/a.log" \
        && { ! echo "$flags" | grep -q contract \
             || echo "$flags" | grep -q -- "-ffp-contract=$fam "; }; then
    pass "params.conf records CC = $chosen and its flags"
else
    fail "CC: chosen $chosen, params.conf: $(grep '^C' "$dir/a.log.params")"
fi

search a.log
grep -q '^winner: .* 0 timings,' "$dir/a.log.out" \
    && [ "$(key CC "$dir/a.log.params")" = "$chosen" ] \
    && pass "a rerun re-times nothing and keeps CC = $chosen" \
    || fail "rerun: $(tail -1 "$dir/a.log.out")"

# Pinned to the configured compiler: the step is skipped, said why.
search pin.log --pin=CC="$cc0"
grep -q "^skip name=cc why=pinned: CC=$cc0\$" "$dir/pin.log" \
    && ! grep -q '^cand step=cc ' "$dir/pin.log" \
    && grep -q "^PINS = .*CC=$cc0\$" "$dir/pin.log" \
    && pass "--pin=CC=$cc0 skips the step" \
    || fail "pinned: $(grep '^skip name=cc\|^PINS' "$dir/pin.log")"

# Pinned to the other family: every candidate is built with it.
other=clang
case "$cc0" in *clang*) other=gcc ;; esac
if ! command -v "$other" > /dev/null 2>&1; then
    skip "$other is not installed"
elif search other.log --pin=CC=$other \
        && ! grep '^cand ' "$dir/other.log" | grep -qv " cc=$other " \
        && [ "$(key CC "$dir/other.log.params")" = "$other" ]; then
    pass "--pin=CC=$other builds every candidate with $other"
else
    fail "pinned $other: $(grep '^cand ' "$dir/other.log" | grep -v \
        " cc=$other " | head -1) $(cat "$dir/other.log.err")"
fi

"$mmsearch" --pin=CC=no-such-cc-mmt --probe-conf="$dir/probe.conf" \
    --log="$dir/x.log" > /dev/null 2> "$dir/x.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'CC=no-such-cc-mmt: .*not installed' "$dir/x.err" \
    && pass "a pinned compiler that is not installed: exit 2, named" \
    || fail "pinned missing: exit $rc: $(cat "$dir/x.err")"

# With clang off PATH (a directory of links to everything else on it):
# clang is logged as absent and nothing is built with it.
mkdir "$dir/bin" || exit 99
IFS=:
for d in $PATH; do
    [ -d "$d" ] || continue
    for f in "$d"/*; do
        b=${f##*/}
        case "$b" in clang*) continue ;; esac
        [ -e "$dir/bin/$b" ] || ln -s "$f" "$dir/bin/$b" 2>/dev/null
    done
done
unset IFS
case "$cc0" in *clang*) noclang=no ;; *) noclang=yes ;; esac
if [ $noclang = no ]; then
    skip "the configured compiler is clang"
elif PATH="$dir/bin" command -v clang > /dev/null 2>&1; then
    skip "clang is still on the reduced PATH"
else
    PATH="$dir/bin" search noclang.log
    rc=$?
    [ $rc -eq 0 ] && grep -q 'not installed, not tried: clang' \
            "$dir/noclang.log.out" \
        && grep -q '^skip name=cc why=only .*(absent: clang)' \
            "$dir/noclang.log" \
        && ! grep -q ' cc=clang ' "$dir/noclang.log" \
        && pass "clang off PATH: logged as absent, not an error" \
        || fail "no clang: exit $rc: $(grep 'name=cc' "$dir/noclang.log")"
fi

# mmreport shows the compiler as the cc step's column.
if grep -q '^step name=cc ' "$dir/a.log"; then
    "$top_builddir/mmreport" --log="$dir/a.log" > "$dir/a.rep" 2>&1
    sed -n '/^step cc (/,/^  chosen:/p' "$dir/a.rep" > "$dir/cc.rep"
    grep -qE '^  \* +'"$chosen"' ' "$dir/cc.rep" \
        && [ "$(grep -cE '^  [ *] +[a-z]' "$dir/cc.rep")" -ge 2 ] \
        && pass "mmreport: a row per compiler, the chosen one marked" \
        || fail "mmreport: $(cat "$dir/cc.rep")"
else
    skip "the cc step was not searched (one compiler)"
fi
