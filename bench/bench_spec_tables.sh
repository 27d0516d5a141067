# bench-spec's tables (sourced by bench/bench_spec.sh).

# nb_table RAW: lines "NB FLUSH driver hand", best of the rounds per
# NB and state.
nb_table() {
    awk '
    function best(a, k, v) { if (v != "" && (!(k in a) || v > a[k])) a[k] = v }
    { k = $1 " " $2; best(d, k, $3); best(h, k, $4)
      if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
    END {
      printf "%6s  %-29s   %-29s\n", "", "flushed (multicall-lru)",
        "unflushed (none)"
      printf "%6s  %10s %10s %7s   %10s %10s %7s\n", "NB", "driver",
        "hand", "drv/hand", "driver", "hand", "drv/hand"
      for (i = 1; i <= n; i++) {
        f = order[i] " multicall-lru"; u = order[i] " none"
        printf "%6d  %10.1f %10.1f %6.1f%%   %10.1f %10.1f %6.1f%%\n",
          order[i], d[f], h[f], (h[f] > 0 ? 100 * d[f] / h[f] : 0),
          d[u], h[u], (h[u] > 0 ? 100 * d[u] / h[u] : 0)
      }
    }' "$1"
}

# repeat_table RAW: lines "FLUSH driver|hand MFLOPS"; per timer and
# state the mean, standard deviation, min and max, and the difference of
# the means beside the spread within one timer.
repeat_table() {
    awk '
    $3 != "" { k = $1 " " $2; n[k]++; s[k] += $3; q[k] += $3 * $3
      if (!(k in lo) || $3 < lo[k]) lo[k] = $3
      if (!(k in hi) || $3 > hi[k]) hi[k] = $3 }
    END {
      printf "%-14s %-7s %5s %10s %9s %6s %10s %10s\n", "state", "timer",
        "runs", "mean", "stddev", "%", "min", "max"
      split("multicall-lru none", st, " ")
      split("driver hand", tm, " ")
      for (i = 1; i <= 2; i++) {
        for (j = 1; j <= 2; j++) {
          k = st[i] " " tm[j]
          if (!n[k]) { printf "%-14s %-7s %5d (nothing measured)\n",
                       st[i], tm[j], 0; continue }
          m[k] = s[k] / n[k]; v = q[k] / n[k] - m[k] * m[k]
          sd[k] = v > 0 ? sqrt(v) : 0
          printf "%-14s %-7s %5d %10.1f %9.1f %5.1f%% %10.1f %10.1f\n",
            st[i], tm[j], n[k], m[k], sd[k], 100 * sd[k] / m[k], lo[k], hi[k]
        }
        a = st[i] " driver"; b = st[i] " hand"
        if (n[a] && n[b])
          printf "%-14s between the timers: means differ by %.1f%%; " \
            "within: stddev %.1f%% (driver), %.1f%% (hand)\n", st[i],
            100 * (m[a] - m[b]) / m[b], 100 * sd[a] / m[a],
            100 * sd[b] / m[b]
      }
    }' "$1"
}
