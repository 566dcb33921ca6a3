#!/usr/bin/env bash
# make bench: the whole ListState benchmark in one run (about 15 minutes).
#
# Builds in release, then measures: the catalogue build on first start; cold
# start (process start to the first 200) with the database present; the render
# time of the 50-row page and a 20-row fragment (liststate-bench); wrk against
# `/`, a fragment at the first and at the last cursor and a search; the same wrk
# run against nginx serving the `/` bytes as a static file; RSS and open file
# descriptors. Writes BENCHMARKS.md and Benchmarks/throughput.svg.
#
# Environment: BENCH_DURATION (wrk seconds per run, default 10),
# BENCH_CONNECTIONS (default 64), BENCH_THREADS (wrk threads, default 2),
# BENCH_OUTPUT (default BENCHMARKS.md), BENCH_CORE_ONLY (set: the sections above the
# sub-benchmarks alone).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

duration=${BENCH_DURATION:-10}
connections=${BENCH_CONNECTIONS:-64}
wrk_threads=${BENCH_THREADS:-2}
output=${BENCH_OUTPUT:-BENCHMARKS.md}
chart=Benchmarks/throughput.svg

log() { printf '» %s\n' "$*" >&2; }

# --- Tools: the build's Debian packages, then wrk and nginx (as scripts/install-dependencies does).
scripts/install-dependencies
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v valgrind >/dev/null || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  log "installing: ${missing[*]}"
  $sudo apt-get update -qq
  # Debian starts the packaged nginx service on install; ours uses its own config and port.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
cores=$(nproc)

# --- Build.
build_commands=(
  "swift build -c release --product liststate"
  "swift build -c release --product liststate-bench"
)
for command in "${build_commands[@]}"; do log "$command"; $command >&2; done
bin=$(swift build -c release --show-bin-path)
liststate="$bin/liststate"
bench="$bin/liststate-bench"

work=$(mktemp -d /tmp/liststate-bench.XXXXXX)
chmod 755 "$work"
server_pid=""
nginx_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

. Benchmarks/common.sh  # free_port, wait_for, wrk_figures, static_nginx, callgrind_copy

now() { echo "$EPOCHREALTIME"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# Waits until GET / on port $1 answers 200 (through bash's /dev/tcp: no process per try);
# fails at once, with its standard error $3, if process $2 ends first.
wait_for_200() {
  local port=$1 pid=$2 errors=$3 deadline=$((SECONDS + 600)) line
  while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "the process serving port $port ended:" >&2
      tail -5 "$errors" >&2
      return 1
    fi
    if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
      IFS= read -r line <&3 || line=""
      exec 3<&- 3>&-
      case $line in "HTTP/1.1 200"*) return 0 ;; esac
    fi
    sleep 0.001
  done
  echo "the server did not answer 200 on port $port" >&2
  return 1
}

stop_server() {
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=""
}

# The catalogue in a folder of its own: files written beside it (wrk outputs, samples)
# would make every request probe the data version again (docs/design.md, "Freshness").
mkdir -p "$work/data"
db="$work/data/catalogue.sqlite"
serve_args=(serve --port PORT --db "$db")

# --- Catalogue build on first start.
port=$(free_port)
log "first start (builds the catalogue)"
"$liststate" serve --port "$port" --db "$db" >/dev/null 2>"$work/first-start.err" &
server_pid=$!
wait_for_200 "$port" "$server_pid" "$work/first-start.err"
stop_server
build_seconds=$(sed -n 's/^Built \([0-9]*\) characters in \([0-9.]*\) s\.$/\2/p' "$work/first-start.err")
characters=$(sed -n 's/^Built \([0-9]*\) characters in \([0-9.]*\) s\.$/\1/p' "$work/first-start.err")

# --- Cold start with the database present (median of 5).
cold=()
for _ in 1 2 3 4 5; do
  port=$(free_port)
  start=$(now)
  "$liststate" serve --port "$port" --db "$db" >/dev/null 2>>"$work/server.err" &
  server_pid=$!
  wait_for_200 "$port" "$server_pid" "$work/server.err"
  cold+=("$(elapsed "$start" "$(now)")")
  stop_server
