#!/bin/sh
# How well does a kernel-timing context rank kernels as the whole DGEMM
# does (issue 32)?  Each kernel of the list is searched alone, everything
# pinned, once in each context (mmsearch --context=l1, then packed): the
# search's winner step gives the kernel's figure in that context (the
# median of its 5 timings 2 s apart) and its step pf the whole DGEMM's (the
# median of the PFB=0 rounds, both runs' together), and of the square
# sizes on the packed path alone (each timing's geometric mean over
# them; the small size and the narrow shapes run other kernels); and
# how well the whole DGEMM's two runs rank the kernels alike, the most a
# context can be expected to reach through the host's noise.  Prints a table and
# Spearman's rank correlation of each context against the whole DGEMM,
# over every kernel and over the faster half (the contenders a search
# must tell apart).  Not a test: nothing passes or fails.
set -u

usage() {
    cat <<'EOF'
Usage: context_rank.sh [OPTION]... [MUxNU:CC]...
Search each kernel (default: 22 AVX-512 tiles, gcc and clang) alone in
both timing contexts and rank the contexts against the whole DGEMM.

  --mmsearch=PATH   the mmsearch to run (default ./mmsearch)
  --dir=DIR         scratch directory for the logs (default
                    bench/context.d); a log already there is resumed
  --isa=WORD        the kernels' ISA (default avx512)
  --taskset=CMD     run pinned (default: 'taskset -c 0,1' when there)
  --search-flags=W  more options for every mmsearch run (split at
                    blanks; a test passes --test-timing=fake)
  --help            show this help and exit

A kernel is MUxNU:CC, e.g. 24x8:gcc; its NB is the multiple of
lcm(MU, NU) nearest 120, MC the multiple of MU nearest 96, KC = NC = 768
rounded up to NU's multiple, KU=1 FF=1 IF=2 NF=2 PF=1.
EOF
}

mmsearch=./mmsearch dir=bench/context.d isa=avx512 flags=
taskset=$(command -v taskset >/dev/null 2>&1 && echo "taskset -c 0,1")
while test $# -gt 0; do
    case $1 in
    --mmsearch=*) mmsearch=${1#*=} ;;
    --dir=*) dir=${1#*=} ;;
    --isa=*) isa=${1#*=} ;;
    --taskset=*) taskset=${1#*=} ;;
    --search-flags=*) flags=${1#*=} ;;
    --help) usage; exit 0 ;;
    -*) echo "context_rank.sh: unknown option '$1' (see --help)" >&2
        exit 2 ;;
    *) break ;;
    esac
    shift
