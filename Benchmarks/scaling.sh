#!/usr/bin/env bash
# The scaling benchmark (part of `make bench`; runs alone too; about 7
# minutes, plus about 40 s the first time to generate the tables): does a
# user's list cost the same as its data grows? The same `items` table as
# own-data.sh's at 1,000, 100,000 and 10,000,000 rows, one file and one
# uncached server (`--response-cache 0`) per size, timed with wrk in turns
# across the sizes (for each URL the three sizes back to back, their order
# rotated each round; three rounds of 3 s each, medians):
#   - the first page `/items`;
#   - the last page reached by cursor `/items?cursor=…` (20–40 rows before the end);
#   - the page sorted by the indexed column `/items?sort=-price`, and its last page by cursor;
#   - a search for a word in about a quarter of the rows `/items?q=steel`, a
#     search no row matches `/items?q=zebra` and a sort by a column without an
#     index `/items?sort=quantity`: these may grow with the table; they must
#     answer within the query time limit (200) or say they could not (503), never hang.
# Then the instructions per request of the first four at each size (callgrind:
# the same on a busy machine, where wrk's p50 is not).
# Then the memory of one server over two 10M-row files, idle and under 256
# connections, with the default options and with `--response-cache 0`.
#
# Prints a Markdown section on standard output (like own-data.sh) and writes
# Benchmarks/scaling.svg (p50 latency against rows, one line per URL). Needs
# wrk, valgrind, python3 and a release build of liststate.
#
# The tables are generated once, inside SQLite (a recursive CTE; values derived
# from the row number), and kept outside the repository in
# $LISTSTATE_BENCH_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/liststate-bench),
# named by schema version and size: items-v1-1000.sqlite, …, and
# items2-v1-10000000.sqlite (the 10M table again as `items2`: two files may not
# share a list name). About 1.6 GB in all; delete the folder to free it.
#
# Environment: LISTSTATE (the binary; default the release build),
# LISTSTATE_BENCH_CACHE (above), BENCH_THREADS (wrk threads, default 2),
# BENCH_CONNECTIONS (default 16), SCALING_CHART (default Benchmarks/scaling.svg).
set -euo pipefail
cd "$(dirname "$0")/.."

wrk_threads=${BENCH_THREADS:-2}
connections=${BENCH_CONNECTIONS:-16}
chart=${SCALING_CHART:-Benchmarks/scaling.svg}
liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
cache=${LISTSTATE_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/liststate-bench}
schema=v1  # change when the generated data changes: old files are then not reused
sizes=(1000 100000 10000000)
declare -A size_label=([1000]="1 K" [100000]="100 K" [10000000]="10 M")
log() { printf '» %s\n' "$*" >&2; }

work=$(mktemp -d /tmp/liststate-scaling.XXXXXX)
pids=()
partial=""  # a table being written into the cache: removed if the run stops
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  [ -z "$partial" ] || rm -f "$partial"
  rm -rf "$work"
}
trap 'status=$?; cleanup; exit $status' EXIT

. Benchmarks/common.sh  # free_port, wait_for, wrk_figures, static_nginx

command -v wrk > /dev/null || { echo "wrk is missing (apt-get install wrk, or make bench)" >&2; exit 1; }
command -v callgrind_control > /dev/null || { echo "valgrind is missing (apt-get install valgrind, or make bench)" >&2; exit 1; }
[ -x "$liststate" ] || { echo "no liststate at $liststate (swift build -c release)" >&2; exit 1; }

# --- The tables. own-data.sh's schema and index; the values come from a
# multiplicative hash of the row number (x), so every size is the same data cut
# at another length: names of three words and a category from a list of ten,
# prices 1.00–499.99 (49,900 values), quantities 0–1000, dates of 2025, a note
# on every third row, active on every other.
generate() {  # generate ROWS FILE
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
rows, path = int(sys.argv[1]), sys.argv[2]
db = sqlite3.connect(path)
db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;")
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, quantity INTEGER, "
           "created TEXT, note TEXT, active INTEGER)")
