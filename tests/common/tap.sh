# What the shell tests share (sourced, after top_srcdir is set): a scratch
# directory removed when the test exits, and numbered TAP lines.  A SKIP
# is an "ok" line: TAP's "not ok ... # SKIP" would be a failure.

# tap_scratch DIR: make DIR, or stop the test as a hard error (99).
tap_scratch() {
    tap_dir=$1
    mkdir -p "$tap_dir" || exit 99
    trap 'rm -rf "$tap_dir"' EXIT
}

n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
