#!/usr/bin/env bash
# The cached page's CPU per request (issue 48, goal 4): ListState (release, the
# default response cache) serving the catalogue's `/`, nginx serving the same
# bytes as a static file, and the floor: Benchmarks/mhd-floor.c, libmicrohttpd
# with the server's daemon flags answering one response made once with the same
# bytes and header fields (no routing, no context, no log). Each under the same
# wrk run in turns (ListState, nginx, floor; ROUNDS rounds), `perf stat -e
# task-clock` on every thread of the serving processes (nginx: its workers)
# over the run; CPU µs per request = task-clock / requests. Medians of the rounds.
#
#     Benchmarks/cached-cpu.sh            # the release build
#     LISTSTATE=.build/release/liststate CATALOGUE=/tmp/x/catalogue.sqlite Benchmarks/cached-cpu.sh
#
# Prints a Markdown section on standard output. Environment: LISTSTATE (the binary;
# default the release build), CATALOGUE (a built catalogue in a folder of its own;
# default: built on first start here), CPU_ROUNDS (default 5), CPU_SECONDS (wrk
# seconds per run, default 3), CPU_CONNECTIONS (default "64 16"), BASELINE (another
# liststate binary, e.g. an earlier commit's, measured in the same turns: a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
rounds=${CPU_ROUNDS:-5}
seconds=${CPU_SECONDS:-3}
connection_counts=(${CPU_CONNECTIONS:-64 16})
log() { printf '» %s\n' "$*" >&2; }