done
cold_start=$(printf '%s\n' "${cold[@]}" | sort -n | sed -n 3p)
log "cold start: ${cold[*]} s"

# --- Render time.
log "render benchmark"
"$bench" --db "$db" > "$work/render.txt"
value() { sed -n "s/^$1=//p" "$2"; }
render_page=$(value render.page50.median_us "$work/render.txt")
render_page_fastest=$(value render.page50.fastest_round_median_us "$work/render.txt")
render_page_template=$(value render.page50.template_only_median_us "$work/render.txt")
render_page_template_fastest=$(value render.page50.template_only_fastest_round_median_us "$work/render.txt")
render_page_bytes=$(value render.page50.bytes "$work/render.txt")
render_page_whole=$(value render.page50.whole_median_us "$work/render.txt")
render_page_whole_fastest=$(value render.page50.whole_fastest_round_median_us "$work/render.txt")
render_fragment=$(value render.fragment20.median_us "$work/render.txt")
render_fragment_fastest=$(value render.fragment20.fastest_round_median_us "$work/render.txt")
render_fragment_template=$(value render.fragment20.template_only_median_us "$work/render.txt")
render_fragment_template_fastest=$(value render.fragment20.template_only_fastest_round_median_us "$work/render.txt")
render_fragment_bytes=$(value render.fragment20.bytes "$work/render.txt")
# Instructions per render (callgrind counts them the same on a busy machine): the
# difference between 101 renders and 1, over 100.
instructions() {
  local counts=() program
  program=$(callgrind_copy "$bench" "$work")
  for iterations in 1 101; do
    counts+=("$(cd "$work" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "$program" --db "$db" --only page \
      --untimed --iterations "$iterations" "$@" 2>&1 | sed -n 's/.*Collected : //p')")
  done
  echo $(( (counts[1] - counts[0]) / 100 ))
}
log "instruction counts (callgrind)"
instructions_page=$(instructions)
instructions_page_template=$(instructions --template-only)
instructions_page_whole=$(instructions --whole)
"$bench" --db "$db" --cursors > "$work/cursors.txt"
first_cursor=$(value cursor.first "$work/cursors.txt")
last_cursor=$(value cursor.last "$work/cursors.txt")

# --- The server under wrk: as configured by default (answers kept in the
# response cache, confirmed against the catalogue on every use), then with
# `--response-cache 0`, where every request queries and renders (the keyset
# depth ratio is taken there: with the cache, both cursors are cache hits).

# Runs wrk; prints `rps p50 p99 max errors` (latencies in ms).
run_wrk() {
  local name=$1
  shift
  sleep 1  # the previous run's connections close first (the server allows 64 per address)
  wrk -t"$wrk_threads" -c"$connections" -d"${seconds:-$duration}s" --latency "$@" > "$work/wrk-$name.txt"
  # rps p50 p99 max requests non2xx socket_errors -> rps p50 p99 max errors
  wrk_figures "$work/wrk-$name.txt" | awk '{ printf "%.0f %s %s %s %d\n", $1, $2, $3, $4, $6 + $7 }'
}

# Samples the server's RSS every 100 ms into $work/rss.txt while wrk runs.
sample_rss() {
  while kill -0 "$server_pid" 2>/dev/null; do
    awk '/^VmRSS/ { print $2 }' "/proc/$server_pid/status" 2>/dev/null >> "$work/rss.txt" || true
    sleep 0.1
  done
}

# --- nginx, the same bytes as a static file (started while the cached server
# runs, so the two can be timed in turns).
start_nginx() {
  static_nginx "$work" "$work/index.html"
  wait_for_200 "$nginx_port" "$nginx_pid" "$work/nginx/error.log"
  cmp -s <(curl -fsS "http://127.0.0.1:$nginx_port/") "$work/index.html" || { echo "nginx serves other bytes" >&2; exit 1; }
}

