#!/usr/bin/env bash
# The own-data benchmark (part of `make bench`; runs alone too): a user's table
# of 100,000 rows and 8 columns served by ListState, its 20-row page timed next
# to the catalogue's 20-row page and next to Datasette serving the same table,
# every side uncached, in turns (A B C, three rounds of 3 s each, medians).
#
# Prints a Markdown section on standard output (run.sh appends it to
# BENCHMARKS.md). Needs wrk and a release build of liststate; installs
# Datasette from PyPI into a virtual environment in its temporary folder.
#
# Environment: LISTSTATE (the binary; default the release build),
# CATALOGUE (a built catalogue; default: built on first start here),
# LISTSTATE_BENCH (liststate-bench, for the freshness probe; default beside LISTSTATE),
# BENCH_CONNECTIONS (default 16: Datasette is one Python process), BENCH_THREADS (default 2),
# OWN_DATA_CHART (the chart of every figure, default Benchmarks/own-data.svg).
set -euo pipefail
cd "$(dirname "$0")/.."

connections=${BENCH_CONNECTIONS:-16}
wrk_threads=${BENCH_THREADS:-2}
liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
chart=${OWN_DATA_CHART:-Benchmarks/own-data.svg}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for, static_nginx
start_work own-data

# --- The table: 100,000 rows, 8 columns (integer key, text, real, integer,
# dates, a nullable note), an index on price for the sorted page.
log "generating the table"
# In a folder of its own: files written beside it (wrk outputs) would make every
# kept answer probe the data version again (docs/design.md, "Freshness").
mkdir -p "$work/data" "$work/wal"
python3 - "$work/data/shop.sqlite" <<'EOF'
import random, sqlite3, sys
random.seed(1)
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, quantity INTEGER, "
           "created TEXT, note TEXT, active INTEGER)")
words = ["red", "green", "blue", "small", "large", "round", "square", "steel", "wood", "glass"]
db.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (
    (i, " ".join(random.sample(words, 3)), random.choice(words), round(random.uniform(1, 500), 2),
     random.randint(0, 1000), f"2025-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}",
     None if i % 3 else "note " + str(i), i % 2) for i in range(1, 100_001)))
db.execute("CREATE INDEX items_by_price ON items (price)")
db.commit()
EOF

# --- Datasette, from PyPI, in its own environment.
log "installing Datasette (pip, into $work/venv)"
python3 -m venv "$work/venv" >&2
"$work/venv/bin/pip" install --quiet datasette >&2
datasette_version=$("$work/venv/bin/datasette" --version | awk '{ print $NF }')

# --- The servers: ListState on the table, ListState on the catalogue (both
# without the response cache: every request queries and renders), Datasette.
catalogue=${CATALOGUE:-$work/catalogue.sqlite}
own_port=$(free_port)
"$liststate" serve --port "$own_port" --response-cache 0 "$work/data/shop.sqlite" > /dev/null 2> "$work/own.err" &
pids+=($!)
wait_for "http://127.0.0.1:$own_port/items" "${pids[-1]}"
catalogue_port=$(free_port)
"$liststate" serve --port "$catalogue_port" --response-cache 0 --db "$catalogue" > /dev/null 2> "$work/catalogue.err" &
pids+=($!)
wait_for "http://127.0.0.1:$catalogue_port/" "${pids[-1]}"
datasette_port=$(free_port)
"$work/venv/bin/datasette" serve "$work/data/shop.sqlite" --port "$datasette_port" --setting suggest_facets off \
  --setting default_page_size 20 > /dev/null 2> "$work/datasette.err" &
pids+=($!)
wait_for "http://127.0.0.1:$datasette_port/shop/items?_nocount=1" "${pids[-1]}"

