#!/usr/bin/env python3
"""docs/nginx.conf (docs/guides/postgresql-behind-nginx.md), tested in front of the
real server (issue 9: slow clients from many addresses need a reverse proxy;
give a tested snippet).

nginx runs docs/nginx.conf as written but for its ports and file paths, in
front of `liststate serve --per-ip-limit 0`. Checks:
- pages, fragments, searches, the character page, static files, 404 and 400
  pass through with the same status and body as straight from the server, and
  with ListState's headers (Content-Security-Policy, Vary, ETag, Cache-Control);
- a 304 round trip through the proxy (If-None-Match passes through);
- slowloris against nginx (500 connections from 127.0.0.1, SLOWLORIS_SECONDS,
  default 20): nginx holds them (a connection whose headers never end is not
  counted by limit_conn; client_header_timeout closes it after 10 s), ListState
  sees only nginx's few upstream connections, and a client on 127.0.0.2 gets
  200 every time;
- 300 requests at once from one address are partly refused with 429
  (limit_req) while another address is served;
- a second server with `--base-path /lists/` behind `location /lists/`: the
  same answers through the proxy, every address in them under the prefix.
Figures: the probe's slowest answer, connections held, 429 counts.
"""
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

from common import ROOT, Checks, Server, catalogue_copy, deep_cursors, established, exchange, free_port, get, get_from, temporary_folder

SECONDS = int(os.environ.get("SLOWLORIS_SECONDS", "20"))