# Runs wrk on URL a and URL b in turns, three times 3 s each (the remaining
# arguments go to every run), and prints `a_rps a_p50 a_p99 b_rps b_p50 b_p99`,
# each the median of its three runs: a slow spell of this virtual machine (they
# last seconds) then weighs on both sides alike, as one 10-s run after the
# other does not.
in_turns() {
  local a=$1 b=$2 name_a=$3 name_b=$4
  shift 4
  for round in 1 2 3; do
    seconds=3 run_wrk "$name_a-turn$round" "$@" "$a" > "$work/turn-a-$round.txt"
    seconds=3 run_wrk "$name_b-turn$round" "$@" "$b" > "$work/turn-b-$round.txt"
  done
  local medians=()
  for side in a b; do
    for column in 1 2 3; do
      medians+=("$(cat "$work"/turn-$side-*.txt | awk -v n="$column" '{ print $n }' | sort -g | sed -n 2p)")
    done
  done
  echo "${medians[*]}"
}

declare -A results
wrk_commands=()
declare -A paths=(
  [page]="/"
  [first]="/?cursor=$first_cursor"
  [last]="/?cursor=$last_cursor"
  [search]="/?q=face"
)
peak_kb=0
for mode in cached uncached; do
  suffix=""
  extra=()
  if [ "$mode" = uncached ]; then suffix="-uncached"; extra=(--response-cache 0); fi
  port=$(free_port)
  "$liststate" serve --port "$port" --db "$db" "${extra[@]}" >/dev/null 2>>"$work/server.err" &
  server_pid=$!
  wait_for_200 "$port" "$server_pid" "$work/server.err"
  base="http://127.0.0.1:$port"
  if [ "$mode" = cached ]; then
    curl -fsS "$base/" -o "$work/index.html"
    idle_rss_kb=$(awk '/^VmRSS/ { print $2 }' "/proc/$server_pid/status")
    idle_fds=$(ls "/proc/$server_pid/fd" | wc -l)
  fi
  : > "$work/rss.txt"
  sample_rss &
  sampler_pid=$!
  for name in page first last search; do
    url="$base${paths[$name]}"
    args=()
    case $name in first | last) args=(-H "HX-Request: true") ;; esac
    log "wrk $name ($mode): $url"
    results[$name$suffix]=$(run_wrk "$name$suffix" "${args[@]}" "$url")
    wrk_commands+=("wrk -t$wrk_threads -c$connections -d${duration}s --latency ${args[*]:+-H 'HX-Request: true' }$url${suffix:+   # serve --response-cache 0}")
  done
  if [ "$mode" = cached ]; then
    start_nginx
    log "in turns: / and nginx"
    turns_nginx=$(in_turns "$base/" "http://127.0.0.1:$nginx_port/" page nginx)
  else
    log "in turns: first and last cursor"
    turns_depth=$(in_turns "$base${paths[first]}" "$base${paths[last]}" first last -H "HX-Request: true")
  fi
  kill "$sampler_pid" 2>/dev/null || true
  wait "$sampler_pid" 2>/dev/null || true
  for kb in "$(sort -n "$work/rss.txt" | tail -1)" "$(awk '/^VmHWM/ { print $2 }' "/proc/$server_pid/status")"; do
    [ -n "$kb" ] && [ "$kb" -gt "$peak_kb" ] && peak_kb=$kb
  done
  if [ "$mode" = cached ]; then
    sleep 2
    after_rss_kb=$(awk '/^VmRSS/ { print $2 }' "/proc/$server_pid/status")
    after_fds=$(ls "/proc/$server_pid/fd" | wc -l)
  fi
  stop_server
done

log "wrk nginx: http://127.0.0.1:$nginx_port/"
results[nginx]=$(run_wrk nginx "http://127.0.0.1:$nginx_port/")
wrk_commands+=("wrk -t$wrk_threads -c$connections -d${duration}s --latency http://127.0.0.1:$nginx_port/   # nginx")
kill "$nginx_pid"
wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""