words = "red   green blue  small large round squaresteel wood  glass "  # ten words, six characters each
db.execute("""
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :rows),
h(i, x) AS (SELECT i, (i * 2654435761) % 4294967296 FROM n)
INSERT INTO items
SELECT i,
       rtrim(substr(:w, x % 10 * 6 + 1, 6)) || ' ' || rtrim(substr(:w, x / 10 % 10 * 6 + 1, 6)) || ' '
         || rtrim(substr(:w, x / 100 % 10 * 6 + 1, 6)),
       rtrim(substr(:w, x / 1000 % 10 * 6 + 1, 6)),
       (100 + x / 7 % 49900) / 100.0,
       x / 11 % 1001,
       printf('2025-%02d-%02d', 1 + x / 13 % 12, 1 + x / 17 % 28),
       CASE WHEN i % 3 = 0 THEN 'note ' || i END,
       i % 2
FROM h""", {"rows": rows, "w": words})
db.execute("CREATE INDEX items_by_price ON items (price)")
db.commit()
assert db.execute("SELECT count(*) FROM items").fetchone()[0] == rows
db.close()
PY
}

# Makes FILE with command "$@" (which writes the file named last) unless it is
# there: written under a temporary name in the cache folder, renamed when
# complete, so a build that was stopped is never taken for a table.
build_once() {
  local file=$1
  shift
  if [ -f "$file" ]; then log "reusing $file"; return; fi
  partial="$file.partial.$$"
  rm -f "$partial"
  local start=$SECONDS
  "$@" "$partial"
  mv "$partial" "$file"
  partial=""
  generation_log+=("$(basename "$file"): $((SECONDS - start)) s")
  log "built $file in $((SECONDS - start)) s"
}
copy_as_items2() {  # the 10M table again, its table renamed (a name two files share stops the start)
  cp "$cache/items-$schema-10000000.sqlite" "$1"
  python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute("ALTER TABLE items RENAME TO items2"); db.commit()' "$1"
}

mkdir -p "$cache"
generation_log=()
generation_start=$SECONDS
declare -A file
for rows in "${sizes[@]}"; do
  file[$rows]="$cache/items-$schema-$rows.sqlite"
  log "table of $rows rows"
  build_once "${file[$rows]}" generate "$rows"
done
second_file="$cache/items2-$schema-10000000.sqlite"
build_once "$second_file" copy_as_items2
generation_seconds=$((SECONDS - generation_start))
[ ${#generation_log[@]} -gt 0 ] || generation_log=("all reused from $cache")

# The cursor of the last page of LIST in ORDER, taken from the server itself:
# the row with exactly 40 rows after it (K) and the one after it (J) are found
# with SQL, then `/LIST.json?sort=…&id__in=K,J&limit=1` answers K alone and a
# `next` link whose cursor is "after K". A cursor holds the list's name and
# sort and the last row's sort value and key, not the filters, so it is the
# same cursor a walk from the first page reaches (checked on the 1K table
# below), and the page at it shows the 21st to 40th rows before the end.
# Prints the cursor.  last_cursor BASE FILE LIST SORT (SORT: "" or -price)
last_cursor() {
  local base=$1 db=$2 list=$3 sort=$4 order keys
  case $sort in
    "") order="id DESC" ;;         # key order, read backwards
    -price) order="price, id" ;;   # -price with ties by id descending, read backwards
  esac
  keys=$(python3 - "$db" "$list" "$order" <<'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
j, k = (r[0] for r in db.execute(f"SELECT id FROM {sys.argv[2]} ORDER BY {sys.argv[3]} LIMIT 2 OFFSET 39"))
print(f"{k},{j}")
PY
)
  curl -fsS "$base/$list.json?${sort:+sort=$sort&}id__in=$keys&limit=1" | python3 -c '
import json, sys, urllib.parse
page = json.load(sys.stdin)
print(urllib.parse.parse_qs(urllib.parse.urlsplit(page["next"]).query)["cursor"][0])'
}

# Checks the page at cursor $2 (JSON twin URL $1 without it): 20 rows, a next
# page, and that page the last: 20 rows and the end of the list.
check_last_page() {
  local separator="?"
  [[ $1 != *\?* ]] || separator="&"
  curl -fsS "$1${separator}cursor=$2" | python3 -c '
import json, sys, urllib.request
base = sys.argv[1]
page = json.load(sys.stdin)
assert page["status"] == 200 and len(page["rows"]) == 20 and page["footer"] == "loadMore", page["footer"]
last = json.load(urllib.request.urlopen(base + page["next"]))
assert len(last["rows"]) == 20 and last["footer"] == "endOfList", (len(last["rows"]), last["footer"])' "${1%%/items*}"
}

