#!/usr/bin/env bash
# The exploring benchmark (part of `make bench`; runs alone too; about 4 minutes,
# plus about a minute the first time to generate the table): what the count above a
# first page costs that page. A 10,000,000-row table (`items`: the scaling
# benchmark's values, with a `section` of twelve values), two uncached servers
# (`--response-cache 0`) on the same file, one counting (the default) and one not
# (`--count-budget 0`), timed with wrk (1 thread, 1 connection, 3 s) in turns, three
# rounds, medians:
#   - a first visit: every request a filter no request asked before
#     (`price__gt=` a random price; its count is never kept yet), so the page
#     counts within its share of its own time and leaves the rest to after the answer;
#     and the same with a facet (`_facet=section`), counted likewise;
#   - a repeated visit: one filter again and again (the count kept under the data version),
#     also as instructions per request (callgrind, every thread; warmed up, the deferred
#     count left to finish, then 10 requests).
#
# Prints a Markdown section on standard output (like scaling.sh). Needs wrk, valgrind,
# python3 and a release build of liststate. The table is kept in $LISTSTATE_BENCH_CACHE
# (default ${XDG_CACHE_HOME:-~/.cache}/liststate-bench) as explore-v1-10000000.sqlite.
# Environment: LISTSTATE (the binary; default the release build), EXPLORE_ROWS (default 10000000).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
cache=${LISTSTATE_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/liststate-bench}
rows=${EXPLORE_ROWS:-10000000}
schema=v1
log() { printf '» %s\n' "$*" >&2; }

work=$(mktemp -d /tmp/liststate-exploring.XXXXXX)
pids=()
partial=""
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  [ -z "$partial" ] || rm -f "$partial"
  rm -rf "$work"
}
trap 'status=$?; cleanup; exit $status' EXIT

. Benchmarks/common.sh  # free_port, wait_for, wrk_figures

command -v wrk > /dev/null || { echo "wrk is missing (apt-get install wrk, or make bench)" >&2; exit 1; }
command -v callgrind_control > /dev/null || { echo "valgrind is missing (apt-get install valgrind, or make bench)" >&2; exit 1; }
[ -x "$liststate" ] || { echo "no liststate at $liststate (swift build -c release)" >&2; exit 1; }

# --- The table: values from a multiplicative hash of the row number, as scaling.sh's.
mkdir -p "$cache"
file="$cache/explore-$schema-$rows.sqlite"
if [ ! -f "$file" ]; then
  log "generating $rows rows"
  partial="$file.partial.$$"
  rm -f "$partial"
  python3 - "$rows" "$partial" <<'PY'
import sqlite3, sys
rows, path = int(sys.argv[1]), sys.argv[2]
db = sqlite3.connect(path)
db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;")
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, section TEXT, price REAL, quantity INTEGER)")
words = "red   green blue  small large round squaresteel wood  glass "
sections = "admin devel doc   editorgames libs  net   perl  pythonsound text  web   "
db.execute("""
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :rows),
h(i, x) AS (SELECT i, (i * 2654435761) % 4294967296 FROM n)
INSERT INTO items
SELECT i,
       rtrim(substr(:w, x % 10 * 6 + 1, 6)) || ' ' || rtrim(substr(:w, x / 10 % 10 * 6 + 1, 6)) || ' ' || i,
       rtrim(substr(:s, x / 1000 % 12 * 6 + 1, 6)),
       (100 + x / 7 % 49900) / 100.0,
       x / 11 % 1001
FROM h""", {"rows": rows, "w": words, "s": sections})
db.execute("CREATE INDEX items_by_price ON items (price)")
db.commit()
assert db.execute("SELECT count(*) FROM items").fetchone()[0] == rows
db.close()
PY
  mv "$partial" "$file"
  partial=""
fi

# --- Two servers on the file: counting (the default) and not.
declare -A base
for mode in counting plain; do
  port=$(free_port)
  extra=()
  [ "$mode" = plain ] && extra=(--count-budget 0)
  "$liststate" serve --port "$port" --response-cache 0 "${extra[@]}" "$file" > /dev/null 2> "$work/server-$mode.err" &
  pids+=($!)
  base[$mode]="http://127.0.0.1:$port"
  wait_for "${base[$mode]}/items" "${pids[-1]}"
done

# Every request a filter asked for the first time: a price from 1.00 to 499.99 drawn anew
# (with a facet of `section` too in the second script).
for extra in "" "&_facet=section"; do
  name=first-visit$([ -n "$extra" ] && echo -facet || true)
  cat > "$work/$name.lua" <<LUA
local counter = 0
request = function()
  counter = counter + 1
  local price = string.format("%.2f", 1 + ((counter * 7919 + math.random(0, 99)) % 49899) / 100)
  return wrk.format("GET", "/items?price__gt=" .. price .. "$extra")
end
LUA
done