# --- Figures.
field() { echo "${results[$1]}" | awk -v n="$2" '{ print $n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
verdict() { if le "$1" "$2"; then echo "met"; else echo "**not met**"; fi }
ge_verdict() { if le "$2" "$1"; then echo "met"; else echo "**not met**"; fi }

turn() { echo "$1" | awk -v n="$2" '{ print $n }'; }
nginx_ratio=$(ratio "$(turn "$turns_nginx" 1)" "$(turn "$turns_nginx" 4)")
nginx_ratio_uncached=$(ratio "$(field page-uncached 1)" "$(field nginx 1)")
depth_ratio=$(ratio "$(turn "$turns_depth" 5)" "$(turn "$turns_depth" 2)")
depth_ratio_p99=$(ratio "$(turn "$turns_depth" 6)" "$(turn "$turns_depth" 3)")
worst_p99=$(for name in page first last search; do field "$name" 3; done | sort -n | tail -1)
worst_p99_uncached=$(for name in page first last search; do field "$name-uncached" 3; done | sort -n | tail -1)
all_runs=(page first last search page-uncached first-uncached last-uncached search-uncached nginx)
total_errors=$(for name in "${all_runs[@]}"; do field "$name" 5; done | awk '{ s += $1 } END { print s }')
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
load=$(cut -d' ' -f1-3 /proc/loadavg)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain 2>/dev/null | grep -q . && echo " (with uncommitted changes)" || true)

