#!/usr/bin/env python3
"""Long scenario (not in CI): slow clients with slowhttptest (Debian).

Attacks from 127.0.0.1, for SLOWLORIS_SECONDS each (default 60): slow headers
(slowloris, -H) and slow body (R-U-Dead-Yet, -B, POST), 1000 connections at
200 per second, a follow-up every 10 s. Meanwhile a well-behaved client on
127.0.0.2 (another address: the per-IP limit of 256 applies to the attacker,
not to it) asks for `/?limit=5` once a second.
Checks: every request of the well-behaved client is answered 200; the server is
alive after each attack and stops cleanly. Figures: the well-behaved client's
slowest answer, the connections the server held (its fds), slowhttptest's own
view (the attacker's connections and its probe, which shares the attacker's
address, so the per-IP limit refuses it by design).
"""
import csv
import glob
import os
import pathlib
import shutil
import socket
import subprocess
import threading
import time

from common import Checks, Server, catalogue_copy, exchange, temporary_folder

SECONDS = int(os.environ.get("SLOWLORIS_SECONDS", "60"))


def polite_get(port):
    """GET /?limit=5 from 127.0.0.2; (status or None, seconds)."""
    payload = b"GET /?limit=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    started = time.monotonic()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as connection:
            connection.settimeout(30)
            connection.bind(("127.0.0.2", 0))
            connection.connect(("127.0.0.1", port))
            connection.sendall(payload)
            data = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None
    except OSError:
        status = None
    return status, time.monotonic() - started


def main():
    checks = Checks("slowloris")
    if not shutil.which("slowhttptest"):
        checks.check(False, "slowhttptest is installed (make reliability installs it)")
        checks.finish()
    folder = pathlib.Path(temporary_folder("liststate-slowloris-"))
    server = Server(catalogue_copy(folder), keep=lambda line: '" 200 ' not in line)
    port = server.port
    pid = server.process.pid
    for mode, flags in [("slow headers (-H)", ["-H"]), ("slow body (-B)", ["-B", "-t", "POST", "-s", "8192"])]:
        stop = threading.Event()
        answers = []
        peak_fds = [0]

        def polite():
            while not stop.is_set():
                answers.append(polite_get(port))
                try:
                    peak_fds[0] = max(peak_fds[0], len(os.listdir(f"/proc/{pid}/fd")))
                except OSError:
                    pass
                stop.wait(1)

        watcher = threading.Thread(target=polite)
        watcher.start()
        prefix = str(folder / mode.split()[1])
        run = subprocess.run(["slowhttptest", *flags, "-c", "1000", "-r", "200", "-i", "10", "-x", "24", "-p", "3",
                              "-l", str(SECONDS), "-g", "-o", prefix, "-u", f"http://127.0.0.1:{port}/"],
                             capture_output=True, text=True, timeout=SECONDS + 120)
        stop.set()
        watcher.join(60)
        statuses = [status for status, _ in answers]
        slowest = max((seconds for _, seconds in answers), default=0)
        checks.check(answers and all(status == 200 for status in statuses),
                     f"{mode}: every request from 127.0.0.2 answered 200 ({statuses.count(200)}/{len(statuses)})")
        checks.check(server.alive(), f"{mode}: the server is alive")
        connected, available = 0, []
        for path in glob.glob(prefix + "*.csv"):
            with open(path) as table:
                for row in csv.DictReader(table):
                    row = {key.strip().lower(): (value or "").strip() for key, value in row.items() if key}
                    connected = max(connected, int(row.get("connected") or 0))
                    available.append(row.get("service available", ""))
        unavailable = sum(1 for value in available if value in ("0", "NO"))
        checks.figure(f"{mode}: {len(answers)} polite requests, slowest {slowest * 1000:.0f} ms (target < 1000 ms); "
                      f"server fds at most {peak_fds[0]}; attacker held at most {connected} connections; "
                      f"slowhttptest's probe (attacker's address) unavailable in {unavailable}/{len(available)} samples; "
                      f"slowhttptest exit {run.returncode}")
    status = server.stop(60)
    checks.check(status == 0, f"the server stops cleanly after the attacks (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
