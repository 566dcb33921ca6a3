#!/usr/bin/env python3
"""Long scenario (not in CI): slow senders with slowhttptest (Debian).

Attacks from 127.0.0.1, for SLOWLORIS_SECONDS each (default 60): slow headers
(slowloris, -H) and slow body (R-U-Dead-Yet, -B, POST with an 8 KiB body),
1000 connections at 200 per second, a follow-up every 40 s — longer than the
server's idle timeout (30 s, the default), so the attacker holds what the
per-IP limit (256) lets it for 30 s, then every idle attacker is closed.
Meanwhile a well-behaved client on 127.0.0.2 fetches `/` once a second
(slowhttp.py: the probe, the baseline, the samples).
Checks: every probe answered 200; the server alive after each attack, its RSS
grown by at most 50 MiB, the idle attackers closed by the timeout; a clean
stop. Figures: the probe's p50/p99 against its baseline (target p99 ≤ 3 ×),
the attacker connections the server held and when they were closed, RSS,
slowhttptest's own view (its probe shares the attacker's address, so the
per-IP limit refuses it by design). The slow reader (-X) is slowread.py.
"""
import os

from slowhttp import INTERVAL, attack, start

SECONDS = int(os.environ.get("SLOWLORIS_SECONDS", "60"))


def main():
    checks, folder, server = start("slowloris")
    for mode, flags in [("slow headers (-H)", ["-H", "-i", str(INTERVAL)]),
                        ("slow body (-B)", ["-B", "-i", str(INTERVAL), "-t", "POST", "-s", "8192"])]:
        attack(checks, server, folder, mode, flags, SECONDS)
    status = server.stop(60)
    checks.check(status == 0, f"the server stops cleanly after the attacks (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
