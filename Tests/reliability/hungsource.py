#!/usr/bin/env python3
"""A developer's source that hangs holds no connection thread (issue 44).

The library's server (Tests/ReliabilityHost: `ListServer` over the tables of a SQLite
file and the list `hung`, whose source waits 30 s for every read whatever its 2 s
deadline says) keeps 32 requests waiting on `/hung` at all times, while wrk asks for
`/-/livez` (never touches a source) and for a page of the SQLite list `/items`, first
without the hung requests, then with them. Checks: every hung request is answered 503
with Retry-After near its deadline, every livez and list request is answered 200 with
no socket error either way: none waits 1 s (half
the hung source's deadline), as it would behind a thread the hung source held. The latencies are figures, printed, never asserted: a
thread held by the hung source would show as seconds, not milliseconds.
"""
import os
import sqlite3
import subprocess
import threading
import time

from common import ROOT, Checks, Server, get, temporary_folder, wrk_figures

HOST = os.environ.get("LISTSTATE_RELIABILITY_HOST", str(ROOT / ".build/release/reliability-host"))
SECONDS = 5
WAITING = 32


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


def main():
    checks = Checks("hungsource")
    folder = temporary_folder("liststate-hungsource-")
    server = Server(None, command=[HOST, items_database(folder)])
    try:
        port = server.port
        started = time.monotonic()
        first = get(port, "/hung", timeout=10)
        took = time.monotonic() - started
        checks.check(first is not None and first.status == 503 and first.header("retry-after"),
                     f"/hung answers 503 with Retry-After ({first.status if first else 'no answer'})")
        checks.check(1.9 <= took < 3.5, f"/hung answers at its 2 s deadline, not the source's 30 s ({took:.2f} s)")
        checks.check(get(port, "/items?limit=20").status == 200, "/items answers 200")
        figures = {}
        for label, waiting in (("alone", 0), ("32 requests waiting on the hung source", WAITING)):
            stop = threading.Event()
            answers, lock = [], threading.Lock()

            def hang():
                while not stop.is_set():
                    began = time.monotonic()
                    response = get(port, "/hung", timeout=10)
                    with lock:
                        answers.append((response, time.monotonic() - began))

            clients = [threading.Thread(target=hang) for _ in range(waiting)]
            for client in clients:
                client.start()
            time.sleep(2.5 if waiting else 0)
            try:
                figures[label] = {path: wrk(port, path, checks, f"{label}, {path}")
                                  for path in ("/-/livez", "/items?limit=20")}
            finally:
                stop.set()
                for client in clients:
                    client.join(15)
            if waiting:
                checks.check(len(answers) >= WAITING * SECONDS // 4,
                             f"the hung source was asked all along ({len(answers)} requests answered)")
                checks.check(all(r is not None and r.status == 503 and r.header("retry-after") for r, _ in answers),
                             "every request to the hung source answered 503 with Retry-After")
                slowest = max((t for _, t in answers), default=0)
                checks.check(slowest < 4, f"each by its deadline (slowest {slowest:.2f} s)")
        for path in ("/-/livez", "/items?limit=20"):
            alone, hung = figures["alone"][path], figures["32 requests waiting on the hung source"][path]
            checks.figure(f"{path}: alone {alone['rate']:.0f} req/s, p50 {alone['p50'] * 1000:.2f} ms, "
                          f"p99 {alone['p99'] * 1000:.2f} ms; with {WAITING} requests waiting on the hung source "
                          f"{hung['rate']:.0f} req/s, p50 {hung['p50'] * 1000:.2f} ms, p99 {hung['p99'] * 1000:.2f} ms")
    finally:
        checks.check(server.stop() == 0, "exit 0 on SIGTERM")
    checks.finish()


if __name__ == "__main__":
    main()