# Walks LIST in SORT from its first page by `next` links and checks that cursor
# $3 is one of the cursors met: the cursor made above is the one a reader gets.
check_walk() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys, urllib.parse, urllib.request
base, first, wanted = sys.argv[1:]
url, seen = first, []
while url:
    page = json.load(urllib.request.urlopen(base + url))
    url = page["next"]
    if url:
        seen.append(urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["cursor"][0])
assert wanted in seen, f"{wanted} is not among the {len(seen)} cursors of a walk from {first}"
print(len(seen) + 1)
PY
}

# --- One uncached server per size, all running for the whole run.
declare -A base
for rows in "${sizes[@]}"; do
  port=$(free_port)
  "$liststate" serve --port "$port" --response-cache 0 "${file[$rows]}" > /dev/null 2> "$work/server-$rows.err" &
  pids+=($!)
  base[$rows]="http://127.0.0.1:$port"
  wait_for "${base[$rows]}/items" "${pids[-1]}"
done

# The URL kinds: key, label, path (CURSOR and SORTED_CURSOR are the size's own cursors).
kinds=(first last sorted sorted_last search search_none unindexed)
declare -A kind_label=(
  [first]="first page" [last]="last page by cursor" [sorted]="sorted by the index (-price)"
  [sorted_last]="-price, last page by cursor" [search]="search (q=steel)"
  [search_none]="search, no match (q=zebra)" [unindexed]="sort without index (quantity)")
declare -A kind_path=(
  [first]="/items" [last]="/items?cursor=CURSOR" [sorted]="/items?sort=-price"
  [sorted_last]="/items?sort=-price&cursor=SORTED_CURSOR" [search]="/items?q=steel"
  [search_none]="/items?q=zebra" [unindexed]="/items?sort=quantity")
# Kinds that must cost the same at every size (target 1.2 ×), and those that may grow.
constant_kinds=(first last sorted sorted_last)
growing_kinds=(search search_none unindexed)

declare -A url cursor_note
for rows in "${sizes[@]}"; do
  cursor=$(last_cursor "${base[$rows]}" "${file[$rows]}" items "")
  sorted_cursor=$(last_cursor "${base[$rows]}" "${file[$rows]}" items -price)
  check_last_page "${base[$rows]}/items.json" "$cursor"
  check_last_page "${base[$rows]}/items.json?sort=-price" "$sorted_cursor"
  cursor_note[$rows]="\`$cursor\`, \`-price\`: \`$sorted_cursor\`"
  if [ "$rows" = 1000 ]; then
    pages=$(check_walk "${base[$rows]}" "/items.json" "$cursor")
    check_walk "${base[$rows]}" "/items.json?sort=-price" "$sorted_cursor" > /dev/null
    log "1K: both cursors are among those of a walk of all $pages pages"
  fi
  for kind in "${kinds[@]}"; do
    path=${kind_path[$kind]/SORTED_CURSOR/$sorted_cursor}
    url[$kind-$rows]="${base[$rows]}${path/CURSOR/$cursor}"
  done
done

# One request for each URL alone, before any load: status and seconds (10 s at
# most; the query time limit is 2 s, so more would be a hang).
declare -A single
for kind in "${kinds[@]}"; do
  for rows in "${sizes[@]}"; do
    single[$kind-$rows]=$(curl -sS -o /dev/null --max-time 10 -w '%{http_code} %{time_total}' "${url[$kind-$rows]}" || true)
  done
done

