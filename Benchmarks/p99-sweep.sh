#!/usr/bin/env bash
# Compares `serve` option sets side by side for the p99 target of BENCHMARKS.md
# (wrk: 2 threads, 64 connections, SWEEP_DURATION s per URL): the variants run
# interleaved, SWEEP_ROUNDS rounds, each on a fresh server over the same
# catalogue, and the medians per variant are printed at the end, with how the
# server's CPU time was spread over its threads (libmicrohttpd's epoll mode
# accepts up to 10 connections per wake-up, so 64 keep-alive connections can
# land very unevenly on the pool's threads).
#
#   Benchmarks/p99-sweep.sh DB 'threads 8=--threads 8' 'threads 4=--threads 4'
#
# DB is a catalogue (built by a first `serve --db DB`). The machine must be
# quiet: wrk and the server share the cores, and any other work (a build) moves
# p99 more than the options do. Writes nothing into the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:?usage: $0 DB 'label=serve options' ...}
shift
[ $# -gt 0 ] || { echo "give at least one 'label=serve options'" >&2; exit 2; }
binary=${LISTSTATE_BINARY:-.build/release/liststate}
duration=${SWEEP_DURATION:-10}
rounds=${SWEEP_ROUNDS:-3}
results=$(mktemp)
trap 'rm -f "$results"' EXIT
# The page, the first and the last cursor of the catalogue (as BENCHMARKS.md measures them).
cursors=$("$(dirname "$binary")/liststate-bench" --db "$db" --cursors)
urls=("/" "/?cursor=$(sed -n 's/^cursor.first=//p' <<<"$cursors")" "/?cursor=$(sed -n 's/^cursor.last=//p' <<<"$cursors")")

milliseconds() {
  awk '{ v = $1; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) }
         else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 }; printf "%.2f", v }'
}

run_variant() {
  local label=$1; shift
  local port=$((20000 + RANDOM % 20000))
  "$binary" serve --port "$port" --db "$db" "$@" >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  for url in "${urls[@]}"; do
    local header=(); [ "$url" != "/" ] && header=(-H 'HX-Request: true')
    # The first answer is rendered and kept; the rest of the run is served from the response cache.
    curl -fs -o /dev/null "${header[@]}" "http://127.0.0.1:$port$url"
    local out
    out=$(wrk -t2 -c64 -d"${duration}s" --latency "${header[@]}" "http://127.0.0.1:$port$url")
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$url" "$(echo "$out" | awk '/Requests\/sec/ { print $2 }')" \
      "$(echo "$out" | awk '$1 == "50%" { print $2 }' | milliseconds)" \
      "$(echo "$out" | awk '$1 == "99%" { print $2 }' | milliseconds)" >> "$results"
    if echo "$out" | grep -qE "Socket errors|Non-2xx"; then echo "$label $url: $(echo "$out" | grep -E "Socket errors|Non-2xx")" >&2; fi
  done
  # CPU ticks per thread, busiest first (the threads that did nothing are left out).
  echo "$label: CPU ticks per thread: $(for task in /proc/$pid/task/*; do awk '{ print $14 + $15 }' "$task/stat"; done \
    | sort -rn | awk '$1 > 5' | paste -sd' ')"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

for round in $(seq "$rounds"); do
  for variant in "$@"; do
    label=${variant%%=*}
    read -r -a options <<< "${variant#*=}"
    echo "round $round: $label" >&2
    run_variant "$label" "${options[@]}"
  done
done

echo
echo "medians of $rounds rounds ($duration s each; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-20s %-20s %10s %8s %8s\n' variant URL requests/s "p50 ms" "p99 ms"
python3 - "$results" <<'EOF'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, url, rps, p50, p99 = line.rstrip("\n").split("\t")
    rows[label, url].append((float(rps), float(p50), float(p99)))
for (label, url), runs in rows.items():
    print(f"{label:20} {url:20} {statistics.median(r[0] for r in runs):10.0f} "
          f"{statistics.median(r[1] for r in runs):8.2f} {statistics.median(r[2] for r in runs):8.2f}")
EOF
