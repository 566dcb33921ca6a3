#!/usr/bin/env python3
"""A source that hangs holds no connection thread and no other list (issues 44 and 45).

Two servers, each over a SQLite file (`items`, 10,000 rows) and one list that never
answers in time:
- the library's server (Tests/ReliabilityHost: `ListServer` with the list `hung`, whose
  developer's source waits 30 s for every read whatever its 2 s deadline says), with 32
  requests always waiting on it;
- `liststate serve` with the list `hung` over an upstream JSON API (upstreams in the
  configuration, `timeLimit` 2 s) whose process is stopped (SIGSTOP: connections are
  accepted by the kernel, nothing answers), with 64 requests always waiting on it.
Meanwhile wrk asks for `/-/livez` (never touches a source) and for a page of `/items`,
first without the waiting requests, then with them. Checks: every hung request is
answered with Retry-After near its deadline (the developer's source 503, a read past
its time limit; the upstream 504, a gateway time-out, or 503 for a request that found
all its connections in use until then); every livez and list request 200 with
no socket error, none waiting 1 s (half the hung deadline), as it would behind a thread
the hung source held. The latencies are figures, printed, never asserted.
"""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

from common import BINARY, ROOT, Checks, Server, get, temporary_folder, wrk_figures

HOST = os.environ.get("LISTSTATE_RELIABILITY_HOST", str(ROOT / ".build/release/reliability-host"))
UPSTREAM = ROOT / "Tests/upstream/upstream_server.py"
SECONDS = 5


def items_database(folder):
    """A SQLite file with one table of 10,000 rows, `items`."""
    path = os.path.join(folder, "shop.sqlite")
    with sqlite3.connect(path) as database:
        database.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL)")
        database.executemany("INSERT INTO items VALUES (?, ?, ?)",
                             ((n, f"item number {n}", n * 0.25) for n in range(1, 10_001)))
    return path


def wrk(port, path, checks, label):
    """wrk on `path` (16 keep-alive connections); a request not answered within 1 s, half the
    hung source's deadline, is a timeout (a socket error): it waited on the hung source."""
    output = subprocess.run(["wrk", "-t2", "-c16", f"-d{SECONDS}s", "--latency", "--timeout", "1s",
                             f"http://127.0.0.1:{port}{path}"],
                            capture_output=True, text=True, timeout=SECONDS + 30).stdout
    figures = wrk_figures(output)
    checks.check(figures["rate"] and "Socket errors" not in output,
                 f"{label}: wrk answered, no socket error ({output.strip().splitlines()[-3:]})")
    checks.check("Non-2xx" not in output, f"{label}: every request answered 200")
    return figures


def measure(name, port, waiting, status, checks, waiting_statuses=None):
    """The hung list's first answer (`status`), then wrk alone and with `waiting` requests kept on it
    (answered one of `waiting_statuses`, `status` alone when not given)."""
    waiting_statuses = waiting_statuses or (status,)
    started = time.monotonic()
    first = get(port, "/hung", timeout=10)
    took = time.monotonic() - started
    checks.check(first is not None and first.status == status and first.header("retry-after"),
                 f"{name}: /hung answers {status} with Retry-After ({first.status if first else 'no answer'})")
    # An upstream answers by 9/10 of its limit (its fetch's own time-out: a kept page can still be shown).
    checks.check(1.7 <= took < 3.5, f"{name}: /hung answers at its 2 s deadline ({took:.2f} s)")
    checks.check(get(port, "/items?limit=20").status == 200, f"{name}: /items answers 200")
    figures = {}
    for label, count in (("alone", 0), (f"{waiting} requests waiting on the hung source", waiting)):
        stop = threading.Event()
        answers, lock = [], threading.Lock()

        def hang():
            while not stop.is_set():
                began = time.monotonic()
                response = get(port, "/hung", timeout=10)
                with lock:
                    answers.append((response, time.monotonic() - began))

        clients = [threading.Thread(target=hang) for _ in range(count)]
        for client in clients:
            client.start()
        time.sleep(2.5 if count else 0)
        try:
            figures[label] = {path: wrk(port, path, checks, f"{name}, {label}, {path}")
                              for path in ("/-/livez", "/items?limit=20")}
        finally:
            stop.set()
            for client in clients:
                client.join(15)
        if count:
            checks.check(len(answers) >= count * SECONDS // 4,
                         f"{name}: the hung source was asked all along ({len(answers)} requests answered)")
            checks.check(all(r is not None and r.status in waiting_statuses and r.header("retry-after") for r, _ in answers),
                         f"{name}: every request to the hung source answered {' or '.join(map(str, waiting_statuses))} "
                         f"with Retry-After")
            slowest = max((t for _, t in answers), default=0)
            checks.check(slowest < 4, f"{name}: each by its deadline (slowest {slowest:.2f} s)")
    hung = f"{waiting} requests waiting on the hung source"
    for path in ("/-/livez", "/items?limit=20"):
        alone, held = figures["alone"][path], figures[hung][path]
        checks.figure(f"{name}, {path}: alone {alone['rate']:.0f} req/s, p50 {alone['p50'] * 1000:.2f} ms, "
                      f"p99 {alone['p99'] * 1000:.2f} ms; with {waiting} requests waiting on the hung source "
                      f"{held['rate']:.0f} req/s, p50 {held['p50'] * 1000:.2f} ms, p99 {held['p99'] * 1000:.2f} ms")


def library_host(database, checks):
    """The library's ListServer over a developer's source that hangs."""
    server = Server(None, command=[HOST, database])
    try:
        measure("library, hung source", server.port, 32, 503, checks)
    finally:
        checks.check(server.stop() == 0, "library: exit 0 on SIGTERM")


def stalled_upstream(folder, database, checks):
    """liststate serve over an upstream JSON API whose process is stopped."""
    upstream = subprocess.Popen([sys.executable, str(UPSTREAM)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(upstream.stdout.readline())
        configuration = os.path.join(folder, "upstream.json")
        with open(configuration, "w") as file:
            json.dump({"upstreams": {"hung": {
                "url": f"http://127.0.0.1:{port}/drf/items", "rows": "results", "key": "id", "columns": ["id", "name"],
                "pagination": "next", "limitParameter": "limit", "timeLimit": 2}}}, file)
        server = Server(None, command=[str(BINARY), "serve", "--port", "0", database, "--config", configuration])
        try:
            checks.check(get(server.port, "/hung").status == 200, "upstream: /hung answers 200 while the upstream runs")
            upstream.send_signal(signal.SIGSTOP)
            measure("upstream, stopped", server.port, 64, 504, checks, waiting_statuses=(504, 503))
        finally:
            upstream.send_signal(signal.SIGCONT)
            checks.check(server.stop() == 0, "upstream: exit 0 on SIGTERM")
    finally:
        upstream.stdin.close()
        upstream.terminate()
        upstream.wait(10)


def main():
    checks = Checks("hungsource")
    folder = temporary_folder("liststate-hungsource-")
    database = items_database(folder)
    library_host(database, checks)
    stalled_upstream(folder, database, checks)
    checks.finish()


if __name__ == "__main__":
    main()