def nginx_config(folder, listen, upstream, upstream_lists, listen_instances=None, instances=(8082, 8083)):
    """docs/nginx.conf with this run's ports and paths: nothing else changes
    (the several instances' server listens on `listen_instances`, a free port when not given)."""
    text = (ROOT / "docs/nginx.conf").read_text()
    text = text.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    text = text.replace("listen 8090;", f"listen 127.0.0.1:{listen_instances or free_port()};")
    text = text.replace("server 127.0.0.1:8080;", f"server 127.0.0.1:{upstream};")
    text = text.replace("server 127.0.0.1:8081;", f"server 127.0.0.1:{upstream_lists};")
    for documented, port in zip((8082, 8083), instances):
        text = text.replace(f"server 127.0.0.1:{documented} ", f"server 127.0.0.1:{port} ")
    text = text.replace("worker_processes auto;", "worker_processes auto;\n"
                        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\ndaemon off;")
    temp = "\n".join(f"    {name}_temp_path {folder}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    text = text.replace("http {", "http {\n" + temp, 1)
    path = Path(folder) / "nginx.conf"
    path.write_text(text)
    return path


def start_nginx(nginx, folder, config, port):
    """nginx with `config` in the background, once it answers on `port` (at most 10 s)."""
    proxy = subprocess.Popen([nginx, "-p", folder, "-c", str(config), "-e", f"{folder}/error.log"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(100):
        if get(port, "/-/livez", timeout=2) is not None:
            break
        time.sleep(0.1)
    return proxy


def stop_nginx(proxy):
    """Stops nginx started by `start_nginx` (SIGTERM, then SIGKILL after 10 s)."""
    proxy.terminate()
    try:
        proxy.wait(10)
    except subprocess.TimeoutExpired:
        proxy.kill()


def main():
    checks = Checks("proxy")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        checks.check(False, "nginx is installed (scripts/install-reliability-dependencies --long)")
        checks.finish()
    folder = temporary_folder("liststate-proxy-")
    database = catalogue_copy(folder)
    settled = time.time() - 60  # a file written in the last 2 s is never cached (docs/reference/cli.md, the response cache): date the copy back
    os.utime(database, (settled, settled))
    server = Server(database, "--per-ip-limit", 0)
    under_prefix = Server(database, "--per-ip-limit", 0, "--base-path", "/lists/")
    listen = free_port()
    config = nginx_config(folder, listen, server.port, under_prefix.port)
    proxy = start_nginx(nginx, folder, config, listen)
    try:
        # The same answers through the proxy as straight from the server.
        cursor = (deep_cursors(server.port, pages=1) or ["none"])[0]
        for target, headers in [("/", {}), ("/?q=snow", {}), ("/?q=snow", {"HX-Request": "true"}),
                                ("/?limit=100&cursor=" + cursor, {"HX-Request": "true"}), ("/?lang=zh-Hans", {}),
                                ("/", {"Accept-Language": "zh-Hant"}), ("/characters/U+2603", {}), ("/char/U+2603", {}),
                                ("/static/liststate.css", {}), ("/nope", {}), ("/?limit=0", {}), ("/?q=zzqxjvv", {})]:
            direct = get(server.port, target, headers)
            proxied = get(listen, target, headers)
            label = f"{target} {headers}"
            if not checks.check(direct is not None and proxied is not None, f"{label}: answered both ways"):
                continue
            checks.check(proxied.status == direct.status, f"{label}: status {proxied.status} = {direct.status}")
            checks.check(proxied.body == direct.body, f"{label}: the same body")
            for name in ("content-security-policy", "vary", "etag", "cache-control", "content-type", "x-content-type-options"):
                checks.check(proxied.header(name) == direct.header(name), f"{label}: {name} passes through")
            checks.check(proxied.header("server") in (None, "nginx"), f"{label}: no version banner ({proxied.header('server')})")
        # The site under a prefix (`--base-path /lists/`, location /lists/): the same
        # answers through the proxy, and every address in them under the prefix.
        for target in ["/lists/", "/lists/?q=snow", "/lists/characters", "/lists/characters/U+2603", "/lists/static/liststate.css", "/lists/sw.js"]:
            direct = get(under_prefix.port, target)
            proxied = get(listen, target)
            if not checks.check(direct is not None and proxied is not None, f"{target}: answered both ways"):
                continue
            checks.check(proxied.status == direct.status == 200, f"{target}: 200 both ways ({proxied.status}, {direct.status})")
            checks.check(proxied.body == direct.body, f"{target}: the same body")
            addresses = re.findall(rb'(?:href|src|action|hx-get)="(/[^"]*)"', proxied.body)
            outside = [a for a in addresses if not a.startswith(b"/lists/")]
            checks.check(not outside, f"{target}: every address under /lists/ ({outside[:3]})")
        moved = get(listen, "/lists/char/2603")
        checks.check(moved is not None and moved.status == 308 and moved.header("location") == "/lists/characters/U+2603",
                     "a redirect through the proxy keeps the prefix")
        # libmicrohttpd ends the header block at a line with an empty name (`: v`)
        # and reads what follows as a second request (RELIABILITY.md); nginx
        # refuses such a line, so nothing behind it ever sees one.
        responses, _, _ = exchange(listen, b"GET /-/livez HTTP/1.1\r\nHost: x\r\n: v\r\n"
                                           b"GET /-/readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", expect=2, timeout=5)
        checks.check([r.status for r in responses] == [400], f"nginx refuses a header line without a name, once "
                                                             f"({[r.status for r in responses]})")
        # libmicrohttpd 0.9.75 joins a folded line to the field's name and ends the
        # target and field values at a NUL (RELIABILITY.md); nginx refuses each with 400.
        for label, payload in [
                ("a folded header line", b"POST /-/livez HTTP/1.1\r\nHost: x\r\nContent-Length: 65\r\n x\r\n\r\n"
                                         b"GET /-/readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                ("a NUL in the target", b"GET /-/livez\x00abc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                ("a NUL in a field value", b"GET /-/livez HTTP/1.1\r\nHost: x\x00bad\r\nConnection: close\r\n\r\n")]:
            responses, _, _ = exchange(listen, payload, expect=2, timeout=5)
            checks.check([r.status for r in responses] == [400], f"nginx refuses {label}, once ({[r.status for r in responses]})")
        first = get(listen, "/?q=heart")
        tag = first.header("etag") if first else None
        if checks.check(tag is not None, "an ETag through the proxy"):
            again = get(listen, "/?q=heart", {"If-None-Match": tag})
            checks.check(again is not None and again.status == 304 and again.body == b"", "304 through the proxy")

        # Slowloris against nginx, a client on another address meanwhile.
        attack = subprocess.Popen(["slowhttptest", "-H", "-c", "500", "-r", "200", "-i", "10", "-l", str(SECONDS),
                                   "-u", f"http://127.0.0.1:{listen}/"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        probes, held, upstream = [], [], []
        started = time.monotonic()
        while attack.poll() is None and time.monotonic() - started < SECONDS + 30:
            tick = time.monotonic()
            probes.append(get_from("127.0.0.2", listen, "/"))
            held.append(established(listen, "127.0.0.1"))
            upstream.append(established(server.port))
            time.sleep(max(0, 1 - (time.monotonic() - tick)))
        if attack.poll() is None:
            attack.kill()
        attack.wait(30)
        statuses = [status for status, _ in probes]
        checks.check(probes and all(status == 200 for status in statuses),
                     f"the client on 127.0.0.2 got 200 every time during the attack ({statuses.count(200)}/{len(statuses)})")
        checks.check(0 < max(upstream, default=0) <= 32 + 8,
                     f"ListState saw only nginx's upstream connections, not the attacker's ({max(upstream, default=0)})")
        checks.figure(f"slowloris through nginx ({SECONDS} s, 500 connections): probe {statuses.count(200)}/{len(statuses)} × 200, "
                      f"slowest {max((t for _, t in probes), default=0) * 1000:.1f} ms; attacker connections held by nginx "
                      f"at most {max(held, default=0)}; connections to ListState at most {max(upstream, default=0)}")

        # A burst from one address is limited; another address is not.
        results = []
        lock = threading.Lock()

        def burst():
            for _ in range(30):
                status, _ = get_from("127.0.0.1", listen, "/-/livez")
                with lock:
                    results.append(status)

        workers = [threading.Thread(target=burst) for _ in range(10)]
        for worker in workers:
            worker.start()
        other = [get_from("127.0.0.3", listen, "/-/livez")[0] for _ in range(5)]
        for worker in workers:
            worker.join(60)
        refused = results.count(429)
        checks.check(refused > 0, f"a burst of 300 from one address meets limit_req ({refused} × 429)")
        checks.check(set(results) <= {200, 429}, f"only 200 and 429 in the burst ({sorted(set(results), key=str)})")
        checks.check(other == [200] * 5, f"another address is served meanwhile ({other})")
        checks.figure(f"burst of 300 from one address: {results.count(200)} × 200, {refused} × 429")
        checks.check(server.alive(), "the server is alive")
    finally:
        stop_nginx(proxy)
        checks.check(server.stop() == 0, "the server stops cleanly")
        checks.check(under_prefix.stop() == 0, "the server under a prefix stops cleanly")
    checks.finish()


if __name__ == "__main__":
    main()