work=$(mktemp -d /tmp/liststate-cpu.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap 'status=$?; cleanup; exit $status' EXIT

. Benchmarks/common.sh  # free_port, wait_for, static_nginx, wrk_figures

# perf stat needs the right to watch another process (root, or perf_event_paranoid <= 0 for
# one's own); without it, the processes' utime + stime from /proc (10-ms ticks) are read.
if perf stat -e task-clock -x, -o /dev/null -- true 2>/dev/null; then meter="perf"; else meter="proc"; fi

# --- The servers.
catalogue=${CATALOGUE:-}
if [ -z "$catalogue" ]; then
  mkdir -p "$work/data"
  catalogue="$work/data/catalogue.sqlite"
fi
port=$(free_port)
"$liststate" serve --port "$port" --db "$catalogue" > /dev/null 2> "$work/serve.err" &
pids+=($!)
liststate_pid=${pids[-1]}
wait_for "http://127.0.0.1:$port/" "$liststate_pid"
liststate_url="http://127.0.0.1:$port/"
curl -fsS -D "$work/headers.txt" -o "$work/index.html" "$liststate_url"
curl -fsS -o /dev/null "$liststate_url"  # kept: the next requests are cache hits

baseline=${BASELINE:-}
if [ -n "$baseline" ]; then
  baseline_port=$(free_port)
  "$baseline" serve --port "$baseline_port" --db "$catalogue" > /dev/null 2> "$work/baseline.err" &
  pids+=($!)
  baseline_pid=${pids[-1]}
  baseline_url="http://127.0.0.1:$baseline_port/"
  wait_for "$baseline_url" "$baseline_pid"
  curl -fsS -o /dev/null "$baseline_url"
  curl -fsS -o /dev/null "$baseline_url"
  cmp -s <(curl -fsS "$baseline_url") "$work/index.html" || { echo "the baseline serves other bytes" >&2; exit 1; }
fi

static_nginx "$work" "$work/index.html"
pids+=("$nginx_pid")
wait_for "http://127.0.0.1:$nginx_port/" "$nginx_pid"
nginx_url="http://127.0.0.1:$nginx_port/"
cmp -s <(curl -fsS "$nginx_url") "$work/index.html" || { echo "nginx serves other bytes" >&2; exit 1; }
# nginx's master only waits: its workers serve.
nginx_workers=$(pgrep -d, -P "$nginx_pid")

floor_bin="$work/mhd-floor"
cc -O2 -o "$floor_bin" Benchmarks/mhd-floor.c -lmicrohttpd
floor_port=$(free_port)
threads=$(( $(nproc) > 2 ? $(nproc) : 2 ))  # the server's default pool (Server.Configuration.threads)
"$floor_bin" "$floor_port" "$threads" "$work/index.html" "$work/headers.txt" 2> "$work/floor.err" &
pids+=($!)
floor_pid=${pids[-1]}
floor_url="http://127.0.0.1:$floor_port/"
wait_for "$floor_url" "$floor_pid"
cmp -s <(curl -fsS "$floor_url") "$work/index.html" || { echo "the floor serves other bytes" >&2; exit 1; }

# The CPU time (ms) of processes $1 (comma-separated) while the command after it runs.
proc_ticks() {
  local total=0 pid
  for pid in ${1//,/ }; do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
  done
  echo "$total"
}
measure() {
  local pids=$1 out=$2
  shift 2
  if [ "$meter" = perf ]; then
    perf stat -e task-clock -x, -o "$out.perf" -p "$pids" -- "$@" > "$out"
    awk -F, '$3 == "task-clock" { print $1 }' "$out.perf"
  else
    local before after
    before=$(proc_ticks "$pids")
    "$@" > "$out"
    after=$(proc_ticks "$pids")
    awk -v a="$before" -v b="$after" -v hz="$(getconf CLK_TCK)" 'BEGIN { print (b - a) * 1000 / hz }'
  fi
}

names=(liststate nginx floor)
declare -A urls=([liststate]="$liststate_url" [nginx]="$nginx_url" [floor]="$floor_url")
declare -A watched=([liststate]="$liststate_pid" [nginx]="$nginx_workers" [floor]="$floor_pid")
if [ -n "$baseline" ]; then
  names+=(baseline)
  urls[baseline]=$baseline_url
  watched[baseline]=$baseline_pid
fi
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

for connections in "${connection_counts[@]}"; do
  for round in $(seq "$rounds"); do
    for name in "${names[@]}"; do
      sleep 1  # the previous run's connections close first
      out="$work/$name-c$connections-$round"
      ms=$(measure "${watched[$name]}" "$out.wrk" wrk -t2 -c"$connections" -d"${seconds}s" --latency "${urls[$name]}")
      read -r rps _ _ _ requests non2xx errors < <(wrk_figures "$out.wrk")
      awk -v ms="$ms" -v n="$requests" -v rps="$rps" -v bad=$((non2xx + errors)) \
        'BEGIN { printf "%.2f %.0f %d\n", ms * 1000 / n, rps, bad }' > "$out.figures"
      log "c$connections round $round $name: $(cat "$out.figures") (µs/request requests/s errors)"
    done
  done
done

column() { cat "$work"/$1-c$2-*.figures | awk -v n="$3" '{ print $n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
# The ratio A/B per round, then its median (A and B ran seconds apart in the same round).
round_ratio() {
  paste <(column "$1" "$3" "$4") <(column "$2" "$3" "$4") | awk '{ printf "%.3f\n", ($2 > 0 ? $1 / $2 : 0) }' | median
}

echo "## Cached page: CPU per request beside nginx (issue 48, goal 4)"
echo
echo "The catalogue's \`/\` ($(wc -c < "$work/index.html") bytes) kept in the response cache, nginx serving the"
echo "same bytes as a static file (sendfile, keep-alive, no access log), and the floor: libmicrohttpd"
echo "$(dpkg-query -W -f '${Version}' libmicrohttpd12 2>/dev/null || echo '') with the server's daemon flags (internal polling thread, epoll, $threads"
echo "pool threads) answering one response made once with the same body and header fields"
echo "(Benchmarks/mhd-floor.c: no routing, no request context, no access log). ListState runs as"
echo "\`serve\` does by default (its access log goes to /dev/null). \`wrk -t2 -cN -d${seconds}s\` on each in"
echo "turns, $rounds rounds; the CPU time of every thread of the serving processes (nginx: its"
if [ "$meter" = perf ]; then
  echo "workers) by \`perf stat -e task-clock -p PIDS\` over each run, divided by the requests wrk counted."
else
  echo "workers) from /proc/PID/stat (utime + stime; \`perf stat\` was not allowed here), divided by the requests wrk counted."
fi
echo "Medians of the rounds; the ratios are the median of each round's ratio."
echo
echo "| connections | ListState µs/request | nginx µs/request | floor µs/request | ListState / nginx | ListState / floor | requests/s ListState / nginx / floor | requests/s ratio ListState / nginx | errors |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for connections in "${connection_counts[@]}"; do
  ours=$(column liststate "$connections" 1 | median)
  theirs=$(column nginx "$connections" 1 | median)
  floor=$(column floor "$connections" 1 | median)
  errors=$(cat "$work"/*-c$connections-*.figures | awk '{ s += $3 } END { print s }')
  printf '| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f / %.0f / %.0f | %.2f | %s |\n' "$connections" "$ours" "$theirs" "$floor" \
    "$(round_ratio liststate nginx "$connections" 1)" "$(round_ratio liststate floor "$connections" 1)" \
    "$(column liststate "$connections" 2 | median)" "$(column nginx "$connections" 2 | median)" "$(column floor "$connections" 2 | median)" \
    "$(round_ratio liststate nginx "$connections" 2)" "$errors"
done
if [ -n "$baseline" ]; then
  echo
  echo "Baseline (\`$(basename "$baseline")\`, another build), in the same turns:"
  echo
  echo "| connections | baseline µs/request | ListState µs/request | ListState / baseline | requests/s baseline / ListState |"
  echo "| --- | --- | --- | --- | --- |"
  for connections in "${connection_counts[@]}"; do
    printf '| %s | %.2f | %.2f | %.2f | %.0f / %.0f |\n' "$connections" "$(column baseline "$connections" 1 | median)" \
      "$(column liststate "$connections" 1 | median)" "$(round_ratio liststate baseline "$connections" 1)" \
      "$(column baseline "$connections" 2 | median)" "$(column liststate "$connections" 2 | median)"
  done
fi
echo
echo "Goal: ListState ≤ 1.0 × nginx; where libmicrohttpd and the kernel alone cost more than nginx"
echo "(the floor above nginx), ListState ≤ 1.1 × the floor."
echo
echo '```sh'
echo "$(basename "$liststate") serve --port PORT --db CATALOGUE > /dev/null"
echo "mhd-floor PORT $threads index.html headers.txt   # cc -O2 Benchmarks/mhd-floor.c -lmicrohttpd"
echo "perf stat -e task-clock -x, -p PIDS -- wrk -t2 -cN -d${seconds}s --latency URL   # N = ${connection_counts[*]}"
echo '```'
echo
