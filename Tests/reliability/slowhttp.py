"""Shared by slowloris.py and slowread.py: one slowhttptest attack from
127.0.0.1 beside a well-behaved probe on 127.0.0.2 (another address, so the
per-IP limit of 256 binds the attacker, not the probe).

Before the attack the probe fetches `/` 30 times (the baseline); during it,
once a second, while the server's RSS and its established connections from
the attacker (/proc/net/tcp) are sampled. slowhttptest's follow-up (or read)
interval is 40 s, longer than the server's idle timeout (30 s, the default):
for 30 s the attacker holds what the per-IP limit lets it, then the server
closes every idle attacker.
Checks: the probe gets 200 every time; the server is alive; RSS grows by at
most 50 MiB; the attacker's connections are closed by the timeout (fewer
than 5 % of the peak left) before the attack ends. Figures: the probe's p50
and p99 against the baseline (target p99 ≤ 3 × the baseline's), when the
attacker's connections were closed, RSS, slowhttptest's own view.
"""
import csv
import glob
import pathlib
import re
import shutil
import subprocess
import time

from common import Checks, Server, catalogue_copy, established, get_from, percentile, process_rss_mib, temporary_folder

IDLE_TIMEOUT = 30  # the server's default --idle-timeout
INTERVAL = 40  # slowhttptest's follow-up / read interval: longer than the idle timeout


def start(name):
    """The checks of scenario `name`, its folder and the server it attacks (its
    access log kept but for the 200s); stops at once when slowhttptest is missing."""
    checks = Checks(name)
    if not shutil.which("slowhttptest"):
        checks.check(False, "slowhttptest is installed (make reliability installs it)")
        checks.finish()
    folder = pathlib.Path(temporary_folder(f"liststate-{name}-"))
    server = Server(catalogue_copy(folder), keep=lambda line: '" 200 ' not in line)
    return checks, folder, server


def attack(checks, server, folder, mode, flags, seconds, target="/"):
    port = server.port
    pid = server.process.pid
    rss_before = process_rss_mib(pid)
    baseline = []
    for _ in range(30):
        status, took = get_from("127.0.0.2", port, "/")
        checks.check(status == 200, f"{mode}: the baseline probe answered 200 (got {status})")
        baseline.append(took)
        time.sleep(0.1)
    prefix = str(folder / mode.split("(")[-1].strip(")- "))
    command = ["slowhttptest", *flags, "-c", "1000", "-r", "200", "-x", "24", "-p", "3", "-l", str(seconds),
               "-g", "-o", prefix, "-u", f"http://127.0.0.1:{port}{target}"]
    started = time.monotonic()
    report = folder / (pathlib.Path(prefix).name + ".out")
    attacker = subprocess.Popen(command, stdout=open(report, "w"), stderr=subprocess.STDOUT)
    probes, samples = [], []  # (status, seconds); (t, attacker's connections, RSS MiB)
    while attacker.poll() is None and time.monotonic() - started < seconds + 60:
        tick = time.monotonic()
        probes.append(get_from("127.0.0.2", port, "/") + (tick - started,))
        samples.append((tick - started, established(port, "127.0.0.1"), process_rss_mib(pid)))
        time.sleep(max(0, 1 - (time.monotonic() - tick)))
    if attacker.poll() is None:
        attacker.kill()
    attacker.wait(30)
    statuses = [status for status, _, _ in probes]
    times = [took for _, took, _ in probes]
    slowest = max(probes, key=lambda probe: probe[1], default=(None, 0, 0))
    # slowhttptest says why it ended ("No open connections left" when the server closed them all).
    plain = re.sub(r"\x1b\[[0-9;]*m", "", report.read_text(errors="replace"))
    said = re.findall(r"exit status:\s*([^\n]+)", plain, re.I)
    why = said[-1].strip() if said else "?"
    checks.check(probes and all(status == 200 for status in statuses),
                 f"{mode}: every probe from 127.0.0.2 answered 200 ({statuses.count(200)}/{len(statuses)})")
    checks.check(server.alive(), f"{mode}: the server is alive")
    rss_peak = max((rss for _, _, rss in samples), default=0)
    checks.check(rss_peak - rss_before <= 50, f"{mode}: RSS grew by at most 50 MiB "
                                              f"({rss_before:.0f} -> peak {rss_peak:.0f} MiB)")
    peak = max((count for _, count, _ in samples), default=0)
    peak_at = next((t for t, count, _ in samples if count == peak), 0)
    ended = samples[-1][0] if samples else 0
    connected, closed, available, timeline = 0, 0, [], []
    for path in glob.glob(prefix + "*.csv"):
        with open(path) as table:
            for row in csv.DictReader(table):
                row = {key.strip().lower(): (value or "").strip() for key, value in row.items() if key}
                connected = max(connected, int(row.get("connected") or 0))
                closed = max(closed, int(row.get("closed") or 0))
                available.append(row.get("service available", ""))
                timeline.append((float(row.get("seconds") or 0), int(row.get("connected") or 0)))
    # When the attacker's connections were closed: from the server's side
    # (sampled once a second), else from slowhttptest's own timeline (it ends
    # by itself once the server has closed every connection it had).
    closed_at = next((t for t, count, _ in samples if t > peak_at and count <= peak * 0.05), None)
    if closed_at is None:
        top = max((count for _, count in timeline), default=0)
        top_at = next((t for t, count in timeline if count == top), 0)
        closed_at = next((t for t, count in timeline if t > top_at and count <= top * 0.05), None)
    if closed_at is None and "no open connections" in why.lower():
        closed_at = ended  # it ended early because the server had closed every connection
    if seconds >= IDLE_TIMEOUT + 15:
        checks.check(peak > 0 and closed_at is not None and closed_at < seconds,
                     f"{mode}: the idle attackers were closed by the timeout (peak {peak}, closed at {closed_at})")
    unavailable = sum(1 for value in available if value in ("0", "NO"))
    base_p99, p99 = percentile(baseline, 0.99), percentile(times, 0.99)
    checks.figure(
        f"{mode}: probe baseline p50 {percentile(baseline, 0.5) * 1000:.1f} ms p99 {base_p99 * 1000:.1f} ms; "
        f"under attack {statuses.count(200)}/{len(statuses)} × 200, p50 {percentile(times, 0.5) * 1000:.1f} ms "
        f"p99 {p99 * 1000:.1f} ms (slowest {slowest[1] * 1000:.0f} ms at {slowest[2]:.0f} s) = "
        f"{p99 / base_p99 if base_p99 else 0:.1f} × baseline (target ≤ 3 ×: "
        f"{'met' if p99 <= 3 * base_p99 else 'MISSED'})")
    checks.figure(
        f"{mode}: the server held at most {peak} attacker connections (at {peak_at:.0f} s); fewer than 5 % left at "
        f"{closed_at if closed_at is None else f'{closed_at:.0f} s'} (idle timeout {IDLE_TIMEOUT} s, attacker "
        f"interval {INTERVAL} s); RSS {rss_before:.0f} -> peak {rss_peak:.0f} MiB (target growth ≤ 50 MiB); "
        f"slowhttptest: ended after {ended:.0f} s of {seconds} s ({why}), at most {connected} connected, {closed} closed, its probe (the attacker's address) "
        f"unavailable in {unavailable}/{len(available)} samples; exit {attacker.returncode}")
    return samples
