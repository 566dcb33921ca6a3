#!/usr/bin/env bash
# The Datasette benchmark (part of `make bench`; runs alone too; about 3 minutes):
# Debian's package index (this machine's `apt-cache dumpavail`, 63,697 packages on
# Debian 12, ten columns and an FTS5 index: Benchmarks/debian_packages.py) served by
# ListState and by Datasette from the same file, both uncached and neither counting
# (ListState `--response-cache 0 --count-budget 0`; Datasette `_nocount=1`,
# `suggest_facets off`), 20 rows a page: key order, a search (`editor`) and a sort by an
# unindexed column (`section`). wrk -t1 -c16 for 3 s per URL, the six URLs in turns,
# five rounds; medians and ratios (issue 48, goal 5: key order ≥ 100 ×, search ≥ 50 ×,
# unindexed sort ≥ 50 ×).
#
# Prints a Markdown section on standard output. Needs wrk, python3 (venv; Datasette is
# installed from PyPI into the temporary folder), apt-cache and a release build.
# Environment: LISTSTATE (the binary; default the release build), DATASETTE_ROUNDS (5).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
rounds=${DATASETTE_ROUNDS:-5}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for
start_work datasette

log "reading Debian's package index"
mkdir -p "$work/data"
# Without package lists (a container before `apt-get update`), the installed packages' records.
apt-cache dumpavail > "$work/Packages" 2>/dev/null || true
[ -s "$work/Packages" ] || cp /var/lib/dpkg/status "$work/Packages"
python3 Benchmarks/debian_packages.py "$work/data/debian.sqlite" < "$work/Packages" > "$work/rows"
rows=$(cat "$work/rows")

log "installing Datasette (pip, into $work/venv)"
python3 -m venv "$work/venv" >&2
"$work/venv/bin/pip" install --quiet datasette >&2
datasette_version=$("$work/venv/bin/datasette" --version | awk '{ print $NF }')

port=$(free_port)
"$liststate" serve --port "$port" --response-cache 0 --count-budget 0 "$work/data/debian.sqlite" \
  > /dev/null 2> "$work/liststate.err" &
pids+=($!)
wait_for "http://127.0.0.1:$port/packages" "${pids[-1]}"
datasette_port=$(free_port)
"$work/venv/bin/datasette" serve "$work/data/debian.sqlite" --port "$datasette_port" --setting suggest_facets off \
  --setting default_page_size 20 > /dev/null 2> "$work/datasette.err" &
pids+=($!)
wait_for "http://127.0.0.1:$datasette_port/debian/packages?_nocount=1" "${pids[-1]}"

ours="http://127.0.0.1:$port/packages"
theirs="http://127.0.0.1:$datasette_port/debian/packages"
names=(key key_datasette search search_datasette sorted sorted_datasette)
urls=("$ours?limit=20" "$theirs?_size=20&_nocount=1" "$ours?limit=20&q=editor" "$theirs?_size=20&_nocount=1&_search=editor"
  "$ours?limit=20&sort=section" "$theirs?_size=20&_nocount=1&_sort=section")
# Every URL answers 200 with 20 rows (JSON twins).
json_rows() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["rows"] if isinstance(d, dict) else d))'; }
expect_rows() {  # URL $1 answers 20 rows, else says what it answered
  local got
  got=$(curl -fsS "$1" | json_rows)
  [ "$got" = 20 ] || { echo "$1: $got rows, not 20" >&2; curl -sS "$1" | head -c 3000 >&2; return 1; }
}
for index in 0 2 4; do
  expect_rows "${urls[index]/packages?/packages.json?}"
  expect_rows "${urls[index + 1]/packages?/packages.json?}&_shape=array"
done
# Both sides' sorted pages start with the same sections (ties are broken differently: by key, by rowid).
sections() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(str(r["section"]) for r in (d["rows"] if isinstance(d, dict) else d)))'; }
[ "$(curl -fsS "$ours.json?limit=20&sort=section" | sections)" = \
  "$(curl -fsS "$theirs.json?_size=20&_nocount=1&_sort=section&_shape=array" | sections)" ]
# A first visit may start work kept for the next (a sort's kept order): warm every URL.
for url in "${urls[@]}"; do curl -fsS -o /dev/null "$url"; done
sleep 3

# Runs wrk for 3 s on URL $2 for page $1; sets rate to the requests/s answered 200 (an
# overloaded server's 503s are not served pages) and counts the others in refused[$1].
declare -A refused
rps() {
  wrk -t1 -c16 -d3s "$2" > "$work/wrk-$1-$round.txt"
  local all requests non2xx errors
  read -r all _ _ _ requests non2xx errors < <(wrk_figures "$work/wrk-$1-$round.txt")
  refused[$1]=$(( ${refused[$1]:-0} + non2xx + errors ))
  rate=$(awk -v r="$all" -v n="$requests" -v bad="$non2xx" 'BEGIN { printf "%.1f", (n > 0 ? r * (n - bad) / n : 0) }')
}
declare -A samples
for round in $(seq "$rounds"); do
  for index in "${!names[@]}"; do
    log "round $round: ${names[index]}"
    rps "${names[index]}" "${urls[index]}"
    samples[${names[index]}]+="$rate "
  done
done
median() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'; }
verdict() { awk -v r="$1" -v goal="$2" 'BEGIN { print (r >= goal ? "met" : "**not met**") }'; }

echo "## Beside Datasette: Debian's package index (Benchmarks/datasette.sh)"
echo
echo "This machine's \`apt-cache dumpavail\`: $rows packages, ten columns (Benchmarks/debian_packages.py),"
echo "an FTS5 index over the summary and description. Both uncached and neither counting (ListState"
echo "\`--response-cache 0 --count-budget 0\`, Datasette $datasette_version \`_nocount=1\`, \`suggest_facets off\`),"
echo "20 rows a page; \`wrk -t1 -c16 -d3s\` per URL, the six in turns, $rounds rounds, medians (requests/s)."
echo
echo "| page | ListState | Datasette | ratio | goal (issue 48) | |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
for pair in "key:key order (\`/packages\`):100" "search:search \`editor\` (ListState in relevance order):50" \
  "sorted:sorted by \`section\` (no index):50"; do
  IFS=: read -r name label goal <<< "$pair"
  a=$(median "${samples[$name]}")
  b=$(median "${samples[${name}_datasette]}")
  r=$(ratio "$a" "$b")
  echo "| $label | $a | $b | $r × | ≥ $goal × | $(verdict "$r" "$goal") |"
done
echo
echo "Runs (requests/s): $(for name in "${names[@]}"; do printf '%s: %s; ' "$name" "${samples[$name]% }"; done)"
echo
echo "Answers other than 200 (an overloaded server's 503s, socket errors): $(for name in "${names[@]}"; do printf '%s %s; ' "$name" "${refused[$name]:-0}"; done)"
echo
