#!/usr/bin/env bash
# The instructions benchmark (part of `make bench`; runs alone too; a few minutes):
# instructions per uncached request, by library, of three pages (issue 48, goal 3):
#   - the catalogue's `/` (its 20-row first page);
#   - a user's 8-column 20-row page, `/items` of own-data.sh's 100,000-row table;
#   - a Debian-shaped page of long texts, `/packages?limit=20` of
#     Tests/e2e/debian_sample.py's table (300 packages, ten columns, long
#     `depends` and `description`).
# Each is served with `--response-cache 0 --threads 1 --workers 1` under callgrind
# (every thread): 2 requests to warm up, a pause for the count a first visit leaves
# to run after its answer, one more, the counters zeroed, then 20 requests on ONE
# keep-alive connection (one curl given the URL 20 times), a dump. Keep-alive is
# what a browser and wrk pay: a connection's set-up (accept, libmicrohttpd's
# connection state) counts once per 20 requests, not once per request.
# Each instruction is counted in the object it ran in (its self cost, read from the
# profile) and the objects grouped: libsqlite3, our code (the liststate binary),
# the Swift runtime (libswift*, Foundation, dispatch), libc, libmicrohttpd, the rest.
#
# Prints a Markdown section on standard output (like upstream.sh). Needs valgrind,
# python3, curl and a release build of liststate.
# Environment: LISTSTATE (the binary; default the release build), CATALOGUE (a
# built catalogue; default: built here by a first start, outside callgrind),
# KEEP_PROFILE (a prefix: each page's callgrind profile is copied to
# PREFIX.catalogue, PREFIX.items and PREFIX.packages, for callgrind_annotate),
# PAGES (the pages to measure, default "catalogue items packages").
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
requests=20
pages=${PAGES:-catalogue items packages}

work=$(mktemp -d /tmp/liststate-instructions.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$work"
}
trap 'status=$?; cleanup; exit $status' EXIT

. Benchmarks/common.sh  # free_port, wait_for, callgrind_copy

command -v callgrind_control > /dev/null || { echo "valgrind is missing (apt-get install valgrind, or make bench)" >&2; exit 1; }
[ -x "$liststate" ] || { echo "no liststate at $liststate (swift build -c release)" >&2; exit 1; }
liststate=$(callgrind_copy "$liststate" "$work")

# --- The data, each in a folder of its own (files written beside a database make
# every request probe its data version again: docs/design.md, "Freshness").
mkdir -p "$work/catalogue" "$work/shop" "$work/debian"
catalogue=${CATALOGUE:-}
if [ -z "$catalogue" ]; then
  catalogue="$work/catalogue/catalogue.sqlite"
  port=$(free_port)
  "$liststate" serve --port "$port" --db "$catalogue" > /dev/null 2> "$work/first-start.err" &
  pid=$!
  wait_for "http://127.0.0.1:$port/" "$pid"
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  pid=""
fi
# own-data.sh's table: 100,000 rows, 8 columns, an index on price.
python3 - "$work/shop/shop.sqlite" <<'EOF'
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
python3 Tests/e2e/debian_sample.py "$work/debian/debian.sqlite"

