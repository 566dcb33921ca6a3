# Shell functions the benchmark scripts share (sourced, not run).

# A free loopback port: below the ephemeral range (so no client socket of an
# earlier wrk run, e.g. in TIME_WAIT, holds it) and with nothing on it now.
free_port() {
  local port low
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  while :; do
    port=$((10000 + RANDOM % (low - 10000)))
    ss -Htan "sport = :$port" | grep -q . || { echo "$port"; return; }
  done
}
