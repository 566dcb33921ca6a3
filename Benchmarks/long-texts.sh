#!/usr/bin/env bash
# The long-texts benchmark (part of `make bench`; runs alone too; about a minute):
# instructions per uncached request of a page of long texts, by library.
# A Debian-shaped table (Tests/e2e/debian_sample.py: 300 packages, ten columns,
# the long `depends` and `description` texts) served with `--response-cache 0
# --threads 1 --workers 1` under callgrind (every thread; 2 requests to warm up,
# the counters zeroed, 20 requests of `/packages?limit=20`, a dump), split by the
# object each instruction ran in (its self cost, read from the profile).
#
# Prints a Markdown section on standard output (like upstream.sh). Needs valgrind,
# python3, curl and a release build of liststate.
# Environment: LISTSTATE (the binary; default the release build), KEEP_PROFILE
# (a file to copy the callgrind profile to, for callgrind_annotate).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
requests=20
path="/packages?limit=20"

work=$(mktemp -d /tmp/liststate-long-texts.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$work"
}
trap 'status=$?; cleanup; exit $status' EXIT

. Benchmarks/common.sh  # free_port, wait_for

command -v callgrind_control > /dev/null || { echo "valgrind is missing (apt-get install valgrind, or make bench)" >&2; exit 1; }
[ -x "$liststate" ] || { echo "no liststate at $liststate (swift build -c release)" >&2; exit 1; }

mkdir "$work/data"
python3 Tests/e2e/debian_sample.py "$work/data/debian.sqlite"

port=$(free_port)
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.%p" \
  "$liststate" serve --port "$port" --response-cache 0 --threads 1 --workers 1 "$work/data/debian.sqlite" \
  > /dev/null 2> "$work/serve.err" &
pid=$!
wait_for "http://127.0.0.1:$port$path" "$pid"
for _ in 1 2; do curl -fsS -o /dev/null "http://127.0.0.1:$port$path"; done
callgrind_control -z "$pid" > /dev/null
for _ in $(seq "$requests"); do curl -fsS -o /dev/null "http://127.0.0.1:$port$path"; done
callgrind_control -d "$pid" > /dev/null
profile="$work/callgrind.$pid.1"
[ -n "${KEEP_PROFILE:-}" ] && cp "$profile" "$KEEP_PROFILE"
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
  }' "$profile" > "$work/parts.tsv"

part() { awk -F'\t' -v p="$1" '$1 == p { print $2 }' "$work/parts.tsv"; }
kilo() { awk -v n="$1" 'BEGIN { printf "%.1f K", n / 1000 }'; }
share() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0f %%", 100 * a / b; else printf "–" }'; }
total=$(part total)
sqlite=$(part libsqlite3)

cat <<MD
## A page of long texts, uncached

\`Benchmarks/long-texts.sh\`: a Debian-shaped table (Tests/e2e/debian_sample.py: 300
packages, ten columns, \`depends\` and \`description\` of hundreds of characters),
\`$path\` served with \`--response-cache 0 --threads 1 --workers 1\`; instructions per
request (callgrind, every thread, $requests requests after 2), each counted in the
object it ran in (self cost, as callgrind_annotate counts it). A cell shows at most 300
characters: only those are walked (issue 48, goal 3).

| part | instructions per request | share |
| --- | ---: | ---: |
MD
for name in libsqlite3 "our code" "Swift runtime" libc libmicrohttpd "the rest"; do
  echo "| $name | $(kilo "$(part "$name")") | $(share "$(part "$name")" "$total") |"
done
cat <<MD
| **total** | **$(kilo "$total")** | |

Total ÷ libsqlite3: $(awk -v a="$total" -v b="$sqlite" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "–" }') (goal: ≤ 2.5).

MD
