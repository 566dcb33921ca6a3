#!/usr/bin/env bash
# The search-cost benchmark (issue 48, goal 2; part of `make bench`; about 4 minutes): a
# search page beside the page in key order, on this machine's Debian package index
# (Benchmarks/debian_packages.py, 63,697 rows on Debian 12, FTS5 over summary and
# description) and on 16 copies of it (1,019,152 rows, the same words in the same
# proportions). Two servers on each file, uncached and not counting: one that keeps no
# rankings (`--sort-memory 0`: every page of a search runs bm25 over every match, as a
# search's first visit does) and one that keeps them (the default: the ranking of a search
# asked for again, kept). A substring search (the same rows in a table without FTS) is
# timed on the large file: one that matches nothing reads the whole table, bounded by the
# query's time limit. wrk -t1 -c1 for 3 s, the URLs in turns, 3 rounds, the median p50.
#
# Prints a Markdown section on standard output. Environment: LISTSTATE (the binary;
# default the release build), SEARCH_ROUNDS (3), SEARCH_COPIES (16).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
rounds=${SEARCH_ROUNDS:-3}
copies=${SEARCH_COPIES:-16}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for, wrk_figures
start_work search-cost

apt-cache dumpavail > "$work/Packages" 2>/dev/null || true
[ -s "$work/Packages" ] || cp /var/lib/dpkg/status "$work/Packages"
declare -A rows
for size in 1 "$copies"; do
  log "the package index, $size time(s) over"
  mkdir -p "$work/x$size"
  rows[$size]=$(python3 Benchmarks/debian_packages.py "$work/x$size/debian.sqlite" "$size" < "$work/Packages")
done
# The same rows without a full-text index: a search reads every row.
python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE plain AS SELECT * FROM packages")
db.commit()' "$work/x$copies/debian.sqlite"

# Starts a server on file $2 with options $3…; sets port.
serve() {
  local name=$1 file=$2
  shift 2
  port=$(free_port)
  "$liststate" serve --port "$port" --response-cache 0 --count-budget 0 "$@" "$file" > /dev/null 2> "$work/$name.err" &
  pids+=($!)
  wait_for "http://127.0.0.1:$port/packages?limit=1" "${pids[-1]}"
}

# The p50 of one wrk run against URL $1, in ms; a page other than 200 is said, not timed.
p50() {
  wrk -t1 -c1 -d3s --timeout 30s --latency "$1" > "$work/wrk.txt"
  read -r _ p _ _ _ non2xx errors < <(wrk_figures "$work/wrk.txt")
  if [ "$non2xx" != 0 ] || [ "$errors" != 0 ]; then echo "–"; else echo "$p"; fi
}
median() { printf '%s\n' "$@" | grep -v '^–$' | sort -n | awk '{ t[NR] = $1 } END { if (NR) print t[int((NR + 1) / 2)]; else print "–" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "–" || b <= 0) print "–"; else printf "%.2f ×", a / b }'; }
next_of() { curl -fsS "$1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"] or "")'; }
count_of() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM packages_fts WHERE packages_fts MATCH ?", (sys.argv[2],)).fetchone()[0])' "$1" "$2"; }

declare -A url figure
kinds=(key editor editor2 lib none)
for size in 1 "$copies"; do
  file="$work/x$size/debian.sqlite"
  serve "plain$size" "$file" --sort-memory 0
  plain="http://127.0.0.1:$port"
  serve "kept$size" "$file"
  kept="http://127.0.0.1:$port"
  for mode in plain kept; do
    base=$([ "$mode" = plain ] && echo "$plain" || echo "$kept")
    url[$size-$mode-key]="$base/packages?limit=20"
    url[$size-$mode-editor]="$base/packages?limit=20&q=editor"
    url[$size-$mode-lib]="$base/packages?limit=20&q=library"
    url[$size-$mode-none]="$base/packages?limit=20&q=zzzqqx"
    # A ranking is kept for a search asked for again: asked twice, then given time to be read.
    for _ in 1 2; do curl -fsS -o /dev/null "${url[$size-$mode-editor]}" "${url[$size-$mode-lib]}"; done
    sleep 3
    url[$size-$mode-editor2]="$base$(next_of "$base/packages.json?limit=20&q=editor")"
    url[$size-$mode-editor2]=${url[$size-$mode-editor2]/packages.json/packages}
  done
  if [ "$size" = "$copies" ]; then
    url[substring]="$kept/plain?limit=20&q=editor"
    url[substring_none]="$kept/plain?limit=20&q=zzzqqx"
  fi
  for round in $(seq "$rounds"); do
    for kind in "${kinds[@]}"; do
      for mode in plain kept; do
        log "$size× round $round: $mode $kind"
        figure[$size-$mode-$kind]+=" $(p50 "${url[$size-$mode-$kind]}")"
      done
    done
    if [ "$size" = "$copies" ]; then
      figure[substring]+=" $(p50 "${url[substring]}")"
      figure[substring_none]+=" $(p50 "${url[substring_none]}")"
    fi
  done
done

echo "## A search beside a page in key order (Benchmarks/search-cost.sh)"
echo
echo "This machine's Debian package index (${rows[1]} rows) and $copies copies of it (${rows[$copies]} rows), FTS5 over"
echo "summary and description; 20 rows a page, no response cache, no count; \`wrk -t1 -c1 -d3s --latency\`, the"
echo "URLs in turns, $rounds rounds, the median p50 in ms and its ratio to the key-order page of the same server."
echo "*Not kept*: \`--sort-memory 0\`, every page of a search ranks every match (\`bm25\`), as a search's first"
echo "visit does; *kept*: the default, the ranking of a search asked for again kept (issue 48, goal 2: ≤ 3 ×)."
echo
echo "| page | rows | not kept (ms) | ratio | kept (ms) | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for size in 1 "$copies"; do
  file="$work/x$size/debian.sqlite"
  declare -A label=(
    [key]="key order (\`/packages\`)"
    [editor]="\`q=editor\` ($(count_of "$file" '"editor"*') matches), relevance"
    [editor2]="\`q=editor\`, its second page"
    [lib]="\`q=library\` ($(count_of "$file" '"library"*') matches), relevance"
    [none]="\`q=zzzqqx\` (no match)")
  for kind in "${kinds[@]}"; do
    a=$(median ${figure[$size-plain-$kind]}); b=$(median ${figure[$size-kept-$kind]})
    ka=$(median ${figure[$size-plain-key]}); kb=$(median ${figure[$size-kept-key]})
    echo "| ${label[$kind]} | ${rows[$size]} | $a | $(ratio "$a" "$ka") | $b | $(ratio "$b" "$kb") |"
  done
done
echo
sub=$(median ${figure[substring]})
none=$(median ${figure[substring_none]})
key=$(median ${figure[$copies-kept-key]})
echo "A substring search without a full-text index (\`/plain\`: the same ${rows[$copies]} rows, no FTS table), in key"
echo "order, reads rows until its page is full: \`q=editor\` p50 $sub ms ($(ratio "$sub" "$key") the key-order page; runs"
echo "${figure[substring]# }); one that matches nothing reads every row: \`q=zzzqqx\` $none ms ($(ratio "$none" "$key"); runs"
echo "${figure[substring_none]# }), bounded by the query's time limit (\`--query-timeout\`, 2 s: past it a 503, \`–\` here, never a hang)."
echo