own_url="http://127.0.0.1:$own_port/items"
own_sorted_url="http://127.0.0.1:$own_port/items?sort=-price"
catalogue_url="http://127.0.0.1:$catalogue_port/"
datasette_url="http://127.0.0.1:$datasette_port/shop/items?_size=20&_nocount=1"
datasette_sorted_url="http://127.0.0.1:$datasette_port/shop/items?_size=20&_nocount=1&_sort_desc=price"
# Every side answers 200 with 20 rows.
[ "$(curl -fsS "$own_url.json" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["rows"]))')" = 20 ]
[ "$(curl -fsS "http://127.0.0.1:$datasette_port/shop/items.json?_size=20&_nocount=1&_shape=array" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" = 20 ]

# Runs wrk for 3 s on URL $2; prints requests/s.
rps() {
  sleep 1
  wrk -t"$wrk_threads" -c"$connections" -d3s "$2" > "$work/wrk-$1.txt"
  awk '$1 == "Requests/sec:" { printf "%.0f\n", $2 } /Non-2xx/ { print "non-2xx answers" > "/dev/stderr"; exit 1 }' "$work/wrk-$1.txt"
}

names=(own catalogue datasette own_sorted datasette_sorted)
urls=("$own_url" "$catalogue_url" "$datasette_url" "$own_sorted_url" "$datasette_sorted_url")
declare -A samples
for round in 1 2 3; do
  for index in "${!names[@]}"; do
    log "round $round: ${names[index]}"
    samples[${names[index]}]+="$(rps "${names[index]}-$round" "${urls[index]}") "
  done
done
median() { echo "$1" | tr ' ' '\n' | grep . | sort -g | sed -n 2p; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
own=$(median "${samples[own]}")
catalogue_rps=$(median "${samples[catalogue]}")
datasette=$(median "${samples[datasette]}")
own_sorted=$(median "${samples[own_sorted]}")
datasette_sorted=$(median "${samples[datasette_sorted]}")
cost_ratio=$(ratio "$catalogue_rps" "$own")

echo "## Own data: a user's table next to the catalogue and to Datasette"
echo
echo "![Requests per second: ListState, Datasette and nginx on the same table](${chart})"
echo
echo "A table of 100,000 rows and 8 columns (integer key, text, real, integer, dates, a"
echo "nullable note; an index on \`price\`), generated by \`Benchmarks/own-data.sh\`. Every side is"
echo "uncached (\`--response-cache 0\`; Datasette with \`suggest_facets off\` and \`_nocount=1\`),"
echo "wrk -t$wrk_threads -c$connections, in turns: three rounds of 3 s per URL, medians."
echo
echo "| URL | requests/s (runs) |"
echo "| --- | --- |"
echo "| ListState \`/items\` (20 rows) | $own (${samples[own]% }) |"
echo "| ListState catalogue \`/\` (20 rows) | $catalogue_rps (${samples[catalogue]% }) |"
echo "| Datasette $datasette_version \`/shop/items?_size=20&_nocount=1\` | $datasette (${samples[datasette]% }) |"
echo "| ListState \`/items?sort=-price\` | $own_sorted (${samples[own_sorted]% }) |"
echo "| Datasette \`…&_sort_desc=price\` | $datasette_sorted (${samples[datasette_sorted]% }) |"
echo
echo "- The table's page costs $cost_ratio × the catalogue page (requests/s of the catalogue over the table's; target at most 1.5)."
echo "- ListState serves the table's page $(ratio "$own" "$datasette") × as many requests/s as Datasette,"
echo "  and the sorted page $(ratio "$own_sorted" "$datasette_sorted") × (both uncached; issue 18's target: at least 200 ×)."

# The response cache for the same table (the default), and the freshness probe every
# request for it runs first: PRAGMA data_version on one long-lived connection.
cached_port=$(free_port)
"$liststate" serve --port "$cached_port" "$work/data/shop.sqlite" > /dev/null 2> "$work/cached.err" &
pids+=($!)
wait_for "http://127.0.0.1:$cached_port/items" "${pids[-1]}"
# nginx serving the same bytes as a static file, timed in turns with the kept answers.
curl -fsS "http://127.0.0.1:$cached_port/items" -o "$work/items.html"
static_nginx "$work" "$work/items.html"
pids+=("$nginx_pid")
wait_for "http://127.0.0.1:$nginx_port/" "$nginx_pid"
cmp -s <(curl -fsS "http://127.0.0.1:$nginx_port/") "$work/items.html" || { echo "nginx serves other bytes" >&2; exit 1; }
cached=""
static=""
for round in 1 2 3; do
  cached+="$(rps "cached-$round" "http://127.0.0.1:$cached_port/items") "
  static+="$(rps "nginx-$round" "http://127.0.0.1:$nginx_port/") "
done
bench=${LISTSTATE_BENCH:-$(dirname "$liststate")/liststate-bench}
"$bench" --probe "$work/data/shop.sqlite" --iterations 20000 > "$work/probe.txt"
probe=$(awk -F= '/^probe.data_version.median_us/ { print $2 }' "$work/probe.txt")
skipped=$(awk -F= '/^probe.unchanged_folder.median_us/ { print $2 }' "$work/probe.txt")
cp "$work/data/shop.sqlite" "$work/wal/shop.sqlite"
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode = WAL")' "$work/wal/shop.sqlite"
probe_wal=$("$bench" --probe "$work/wal/shop.sqlite" --iterations 20000 | awk -F= '/^probe.data_version.median_us/ { print $2 }')
echo "- Kept answers (the default \`--response-cache 4\`): \`/items\` at $(median "$cached") requests/s (${cached% }); each"
echo "  request first asks whether anything was written in the database's folder (inotify, one"
echo "  \`ioctl\`: $skipped µs) and, after a write, reads the database's version (\`PRAGMA data_version\` on"
echo "  one long-lived connection, so a commit by anyone is seen by the next request): $probe µs a probe"
echo "  in rollback-journal mode, $probe_wal µs in WAL mode (\`liststate-bench --probe FILE\`, medians)."
echo "  nginx serving the same bytes ($(wc -c < "$work/items.html") B) as a static file, in turns: $(median "$static") requests/s"
echo "  (${static% }): the kept \`/items\` is **$(ratio "$(median "$cached")" "$(median "$static")") ×** nginx (issue 18's target: at least 0.9 ×)."
echo "  Kept answers against Datasette's uncached page: $(ratio "$(median "$cached")" "$datasette") × (Datasette keeps no rendered page)."

# --- Chart: every figure above on one log scale (Datasette's bars would not show
# on a linear one).
python3 - "$chart" "$wrk_threads" "$connections" "$datasette_version" \
  "ListState /items, no response cache" "$own" \
  "ListState /items?sort=-price, no cache" "$own_sorted" \
  "ListState catalogue /, no cache" "$catalogue_rps" \
  "Datasette /shop/items (20 rows)" "$datasette" \
  "Datasette, sorted by price" "$datasette_sorted" \
  "ListState /items, kept answer" "$(median "$cached")" \
  "nginx, the same bytes as a file" "$(median "$static")" <<'EOF'
import math, sys
from xml.sax.saxutils import escape
path, threads, connections, version = sys.argv[1:5]
bars = [(sys.argv[i], int(sys.argv[i + 1])) for i in range(5, len(sys.argv), 2)]
left, bar_max, row, top = 270, 420, 36, 70
lo, hi = 1, max(2, math.ceil(math.log10(max(v for _, v in bars))))
def width(v): return 0 if v <= 10 ** lo else bar_max * (math.log10(v) - lo) / (hi - lo)
height = top + row * len(bars) + 40
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="780" height="{height}" viewBox="0 0 780 {height}" font-family="sans-serif" font-size="13">',
       '<rect width="100%" height="100%" fill="#fff"/>',
       '<text x="16" y="26" font-size="15" font-weight="bold">A user\'s table, 20 rows a page: requests per second (log scale)</text>',
       f'<text x="16" y="44" fill="#555">wrk, {threads} threads, {connections} connections, in turns, medians; Datasette {escape(version)}, suggest_facets off, _nocount=1</text>']
for e in range(lo, hi + 1):
    x = left + width(10 ** e)
    svg.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{top + row * len(bars)}" stroke="#e4e4e4"/>')
    svg.append(f'<text x="{x:.1f}" y="{top + row * len(bars) + 16}" text-anchor="middle" fill="#555">{10 ** e:,}</text>')
for i, (label, value) in enumerate(bars):
    y = top + row * i
    colour = "#8a8a8a" if label.startswith("nginx") else "#c9822b" if label.startswith("Datasette") else "#2f6fb2"
    svg.append(f'<text x="16" y="{y + 18}">{escape(label)}</text>')
    svg.append(f'<rect x="{left}" y="{y + 4}" width="{width(value):.1f}" height="20" fill="{colour}"/>')
    svg.append(f'<text x="{left + width(value) + 8:.1f}" y="{y + 19}">{value:,}</text>')
svg.append("</svg>")
open(path, "w").write("\n".join(svg) + "\n")
EOF

# The render alone (view context and templates, no query, no HTTP), side by side.
table_render=$("$bench" --table "$work/data/shop.sqlite" --list items --rows 20 --iterations 3000 | awk -F= '/fastest_round_median_us/ { print $2 }')
catalogue_render=$("$bench" --db "$catalogue" --only page --rows 20 --iterations 3000 | awk -F= '/^render.page20.fastest_round_median_us/ { print $2 }')
echo "- Render only (view context and templates, fastest round's median): the table's 20-row page"
echo "  $table_render µs, the catalogue's $catalogue_render µs ($(ratio "$table_render" "$catalogue_render") ×; the table's page"
echo "  holds twice the bytes: 8 columns and a sort link per column)."
echo
