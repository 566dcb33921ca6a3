# Shell functions the benchmark scripts share (sourced, not run).

# Makes the script's work folder ($work, under /tmp, named after $1) and the list of
# the processes it starts ($pids, each added by the script); both go at its exit,
# whatever ends it, and the exit status is the script's.
start_work() {
  work=$(mktemp -d "/tmp/liststate-$1.XXXXXX")
  pids=()
  trap 'status=$?; for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done; rm -rf "$work"; exit $status' EXIT
}

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

# Starts nginx in the background serving FILE ($2) as the index of its own
# folder under WORK ($1), as a busy static site would (sendfile, keep-alive, no
# access log); sets nginx_port and nginx_pid. The caller waits for it to answer
# and stops it. nginx_bin may name the binary (default: nginx on PATH, else /usr/sbin/nginx).
static_nginx() {
  local work=$1 file=$2 cores
  local bin=${nginx_bin:-$(command -v nginx || echo /usr/sbin/nginx)}
  mkdir -p "$work/www" "$work/nginx"
  cp "$file" "$work/www/index.html"
  chmod a+x "$work"  # nginx's workers run as another user: mktemp's folders are 0700
  chmod -R a+rX "$work/www"
  nginx_port=$(free_port)
  cores=$(nproc)
  cat > "$work/nginx/nginx.conf" <<EOF
worker_processes $cores;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  types { text/html html; }
  default_type "text/html; charset=utf-8";
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    index index.html;
  }
}
EOF
  "$bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
  nginx_pid=$!
}

# Waits until URL $1 answers (at most 600 s), or fails when process $2 ended.
wait_for() {
  local url=$1 pid=$2 deadline=$((SECONDS + 600))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$pid" 2>/dev/null || { echo "the server for $url ended" >&2; return 1; }
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# Reads a `wrk --latency` report (file $1) and prints
# `rps p50 p99 max requests non2xx socket_errors` (latencies in ms).
wrk_figures() {
  awk '
    function ms(v) {
      if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
      if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
      if (v ~ /m$/) return substr(v, 1, length(v) - 1) * 60000
      if (v ~ /s$/) return substr(v, 1, length(v) - 1) * 1000
      return v + 0
    }
    $1 == "Latency" && NF >= 4 && !max { max = ms($4) }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    / requests in / { requests = $1 }
    $1 == "Requests/sec:" { rps = $2 }
    /Socket errors/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
    /Non-2xx/ { non2xx = $NF }
    END { printf "%.1f %.3f %.3f %.3f %d %d %d\n", rps, p50, p99, max, requests, non2xx, errors }
  ' "$1"
}

# A copy of binary $1 in folder $2 without its debugging sections, for valgrind: Debian
# 12's valgrind (3.19) cannot read the DWARF 5 of Swift 6.3's release builds ("unhandled
# dwarf2 abbrev form code 0x25", then it gives up); callgrind names functions and objects
# from the symbol table, which the copy keeps. Prints the copy's path.
callgrind_copy() {
  local copy
  copy="$2/$(basename "$1")"
  objcopy --strip-debug "$1" "$copy"
  echo "$copy"
}
