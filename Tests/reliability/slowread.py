#!/usr/bin/env python3
"""Long scenario (not in CI): a slow reader with slowhttptest -X (Debian).

From 127.0.0.1, for SLOWREAD_SECONDS (default 60): 1000 connections at 200
per second, each asking three times (pipelined, -k 3) for `/?limit=100` (a
page of about 35 kB) with a receive window of 512 to 1024 bytes and reading
32 bytes every 40 s — longer than the server's idle timeout (30 s, the
default): the server's sends stall, and it must close the stalled
connections by the timeout. Meanwhile a well-behaved client on 127.0.0.2
fetches `/` once a second (slowhttp.py: probe, baseline, samples).
Checks: every probe answered 200; the server alive, its RSS grown by at most
50 MiB, the stalled readers closed by the timeout; a clean stop. Figures as
slowloris.py.
"""
import os

from slowhttp import INTERVAL, attack, start

SECONDS = int(os.environ.get("SLOWREAD_SECONDS", "60"))


def main():
    checks, folder, server = start("slowread")
    attack(checks, server, folder, "slow read (-X)",
           ["-X", "-w", "512", "-y", "1024", "-n", str(INTERVAL), "-z", "32", "-k", "3"], SECONDS,
           target="/?limit=100")
    status = server.stop(60)
    checks.check(status == 0, f"the server stops cleanly after the attack (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
