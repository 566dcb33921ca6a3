#!/usr/bin/env bash
# The PostgreSQL benchmark (part of `make bench`; runs alone too, inside
# scripts/with-postgresql): the same table of 100,000 rows served from SQLite
# and from PostgreSQL, in turns (five rounds of 3 s per URL, medians;
# requests/s and p99), and the cost of a deep page on PostgreSQL with
# 1,000,000 rows: the first page against a page after a cursor near the end,
# in key order and sorted by an indexed column (issue 17's target: at most 1.2 ×).
#
# Prints a Markdown section on standard output (run.sh appends it to
# BENCHMARKS.md). Needs wrk, a release build of liststate and a cluster
# (LISTSTATE_TEST_POSTGRESQL, as scripts/with-postgresql sets it).
#
# Environment: LISTSTATE (the binary; default the release build),
# BENCH_CONNECTIONS (default 16), BENCH_THREADS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

: "${LISTSTATE_TEST_POSTGRESQL:?run inside scripts/with-postgresql}"
connections=${BENCH_CONNECTIONS:-16}
wrk_threads=${BENCH_THREADS:-2}
liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
psql_bin=${LISTSTATE_TEST_POSTGRESQL_BIN:-/usr/bin}/psql
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for, wrk_figures
start_work postgresql-bench

sql() { PGOPTIONS="-c client_min_messages=warning" "$psql_bin" -X -q -v ON_ERROR_STOP=1 -d "$LISTSTATE_TEST_POSTGRESQL dbname=$1" -c "$2"; }
sql postgres "DROP DATABASE IF EXISTS bench"
sql postgres "CREATE DATABASE bench TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'"

# --- The table of own-data.sh (100,000 rows, 8 columns), in SQLite and, copied, in PostgreSQL.
log "generating the table"
mkdir -p "$work/data"
python3 - "$work/data/shop.sqlite" "$work/items.csv" <<'PY'
import csv, random, sqlite3, sys
random.seed(1)
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, quantity INTEGER, "
           "created TEXT, note TEXT, active INTEGER)")
words = ["red", "green", "blue", "small", "large", "round", "square", "steel", "wood", "glass"]
rows = [(i, " ".join(random.sample(words, 3)), random.choice(words), round(random.uniform(1, 500), 2),
         random.randint(0, 1000), f"2025-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}",
         None if i % 3 else "note " + str(i), i % 2) for i in range(1, 100_001)]
db.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
db.execute("CREATE INDEX items_by_price ON items (price)")
db.commit()
with open(sys.argv[2], "w", newline="") as out:
    csv.writer(out).writerows(["" if v is None else v for v in row] for row in rows)
PY
sql bench "CREATE TABLE items (id bigint PRIMARY KEY, name text, category text, price double precision, quantity bigint,
           created text, note text, active bigint)"
sql bench "\\copy items FROM '$work/items.csv' WITH (FORMAT csv)"
# An index on (price, id): the sort's order with its tie-break (SQLite's index on price holds the rowid).
sql bench "CREATE INDEX items_by_price ON items (price, id); ANALYZE items"
log "generating 1,000,000 rows in PostgreSQL"
sql bench "CREATE TABLE big (id integer PRIMARY KEY, name text, price double precision);
           INSERT INTO big SELECT n, 'row ' || n, (n % 997) * 1.5 FROM generate_series(1, 1000000) n;
           CREATE INDEX big_by_price ON big (price, id); ANALYZE big"

# --- The servers, uncached: every request queries and renders.
sqlite_port=$(free_port)
"$liststate" serve --port "$sqlite_port" --response-cache 0 "$work/data/shop.sqlite" > /dev/null 2> "$work/sqlite.err" &
pids+=($!)
wait_for "http://127.0.0.1:$sqlite_port/items" "${pids[-1]}"
postgresql_port=$(free_port)
LISTSTATE_DATABASE_URL="$LISTSTATE_TEST_POSTGRESQL dbname=bench" \
  "$liststate" serve --port "$postgresql_port" --response-cache 0 > /dev/null 2> "$work/postgresql.err" &
pids+=($!)
wait_for "http://127.0.0.1:$postgresql_port/items" "${pids[-1]}"
# The same rows both ways.
cmp -s <(curl -fsS "http://127.0.0.1:$sqlite_port/items.json?sort=-price") \
       <(curl -fsS "http://127.0.0.1:$postgresql_port/items.json?sort=-price") \
  || { echo "SQLite and PostgreSQL answer other rows" >&2; exit 1; }

