#!/usr/bin/env python3
"""Long scenario (not in CI): a soak under wrk.

256 connections (`--per-ip-limit 0`), wrk's Lua script soak.lua mixing pages,
fragments, cursors, searches, character pages and a static file, for
SOAK_SECONDS (default 300), in rounds of at most 60 s. Per round: p50, p99,
requests/s, non-2xx/3xx answers and socket errors, the server's RSS and open
file descriptors. Checks (correctness only): no non-2xx/3xx answer, no socket
error other than wrk's own timeouts, the server alive and answering
/-/livez after every round, a clean stop (exit 0). Times are figures (targets:
p99 < 250 ms, RSS flat after the first round), never asserted.
Environment: SOAK_SECONDS, SOAK_CONNECTIONS (256), SOAK_THREADS (2).
"""
import os
import pathlib
import re
import shutil
import subprocess
import time

from common import deep_cursors, wrk_figures, Checks, Server, catalogue_copy, get, temporary_folder

HERE = pathlib.Path(__file__).resolve().parent


def process_figures(pid):
    rss = 0
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) // 1024
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        fds = -1
    return rss, fds


def main():
    checks = Checks("soak")
    total = int(os.environ.get("SOAK_SECONDS", "300"))
    connections = int(os.environ.get("SOAK_CONNECTIONS", "256"))
    threads = int(os.environ.get("SOAK_THREADS", "2"))
    if not shutil.which("wrk"):
        checks.check(False, "wrk is installed (make reliability installs it)")
        checks.finish()
    folder = pathlib.Path(temporary_folder("liststate-soak-"))
    # The access log is read (the server must not block on its pipe) but only
    # answers other than 200/304 are kept.
    server = Server(catalogue_copy(folder), "--per-ip-limit", "0",
                    keep=lambda line: not re.search(r'" (200|304) ', line))
    port = server.port
    pid = server.process.pid

    # Cursors a few pages deep, for the script.
    cursors = deep_cursors(port)
    checks.check(len(cursors) >= 5, f"cursors for the mix ({len(cursors)})")
    script = folder / "soak.lua"
    script.write_text("CURSORS = {" + ", ".join(f'"{c}"' for c in cursors) + "}\n" + (HERE / "soak.lua").read_text())

    rss0, fds0 = process_figures(pid)
    checks.figure(f"start: RSS {rss0} MiB, {fds0} fds; {connections} connections, {threads} wrk threads, {total} s")
    print("round  seconds  requests/s      p50      p99  non-2xx/3xx  errors(c/r/w/t)  RSS MiB  fds", flush=True)
    done, round_number, rss_first = 0, 0, None
    while done < total:
        length = min(60, total - done)
        round_number += 1
        run = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{length}s", "--latency",
                              "--timeout", "10s", "-s", str(script), f"http://127.0.0.1:{port}"],
                             capture_output=True, text=True, timeout=length + 120)
        done += length
        figures = wrk_figures(run.stdout)
        rss, fds = process_figures(pid)
        rss_first = rss_first or rss
        error_counts = figures["errors"] or (0, 0, 0, 0)
        print(f"{round_number:5d}  {length:7d}  {figures['rate'] or 0:10.0f}  "
              f"{(figures['p50'] * 1000 if figures['p50'] is not None else -1):7.1f}ms "
              f"{(figures['p99'] * 1000 if figures['p99'] is not None else -1):7.1f}ms"
              f"  {figures['non2xx'] or 0:11d}  {'/'.join(map(str, error_counts)):>15}  {rss:7d}  {fds:4d}",
              flush=True)
        checks.check(run.returncode == 0 and figures["rate"] is not None, f"round {round_number}: wrk ran ({run.stderr[-200:]})")
        checks.check(figures["non2xx"] is None, f"round {round_number}: no non-2xx/3xx answer ({figures['non2xx']})")
        checks.check(error_counts[:3] == (0, 0, 0), f"round {round_number}: no connect/read/write error {error_counts}")
        checks.check(server.alive(), f"round {round_number}: the server is alive")
        alive = get(port, "/-/livez", timeout=10)
        checks.check(alive is not None and alive.status == 200, f"round {round_number}: /-/livez answers")
    time.sleep(2)
    rss_end, fds_end = process_figures(pid)
    checks.figure(f"end: RSS {rss_end} MiB (after round 1: {rss_first} MiB), {fds_end} fds (at start: {fds0})")
    others = [line for line in server.output() if re.match(r'^\S+ "', line)]
    checks.figure(f"answers other than 200/304 in the access log: {len(others)} {others[:3]}")
    status = server.stop(60)
    checks.check(status == 0, f"the server stops cleanly after the soak (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
