#!/usr/bin/env python3
"""Several instances over one PostgreSQL database behind nginx (docs/nginx.conf,
`upstream liststate_instances`), issue 17:

- two instances serve a database of the throw-away cluster
  (scripts/with-postgresql; without one the scenario says so and passes),
  nginx runs docs/nginx.conf with this run's ports and paths and without its
  per-address limits (wrk is many clients on one address);
- a cursor taken from one instance is followed on the other: the same page;
- wrk through nginx while one instance is killed with SIGKILL: every request
  answered 200 (nginx retries the idempotent GETs in flight on the other
  instance), no socket error;
- the killed instance started again on its port: after nginx's fail_timeout
  both take traffic again.
Figures: requests/s and p99 with both, while one dies, and after.
"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time
import uuid

from common import CLUSTER, Checks, drop_database, Server, free_port, get, psql, temporary_folder, wrk_figures
from proxy import nginx_config, start_nginx, stop_nginx

ROWS = 5000



def instance(catalogue, conninfo, port):
    return Server(catalogue, "--port", port, "--database-url", conninfo, "--per-ip-limit", 0, "--response-cache", 0)


def requests_logged(server):
    return sum(1 for line in server.output() if '"GET /items' in line)


def wrk(port, seconds):
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", f"http://127.0.0.1:{port}/items.json?limit=20"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    return wrk_figures(done.stdout), done.stdout


def main():
    checks = Checks("instances")
    if not CLUSTER:
        print("skipped: no PostgreSQL cluster (run under scripts/with-postgresql)")
        sys.exit(0)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not checks.check(pathlib.Path(nginx).exists() and shutil.which("wrk"),
                        "nginx and wrk are installed (scripts/install-reliability-dependencies --long)"):
        checks.finish()
    database = "instances_" + uuid.uuid4().hex[:10]
    psql(f"CREATE DATABASE {database} TEMPLATE template0 LOCALE 'C'")
    psql("CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price numeric(8, 2));"
         f"INSERT INTO items SELECT n, 'item ' || n, (n % 97) * 1.5 FROM generate_series(1, {ROWS}) n;", database)
    conninfo = f"{CLUSTER} dbname={database}"
    folder = temporary_folder("liststate-instances-")
    catalogue = pathlib.Path(folder) / "unused.sqlite"  # the launcher's --db: never opened with --database-url
    ports = [free_port(), free_port()]
    servers = [instance(catalogue, conninfo, port) for port in ports]
    listen, listen_instances = free_port(), free_port()
    config = nginx_config(folder, listen, free_port(), free_port(), listen_instances, ports)
    # wrk is many clients on one address: the per-address limits (429) would answer it instead.
    text = config.read_text()
    for limit in ("limit_conn per_address 64;", "limit_req zone=requests burst=100 nodelay;"):
        text = text.replace(limit, "")
    config.write_text(text)
    proxy = start_nginx(nginx, folder, config, listen_instances)
    try:
        # A cursor from one instance, followed on the other.
        first = get(ports[0], "/items.json?limit=20&sort=-price")
        following = json.loads(first.text).get("next") if first and first.status == 200 else None
        if checks.check(following is not None, "the first instance gives a next address"):
            here, there = get(ports[0], following), get(ports[1], following)
            checks.check(here is not None and there is not None and here.status == there.status == 200
                         and here.body == there.body, "a cursor made by one instance gives the same page on the other")

        # Both up: traffic spread over both.
        before = [requests_logged(server) for server in servers]
        both, _ = wrk(listen_instances, 3)
        spread = [requests_logged(server) - count for server, count in zip(servers, before)]
        checks.check(both["errors"] is None and both["non2xx"] is None,
                     f"both up: every answer 200, no socket error ({both['non2xx']}, {both['errors']})")
        checks.check(min(spread) > 0.2 * sum(spread), f"both instances take traffic ({spread})")

        # One killed mid-run with SIGKILL.
        run = subprocess.Popen(["wrk", "-t2", "-c16", "-d6s", "--latency",
                                f"http://127.0.0.1:{listen_instances}/items.json?limit=20"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(2)
        servers[0].process.send_signal(signal.SIGKILL)
        servers[0].process.wait(10)
        output, _ = run.communicate(timeout=60)
        killed = wrk_figures(output)
        checks.check(killed["errors"] is None, f"one instance killed: no socket error ({killed['errors']})")
        checks.check(killed["non2xx"] is None, f"one instance killed: every answer 200 ({killed['non2xx']} others)")
        checks.check(killed["rate"] is not None and killed["rate"] > 0, "wrk was answered throughout")

        # Started again on its port: both take traffic once nginx's fail_timeout (5 s) has passed.
        servers[0] = instance(catalogue, conninfo, ports[0])
        time.sleep(5.5)
        before = [requests_logged(server) for server in servers]
        after, _ = wrk(listen_instances, 3)
        spread = [requests_logged(server) - count for server, count in zip(servers, before)]
        checks.check(after["errors"] is None and after["non2xx"] is None, "both up again: every answer 200")
        checks.check(min(spread) > 0.2 * sum(spread), f"both up again: both take traffic ({spread})")
        checks.figure(
            f"two instances over PostgreSQL behind nginx (wrk -t2 -c16, uncached /items.json?limit=20): "
            f"{both['rate']:.0f} requests/s, p99 {both['p99'] * 1000:.1f} ms; one killed with SIGKILL mid-run: "
            f"{killed['rate']:.0f} requests/s, p99 {killed['p99'] * 1000:.1f} ms, max {killed['max'] * 1000:.0f} ms, "
            f"0 failed; both again: {after['rate']:.0f} requests/s")
    finally:
        stop_nginx(proxy)
        for server in servers:
            server.stop()
        drop_database(database)
    checks.finish()


if __name__ == "__main__":
    main()
