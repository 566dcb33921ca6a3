#!/usr/bin/env bash
# The sorting benchmark (issue 48, goal 1): a page sorted by a column without an index
# (`sort=section`) beside the page in key order, on a Debian-shaped table of 63,697 rows
# (Tests/e2e/debian_sample.py's rows) and on a generated table of 1,000,000 rows; before
# (`--sort-memory 0`: SQLite sorts the table for every page) and after (the order kept in
# memory, KeptSortOrders). wrk in turns (1 thread, 1 connection: a request's own cost; 3 s, no response cache),
# the median p50 of the rounds, and the ratio to key order; the first sorted page and a
# deep one (a cursor half way down); the time until the order is ready after the first
# sorted page; RSS of both servers.
#
#     Benchmarks/sorting.sh            # the release build
#
# Prints a Markdown section on standard output. Environment: LISTSTATE (the binary;
# default the release build), SORT_ROUNDS (default 3), SORT_DURATION (wrk seconds, 3),
# SORT_BIG_ROWS (default 1000000).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
rounds=${SORT_ROUNDS:-3}
duration=${SORT_DURATION:-3}
big=${SORT_BIG_ROWS:-1000000}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for, wrk_figures
start_work sorting

# A Debian-shaped table of $2 rows at $1: debian_sample.py's columns and texts (its long
# `depends` and `description`), names made unique by a number.
generate() {
  python3 - "$1" "$2" "$3" <<'PY'
import random, sqlite3, sys
sys.path.insert(0, "Tests/e2e")
import debian_sample as sample
path, count, long_texts = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "long"
rng = random.Random(48)
names = set()
while len(names) < count:
    names.add(rng.choice(sample.FORMS).format(rng.choice(sample.STEMS)) + str(rng.randint(0, 10 * count)))
names = sorted(names)
pool = names[:2000]
db = sqlite3.connect(path)
db.execute("""CREATE TABLE packages (name TEXT PRIMARY KEY, version TEXT NOT NULL, section TEXT,
              priority TEXT, installed_size INTEGER, maintainer TEXT, homepage TEXT, depends TEXT,
              summary TEXT, description TEXT)""")
def short(name):
    # The 1 M table: the same columns, short texts (its file stays near 200 MB).
    return (name, sample.version(rng), rng.choice(sample.SECTIONS), rng.choice(sample.PRIORITIES),
            rng.randint(8, 250_000), rng.choice(sample.PEOPLE), None, None, sample.sentence(rng, 3, 7), None)
make = (lambda name: sample.package(rng, name, pool)) if long_texts else short
# Inserted in a shuffled order, as an index grown over years would have them.
rng.shuffle(names)
db.executemany("INSERT INTO packages VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (make(name) for name in names))
db.commit()
PY
}

# The cursor of the page half way down LIST sorted by section at BASE ($1) over FILE ($2):
# the row at the middle (K) and the next (J), found with SQL in SQLite's order, then
# `name__in=K,J&limit=1` answers K alone, with a `next` cursor "after K" (a cursor holds
# the sort value and the key, not the filters: the one a walk from the first page reaches).
middle_cursor() {
  local keys
  keys=$(python3 - "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
count = db.execute("SELECT count(*) FROM packages").fetchone()[0]
k, j = (r[0] for r in db.execute(
    "SELECT name FROM packages ORDER BY section IS NULL, section, name, rowid LIMIT 2 OFFSET ?", (count // 2,)))
print(f"{k},{j}")
PY
)
  curl -fsS "$1/packages.json?sort=section&name__in=$keys&limit=1" | python3 -c '
import json, sys, urllib.parse
page = json.load(sys.stdin)
print(urllib.parse.parse_qs(urllib.parse.urlsplit(page["next"]).query)["cursor"][0])'
}

# The p50 of one wrk run against URL $1, in ms.
p50() {
  wrk -t1 -c1 -d"${duration}s" --timeout 30s --latency "$1" > "$work/wrk.txt"
  read -r _ p _ _ _ non2xx errors < <(wrk_figures "$work/wrk.txt")
  [ "$non2xx" = 0 ] && [ "$errors" = 0 ] || { log "$1 answered $non2xx non-2xx, $errors socket errors"; exit 1; }
  echo "$p"
}

median() { printf '%s\n' "$@" | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
rss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

declare -A figure
for size in debian big; do
  if [ "$size" = debian ]; then rows=63697; shape=long; else rows=$big; shape=short; fi
  log "generating the $size table ($rows rows)"
  file="$work/$size.sqlite"
  generate "$file" "$rows" "$shape"
  declare -A base=() pid=()
  for mode in before after; do
    port=$(free_port)
    extra=()
    [ "$mode" = before ] && extra=(--sort-memory 0)
    "$liststate" serve --port "$port" --response-cache 0 "${extra[@]}" "$file" > /dev/null 2> "$work/$size-$mode.err" &
    pids+=($!)
    pid[$mode]=$!
    base[$mode]="http://127.0.0.1:$port"
    wait_for "${base[$mode]}/packages" "${pid[$mode]}"
  done
  # The same cursor for both servers (the list's name and sort are the same).
  cursor=$(middle_cursor "${base[before]}" "$file")
  # The time until the order is ready: from the first sorted page until the deep page costs less
  # than twice the key-order page (polled every 20 ms; the deep page in SQL walks the key's index
  # within its section, about 4 x, so the polls take little of the processor the build needs).
  key_ms=$(for _ in 1 2 3 4 5 6 7; do curl -fsS -o /dev/null -w '%{time_total}\n' "${base[after]}/packages"; done |
    sort -n | awk '{ t[NR] = $1 } END { print t[4] * 1000 }')
  start=$(date +%s.%N)
  curl -fsS -o /dev/null "${base[after]}/packages?sort=section"
  ready=""
  while [ -z "$ready" ]; do
    t=$(curl -fsS -o /dev/null -w '%{time_total}' "${base[after]}/packages?sort=section&cursor=$cursor" | awk '{ print $1 * 1000 }')
    if awk -v t="$t" -v k="$key_ms" 'BEGIN { exit !(t < 2 * k) }'; then
      ready=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
    elif awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { exit !(e - s > 60) }'; then
      ready="not within 60"
    else
      sleep 0.02
    fi
  done
  figure[$size-ready]=$ready
  declare -A path=([key]="/packages" [sorted]="/packages?sort=section" [deep]="/packages?sort=section&cursor=$cursor")
  declare -A samples=()
  for round in $(seq "$rounds"); do
    for mode in before after; do
      for kind in key sorted deep; do
        log "$size, round $round: $mode $kind"
        samples[$mode-$kind]+=" $(p50 "${base[$mode]}${path[$kind]}")"
      done
    done
  done
  for mode in before after; do
    for kind in key sorted deep; do
      # shellcheck disable=SC2086
      figure[$size-$mode-$kind]=$(median ${samples[$mode-$kind]})
    done
    figure[$size-$mode-rss]=$(rss_mib "${pid[$mode]}")
  done
  figure[$size-rows]=$rows
  for mode in before after; do kill "${pid[$mode]}" && wait "${pid[$mode]}" 2>/dev/null || true; done
  # PostgreSQL keeps the SQL path: the Debian-shaped table copied there, measured the same way.
  if [ "$size" = debian ] && [ -n "${LISTSTATE_TEST_POSTGRESQL:-}" ]; then
    psql_bin=${LISTSTATE_TEST_POSTGRESQL_BIN:-/usr/bin}/psql
    sql() { PGOPTIONS="-c client_min_messages=warning" "$psql_bin" -X -q -v ON_ERROR_STOP=1 -d "$LISTSTATE_TEST_POSTGRESQL dbname=$1" -c "$2"; }
    log "copying the $size table into PostgreSQL"
    sql postgres "DROP DATABASE IF EXISTS sorting"
    sql postgres "CREATE DATABASE sorting TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'"
    python3 -c 'import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
csv.writer(open(sys.argv[2], "w", newline="")).writerows(db.execute("SELECT * FROM packages"))' "$file" "$work/packages.csv"
    sql sorting "CREATE TABLE packages (name text PRIMARY KEY, version text NOT NULL, section text, priority text,
                 installed_size bigint, maintainer text, homepage text, depends text, summary text, description text)"
    sql sorting "\\copy packages FROM '$work/packages.csv' WITH (FORMAT csv)"
    sql sorting "ANALYZE packages"
    port=$(free_port)
    LISTSTATE_DATABASE_URL="$LISTSTATE_TEST_POSTGRESQL dbname=sorting" \
      "$liststate" serve --port "$port" --response-cache 0 > /dev/null 2> "$work/postgresql.err" &
    pids+=($!)
    pg="http://127.0.0.1:$port"
    wait_for "$pg/packages" "${pids[-1]}"
    pg_cursor=$(middle_cursor "$pg" "$file")
    declare -A pg_path=([key]="/packages" [sorted]="/packages?sort=section" [deep]="/packages?sort=section&cursor=$pg_cursor")
    declare -A pg_samples=()
    for round in $(seq "$rounds"); do
      for kind in key sorted deep; do
        log "PostgreSQL, round $round: $kind"
        pg_samples[$kind]+=" $(p50 "$pg${pg_path[$kind]}")"
      done
    done
    # shellcheck disable=SC2086
    for kind in key sorted deep; do figure[postgresql-$kind]=$(median ${pg_samples[$kind]}); done
    figure[postgresql-rss]=$(rss_mib "${pids[-1]}")
    kill "${pids[-1]}" && wait "${pids[-1]}" 2>/dev/null || true
  fi
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "## Sorting by a column without an index ($(basename "$liststate") $("$liststate" version 2>/dev/null | head -1))"
echo
echo "\`Benchmarks/sorting.sh\`: \`wrk -t1 -c1 -d${duration}s --latency\`, $rounds rounds in turns, the median p50 in"
echo "ms, \`--response-cache 0\`; \`sort=section\` (no index) beside key order; before: \`--sort-memory 0\` (SQLite"
echo "sorts the table for every page), after: the order kept in memory (default 64 MiB). Deep: a cursor half way down."
echo
echo "| table | mode | key order | \`sort=section\` | ratio | deep | ratio | RSS MiB |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for size in debian big; do
  for mode in before after; do
    k=${figure[$size-$mode-key]} s=${figure[$size-$mode-sorted]} d=${figure[$size-$mode-deep]}
    echo "| ${figure[$size-rows]} rows | $mode | $k | $s | $(ratio "$s" "$k") | $d | $(ratio "$d" "$k") | ${figure[$size-$mode-rss]} |"
  done
done
if [ -n "${figure[postgresql-key]:-}" ]; then
  k=${figure[postgresql-key]} s=${figure[postgresql-sorted]} d=${figure[postgresql-deep]}
  echo "| ${figure[debian-rows]} rows, PostgreSQL (SQL path) | — | $k | $s | $(ratio "$s" "$k") | $d | $(ratio "$d" "$k") | ${figure[postgresql-rss]} |"
fi
echo
echo "The order ready (the deep page served under 2 × the key-order page) after the first sorted page:"
echo "${figure[debian-ready]} s at ${figure[debian-rows]} rows, ${figure[big-ready]} s at ${figure[big-rows]} rows."