# Measures page $1 (path $2) of a server started with the arguments after them:
# writes $work/$1.tsv (part, instructions per request).
measure() {
  local name=$1 path=$2 port profile urls=() i
  shift 2
  port=$(free_port)
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.%p" \
    "$liststate" serve --port "$port" --response-cache 0 --threads 1 --workers 1 "$@" \
    > /dev/null 2> "$work/serve-$name.err" &
  pid=$!
  wait_for "http://127.0.0.1:$port$path" "$pid"
  for _ in 1 2; do curl -fsS -o /dev/null "http://127.0.0.1:$port$path"; done
  sleep 3  # the count a first visit leaves runs after its answer (and is kept)
  curl -fsS -o /dev/null "http://127.0.0.1:$port$path"
  for i in $(seq "$requests"); do urls+=(-o /dev/null "http://127.0.0.1:$port$path"); done
  callgrind_control -z "$pid" > /dev/null
  curl -fsS "${urls[@]}"  # one invocation: one keep-alive connection for all of them
  callgrind_control -d "$pid" > /dev/null
  profile="$work/callgrind.$pid.1"
  [ -n "${KEEP_PROFILE:-}" ] && cp "$profile" "$KEEP_PROFILE.$name"
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  pid=""
  # Self cost (Ir) per object, read from the profile itself: cost lines count for the
  # current `ob=` (names are given once, by `ob=` or `cob=`, then by number); the line
  # after `calls=` is a call's inclusive cost and is skipped.
  awk -v n="$requests" -v program="$(basename "$liststate")" '
    /^c?ob=/ {
      called = substr($0, 1, 1) == "c"; spec = substr($0, called ? 5 : 4)
      if (match(spec, /^\([0-9]+\)/)) {
        id = substr(spec, RSTART, RLENGTH); name = substr(spec, RLENGTH + 1); sub(/^ /, "", name)
        if (name != "") names[id] = name
        if (!called) object = names[id]
      } else if (!called) object = spec
      next
    }
    /^calls=/ { skip = 1; next }
    /^[0-9+*-]/ {
      if (skip) { skip = 0; next }
      if (split($0, f, " ") >= 2) cost[object] += f[2]
      next
    }
    END {
      for (object in cost) {
        base = object; sub(".*/", "", base)
        if (base ~ /^libsqlite3/) part = "libsqlite3"
        else if (base ~ /^libswift|^libFoundation|^libdispatch|^libBlocksRuntime/) part = "Swift runtime"
        else if (base ~ /^libc[.-]|^libm[.-]|^ld-linux/) part = "libc"
        else if (base ~ /^libmicrohttpd/) part = "libmicrohttpd"
        else if (base == program) part = "our code"
        else part = "the rest"
        parts[part] += cost[object]; total += cost[object]
      }
      split("libsqlite3|our code|Swift runtime|libc|libmicrohttpd|the rest", order, "|")
      for (i = 1; i <= 6; i++) printf "%s\t%.0f\n", order[i], parts[order[i]] / n
      printf "total\t%.0f\n", total / n
    }' "$profile" > "$work/$name.tsv"
  rm -f "$work"/callgrind.*
}

declare -A paths=([catalogue]="/" [items]="/items" [packages]="/packages?limit=20")
declare -A titles=([catalogue]="catalogue \`/\`" [items]="8 columns \`/items\`" [packages]="Debian-shaped \`/packages?limit=20\`")
for name in $pages; do
  case $name in
    catalogue) measure catalogue "${paths[catalogue]}" --db "$catalogue" ;;
    items) measure items "${paths[items]}" "$work/shop/shop.sqlite" ;;
    packages) measure packages "${paths[packages]}" "$work/debian/debian.sqlite" ;;
    *) echo "unknown page $name (catalogue, items, packages)" >&2; exit 1 ;;
  esac
done

part() { awk -F'\t' -v p="$2" '$1 == p { print $2 }' "$work/$1.tsv"; }
kilo() { awk -v n="$1" 'BEGIN { printf "%.1f K", n / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "–" }'; }

cat <<MD
## Instructions per uncached request, by library

\`Benchmarks/instructions.sh\`: three pages, each served with \`--response-cache 0 --threads 1
--workers 1\` under callgrind (every thread); $requests requests on one keep-alive connection
(as a browser or wrk sends them) after a warm-up, each instruction counted in the object it
ran in (self cost, as callgrind_annotate counts it). The catalogue's \`/\`; a user's table of
100,000 rows and 8 columns (own-data.sh's), \`/items\` (20 rows); a Debian-shaped table
(Tests/e2e/debian_sample.py: 300 packages, ten columns, \`depends\` and \`description\` of
hundreds of characters), \`/packages?limit=20\`. Goal (issue 48, goal 3): total ≤ 2.5 ×
libsqlite3.

MD
header="| part |"
rule="| --- |"
for name in $pages; do header+=" ${titles[$name]} |"; rule+=" ---: |"; done
echo "$header"
echo "$rule"
for p in libsqlite3 "our code" "Swift runtime" libc libmicrohttpd "the rest"; do
  line="| $p |"
  for name in $pages; do line+=" $(kilo "$(part "$name" "$p")") |"; done
  echo "$line"
done
line="| **total** |"
for name in $pages; do line+=" **$(kilo "$(part "$name" total)")** |"; done
echo "$line"
line="| total ÷ libsqlite3 |"
for name in $pages; do line+=" $(ratio "$(part "$name" total)" "$(part "$name" libsqlite3)") |"; done
echo "$line"
echo