# Counts the answers' status codes across wrk's threads (for the kinds that may
# answer 503): prints "Status codes: 200×N 503×M" after wrk's report.
cat > "$work/statuses.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) codes = {} end
function response(status, headers, body) codes[status] = (codes[status] or 0) + 1 end
function done(summary, latency, requests)
  local total, out = {}, {}
  for _, thread in ipairs(threads) do
    for code, count in pairs(thread:get("codes")) do total[code] = (total[code] or 0) + count end
  end
  for code, count in pairs(total) do table.insert(out, code .. "×" .. count) end
  table.sort(out)
  io.write("Status codes: " .. (#out > 0 and table.concat(out, " ") or "none") .. "\n")
end
LUA

# Runs wrk (arguments: a name for its report, then wrk's own); prints
# `rps p50 p99 max requests non2xx socket_errors` (latencies in ms).
run_wrk() {
  local name=$1
  shift
  sleep 1  # the previous run's connections close first
  wrk "$@" > "$work/wrk-$name.txt"
  wrk_figures "$work/wrk-$name.txt"
}

wrk_args=(-t"$wrk_threads" -c"$connections" -d3s --latency)
slow_args=(-t"$wrk_threads" -c"$connections" -d3s --latency --timeout 5s -s "$work/statuses.lua")
is_growing() { [[ " ${growing_kinds[*]} " == *" $1 "* ]]; }

# --- In turns: for each round, each URL kind at the three sizes back to back,
# the sizes' order rotated from round to round (1K 100K 10M, 100K 10M 1K,
# 10M 1K 100K) so that no size always runs first. After a run of a kind that
# may be slow, the server may still be working on the requests wrk left in
# flight (until the query time limit, 2 s): the next run waits 3 s more, so a
# cheap URL is not timed behind them.
declare -A samples  # kind-rows -> lines of run_wrk output
run_start=$SECONDS
for round in 0 1 2; do
  order=("${sizes[@]:round}" "${sizes[@]:0:round}")
  for kind in "${kinds[@]}"; do
    for rows in "${order[@]}"; do
      log "round $((round + 1)): ${kind_label[$kind]}, ${size_label[$rows]} rows"
      if is_growing "$kind"; then args=("${slow_args[@]}"); else args=("${wrk_args[@]}"); fi
      samples[$kind-$rows]+="$(run_wrk "$kind-$rows-$((round + 1))" "${args[@]}" "${url[$kind-$rows]}")"$'\n'
      if is_growing "$kind"; then sleep 3; fi
    done
  done
done

stop() {  # stops process $1 and forgets it
  local pid=$1 kept=() other
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  for other in "${pids[@]}"; do [ "$other" = "$pid" ] || kept+=("$other"); done
  pids=("${kept[@]}")
}

# --- Instructions per request (callgrind): wrk's p50 at 16 connections on two
# cores it shares with the server moves by half between runs of the same URL,
# and an instruction count is the same on a busy machine. Each size's server
# again, under callgrind; for each URL that must stay flat, 2 requests to warm
# up, the counters zeroed (callgrind_control -z), 10 requests, a dump (-d):
# its total over 10 is the figure (every thread: the request's own and what
# serving it wakes).
declare -A instructions  # kind-rows -> instructions per request
count_instructions() {  # count_instructions ROWS
  local rows=$1 port pid kind target dumps=0 i
  port=$(free_port)
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind-$rows.%p" \
    "$liststate" serve --port "$port" --response-cache 0 "${file[$rows]}" > /dev/null 2> "$work/callgrind-$rows.err" &
  pid=$!
  pids+=("$pid")
  wait_for "http://127.0.0.1:$port/items" "$pid"
  for kind in "${constant_kinds[@]}"; do
    target="http://127.0.0.1:$port${url[$kind-$rows]#"${base[$rows]}"}"
    for i in 1 2; do curl -fsS -o /dev/null "$target"; done
    callgrind_control -z "$pid" > /dev/null
    for i in $(seq 10); do curl -fsS -o /dev/null "$target"; done
    callgrind_control -d "$pid" > /dev/null
    dumps=$((dumps + 1))
    instructions[$kind-$rows]=$(awk '/^summary:/ { printf "%.0f", $2 / 10 }' "$work/callgrind-$rows.$pid.$dumps")
  done
  stop "$pid"
}
for rows in "${sizes[@]}"; do
  log "instructions per request (callgrind), ${size_label[$rows]} rows"
  count_instructions "$rows"
done

median() { printf '%s' "${samples[$1]}" | awk -v n="$2" '{ print $n }' | sort -g | sed -n 2p; }
runs() { printf '%s' "${samples[$1]}" | awk -v n="$2" '{ printf "%s%s", (NR > 1 ? " " : ""), $n }'; }
total() { printf '%s' "${samples[$1]}" | awk -v n="$2" '{ s += $n } END { print s + 0 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "–" }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 == a && a <= b) }'; }
kilo() { awk -v n="$1" 'BEGIN { printf "%.1f K", n / 1000 }'; }
statuses() { grep -h '^Status codes:' "$work"/wrk-"$1"-?.txt | sed 's/^Status codes: //' | paste -sd'/' -; }

# --- Memory: one server over both 10M-row files, as it runs by default (answers
# kept in the 4 MiB response cache), then with `--response-cache 0` (every
# request queries and renders): RSS idle, after start and one request to each
# list; the peak (VmHWM and 100 ms samples) under wrk -c256 cycling through the
# first page, the last page by cursor and the sorted page of both lists; RSS 2 s later.
declare -A memory  # mode-idle, mode-peak, mode-after (KiB), mode-load (run_wrk output)
measure_memory() {  # measure_memory MODE [serve options]
  local mode=$1 port memory_pid memory_base cursor_a cursor_b sampler_pid hwm_kb sampled_kb path
  shift
  log "memory ($mode): both 10M-row files"
  port=$(free_port)
  "$liststate" serve --port "$port" "$@" "${file[10000000]}" "$second_file" > /dev/null 2> "$work/memory-$mode.err" &
  memory_pid=$!
  pids+=("$memory_pid")
  memory_base="http://127.0.0.1:$port"
  wait_for "$memory_base/items" "$memory_pid"
  curl -fsS -o /dev/null "$memory_base/items2"
  memory[$mode-idle]=$(awk '/^VmRSS/ { print $2 }' "/proc/$memory_pid/status")
  cursor_a=$(last_cursor "$memory_base" "${file[10000000]}" items "")
  cursor_b=$(last_cursor "$memory_base" "$second_file" items2 "")
  check_last_page "$memory_base/items2.json" "$cursor_b"
  memory_paths=(/items "/items?cursor=$cursor_a" "/items?sort=-price" /items2 "/items2?cursor=$cursor_b" "/items2?sort=-price")
  {
    echo "local paths = {"
    for path in "${memory_paths[@]}"; do echo "  \"$path\","; done
    echo "}"
    echo 'local i = 0'
    echo 'function init(args) i = math.random(#paths) end'
    echo 'function request() i = i % #paths + 1; return wrk.format("GET", paths[i]) end'
  } > "$work/mix.lua"
  : > "$work/rss.txt"
  ( while kill -0 "$memory_pid" 2>/dev/null; do
      awk '/^VmRSS/ { print $2 }' "/proc/$memory_pid/status" 2>/dev/null >> "$work/rss.txt" || true
      sleep 0.1
    done ) &
  sampler_pid=$!
  pids+=("$sampler_pid")
  memory[$mode-load]=$(run_wrk "memory-$mode" -t2 -c256 -d10s --latency -s "$work/mix.lua" "$memory_base/")
  stop "$sampler_pid"
  hwm_kb=$(awk '/^VmHWM/ { print $2 }' "/proc/$memory_pid/status")
  sampled_kb=$(sort -n "$work/rss.txt" | tail -1)
  memory[$mode-peak]=$(( hwm_kb > sampled_kb ? hwm_kb : sampled_kb ))
  sleep 2
  memory[$mode-after]=$(awk '/^VmRSS/ { print $2 }' "/proc/$memory_pid/status")
  stop "$memory_pid"
}
measure_memory default
measure_memory uncached --response-cache 0
run_seconds=$((SECONDS - run_start))
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
field() { echo "$1" | awk -v n="$2" '{ print $n }'; }

# --- The chart: p50 latency (log scale) against rows (log scale), one line per kind.
for kind in "${kinds[@]}"; do
  for rows in "${sizes[@]}"; do
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "${kind_label[$kind]}" "$rows" "$(median "$kind-$rows" 2)" \
      "$(total "$kind-$rows" 6)" "$(total "$kind-$rows" 5)"
  done
done > "$work/chart.tsv"
python3 - "$work/chart.tsv" "$chart" "$(date -u +%Y-%m-%d), $(nproc) cores, load average at the end $(cut -d' ' -f1-3 /proc/loadavg)" \
  "wrk -t$wrk_threads -c$connections, 3 rounds of 3 s in turns, medians; --response-cache 0" <<'PY'
import math, sys
from xml.sax.saxutils import escape
source, out, subtitle, note = sys.argv[1:]
series, order = {}, []
for line in open(source):
    kind, label, rows, p50, non2xx, requests = line.rstrip("\n").split("\t")
    if kind not in series:
        series[kind] = (label, [])
        order.append(kind)
    if int(requests) > 0:  # no answer within the run: no point
        series[kind][1].append((int(rows), max(float(p50), 0.001), int(non2xx), int(requests)))
colours = ["#2f6fb2", "#d9822b", "#3a9e5c", "#8a5cb8", "#c23b3b", "#8a8a8a", "#b8a22e"]
dashes = ["", "6 3", "", "6 3", "", "2 3", ""]
width, height = 860, 460
left, top, plot_w, plot_h = 70, 70, 480, 320
xs = sorted({r for _, points in series.values() for r, *_ in points})
lo = math.floor(math.log10(min(p for _, pts in series.values() for _, p, *_ in pts)))
hi = math.ceil(math.log10(max(p for _, pts in series.values() for _, p, *_ in pts)))
hi = max(hi, lo + 1)
def x_of(rows): return left + plot_w * (math.log10(rows) - math.log10(xs[0])) / (math.log10(xs[-1]) - math.log10(xs[0]))
def y_of(ms): return top + plot_h * (hi - math.log10(ms)) / (hi - lo)
def size(rows): return {1000: "1 K", 100000: "100 K", 10000000: "10 M"}.get(rows, str(rows))
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
       '<rect width="100%" height="100%" fill="#fff"/>',
       '<text x="16" y="26" font-size="15" font-weight="bold">p50 latency of a user\'s list as it grows (ms, log scale)</text>',
       f'<text x="16" y="44" fill="#555">{escape(subtitle)}</text>',
       f'<text x="16" y="60" fill="#555">{escape(note)}</text>']
for e in range(lo, hi + 1):
    y = y_of(10 ** e)
    label = f"{10 ** e:g}"
    svg.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
    svg.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end" fill="#555">{label}</text>')
for rows in xs:
    x = x_of(rows)
    svg.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" stroke="#eee"/>')
    svg.append(f'<text x="{x:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{size(rows)}</text>')
svg.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 38}" text-anchor="middle" fill="#555">rows in the table (log scale)</text>')
svg.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>')
for i, kind in enumerate(order):
    label, points = series[kind]
    colour, dash = colours[i % len(colours)], dashes[i % len(dashes)]
    path = " ".join(f"{x_of(r):.1f},{y_of(p):.1f}" for r, p, *_ in points) or "0,0"
    svg.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + '/>')
    for r, p, non2xx, requests in points:
        svg.append(f'<circle cx="{x_of(r):.1f}" cy="{y_of(p):.1f}" r="4" fill="{colour}"><title>{escape(label)}, {size(r)} rows: p50 {p:g} ms, non-2xx {non2xx} of {requests}</title></circle>')
    y = top + 10 + 34 * i
    lx = left + plot_w + 30
    svg.append(f'<line x1="{lx}" y1="{y}" x2="{lx + 26}" y2="{y}" stroke="{colour}" stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + '/>')
    svg.append(f'<text x="{lx + 34}" y="{y + 4}">{escape(label)}</text>')
    failed = [f"{size(r)}: {round(100 * n / q)}% 503" for r, _, n, q in points if n]
    missing = [size(r) for r in xs if r not in {p[0] for p in points}]
    notes = failed + [f"{m}: no answer" for m in missing]
    if notes:
        svg.append(f'<text x="{lx + 34}" y="{y + 17}" font-size="11" fill="#c23b3b">{escape(", ".join(notes))}</text>')
svg.append("</svg>")
open(out, "w").write("\n".join(svg) + "\n")
PY
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$chart"

# --- Markdown.
echo
echo "## Scaling: 1 K, 100 K and 10 M rows"
echo
echo "own-data.sh's \`items\` table (8 columns, an index on \`price\`) generated at 1,000, 100,000"
echo "and 10,000,000 rows, one file and one server per size, every request queried and rendered"
echo "(\`--response-cache 0\`); wrk -t$wrk_threads -c$connections, in turns: for each URL the three sizes"
echo "back to back (their order rotated each round), three rounds of 3 s, medians (the runs in"
echo "brackets; 3 s of rest after each run of the last three URLs). Generated by"
echo "\`Benchmarks/scaling.sh\`; the machine is shared, so compare within a row, not with"
echo "other sections. $(nproc) cores, load average at the end $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "![p50 latency against rows](Benchmarks/scaling.svg)"
echo
echo "| URL | rows | requests/s (runs) | p50 ms (runs) | p99 ms | non-2xx / requests | socket errors | one request alone |"
echo "| --- | ---: | --- | --- | ---: | --- | ---: | --- |"
for kind in "${kinds[@]}"; do
  for rows in "${sizes[@]}"; do
    key=$kind-$rows
    codes=""
    is_growing "$kind" && codes=" ($(statuses "$key"))"
    read -r code seconds <<< "${single[$key]}"
    shown=${kind_path[$kind]/SORTED_CURSOR/…}
    echo "| ${kind_label[$kind]} \`${shown/CURSOR/…}\` | ${size_label[$rows]} | $(median "$key" 1) ($(runs "$key" 1)) |" \
      "$(median "$key" 2) ($(runs "$key" 2)) | $(median "$key" 3) | $(total "$key" 6) / $(total "$key" 5)$codes |" \
      "$(total "$key" 7) | $code in $(awk -v s="$seconds" 'BEGIN { printf "%.1f", s * 1000 }') ms |"
  done
done
echo
echo "Cost against the 1 K table (target: at most 1.2 × for the first page, the last page by cursor"
echo "and the indexed sort). Instructions per request (callgrind on the server: 10 requests after 2"
echo "to warm up, every thread counted) are the same on a busy machine and judge the target with"
echo "requests/s; p50 is shown, not judged: at $connections connections on $(nproc) cores that wrk"
echo "shares, it moves by half between runs of the same URL (the runs in brackets above)."
echo "Ratios: instructions and p50 at N / at 1 K, requests/s at 1 K / at N."
echo
echo "| URL | instructions 1 K / 100 K / 10 M | 100 K: instructions, requests/s, p50 ratio | 10 M: instructions, requests/s, p50 ratio | |"
echo "| --- | --- | --- | --- | --- |"
for kind in "${kinds[@]}"; do
  cells=""
  verdict=met
  counts="–"
  if ! is_growing "$kind"; then
    counts="$(kilo "${instructions[$kind-1000]}") / $(kilo "${instructions[$kind-100000]}") / $(kilo "${instructions[$kind-10000000]}")"
  fi
  for rows in 100000 10000000; do
    instructions_ratio=$(ratio "${instructions[$kind-$rows]:-0}" "${instructions[$kind-1000]:-0}")
    p50_ratio=$(ratio "$(median "$kind-$rows" 2)" "$(median "$kind-1000" 2)")
    rps_ratio=$(ratio "$(median "$kind-1000" 1)" "$(median "$kind-$rows" 1)")
    cells+=" $instructions_ratio, $rps_ratio, $p50_ratio |"
    { le "$instructions_ratio" 1.2 && le "$rps_ratio" 1.2; } || verdict="**not met**"
    [ "$(total "$kind-$rows" 6)" -eq 0 ] && [ "$(total "$kind-$rows" 7)" -eq 0 ] || verdict="**not met** (errors)"
  done
  is_growing "$kind" && verdict="no target (may grow; must answer 200 or 503)"
  echo "| ${kind_label[$kind]} | $counts |$cells $verdict |"
done
echo
echo "- The last page by cursor: for each table, the row with exactly 40 rows after it in the"
echo "  list's order (K) and the row after it (J) are found with SQL, and the server's own JSON"
echo "  twin makes the cursor: \`/items.json?id__in=K,J&limit=1\` (with \`sort=-price\` for the"
echo "  sorted one) answers K and a \`next\` link whose cursor is \"after K\" (a cursor holds the"
echo "  list's name and sort and the last row's sort value and key, not the filters). The page at"
echo "  it was checked to hold 20 rows and a next page of the last 20 rows (\`endOfList\`); on the"
echo "  1 K table a walk from the first page by \`next\` links meets both cursors. Cursors:"
for rows in "${sizes[@]}"; do echo "  ${size_label[$rows]} ${cursor_note[$rows]}."; done
echo "- The search and the unindexed sort are not bounded by an index: a search for a frequent"
echo "  word stops after 20 matches, one that matches nothing reads the whole table, and a sort by"
echo "  \`quantity\` reads every row. The server's query time limit (\`--query-timeout\`, 2 s by default,"
echo "  counted from a request's arrival) turns what cannot finish in time into a 503; \"one request"
echo "  alone\" is one \`curl\` before the load (status and time)."
echo "- A whole page after a cursor costs $(kilo "$(( ${instructions[last-1000]} - ${instructions[first-1000]} ))") instructions more than the first page at"
echo "  1 K rows: it shares no words, links or controls with other requests (its JSON link and"
echo "  the offline page's retry link name the cursor; docs/design.md); an htmx continuation"
echo "  (\`HX-Request\`) draws none of them."
echo
echo "Memory: one server over both 10 M-row files (\`liststate serve items-$schema-10000000.sqlite"
echo "items2-$schema-10000000.sqlite\`: lists \`/items\` and \`/items2\`), with the default options (answers kept"
echo "in the 4 MiB response cache) and with \`--response-cache 0\`; RSS idle after start and one request"
echo "to each list, then wrk -t2 -c256 -d10s cycling through the first page, the last page by cursor"
echo "and \`?sort=-price\` of both lists:"
echo
verdict() { if le "$1" "$2"; then echo met; else echo "**not met**"; fi; }
echo "| | default | \`--response-cache 0\` | target |"
echo "| --- | --- | --- | --- |"
cells() {  # the two modes' values of $1, in MiB, each with its verdict against $2 (if any)
  local mode line=""
  for mode in default uncached; do
    line+=" $(mib "${memory[$mode-$1]}") MiB${2:+ ($(verdict "$(mib "${memory[$mode-$1]}")" "$2"))} |"
  done
  echo "$line"
}
echo "| RSS idle (after start and one request to each list) |$(cells idle 30) ≤ 30 MiB |"
echo "| RSS peak under load (VmHWM and 100 ms samples) |$(cells peak 40) ≤ 40 MiB |"
echo "| RSS 2 s after the load |$(cells after) |"
load_cell() { echo "$(field "$1" 1) /s, $(field "$1" 2) / $(field "$1" 3) ms, $(field "$1" 6) of $(field "$1" 5), $(field "$1" 7)"; }
echo "| the load: requests/s, p50 / p99, non-2xx of requests, socket errors | $(load_cell "${memory[default-load]}") | $(load_cell "${memory[uncached-load]}") | |"
echo
echo "Generation (once, then reused from \`$cache\`): $(printf '%s; ' "${generation_log[@]}")the timed run: $run_seconds s."
echo
echo '```sh'
echo "Benchmarks/scaling.sh   # BENCH_THREADS=$wrk_threads BENCH_CONNECTIONS=$connections LISTSTATE_BENCH_CACHE=$cache"
for rows in "${sizes[@]}"; do
  echo "$liststate serve --port PORT --response-cache 0 ${file[$rows]}"
done
echo "wrk ${wrk_args[*]} URL        # first, last, sorted, sorted last"
echo "wrk ${slow_args[*]/#$work\//} URL   # q=steel, q=zebra, sort=quantity (statuses.lua counts status codes)"
echo "valgrind --tool=callgrind $liststate serve --port PORT --response-cache 0 FILE   # per URL: 2 requests, callgrind_control -z PID, 10 requests, callgrind_control -d PID"
echo "$liststate serve --port PORT [--response-cache 0] ${file[10000000]} $second_file"
echo "wrk -t2 -c256 -d10s --latency -s mix.lua URL   # mix.lua: ${memory_paths[*]}"
echo '```'
