#!/usr/bin/env bash
# The upstream benchmark (part of `make bench`; runs alone too; about a minute):
# what a list over an upstream JSON API costs beside the same rows in SQLite.
# The test upstream (Tests/upstream/upstream_server.py, 45 items, Django REST
# Framework's paging) and a SQLite table of the same 45 rows and three columns
# (id, name, price), each served as the list `items`, 20 rows a page:
#   - instructions per request (callgrind, every thread of the liststate
#     process; 2 requests to warm up, the counters zeroed, 10 requests, a dump):
#     the page uncached (`--response-cache 0`; the upstream asked every time)
#     and kept (the upstream's `keepFor`, the database's data version: the
#     same response cache), for both sources. The upstream's own work is in
#     another process and not counted;
#   - the upstream's share of an uncached page's time: wrk (1 thread, 4
#     connections, 3 s) in turns, 3 rounds, on the upstream's own page
#     (`/drf/items?limit=20`) and on the list's page through liststate; medians.
#
# Prints a Markdown section on standard output (like scaling.sh). Needs wrk,
# valgrind, python3 and a release build of liststate.
# Environment: LISTSTATE (the binary; default the release build).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for, wrk_figures
start_work upstream-bench

command -v wrk > /dev/null || { echo "wrk is missing (apt-get install wrk, or make bench)" >&2; exit 1; }
command -v callgrind_control > /dev/null || { echo "valgrind is missing (apt-get install valgrind, or make bench)" >&2; exit 1; }
[ -x "$liststate" ] || { echo "no liststate at $liststate (swift build -c release)" >&2; exit 1; }

# The upstream: its port is its first line; it ends when its standard input closes.
mkfifo "$work/upstream-in"
python3 Tests/upstream/upstream_server.py < "$work/upstream-in" > "$work/upstream-out" &
pids+=("$!")
exec 3> "$work/upstream-in"
for _ in $(seq 100); do [ -s "$work/upstream-out" ] && break; sleep 0.1; done
upstream="http://127.0.0.1:$(head -n1 "$work/upstream-out")"
wait_for "$upstream/drf/items" "${pids[0]}"

# The same rows in SQLite, read from the upstream itself.
python3 - "$upstream" "$work/items.sqlite" <<'PY'
import json, sqlite3, sys, urllib.request
rows = json.load(urllib.request.urlopen(sys.argv[1] + "/drf/items?limit=100"))["results"]
db = sqlite3.connect(sys.argv[2])
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL)")
db.executemany("INSERT INTO items VALUES (?, ?, ?)", [(r["id"], r["name"], r["price"]) for r in rows])
db.commit()
PY

config() {  # config FILE KEEPFOR
  cat > "$1" <<EOF
{"upstreams": {"items": {"url": "$upstream/drf/items", "rows": "results", "key": "id", "columns": ["name", "price"],
  "pagination": "next", "limitParameter": "limit", "keepFor": $2}}}
EOF
}
config "$work/fresh.json" 0
config "$work/kept.json" 3600

declare -A instructions  # source-mode -> instructions per request
count_instructions() {  # count_instructions NAME SERVE-ARGUMENTS...
  local name=$1 port pid i
  shift
  port=$(free_port)
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind-$name.%p" \
    "$liststate" serve --port "$port" "$@" > /dev/null 2> "$work/callgrind-$name.err" &
  pid=$!
  pids+=("$pid")
  wait_for "http://127.0.0.1:$port/items?limit=20" "$pid"
  for i in 1 2; do curl -fsS -o /dev/null "http://127.0.0.1:$port/items?limit=20"; done
  callgrind_control -z "$pid" > /dev/null
  for i in $(seq 10); do curl -fsS -o /dev/null "http://127.0.0.1:$port/items?limit=20"; done
  callgrind_control -d "$pid" > /dev/null
  instructions[$name]=$(awk '/^summary:/ { printf "%.0f", $2 / 10 }' "$work/callgrind-$name.$pid.1")
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
}
log "instructions per request (callgrind): upstream and SQLite, uncached and kept"
count_instructions upstream-fresh --response-cache 0 --config "$work/fresh.json"
count_instructions upstream-kept --config "$work/kept.json"
count_instructions sqlite-fresh --response-cache 0 "$work/items.sqlite"
count_instructions sqlite-kept "$work/items.sqlite"

# The upstream's share: its own page and the list's page, in turns.
port=$(free_port)
"$liststate" serve --port "$port" --response-cache 0 --config "$work/fresh.json" > /dev/null 2> "$work/serve.err" &
pids+=("$!")
wait_for "http://127.0.0.1:$port/items?limit=20" "$!"
declare -A samples
for round in 1 2 3; do
  for name in direct through; do
    target=$([ "$name" = direct ] && echo "$upstream/drf/items?limit=20" || echo "http://127.0.0.1:$port/items?limit=20")
    wrk -t1 -c4 -d3s --latency "$target" > "$work/wrk-$name-$round.txt"
    samples[$name]+="$(wrk_figures "$work/wrk-$name-$round.txt")"$'\n'
  done
done
median() { printf '%s' "${samples[$1]}" | awk -v n="$2" 'NF { print $n }' | sort -g | sed -n 2p; }
kilo() { awk -v n="$1" 'BEGIN { printf "%.1f K", n / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "–" }'; }
direct_p50=$(median direct 2)
through_p50=$(median through 2)
share=$(awk -v a="$direct_p50" -v b="$through_p50" 'BEGIN { if (b > 0) printf "%.0f %%", 100 * a / b; else printf "–" }')

cat <<EOF
## A list over an upstream JSON API

\`Benchmarks/upstream.sh\`: the test upstream (Tests/upstream/upstream_server.py,
Python's standard library, Django REST Framework's paging) and a SQLite table of
the same 45 rows and three columns, each served as \`/items?limit=20\`.
Instructions per request are liststate's alone (callgrind, every thread; the
upstream is another process), over 10 requests after 2.

| page | upstream list | SQLite list | upstream ÷ SQLite |
| --- | ---: | ---: | ---: |
| uncached (\`--response-cache 0\`) | $(kilo "${instructions[upstream-fresh]}") | $(kilo "${instructions[sqlite-fresh]}") | $(ratio "${instructions[upstream-fresh]}" "${instructions[sqlite-fresh]}") |
| kept (\`keepFor\` / the data version) | $(kilo "${instructions[upstream-kept]}") | $(kilo "${instructions[sqlite-kept]}") | $(ratio "${instructions[upstream-kept]}" "${instructions[sqlite-kept]}") |

An uncached upstream page's time, wrk -t1 -c4 -d3s in turns, medians of 3 rounds:
the upstream's own page answers at p50 ${direct_p50} ms, the list's page through
liststate at p50 ${through_p50} ms: the upstream's own share is about ${share} of it.

EOF
