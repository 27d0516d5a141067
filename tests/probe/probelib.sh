# Shared by test_mmprobe.sh and regtest_mmprobe.sh (sourced): TAP helpers,
# probe.conf readers, and the caches as this machine describes them.
set -u

n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - # SKIP $*"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }

# value KEY FILE
value() { sed -n "s/^$1 = \([^ ]*\).*/\1/p" "$2"; }
# within A B LO HI: LO <= A/B <= HI
within() { awk -v a="$1" -v b="$2" -v lo="$3" -v hi="$4" \
    'BEGIN { exit !(b > 0 && a / b >= lo && a / b <= hi) }'; }
# near A B TOL: |A - B| <= TOL
near() { awk -v a="$1" -v b="$2" -v t="$3" \
    'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }

# The caches as this machine describes them, from sources independent of
# mmprobe: Linux's sysfs cache directory, or else the output of Todd
# Allen's cpuid tool (Debian's "cpuid" package; CI must install it), whose
# decoding shares no code with mmprobe's.  facts_load sets
#   FACT_SRC       where the facts come from, or "" when there are none
#   FACT_WHY       when FACT_SRC is "": why (for the SKIP line)
#   FACT_L1_KIB FACT_L1_WAYS FACT_LINE   the L1 data cache
#   FACT_L2_KIB                          the L2 (empty: not described)
#   FACT_L3_KIB                          the L3 (empty: not described)
#   FACT_L3_DOUBT  not empty when the L3 figure is no real L3 (AMD's
#                  0x80000006 field over 128 MiB: no AMD core reaches more
#                  than its CCX's 96 MiB; the Zen 5 guest here says 508)
# CPUID_DUMP=FILE reads a saved "cpuid -1" dump instead (to test this).

facts_sysfs() {
    dir=/sys/devices/system/cpu/cpu0/cache
    for d in "$dir"/index*; do
        [ -r "$d/level" ] || continue
        kib=$(sed -n 's/^\([0-9]*\)K$/\1/p; s/^\([0-9]*\)M$/\1 1024/p' \
                "$d/size" | awk '{ print (NF > 1 ? $1 * $2 : $1) }')
        case "$(cat "$d/level"):$(cat "$d/type")" in
        1:Data)
            FACT_L1_KIB=$kib
            FACT_L1_WAYS=$(cat "$d/ways_of_associativity")
            FACT_LINE=$(cat "$d/coherency_line_size") ;;
        2:Unified|2:Data) FACT_L2_KIB=$kib ;;
        3:Unified) FACT_L3_KIB=$kib ;;
        esac
    done
    [ -n "$FACT_L1_KIB" ] && FACT_SRC=sysfs
}

# Leaf 4 (Intel) or 0x8000001D (AMD) blocks when they describe caches,
# else AMD's 0x80000005/0x80000006 sections.  Prints shell assignments.
facts_parse_cpuid() {
    awk '
    function num(s) {   # the number in the last "(...)" or after "= "
        if (match(s, /\([0-9]+\)$/))
            return substr(s, RSTART + 1, RLENGTH - 2) + 0
        sub(/.*= */, "", s)
        return s + 0
    }
    function flush() {
        if (type == 1 && level == 1) {
            d_l1 = size / 1024; d_ways = ways; d_line = line
        } else if (type == 3 || type == 1) {
            if (level == 2) d_l2 = size / 1024
            if (level == 3) d_l3 = size / 1024
        }
        type = 0
    }
    /^   vendor_id/ { vendor = $0 }
    /^   [^ ]/ { flush(); sec = "" }
    /^   deterministic cache parameters \(4\)/ { sec = "det" }
    /^   Cache Properties \(0x8000001d\)/ { sec = "det" }
    /^   L1 data cache information \(0x80000005\/ecx\)/ { sec = "l1" }
    /^   L2 unified cache information \(0x80000006\/ecx\)/ { sec = "l2" }
    /^   L3 cache information \(0x80000006\/edx\)/ { sec = "l3" }
    sec == "det" && /--- cache/ { flush() }
    sec == "det" && /^ *(cache )?type  / { type = num($0) }
    sec == "det" && /^ *(cache )?level  / { level = num($0) }
    sec == "det" && /ways of associativity|number of ways/ { ways = num($0) }
    sec == "det" && /coherency line size|line size in bytes/ { line = num($0) }
    sec == "det" && /\((size synth|synth size)\)/ {
        s = $0; sub(/.*= */, "", s); size = s + 0
    }
    sec == "l1" && /size \(KB\)/ { o_l1 = num($0) }
    sec == "l1" && /associativity/ { o_ways = num($0) }
    sec == "l1" && /line size/ { o_line = num($0) }
    sec == "l2" && /size \(KB\)/ { o_l2 = num($0) }
    sec == "l3" && /size \(in 512KB units\)/ { o_l3 = num($0) * 512 }
    END {
        flush()
        if (d_l1) { l1 = d_l1; w = d_ways; ln = d_line; l2 = d_l2; l3 = d_l3
                    src = "cpuid tool (leaf 4 / 0x8000001d)" }
        else if (o_l1) { l1 = o_l1; w = o_ways; ln = o_line; l2 = o_l2
                         l3 = o_l3; src = "cpuid tool (0x80000005/6)" }
        if (!l1) exit
        printf "FACT_SRC=\"%s\" FACT_L1_KIB=%d FACT_L1_WAYS=%d FACT_LINE=%d\n",
            src, l1, w, ln
        if (l2) printf "FACT_L2_KIB=%d\n", l2
        if (l3) printf "FACT_L3_KIB=%d\n", l3
        if (l3 > 131072 && vendor ~ /AuthenticAMD|HygonGenuine/)
            printf "FACT_L3_DOUBT=\"%d MiB is more than any AMD core " \
                   "reaches\"\n", l3 / 1024
    }'
}

facts_load() {
    FACT_SRC= FACT_WHY= FACT_L1_KIB= FACT_L1_WAYS= FACT_LINE=
    FACT_L2_KIB= FACT_L3_KIB= FACT_L3_DOUBT=
    [ -n "${CPUID_DUMP:-}" ] || facts_sysfs
    [ -n "$FACT_SRC" ] && return 0
    if [ -n "${CPUID_DUMP:-}" ]; then
        eval "$(facts_parse_cpuid <"$CPUID_DUMP")"
    elif command -v cpuid >/dev/null 2>&1; then
        eval "$(cpuid -1 2>/dev/null | facts_parse_cpuid)"
    else
        FACT_WHY="no sysfs cache directory and no cpuid tool (install"
        FACT_WHY="$FACT_WHY Debian's cpuid package)"
        return 0
    fi
    [ -n "$FACT_SRC" ] ||
        FACT_WHY="no sysfs cache directory, and cpuid describes no L1d"
}

# The witness of another tenant in the L1 (l1shared.c, no mmprobe code),
# and mmprobe, on one CPU: mmprobe pins itself to the one it starts on,
# and the witness must look at that core's L1.
: "${L1SHARED:=$top_builddir/tests/probe/l1shared}"
PIN=''
command -v taskset >/dev/null 2>&1 && PIN="taskset -c $(($(nproc) - 1))"
# l1_whole: the witness saw this core's L1 whole (prints what it saw);
# no facts, no witness: whole.  Needs facts_load.
l1_whole() {
    [ -n "$FACT_SRC" ] || return 0
    $PIN "$L1SHARED" "$FACT_L1_KIB" "$FACT_L1_WAYS"
}
