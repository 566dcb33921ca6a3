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