done
kernels=${*:-"24x8:clang 16x8:clang 24x8:gcc 16x12:gcc 16x8:gcc
24x6:clang 32x6:gcc 40x5:clang 32x6:clang 24x6:gcc 16x6:gcc 40x5:gcc
8x8:gcc 8x24:gcc 8x16:gcc 48x4:clang 48x4:gcc 40x4:gcc 32x4:gcc 56x3:gcc
24x4:gcc 16x4:gcc"}
mkdir -p "$dir" || exit 1

gcd() { a=$1 b=$2; while test "$b" -ne 0; do t=$((a % b)) a=$b b=$t; done
        echo "$a"; }
# the multiple of step nearest x (at least step)
nearest() { n=$(( ($1 + $2 / 2) / $2 * $2 )); test "$n" -ge "$2" || n=$2
            echo "$n"; }

# One kernel in one context: its log, searched unless there already.
search() {   # mu nu cc context
    mu=$1 nu=$2 cc=$3 ctx=$4
    lcm=$(( mu * nu / $(gcd "$mu" "$nu") ))
    nb=$(nearest 120 "$lcm") mc=$(nearest 96 "$mu")
    kc=$(( (768 + nu - 1) / nu * nu ))
    log="$dir/${mu}x${nu}-$cc-$ctx.log"
    if ! grep -q '^summary ' "$log" 2>/dev/null; then
        echo "context_rank.sh: ${mu}x$nu $cc, $ctx" >&2
        $taskset "$mmsearch" --context="$ctx" --isa="$isa" --nb="$nb" \
            --mu="$mu" --nu="$nu" --ku=1 --fma=1 --ff=1 --if=2 --nf=2 \
            --ncnb="$nb" --pin=CC="$cc" --pin=PF=1 --pin=MC="$mc" \
            --pin=KC="$kc" --pin=NC="$kc" --pin=SMALL_MAX=320 \
            --pin=K_CROSSOVER=4 --log="$log" $flags \
            --output="$dir/${mu}x${nu}-$cc-$ctx.conf" --no-progress \
            >"$dir/${mu}x${nu}-$cc-$ctx.out" 2>&1 || {
            echo "context_rank.sh: mmsearch failed: see" \
                 "$dir/${mu}x${nu}-$cc-$ctx.out" >&2
            exit 1
        }
    fi
}

for k in $kernels; do
    t=${k%%:*} cc=${k#*:}
    for ctx in l1 packed; do
        search "${t%%x*}" "${t#*x}" "$cc" "$ctx" || exit 1
    done
done

# Per kernel: name, L1 figure, packed figure, whole DGEMM (median of the
# step pf's PFB=0 timings of both runs); then the correlations.
for k in $kernels; do
    t=${k%%:*} cc=${k#*:}
    echo "$t $cc $dir/$t-$cc-l1.log $dir/$t-$cc-packed.log"
done | awk '
function val(line, key,    i, n, f) {
    n = split(line, f, " ")
    for (i = 1; i <= n; i++)
        if (index(f[i], key "=") == 1)
            return substr(f[i], length(key) + 2)
    return ""
}
# the median of the timings of the winner step (their best, which the search
# reports, is the likeliest to be one fast phase of the host)
function winner(path,    line, w, nw) {
    nw = 0
    while ((getline line < path) > 0)
        if (line ~ /^cand step=winner / && val(line, "verdict") == "ok")
            w[nw++] = val(line, "mflops") + 0
    close(path)
    return nw ? sorted_median(w, nw) : 0
}
# the geometric mean of the square sizes a timing ran on the packed path,
# from its why= "N=200:105334.5 N=500:91937.5 ... small=200 skinny=..."
function squares(line,    n, f, i, v, s, k, small) {
    small = "," val(line, "small") ","
    n = split(substr(line, index(line, "why=") + 4), f, " ")
    for (i = 1; i <= n; i++)
        if (f[i] ~ /^N=[0-9]+:/) {
            split(substr(f[i], 3), v, ":")
            if (index(small, "," v[1] ",") == 0) {
                s += log(v[2]); k++
            }
        }
    return k ? exp(s / k) : 0
}
function dgemm(path,    line) {
    while ((getline line < path) > 0)
        if (line ~ /^cand step=pf / && val(line, "pfb") == "0" \
            && val(line, "verdict") == "ok") {
            d[nd] = val(line, "mflops") + 0
            q[nd++] = squares(line)
        }
    close(path)
}
function sorted_median(a, n,    i, j, t) {
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && a[j - 1] > a[j]; j--)
            { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n - 1) / 2] : (a[n / 2 - 1] + a[n / 2]) / 2
}
# ranks of x[1..n] into r (average ranks for ties)
function ranks(x, r, n,    i, j, less, same) {
    for (i = 1; i <= n; i++) {
        less = same = 0
        for (j = 1; j <= n; j++)
            if (x[j] < x[i]) less++
            else if (x[j] == x[i]) same++
        r[i] = less + (same + 1) / 2
    }
}
function spearman(x, y, n,    rx, ry, i, mx, sxy, sxx, syy) {
    ranks(x, rx, n); ranks(y, ry, n)
    mx = (n + 1) / 2
    for (i = 1; i <= n; i++) {
        sxy += (rx[i] - mx) * (ry[i] - mx)
        sxx += (rx[i] - mx) ^ 2; syy += (ry[i] - mx) ^ 2
    }
    return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0
}
# the kernels of the faster half by[1..n] into hl1, hpk, hby, h1, h2
# (the contenders a search must tell apart); how many
function faster_half(by, n,    i, j, above, h) {
    for (i = 1; i <= n; i++) {
        above = 0
        for (j = 1; j <= n; j++)
            if (by[j] > by[i]) above++
        if (above < int((n + 1) / 2)) {
            h++; hl1[h] = l1[i]; hpk[h] = pk[i]; hby[h] = by[i]
            h1[h] = d1[i]; h2[h] = d2[i]
        }
    }
    return h
}
{
    n++
    name[n] = $1 " " $2
    l1[n] = winner($3) + 0; pk[n] = winner($4) + 0
    nd = 0; dgemm($3)
    d1[n] = nd ? sorted_median(d, nd) : 0
    n1 = nd; dgemm($4)
    for (i = n1; i < nd; i++)
        e[i - n1] = d[i]
    d2[n] = nd > n1 ? sorted_median(e, nd - n1) : 0
    dg[n] = nd ? sorted_median(d, nd) : 0
    sq[n] = nd ? sorted_median(q, nd) : 0
}
END {
    printf "| kernel | L1 | packed | whole DGEMM | its packed squares |\n"
    printf "|---|---:|---:|---:|---:|\n"
    for (i = 1; i <= n; i++)
        printf "| %s | %.0f | %.0f | %.0f | %.0f |\n", name[i], l1[i],
               pk[i], dg[i], sq[i]
    h = faster_half(dg, n)
    printf "\nSpearman against the whole DGEMM, %d kernels: L1 %.3f, " \
           "packed %.3f; its two runs against each other %.3f\n", n,
           spearman(l1, dg, n), spearman(pk, dg, n), spearman(d1, d2, n)
    printf "the faster %d by the whole DGEMM: L1 %.3f, packed %.3f; " \
           "its two runs %.3f\n", h, spearman(hl1, hby, h),
           spearman(hpk, hby, h), spearman(h1, h2, h)
    h = faster_half(sq, n)
    printf "Spearman against its packed squares, %d kernels: L1 %.3f, " \
           "packed %.3f\n", n, spearman(l1, sq, n), spearman(pk, sq, n)
    printf "the faster %d by them: L1 %.3f, packed %.3f\n", h,
           spearman(hl1, hby, h), spearman(hpk, hby, h)
}'
