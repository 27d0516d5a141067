# bench-app's tables (sourced by bench/bench_app.sh, which sets dir,
# names, raw, rounds, top, sizes, mmtune, info, openblas, core, obcore,
# pin, locked, timed and dflags).

# app_header: what was timed, with what, and how.
app_header() {
    echo "bench-app: libmmtune and OpenBLAS on the dgemm shapes of real"
    echo "programs (issue 10).  Each workload ran once under libmmprofile;"
    echo "its $top heaviest shapes became specs (mmspec --from-profile" \
        "--top=$top),"
    echo "each spec's driver was built against both libraries and timed"
    echo "here, interleaved, $rounds round(s): MFLOPS are the best round's" \
        "(each"
    echo "round: the driver's least time), ratio = libmmtune / OpenBLAS;"
    echo "r_med: the ratio of the medians.  calls, share: the shape's calls"
    echo "and share of the workload's time in dgemm, from its profile."
    echo "libmmtune: $mmtune (every driver checked with ldd to load it)"
    [ -z "$info" ] ||
        "$info" 2>/dev/null | sed -n 's/^\(build key\|tile\|blocking\)/  &/p'
    if [ "$openblas" = none ]; then
        echo "OpenBLAS: not timed (--openblas=none)"
    else
        echo "OpenBLAS: $openblas (checked with ldd)," \
            "OPENBLAS_NUM_THREADS=1," \
            "OPENBLAS_CORETYPE=${core:-(unset: no best core known)}" \
            "(bench-dgemm's best for this CPU, or --coretype);" \
            "it says: Core: ${obcore:-?}"
    fi
    echo "timed (the first shape): ${timed:-?}${dflags:+ ($dflags)}"
    echo "       1 thread${pin:+, $pin}${locked:+, under $locked}"
}

# shape_row SPEC TABLE: "routine shape ops calls share" of SPEC's line
# of TABLE (the line its "Shape R of S of TABLE (line L)" comment names).
shape_row() {
    line=$(sed -n '1s/.*(line \([0-9][0-9]*\)).*/\1/p' "$1")
    ops=cold
    grep -q '^# Operands hot' "$1" && ops=hot
    awk -v l="${line:-0}" -v ops=$ops '
        /^SECONDS = / { secs = $3 }
        NR == l { r = $1; s = $2 " " $3 $4 " " $5 "x" $6 "x" $7
                  c = $14; t = $15 }
        END { if (r == "") exit 1
              printf "%s %s %s %d %.6f\n", r, s, ops, c,
                  (secs > 0 ? t / secs : 0) }' "$2"
}

# best_med SPEC LIB: the best and the median MFLOPS of SPEC's LIB driver
# over the rounds ("- -" when nothing was measured).
best_med() {
    awk -v s="$1" -v lib="$2" '$1 == s && $2 == lib && $3 != "" {
            v[++n] = $3 }
        END { if (!n) { print "- -"; exit }
              for (i = 2; i <= n; i++)      # insertion sort, a few rounds
                  for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
                      t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
              m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
              print v[n], m }' "$raw"
}

# app_title W: the workload, how its profile was taken, what it holds.
app_title() {
    p=$dir/$1/profile.txt o=$dir/$1/profile.out
    what=$(sed -n 's/^workload //p' "$o")
    echo "$1 -- ${what:-?}"
    sed -n 's/^seconds / N = '"$sizes"'; Python took /p' "$o" |
        sed 's/$/ s under the profiler/'
    awk '/^PROGRAM = / { p = $3 } /^CALLS = / { c = $3 }
         /^SHAPES = / { s = $3 } /^SECONDS = / { t = $3 }
         END { printf " profile: %s dgemm calls in %s shapes, %.3f s in " \
               "dgemm, by %s\n", c, s, t, p }' "$p"
    sed -n 's/^library \(.*blas.*\)/ its BLAS then: \1/p' "$o" | head -n 1
}

# app_table W: W's heaviest shapes, one a line, and what they cover.
app_table() {
    w=$1
    app_title "$w"
    printf "%-11s %-21s %-4s %5s %6s %9s %9s %5s %5s\n" routine shape \
        ops calls share libmmtune OpenBLAS ratio r_med
    cover=0
    while read -r spec; do
        row=$(shape_row "$spec" "$dir/$w/profile.txt") || row="? ? ? ? ? 0 0"
        # shellcheck disable=SC2046,SC2086
        set -- $row $(best_med "$spec" libmmtune) $(best_med "$spec" openblas)
        cover=$(awk -v a="$cover" -v b="$7" 'BEGIN { print a + b }')
        awk -v r="$1" -v s="$2 $3 $4" -v o="$5" -v c="$6" -v sh="$7" \
            -v mb="$8" -v mm="$9" -v ob="${10}" -v om="${11}" 'BEGIN {
            ratio = (mb != "-" && ob != "-" && ob > 0) ? \
                sprintf("%.2f", mb / ob) : "-"
            rmed = (mm != "-" && om != "-" && om > 0) ? \
                sprintf("%.2f", mm / om) : "-"
            printf "%-11s %-21s %-4s %5d %5.1f%% %9s %9s %5s %5s\n", r, s,
                o, c, 100 * sh, mb, ob, ratio, rmed }'
    done <"$dir/$w/specs"
    awk -v c="$cover" -v n="$(wc -l <"$dir/$w/specs")" \
        -v s="$(sed -n 's/^SHAPES = \([0-9]*\).*/\1/p' "$dir/$w/profile.txt")" \
        'BEGIN { printf "these %d of %d shapes: %.1f%% of the workload'"'"'s " \
                 "time in dgemm\n", n, s, 100 * c }'
}