# --- Chart: requests/s per URL, nginx first.
{
  names=(nginx page first last search page-uncached first-uncached last-uncached search-uncached)
  labels=("nginx, / as a static file" "ListState /" "fragment, first cursor" "fragment, last cursor" "search /?q=face"
          "/, no response cache" "first cursor, no cache" "last cursor, no cache" "search, no cache")
  max=1
  for name in "${names[@]}"; do v=$(field "$name" 1); [ "$v" -gt "$max" ] && max=$v; done
  width=760 bar_left=220 bar_max=440 row=40
  height=$((60 + row * ${#names[@]} + 20))
  echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"$width\" height=\"$height\" viewBox=\"0 0 $width $height\" font-family=\"sans-serif\" font-size=\"13\">"
  echo "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
  echo "<text x=\"16\" y=\"26\" font-size=\"15\" font-weight=\"bold\">Requests per second (wrk, $wrk_threads threads, $connections connections, ${duration} s each)</text>"
  echo "<text x=\"16\" y=\"44\" fill=\"#555\">$(date -u +%Y-%m-%d), $cores cores, ${cpu//&/&amp;}, load average at the end $load</text>"
  for i in "${!names[@]}"; do
    v=$(field "${names[$i]}" 1)
    y=$((60 + row * i))
    w=$(awk -v v="$v" -v m="$max" -v b="$bar_max" 'BEGIN { printf "%d", v / m * b }')
    colour="#2f6fb2"; [ "${names[$i]}" = nginx ] && colour="#8a8a8a"
    echo "<text x=\"16\" y=\"$((y + 20))\">${labels[$i]}</text>"
    echo "<rect x=\"$bar_left\" y=\"$((y + 6))\" width=\"$w\" height=\"22\" fill=\"$colour\"/>"
    echo "<text x=\"$((bar_left + w + 8))\" y=\"$((y + 22))\">$v</text>"
  done
  echo "</svg>"
} > "$chart"

row_line() {
  local name=$1 label=$2
  printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "$(field "$name" 1)" "$(field "$name" 2)" "$(field "$name" 3)" "$(field "$name" 4)" "$(field "$name" 5)"
}

{
  echo "# ListState benchmarks"
  echo
  echo "Written by \`make bench\` (Benchmarks/run.sh); run it again to replace this file."
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- Machine: $cores cores, $cpu, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, $(uname -sr)"
  echo "- Load average at the end of the run: $load (above ~0.5 means other work shared the cores: figures are noisy)"
  echo "- Commit: $commit$dirty; $(swift --version 2>&1 | head -1)"
  echo
  echo "## Targets"
  echo
  echo "| target | measured | |"
  echo "| --- | --- | --- |"
  echo "| \`/\` cached ≥ 0.9 × nginx requests/s, same bytes, same run (in turns; issue 18) | $nginx_ratio × | $(ge_verdict "$nginx_ratio" 0.9) |"
  echo "| \`/\` uncached (\`--response-cache 0\`) ≥ 0.5 × nginx (10-s runs; issue 18) | $nginx_ratio_uncached × | $(ge_verdict "$nginx_ratio_uncached" 0.5) |"
  echo "| last-cursor / first-cursor latency ≤ 1.2 (p50, no response cache, in turns) | $depth_ratio (p99: $depth_ratio_p99) | $(verdict "$depth_ratio" 1.2) |"
  echo "| p99 ≤ 10 ms at $connections connections (worst of our URLs) | $worst_p99 ms (no response cache: $worst_p99_uncached ms) | $(verdict "$worst_p99" 10) |"
  echo "| RSS ≤ 40 MiB under load | $(mb "$peak_kb") MiB peak | $(verdict "$(mb "$peak_kb")" 40) |"
  echo "| RSS ≤ 30 MiB idle (issue 18) | $(mb "$idle_rss_kb") MiB | $(verdict "$(mb "$idle_rss_kb")" 30) |"
  echo "| RSS back near idle after load | idle $(mb "$idle_rss_kb") MiB → after $(mb "$after_rss_kb") MiB | |"
  echo "| cold start ≤ 0.3 s, database present | $cold_start s | $(verdict "$cold_start" 0.3) |"
  echo "| render of the 50-row page ≤ 20 µs, median of all samples (issue 18; fastest round's beside it) | $render_page µs (fastest round: $render_page_fastest µs) | $(verdict "$render_page" 20) |"
  echo "| render of the 50-row page ≤ 180 K instructions (callgrind; issue 18) | $instructions_page | $(verdict "$instructions_page" 180000) |"
  echo
  echo "## Render time (median, release build)"
  echo
  echo "View context (TableView, the catalogue's RowList) built and rendered with the real templates,"
  echo "as a request does after its query; \"template only\" renders a context built once. A whole"
  echo "page is drawn as the server draws an address it has drawn before: its own fields (rows, footer,"
  echo "state) built and drawn, the sections of its shared fields (words, links, search form, sort"
  echo "links, offline templates: Mustache's MustacheSharedContext, docs/design.md) copied; \"drawn"
  echo "whole\" is the first request for an address, every field built and every section drawn."
  echo "Each figure is timed in 20 rounds 100 ms apart, interleaved with the others: this"
  echo "virtual machine's speed changes for seconds at a time when other guests share its"
  echo "host (the same render measured 31 µs and 50 µs three seconds apart with nothing else"
  echo "running in it), so the table gives the median of all samples and the fastest"
  echo "round's median, which is what the code costs on this machine left alone."
  echo
  echo "| | median µs (all / fastest round) | template only µs (all / fastest round) | drawn whole µs (all / fastest round) | bytes |"
  echo "| --- | --- | --- | --- | --- |"
  echo "| full list page, 50 rows (\`list\`) | $render_page / $render_page_fastest | $render_page_template / $render_page_template_fastest | $render_page_whole / $render_page_whole_fastest | $render_page_bytes |"
  echo "| continuation fragment, 20 rows (\`rows\`, shares nothing) | $render_fragment / $render_fragment_fastest | $render_fragment_template / $render_fragment_template_fastest | | $render_fragment_bytes |"
  echo
  echo "Instructions per render of the 50-row page (callgrind; the same on a busy"
  echo "machine, where the times above are not): $instructions_page with the view context,"
  echo "$instructions_page_template template only, $instructions_page_whole drawn whole."
  echo
  echo "## HTTP (wrk: $wrk_threads threads, $connections connections, $duration s each)"
  echo
  echo "![Requests per second](Benchmarks/throughput.svg)"
  echo
  echo "| URL | requests/s | p50 ms | p99 ms | max ms | errors |"
  echo "| --- | --- | --- | --- | --- | --- |"
  row_line page "ListState \`/\` (20 rows, full page)"
  row_line first "fragment at the first cursor (\`HX-Request: true\`)"
  row_line last "fragment at the last cursor (\`HX-Request: true\`)"
  row_line search "search \`/?q=face\`"
  row_line page-uncached "\`/\`, \`--response-cache 0\` (query and render every time)"
  row_line first-uncached "first cursor, \`--response-cache 0\`"
  row_line last-uncached "last cursor, \`--response-cache 0\`"
  row_line search-uncached "search, \`--response-cache 0\`"
  row_line nginx "nginx: the \`/\` bytes ($(wc -c < "$work/index.html") B) as a static file"
  echo
  echo "The first four rows are the server as it runs by default: a repeated request is"
  echo "answered from the response cache once the database's version is known: one \`ioctl\` asks"
  echo "inotify whether anything was written in its folder, and after a write \`PRAGMA data_version\`"
  echo "is read on one long-lived connection (a commit by anyone is seen by the next request; a"
  echo "writer's lock or a damaged file still answers 503/500; docs/design.md, \"Freshness\"). The next"
  echo "four run \`serve --response-cache 0\`: every request queries and renders (on the connection's"
  echo "thread when its query is small, docs/design.md, \"Threads\")."
  echo
  echo "- ours / nginx (\`/\`, requests/s): **$nginx_ratio** (no response cache: $nginx_ratio_uncached)"
  echo "- last-cursor / first-cursor latency, no response cache: **$depth_ratio** at p50, $depth_ratio_p99 at p99"
  echo "- The two ratios above come from runs in turns (A, B, A, B, A, B; 3 s each; the median"
  echo "  of each side): this virtual machine slows down for seconds at a time when other"
  echo "  guests share its host, and two 10-s runs one after the other can land in different"
  echo "  spells (a run today gave 1.34 for the depth ratio from the table's rows). The table's"
  echo "  rows are the 10-s runs."
  echo "- errors (socket errors + non-2xx/3xx), all runs: $total_errors"
  for name in "${all_runs[@]}"; do
    details=$(grep -E "Socket errors|Non-2xx" "$work/wrk-$name.txt" | sed 's/^ *//' | paste -sd';' - || true)
    if [ -n "$details" ]; then echo "  - $name: $details"; fi
  done
  echo "- first cursor \`$first_cursor\`, last cursor \`$last_cursor\` (40 rows before the end)"
  echo
  echo "## Memory and descriptors (the serving process)"
  echo
  echo "| | value |"
  echo "| --- | --- |"
  echo "| RSS idle (after start and one request) | $(mb "$idle_rss_kb") MiB |"
  echo "| RSS peak under load (max of 100 ms samples and VmHWM) | $(mb "$peak_kb") MiB |"
  echo "| RSS 2 s after the load | $(mb "$after_rss_kb") MiB |"
  echo "| open file descriptors idle / after the load | $idle_fds / $after_fds |"
  echo
  echo "## Start"
  echo
  echo "| | value |"
  echo "| --- | --- |"
  echo "| catalogue build on first start (\`Built N characters in X s.\`) | $build_seconds s ($characters characters) |"
  echo "| cold start, process start to first 200 on \`/\`, database present (median of 5) | $cold_start s (runs: ${cold[*]}) |"
  echo
  echo "## Commands"
  echo
  echo '```sh'
  echo "make bench        # = Benchmarks/run.sh; BENCH_DURATION=10 BENCH_CONNECTIONS=64 BENCH_THREADS=2"
  for command in "${build_commands[@]}"; do echo "$command"; done
  echo "$liststate serve --port PORT --db $db >/dev/null        # first start builds the catalogue; later starts are timed"
  echo "$bench --db $db"
  echo "$bench --db $db --cursors"
  for command in "${wrk_commands[@]}"; do echo "$command"; done
  echo "$nginx_bin -p DIR -c DIR/nginx.conf   # worker_processes $cores; access_log off; sendfile on; keep-alive on"
  echo '```'
  echo
  echo "Paths are the run's temporary folder (removed after). Access log lines go to"
  echo "/dev/null. Instruction counts: \`valgrind --tool=callgrind $bench --db DB --only page --untimed --iterations N\`"
  echo "(add \`--template-only\`; \`--rows N\` changes the page's rows), N = 1 and 101."
} > "$output"

# BENCH_CORE_ONLY=1: the sections above alone (about 15 minutes), not the benchmarks below.
if [ -n "${BENCH_CORE_ONLY:-}" ]; then
  log "wrote $output and $chart (the core sections only)"
  exit 0
fi

log "the own-data benchmark (Benchmarks/own-data.sh)"
LISTSTATE="$liststate" CATALOGUE="$db" Benchmarks/own-data.sh >> "$output"

log "the CSV export benchmark (Benchmarks/csv-export.sh)"
LISTSTATE="$liststate" Benchmarks/csv-export.sh >> "$output"

log "the scaling benchmark (Benchmarks/scaling.sh: 1 K, 100 K, 10 M rows; writes Benchmarks/scaling.svg)"
LISTSTATE="$liststate" Benchmarks/scaling.sh >> "$output"

log "the exploring benchmark (Benchmarks/exploring.sh: a first page with its count and a facet beside the page without, 10 M rows)"
LISTSTATE="$liststate" Benchmarks/exploring.sh >> "$output"

log "the search benchmark (Benchmarks/search.sh: relevance order, a label match and a literal on 60,000 rows)"
LISTSTATE="$liststate" Benchmarks/search.sh >> "$output"

log "the cached page's CPU per request (Benchmarks/cached-cpu.sh: beside nginx and libmicrohttpd alone)"
LISTSTATE="$liststate" CATALOGUE="$db" Benchmarks/cached-cpu.sh >> "$output"

log "the upstream benchmark (Benchmarks/upstream.sh: a list over the test upstream beside SQLite)"
LISTSTATE="$liststate" Benchmarks/upstream.sh >> "$output"

log "the instructions benchmark (Benchmarks/instructions.sh: the catalogue, an 8-column and a Debian-shaped page, instructions by library)"
LISTSTATE="$liststate" CATALOGUE="$db" Benchmarks/instructions.sh >> "$output"

log "the PostgreSQL benchmark (Benchmarks/postgresql.sh, in a throw-away cluster)"
scripts/install-postgresql
LISTSTATE="$liststate" scripts/with-postgresql Benchmarks/postgresql.sh >> "$output"

log "the sorting benchmark (Benchmarks/sorting.sh: a page sorted by a column without an index, 63,697 and 1,000,000 rows, and PostgreSQL's)"
LISTSTATE="$liststate" scripts/with-postgresql Benchmarks/sorting.sh >> "$output"

log "the search-cost benchmark (Benchmarks/search-cost.sh: a search beside a key-order page, Debian's index and 16 copies of it)"
LISTSTATE="$liststate" Benchmarks/search-cost.sh >> "$output"

log "the kept orders' memory (Benchmarks/kept-memory.sh: RSS through sorts, searches and writes, 16 copies of Debian's index)"
LISTSTATE="$liststate" Benchmarks/kept-memory.sh >> "$output"

log "the Datasette benchmark (Benchmarks/datasette.sh: Debian's package index, key order, a search and an unindexed sort, both uncached)"
LISTSTATE="$liststate" Benchmarks/datasette.sh >> "$output"

log "wrote $output and $chart"
sed -n '/^## Targets/,/^## Render/p' "$output" | head -n -1
