#!/usr/bin/env python3
"""CSV exports against row pages over PostgreSQL with a small pool (issue 41):
`--pool-size 2`, 200 clients at once, 20 of them (EXPORTS_CLIENTS) downloading
`/items.csv` again and again, the others asking for rows' pages (`/items/N`,
uncached). An export's pieces yield the workers and the pooled connections to
pages (docs/postgresql.md, "The pool"), so after the first second (the burst
of 200 clients arriving at once, each export's first piece an answer like a
page's) the row pages answer 200 within the query time limit, and the exports
go on when pages leave a connection free.

Inside the throw-away cluster of scripts/with-postgresql (without one the
scenario says so and passes). Environment: EXPORTS_SECONDS (default 20),
LISTSTATE_BINARY (default the release build).
Figures: row pages answered, their statuses and p50/p99/max (all, and after
the first second), exports whole and broken off.
"""
import http.client
import os
import pathlib
import random
import sys
import threading
import time
import uuid

from common import CLUSTER, Checks, drop_database, Server, percentile, psql, temporary_folder

SECONDS = float(os.environ.get("EXPORTS_SECONDS", "20"))
ROWS = 200_000
CLIENTS = 200
EXPORTERS = int(os.environ.get("EXPORTS_CLIENTS", "20"))
LIMIT = 2.0



class Tally:
    """What the clients saw, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.page_seconds = []
        # Row pages that started after the first second (the 200 clients arrive at once).
        self.steady_seconds = []
        self.steady_statuses = {}
        self.page_statuses = {}
        self.missing_retry_after = 0
        self.exports_done = 0
        self.exports_broken = 0
        self.exports_refused = {}
        self.socket_errors = []


def row_pages(port, until, tally):
    steady = until - SECONDS + 1
    while time.monotonic() < until:
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", f"/items/{random.randint(1, ROWS)}")
            answer = connection.getresponse()
            answer.read()
            took = time.monotonic() - started
            with tally.lock:
                tally.page_seconds.append(took)
                tally.page_statuses[answer.status] = tally.page_statuses.get(answer.status, 0) + 1
                if started >= steady:
                    tally.steady_seconds.append(took)
                    tally.steady_statuses[answer.status] = tally.steady_statuses.get(answer.status, 0) + 1
                if answer.status == 503 and not answer.getheader("Retry-After"):
                    tally.missing_retry_after += 1
        except OSError as error:
            with tally.lock:
                tally.socket_errors.append(repr(error))
        finally:
            connection.close()


def exports(port, until, tally):
    while time.monotonic() < until:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request("GET", "/items.csv")
            answer = connection.getresponse()
            if answer.status != 200:
                answer.read()
                with tally.lock:
                    tally.exports_refused[answer.status] = tally.exports_refused.get(answer.status, 0) + 1
                time.sleep(0.2)
                continue
            lines = answer.read().count(b"\n")
            with tally.lock:
                if lines == ROWS + 1:
                    tally.exports_done += 1
                else:
                    tally.exports_broken += 1
        except (http.client.IncompleteRead, OSError):
            # A piece that could not have a connection within its limit breaks the download off.
            with tally.lock:
                tally.exports_broken += 1
        finally:
            connection.close()


def main():
    checks = Checks("exports")
    if not CLUSTER:
        print("skipped: no PostgreSQL cluster (run under scripts/with-postgresql)")
        sys.exit(0)
    database = "exports_" + uuid.uuid4().hex[:10]
    psql(f"CREATE DATABASE {database} TEMPLATE template0 LOCALE 'C'")
    psql("CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price numeric(8, 2));"
         f"INSERT INTO items SELECT n, 'item ' || n, (n % 97) * 1.5 FROM generate_series(1, {ROWS}) n;", database)
    folder = temporary_folder("liststate-exports-")
    server = Server(pathlib.Path(folder) / "unused.sqlite", "--database-url", f"{CLUSTER} dbname={database}",
                    "--pool-size", 2, "--query-timeout", LIMIT, "--response-cache", 0, "--per-ip-limit", 0,
                    keep=lambda line: "GET /" not in line)
    tally = Tally()
    try:
        until = time.monotonic() + SECONDS
        threads = [threading.Thread(target=exports, args=(server.port, until, tally), daemon=True)
                   for _ in range(EXPORTERS)]
        threads += [threading.Thread(target=row_pages, args=(server.port, until, tally), daemon=True)
                    for _ in range(CLIENTS - EXPORTERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS + 90)
        seconds = tally.page_seconds
        late = sum(1 for took in seconds if took >= LIMIT)
        statuses = dict(sorted(tally.page_statuses.items()))
        checks.figure(
            f"pool of 2, {CLIENTS} clients ({EXPORTERS} exporting /items.csv of {ROWS:,} rows), {SECONDS:.0f} s: "
            f"{len(seconds)} row pages {statuses}, p50 {percentile(seconds, 0.5) * 1000:.0f} ms, "
            f"p99 {percentile(seconds, 0.99) * 1000:.0f} ms, max {max(seconds, default=0) * 1000:.0f} ms, "
            f"{late} at or past the {LIMIT:.0f} s limit; after the first second "
            f"{dict(sorted(tally.steady_statuses.items()))}, p99 {percentile(tally.steady_seconds, 0.99) * 1000:.0f} ms, "
            f"max {max(tally.steady_seconds, default=0) * 1000:.0f} ms; exports {tally.exports_done} whole, "
            f"{tally.exports_broken} broken off, refused {tally.exports_refused}")
        checks.check(tally.socket_errors == [], f"no socket errors ({tally.socket_errors[:3]})")
        checks.check(set(statuses) <= {200, 503}, f"row pages: 200 or 503 ({statuses})")
        checks.check(tally.missing_retry_after == 0, "every 503 has Retry-After")
        checks.check(statuses.get(200, 0) >= 0.95 * len(seconds), f"row pages answer 200 ({statuses})")
        steady = tally.steady_statuses
        checks.check(steady.get(200, 0) >= 0.999 * len(tally.steady_seconds),
                     f"after the first second, row pages answer 200 ({steady})")
        checks.check(percentile(tally.steady_seconds, 0.99) < LIMIT,
                     "after the first second, row pages answer within their time limit (p99)")
        checks.check(tally.exports_done > 0, "exports finish")
    finally:
        server.stop()
        drop_database(database)
    checks.finish()


if __name__ == "__main__":
    main()