# time MODE URL [SCRIPT]: one wrk run; prints "rps p50".
run() {
  local mode=$1 url=$2 script=${3:-} report
  report="$work/wrk.txt"
  if [ -n "$script" ]; then
    wrk -t1 -c1 -d3s --latency -s "$script" "${base[$mode]}$url" > "$report"
  else
    wrk -t1 -c1 -d3s --latency "${base[$mode]}$url" > "$report"
  fi
  read -r rps p50 _ < <(wrk_figures "$report")
  echo "$rps $p50"
}

declare -A rps_of p50_of
cases=("first visit|/items|$work/first-visit.lua" "first visit, a facet|/items|$work/first-visit-facet.lua"
  "repeated visit|/items?section=games|")
for round in 1 2 3; do
  for item in "${cases[@]}"; do
    IFS='|' read -r name url script <<< "$item"
    modes=(counting plain)
    [ $((round % 2)) -eq 0 ] && modes=(plain counting)
    for mode in "${modes[@]}"; do
      log "round $round: $name, $mode"
      read -r rps p50 < <(run "$mode" "$url" "$script")
      rps_of["$name|$mode"]+="$rps "
      p50_of["$name|$mode"]+="$p50 "
    done
  done
done

# Instructions per request of URL on a server run under callgrind with SERVE-ARGUMENTS.
count_instructions() {  # count_instructions URL SERVE-ARGUMENTS...
  local url=$1 port pid i
  shift
  port=$(free_port)
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.%p" \
    "$liststate" serve --port "$port" --response-cache 0 "$@" "$file" > /dev/null 2> "$work/callgrind.err" &
  pid=$!
  pids+=("$pid")
  wait_for "http://127.0.0.1:$port/items?limit=1" "$pid"
  # The count a first visit left runs after it: measured once it is kept (or 60 s passed).
  for i in $(seq 120); do
    [ "$*" != "--count-budget 0" ] || break
    curl -fsS "http://127.0.0.1:$port$url" | grep -q 'class="list-matches"' && break
    sleep 0.5
  done
  for i in 1 2; do curl -fsS -o /dev/null "http://127.0.0.1:$port$url"; done
  callgrind_control -z "$pid" > /dev/null
  for i in $(seq 10); do curl -fsS -o /dev/null "http://127.0.0.1:$port$url"; done
  callgrind_control -d "$pid" > /dev/null
  awk '/^summary:/ { printf "%.0f", $2 / 10 }' "$work/callgrind.$pid.1"
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -f "$work"/callgrind.*
}
log "instructions per request (callgrind), a repeated visit, counting and not"
counting_instructions=$(count_instructions "/items?section=games")
plain_instructions=$(count_instructions "/items?section=games" --count-budget 0)

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }

echo
echo "## Counting a list's matching rows (Benchmarks/exploring.sh)"
echo
echo "A $(python3 -c "print(f'{int(\"$rows\"):,}')")-row SQLite table, two uncached servers on the same file, one counting (the default: a"
echo "first page waits for its count at most 0.2 of its own read time, the rest runs after the answer) and one"
echo "not (\`--count-budget 0\`); wrk 1 thread, 1 connection, 3 s, three rounds in turns, medians."
echo
echo "| request | counting p50 (ms) | without counts p50 (ms) | p50 ratio | counting requests/s | without requests/s |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for item in "${cases[@]}"; do
  IFS='|' read -r name url _ <<< "$item"
  cp50=$(median <<< "${p50_of["$name|counting"]}")
  pp50=$(median <<< "${p50_of["$name|plain"]}")
  crps=$(median <<< "${rps_of["$name|counting"]}")
  prps=$(median <<< "${rps_of["$name|plain"]}")
  echo "| $name (\`$url\`) | $cp50 | $pp50 | $(ratio "$cp50" "$pp50") | $crps | $prps |"
done
echo
echo "Instructions per request of the repeated visit (callgrind, every thread, 10 requests after the count was"
echo "kept): counting $(printf '%s' "$counting_instructions"), without counts $(printf '%s' "$plain_instructions"),"
echo "ratio $(ratio "$counting_instructions" "$plain_instructions")."
echo
# How long a facet of the whole table takes after the answer, and whether it finishes in its budget.
port=$(free_port)
"$liststate" serve --port "$port" --response-cache 0 "$file" > /dev/null 2> "$work/facet.err" &
pids+=($!)
wait_for "http://127.0.0.1:$port/items?limit=1" "${pids[-1]}"
started=$SECONDS
curl -fsS -o /dev/null "http://127.0.0.1:$port/items?_facet=section"
finished="not within 30 s"
for i in $(seq 60); do
  sleep 0.5
  if curl -fsS "http://127.0.0.1:$port/items.json?_facet=section" | python3 -c '
import json, sys
facet = json.load(sys.stdin)["facets"][0]
sys.exit(0 if facet["values"] is not None else 1)'; then finished="after about $((SECONDS - started)) s"; break; fi
done
echo "A facet of \`section\` over the whole table (\`/items?_facet=section\`), left to after the first answer, was"
echo "counted $finished (the deferred budget, \`--count-budget\`, 1 s by default)."
