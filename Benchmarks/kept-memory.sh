#!/usr/bin/env bash
# The memory of kept sort orders and search rankings (issue 48): resident memory of a server
# of Debian's package index 16 times over (Benchmarks/debian_packages.py, 1,019,152 rows on
# Debian 12) through what fills and renews its kept orders: every column sorted both ways,
# 24 searches asked twice, then a write (every kept order is of the old version now), three
# rounds; beside the same server without kept orders (`--sort-memory 0`), the base. Kept
# orders are bounded by `--sort-memory` (64 MiB); what they hold is to go back when freed.
#
#     Benchmarks/kept-memory.sh            # the release build
#
# Prints a Markdown section on standard output. Environment: LISTSTATE (the binary; default
# the release build), MEMORY_COPIES (16).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
copies=${MEMORY_COPIES:-16}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for
start_work kept-memory

apt-cache dumpavail > "$work/Packages" 2>/dev/null || true
[ -s "$work/Packages" ] || cp /var/lib/dpkg/status "$work/Packages"
log "the package index, $copies times over"
rows=$(python3 Benchmarks/debian_packages.py "$work/debian.sqlite" "$copies" < "$work/Packages")

rss_mib() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
hwm_mib() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
columns="version section priority installed_size maintainer homepage depends summary description"
words="editor library python perl shell tool daemon server client font theme game data java rust go kernel network audio video image text web mail"

declare -A figure
for mode in kept base; do
  cp "$work/debian.sqlite" "$work/$mode.sqlite"
  extra=()
  [ "$mode" = base ] && extra=(--sort-memory 0)
  port=$(free_port)
  "$liststate" serve --port "$port" "${extra[@]}" "$work/$mode.sqlite" > /dev/null 2> "$work/$mode.err" &
  pids+=($!)
  pid=$!
  base="http://127.0.0.1:$port"
  wait_for "$base/packages" "$pid"
  figure[$mode-idle]=$(rss_mib "$pid")
  for round in 1 2 3; do
    log "$mode, round $round"
    for column in $columns; do
      curl -fsS -o /dev/null "$base/packages?sort=$column"
      curl -fsS -o /dev/null "$base/packages?sort=-$column"
    done
    sleep 3  # the orders are built off the request path
    for column in $columns; do curl -fsS -o /dev/null "$base/packages?sort=$column"; done
    for word in $words; do
      curl -fsS -o /dev/null "$base/packages?q=$word"
      curl -fsS -o /dev/null "$base/packages?q=$word"
    done
    sleep 3
    figure[$mode-$round]=$(rss_mib "$pid")
    python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE packages SET installed_size = installed_size + 1 WHERE rowid IN (1, 2, 3)")
db.commit()' "$work/$mode.sqlite"
  done
  sleep 5
  figure[$mode-end]=$(rss_mib "$pid")
  figure[$mode-peak]=$(hwm_mib "$pid")
  kill "$pid" && wait "$pid" 2>/dev/null || true
done

echo "## Memory of kept orders ($(basename "$liststate") $("$liststate" version 2>/dev/null | head -1))"
echo
echo "\`Benchmarks/kept-memory.sh\`: Debian's package index $copies times over ($rows rows); each round sorts"
echo "every column both ways and again once built, asks 24 searches twice, then writes (every kept order"
echo "is then of an old version and is built again in the next round). RSS in MiB after each round."
echo
echo "| server | idle | round 1 | round 2 | round 3 | 5 s later | peak |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for mode in kept base; do
  label="kept orders (\`--sort-memory\` 64 MiB)"
  [ "$mode" = base ] && label="none (\`--sort-memory 0\`)"
  echo "| $label | ${figure[$mode-idle]} | ${figure[$mode-1]} | ${figure[$mode-2]} | ${figure[$mode-3]} | ${figure[$mode-end]} | ${figure[$mode-peak]} |"
done
echo
