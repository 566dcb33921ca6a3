#!/usr/bin/env python3
"""Long scenario (not in CI): 960 idle keep-alive connections beside normal traffic.

The server runs with its defaults (per-IP limit 256, connection limit 4096,
idle timeout 30 s, one connection thread per core). The idle connections come from four loopback
addresses, 127.0.0.3 to 127.0.0.6, 240 each: the server sees four clients,
each under the per-IP limit, so no flag is changed. Each idle connection
asks once for /-/livez (HTTP/1.1 keep-alive) and then stays silent.
The normal traffic is wrk from 127.0.0.1 (32 connections, 2 threads, the mix
of soak.lua) in three rounds of IDLE_SECONDS (default 15): without the idle
connections, with them, and without them again (both baselines in the same
run; the idle ones are opened and used well within the 30 s idle timeout).
Checks: wrk has no non-2xx/3xx answer and no socket error in any round;
every idle connection was accepted, answered, still open after the loaded
round and answers a second request on the same connection; the server is
alive and stops cleanly. Figures: p50/p99/requests per second per round, the
loaded round's p99 against the baselines' (target ≤ 1.5 ×), connections,
RSS and fds.
"""
import os
import pathlib
import re
import resource
import shutil
import socket
import subprocess
import time

from common import deep_cursors, wrk_figures, Checks, Server, catalogue_copy, established, parse_responses, process_rss_mib, \
    temporary_folder

HERE = pathlib.Path(__file__).resolve().parent
SECONDS = int(os.environ.get("IDLE_SECONDS", "15"))
ADDRESSES = ["127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"]
PER_ADDRESS = 240


def ask(connection):
    """One keep-alive GET /-/livez on an open connection; the status or None."""
    try:
        connection.sendall(b"GET /-/livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        data = b""
        while True:
            responses, _ = parse_responses(data)
            if responses:
                return responses[0].status
            chunk = connection.recv(65536)
            if not chunk:
                return None
            data += chunk
    except OSError:
        return None


def main():
    checks = Checks("idle")
    if not shutil.which("wrk"):
        checks.check(False, "wrk is installed (make reliability installs it)")
        checks.finish()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    folder = pathlib.Path(temporary_folder("liststate-idle-"))
    server = Server(catalogue_copy(folder), keep=lambda line: not re.search(r'" (200|304) ', line))
    port = server.port
    pid = server.process.pid

    cursors = deep_cursors(port)
    script = folder / "soak.lua"
    script.write_text("CURSORS = {" + ", ".join(f'"{c}"' for c in cursors) + "}\n" + (HERE / "soak.lua").read_text())

    def round_of(name):
        run = subprocess.run(["wrk", "-t", "2", "-c", "32", "-d", f"{SECONDS}s", "--latency", "--timeout", "10s",
                              "-s", str(script), f"http://127.0.0.1:{port}"],
                             capture_output=True, text=True, timeout=SECONDS + 60)
        figures = wrk_figures(run.stdout)
        checks.check(run.returncode == 0 and figures["rate"] is not None, f"{name}: wrk ran ({run.stderr[-200:]})")
        checks.check(figures["non2xx"] is None, f"{name}: no non-2xx/3xx answer ({figures['non2xx']})")
        checks.check(figures["errors"] is None, f"{name}: no socket error ({figures['errors']})")
        result = (figures["rate"] or 0, figures["p50"] or 0, figures["p99"] or 0)
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        checks.figure(f"{name}: {result[0]:,.0f} requests/s, p50 {result[1] * 1000:.2f} ms, p99 "
                      f"{result[2] * 1000:.2f} ms; server RSS {process_rss_mib(pid):.0f} MiB, {fds} fds")
        return result

    first = round_of("baseline (no idle connections)")

    idle, refused = [], 0
    opened = time.monotonic()
    for address in ADDRESSES:
        for _ in range(PER_ADDRESS):
            connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            connection.settimeout(10)
            try:
                connection.bind((address, 0))
                connection.connect(("127.0.0.1", port))
            except OSError:
                refused += 1
                connection.close()
                continue
            idle.append(connection)
    answered = sum(1 for connection in idle if ask(connection) == 200)
    took = time.monotonic() - opened
    held = sum(established(port, address) for address in ADDRESSES)
    checks.check(refused == 0 and answered == len(ADDRESSES) * PER_ADDRESS,
                 f"every idle connection accepted and answered ({answered} answered, {refused} refused)")
    checks.figure(f"{len(idle)} idle keep-alive connections from {len(ADDRESSES)} addresses opened and used once in "
                  f"{took:.1f} s; the server holds {held}")

    loaded = round_of(f"with {len(idle)} idle connections")
    still = sum(established(port, address) for address in ADDRESSES)
    again = sum(1 for connection in idle if ask(connection) == 200)
    since = time.monotonic() - opened
    checks.check(still == len(idle), f"every idle connection still open after the round ({still}/{len(idle)}, "
                                     f"{since:.0f} s after opening; idle timeout 30 s)")
    checks.check(again == len(idle), f"every idle connection answers a second request ({again}/{len(idle)})")
    for connection in idle:
        connection.close()

    last = round_of("baseline again (idle connections closed)")
    baseline = (first[2] + last[2]) / 2
    ratio = loaded[2] / baseline if baseline else 0
    checks.figure(f"p99 with the idle connections {loaded[2] * 1000:.2f} ms = {ratio:.2f} × the baselines' mean "
                  f"{baseline * 1000:.2f} ms (target ≤ 1.5 ×: {'met' if ratio <= 1.5 else 'MISSED'}); "
                  f"requests/s {loaded[0]:,.0f} against {first[0]:,.0f} and {last[0]:,.0f}")
    checks.check(server.alive(), "the server is alive")
    status = server.stop(60)
    checks.check(status == 0, f"the server stops cleanly (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