# Runs wrk --latency for 3 s on URL $2 (report in $work/wrk-$1.txt); prints `rps p99`.
measure() {
  sleep 0.5
  wrk -t"$wrk_threads" -c"$connections" -d3s --latency "$2" > "$work/wrk-$1.txt"
  read -r rate _ p99 _ _ non2xx errors < <(wrk_figures "$work/wrk-$1.txt")
  [ "$non2xx" = 0 ] && [ "$errors" = 0 ] || { echo "wrk $2: $non2xx non-2xx, $errors socket errors" >&2; exit 1; }
  echo "$rate $p99"
}

# A cursor deep in the 1,000,000 rows: the `next` of a page that a filter starts near the end
# (a cursor holds the position alone, so it works without the filter).
next_cursor() { curl -fsS "$1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"].split("cursor=")[1].split("&")[0])'; }
deep=$(next_cursor "http://127.0.0.1:$postgresql_port/big.json?id__gt=990000")
deep_sorted=$(next_cursor "http://127.0.0.1:$postgresql_port/big.json?sort=-price&price__lt=3")

base_sqlite="http://127.0.0.1:$sqlite_port"
base_postgresql="http://127.0.0.1:$postgresql_port"
names=(sqlite postgresql sqlite_sorted postgresql_sorted first deep first_sorted deep_sorted)
urls=("$base_sqlite/items" "$base_postgresql/items" "$base_sqlite/items?sort=-price" "$base_postgresql/items?sort=-price"
      "$base_postgresql/big" "$base_postgresql/big?cursor=$deep" "$base_postgresql/big?sort=-price"
      "$base_postgresql/big?sort=-price&cursor=$deep_sorted")
declare -A rates p99s
for round in 1 2 3 4 5; do
  for index in "${!names[@]}"; do
    log "round $round: ${names[index]}"
    read -r rate p99 < <(measure "${names[index]}-$round" "${urls[index]}")
    rates[${names[index]}]+="$rate "
    p99s[${names[index]}]+="$p99 "
  done
done
median() { echo "$1" | tr ' ' '\n' | grep . | sort -g | sed -n 3p; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
row() { echo "| $1 | $(median "${rates[$2]}") (${rates[$2]% }) | $(median "${p99s[$2]}") |"; }

echo "## PostgreSQL"
echo
echo "The table of the own-data benchmark (100,000 rows, 8 columns) in a SQLite file and,"
echo "copied, in a PostgreSQL $("$psql_bin" --version | awk '{ print $3 }') database of a throw-away cluster on this"
echo "machine (Unix socket, \`LOCALE 'C'\`, an index on \`(price, id)\`), each served by ListState"
echo "uncached (\`--response-cache 0\`; \`--pool-size\` 4, the default), wrk -t$wrk_threads -c$connections --latency, in turns:"
echo "five rounds of 3 s per URL, medians (\`Benchmarks/postgresql.sh\`)."
echo
echo "| URL | requests/s (runs) | p99 ms (median) |"
echo "| --- | --- | --- |"
row "SQLite \`/items\` (20 rows)" sqlite
row "PostgreSQL \`/items\`" postgresql
row "SQLite \`/items?sort=-price\`" sqlite_sorted
row "PostgreSQL \`/items?sort=-price\`" postgresql_sorted
row "PostgreSQL 1,000,000 rows: first page \`/big\`" first
row "PostgreSQL 1,000,000 rows: a page after row 990,020" deep
row "PostgreSQL 1,000,000 rows: first page by \`-price\`" first_sorted
row "PostgreSQL 1,000,000 rows: a page by \`-price\` near the end" deep_sorted
echo
echo "- PostgreSQL serves the page at $(ratio "$(median "${rates[postgresql]}")" "$(median "${rates[sqlite]}")") × SQLite's requests/s, the sorted page at"
echo "  $(ratio "$(median "${rates[postgresql_sorted]}")" "$(median "${rates[sqlite_sorted]}")") × (a query is a round trip to the server's process; SQLite's runs in ours)."
echo "- A deep page costs what the first does: first/deep requests/s $(ratio "$(median "${rates[first]}")" "$(median "${rates[deep]}")") × in key order,"
echo "  $(ratio "$(median "${rates[first_sorted]}")" "$(median "${rates[deep_sorted]}")") × sorted by \`price\` (issue 17's target: at most 1.2 ×)."
echo
