#!/usr/bin/env python3
"""What a held database lock costs the requests that never touch the data.

docs/design.md ("HTTP and HTMX"): libmicrohttpd's thread pool binds each
connection to the thread that accepted it, so a query waiting on a lock also
delays that thread's other keep-alive connections — unless the query runs on
a worker thread while its connection waits suspended. The design asks to
measure both ways against a held lock: wrk keeps 64 keep-alive connections on
`/-/livez` (never touches the source), first alone, then while a writer holds
an exclusive lock on the catalogue and 8 clients keep asking for uncached
searches that wait out the time limit (`--query-timeout 1`), for: queries on
the connection threads (`--workers 0`) with 8 and with 32 threads, and
queries on workers (the default). Checks: every search answers 503 with
Retry-After, every livez answers 200, no wrk socket error; the latencies are
printed as figures, never asserted.
"""
import sqlite3
import subprocess
import threading
import time

from common import wrk_figures, Checks, Server, catalogue_copy, get, temporary_folder

SECONDS = 8


def wrk(port, checks, label):
    """wrk on /-/livez; returns (requests/s, p50 ms, p99 ms, max ms)."""
    output = subprocess.run(["wrk", "-t2", "-c64", f"-d{SECONDS}s", "--latency", "--timeout", "5s",
                             f"http://127.0.0.1:{port}/-/livez"], capture_output=True, text=True, timeout=SECONDS + 30).stdout

    figures = wrk_figures(output)
    rps = figures["rate"]
    p50, p99, maximum = (figures[key] * 1000 for key in ("p50", "p99", "max"))
    checks.check("Socket errors" not in output, f"{label}: no wrk socket error ({output.strip().splitlines()[-3:]})")
    checks.check("Non-2xx" not in output, f"{label}: every livez answered 200")
    return rps, p50, p99, maximum


def main():
    checks = Checks("heldlock")
    folder = temporary_folder("liststate-heldlock-")
    database = catalogue_copy(folder)
    for threads, workers in ((8, 0), (32, 0), (8, 8)):
        label = f"{threads} threads, {'queries on ' + str(workers) + ' workers' if workers else 'no workers'}"
        server = Server(database, "--threads", threads, "--workers", workers, "--query-timeout", 1, "--per-ip-limit", 0)
        try:
            port = server.port
            checks.check(get(port, "/").status == 200, f"{label}: / answers 200 before the lock")
            alone = wrk(port, checks, f"{label}, alone")
            writer = sqlite3.connect(str(database), isolation_level=None, timeout=10)
            writer.execute("BEGIN EXCLUSIVE")
            writer.execute("PRAGMA user_version = 7")  # a change written, rolled back: readers must wait
            stop = threading.Event()
            answers = []

            def search(client):
                number = 0
                while not stop.is_set():
                    number += 1
                    # A different search each time: no kept answer, every one waits on the lock.
                    response = get(port, f"/?q=held{client}x{number}", timeout=10)
                    answers.append(response)

            clients = [threading.Thread(target=search, args=(client,)) for client in range(8)]
            for client in clients:
                client.start()
            time.sleep(0.5)
            try:
                held = wrk(port, checks, f"{label}, lock held")
            finally:
                stop.set()
                for client in clients:
                    client.join(15)
                writer.execute("ROLLBACK")
                writer.close()
            blocked = [a for a in answers if a is not None]
            checks.check(len(blocked) == len(answers) and blocked, f"{label}: every blocked search answered")
            checks.check(all(a.status == 503 and a.header("retry-after") for a in blocked),
                         f"{label}: blocked searches are 503 with Retry-After "
                         f"({sorted(set(a.status for a in blocked))})")
            checks.check(get(port, "/?q=snow").status == 200, f"{label}: rows again after the release")
            checks.figure(f"{label}: livez alone {alone[0]:.0f} req/s, p50 {alone[1]:.2f} ms, "
                          f"p99 {alone[2]:.2f} ms, max {alone[3]:.1f} ms")
            checks.figure(f"{label}: livez with the lock held and 8 searches waiting "
                          f"{held[0]:.0f} req/s, p50 {held[1]:.2f} ms, p99 {held[2]:.2f} ms, max {held[3]:.1f} ms "
                          f"({len(blocked)} searches answered 503)")
        finally:
            checks.check(server.stop() == 0, f"{label}: exit 0")
    checks.finish()


if __name__ == "__main__":
    main()
