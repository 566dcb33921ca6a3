#!/usr/bin/env python3
"""Scenario: faults of the data source under load (docs/design.md, "Data source faults").

The server runs as an unprivileged system user (`liststate-faults`, created
when missing; root would ignore the permissions) over a private copy of the
catalogue in a folder that user owns, with `--query-timeout 1` (busy timeout
1 s), SQLITE_TMPDIR and TMPDIR on a 1 MiB tmpfs of its own. Four client
threads fetch pages, region fragments, cursor continuations, searches and a
character page without pause; a fifth polls /-/readyz every 100 ms. Each
fault is injected, held, then repaired, with no restart:

  lock        a writer holds BEGIN EXCLUSIVE (rollback journal): 503 within
              the busy timeout, rows again within 1 s of the release
  truncated   the file cut to 64 KiB in place: 500, rows again within 5 s
              of writing the bytes back
  corrupted   its first 64 KiB overwritten with random bytes in place: same
  emptied     cut to zero bytes in place (`: > FILE`): 500, never 404, rows
              again within 1 s of writing the bytes back
  replaced    a copy in which U+0020 is renamed moved in with `mv`: no
              error, the new name within 5 s
  deleted     unlinked: served on from the open connections, nothing created
              at the path; then a copy moved back in
  unreadable  chmod 000: open connections serve on; then an unreadable copy
              moved in (the pool drops its connections when the file is
              replaced, so every request must reopen): 503 until chmod 644,
              then rows within 1 s
  tmp full    the tmpfs filled up (skipped, and said so, where mount fails:
              never fill a real file system): no query of the server needs a temporary
              file (EXPLAIN QUERY PLAN: no temp B-tree), so pages stay 200;
              a query that does need one (python sqlite3, same environment)
              fails with "database or disk is full", which proves the fault

Then standard output: the server started again with its standard output on
/dev/full, closed (`>&-`), a pipe whose reader went away, and a pipe nobody
reads (full after 64 KiB of access log): each must go on serving.

Checks: never a crash, never SQL or an SQLite message in a page, every
answer complete, the statuses each phase allows, the placeholders of 500 and
503, /-/readyz 200 or 503 as the source really is at the checkpoints of each
phase, nothing ever created at a deleted path. Figures: time to the first
503/500, time to recovery, counts per status per phase.
Needs root (a system user, chown, mount); without it the scenario says so
and fails.
"""
import collections
import os
import pathlib
import pwd
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

from common import (BINARY, SHARED_DB, Checks, Server, catalogue_copy, free_port, get, parse_responses,
                    temporary_folder)

USER = "liststate-faults"
QUERY_TIMEOUT = 1.0
CLIENTS = 4
NEW_NAME = "SPACE RENAMED BY FAULTS"
# SQL or SQLite's own words must never reach a page.
LEAK = re.compile(r"SELECT\s|\bFROM characters|character_names|sqlite|SQLite|\[SQL|database disk image"
                  r"|file is not a database|database is locked|unable to open|disk is full|malformed")


def ensure_user():
    try:
        entry = pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
                       check=True, capture_output=True)
        entry = pwd.getpwnam(USER)
    return entry.pw_uid, entry.pw_gid


class Load:
    """CLIENTS threads asking without pause; every answer is recorded with its phase."""

    def __init__(self, port, cursor):
        self.port = port
        self.phase = "start"
        self.records = []  # (started, finished, phase, target, status, body-ok, leak, text-has-new-name)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.targets = [
            ("page", "/", {}),
            ("fragment", "/", {"HX-Request": "true"}),
            ("cursor", f"/?cursor={cursor}", {"HX-Request": "true"}),
            ("search", "/?q=snow", {}),
            ("search", "/?q=grin%20face", {"HX-Request": "true"}),
            ("character", "/characters/U+2603", {}),
            ("category", "/?category=Lu&limit=50", {}),
        ]
        self.threads = [threading.Thread(target=self.run, args=(i,), daemon=True) for i in range(CLIENTS)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def run(self, index):
        turn = index
        while not self.stop.is_set():
            kind, target, headers = self.targets[turn % len(self.targets)]
            turn += 1
            phase = self.phase
            started = time.monotonic()
            response = get(self.port, target, headers=headers, timeout=15)
            finished = time.monotonic()
            status = response.status if response else None
            text = response.text if response else ""
            leak = bool(LEAK.search(text))
            whole = bool(response) and (text.startswith("<!DOCTYPE html>") if not headers else text.startswith("<"))
            if status in (500, 503):
                expected = "placeholder-unavailable" if status == 503 else "placeholder-error"
                whole = whole and (expected in text or "retry" in text.lower())
            with self.lock:
                self.records.append((started, finished, phase, kind, status, whole, leak,
                                     NEW_NAME in text, "U+0020" in text, text[:200] if status not in (200,) else ""))

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(30)

    def since(self, moment, kinds=None):
        with self.lock:
            return [r for r in self.records if r[0] >= moment and (kinds is None or r[3] in kinds)]


class Readiness:
    """Polls /-/readyz every 100 ms: (time, status)."""

    def __init__(self, port):
        self.port = port
        self.samples = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.is_set():
            response = get(self.port, "/-/readyz", timeout=5)
            self.samples.append((time.monotonic(), response.status if response else None))
            self.stop.wait(0.1)

    def now(self):
        """A fresh answer of /-/readyz."""
        response = get(self.port, "/-/readyz", timeout=5)
        return response.status if response else None


def wait_for(predicate, limit, step=0.02):
    """Seconds until `predicate()` held, or None after `limit` seconds."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if predicate():
            return time.monotonic() - started
        time.sleep(step)
    return None


def first(records, condition):
    for record in sorted(records, key=lambda r: r[1]):
        if condition(record):
            return record
    return None


def write_in_place(path, data):
    """Writes `data` over the file at `path` (same inode) and cuts it to its length."""
    with open(path, "r+b") as file:
        file.seek(0)
        file.write(data)
        file.truncate(len(data))
        file.flush()
        os.fsync(file.fileno())


def main():
    checks = Checks("faults")
    if os.geteuid() != 0:
        checks.check(False, "runs as root (it creates a system user, chowns, mounts a tmpfs)")
        checks.finish()
    uid, gid = ensure_user()
    outer = pathlib.Path(temporary_folder("liststate-faults-"))
    os.chmod(outer, 0o711)
    folder = outer / "data"
    folder.mkdir()
    database = catalogue_copy(folder)
    original = database.read_bytes()
    os.chown(folder, uid, gid)
    os.chown(database, uid, gid)
    owner = {"user": uid, "group": gid, "extra_groups": []}

    # The replacement: U+0020 renamed, written with sqlite3 to a copy (rollback journal kept).
    renamed = outer / "renamed.sqlite"
    shutil.copyfile(SHARED_DB, renamed)
    with sqlite3.connect(renamed) as writer:
        writer.execute("UPDATE characters SET name = ? WHERE code_point = 32", (NEW_NAME,))
    mode = sqlite3.connect(renamed).execute("PRAGMA journal_mode").fetchone()[0]
    checks.check(mode == "delete", f"the catalogue uses the rollback journal (journal_mode {mode})")

    tmp = outer / "tmp"
    tmp.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size=1m,mode=1777", "tmpfs", str(tmp)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        checks.figure(f"tmpfs cannot be mounted here ({mounted.stderr.strip()}): the tmp-full phase is skipped "
                      f"(filling the real file system of the temporary folder would hurt the machine)")
    environment = dict(os.environ, SQLITE_TMPDIR=str(tmp), TMPDIR=str(tmp))
    try:
        source_faults(checks, database, original, renamed, folder, tmp if mounted.returncode == 0 else None,
                      owner, environment, uid, gid)
        standard_output(checks, database, owner)
    finally:
        if mounted.returncode == 0:
            subprocess.run(["umount", "-l", str(tmp)], capture_output=True)
    checks.finish()


def source_faults(checks, database, original, renamed, folder, tmp, owner, environment, uid, gid):
    server = Server(database, "--query-timeout", QUERY_TIMEOUT, "--per-ip-limit", "0",
                    keep=lambda line: not re.search(r'" (200|304) ', line),
                    popen=dict(owner, env=environment))
    port = server.port
    pid = server.process.pid
    checks.check(os.stat(f"/proc/{pid}").st_uid == uid, f"the server runs as {USER} (uid {uid})")
    start_page = get(port, "/?limit=20")
    cursor = re.search(r"cursor(?:=|&#61;)([A-Za-z0-9_-]+)", start_page.text if start_page else "")
    checks.check(cursor is not None, "a cursor for the continuations")
    load = Load(port, cursor.group(1) if cursor else "")
    readiness = Readiness(port)
    load.start()
    marks = {}

    def phase(name):
        load.phase = name
        marks[name] = time.monotonic()
        return marks[name]

    def ready_is(expected, what):
        status = readiness.now()
        checks.check(status == expected, f"{what}: /-/readyz {expected} (got {status})")

    # Baseline.
    phase("baseline")
    time.sleep(2)
    ready_is(200, "baseline")

    # 1. A writer holds an exclusive lock.
    writer = sqlite3.connect(str(database), isolation_level=None, timeout=10)
    locked = phase("lock held")
    writer.execute("BEGIN EXCLUSIVE")
    writer.execute("PRAGMA user_version = 7")  # a change written, rolled back below: readers must wait
    to_503 = wait_for(lambda: any(r[4] == 503 for r in load.since(locked)), 10)
    time.sleep(max(0, 3 - (time.monotonic() - locked)))
    ready_is(503, "lock held")
    writer.execute("ROLLBACK")
    writer.close()
    released = phase("lock released")
    time.sleep(2.5)
    ready_is(200, "1.5 s+ after the lock's release")
    lists = {"page", "fragment", "cursor", "search", "character", "category"}
    slowest_503 = max((r[1] - r[0] for r in load.since(locked) if r[4] == 503 and r[0] < released), default=0)
    back = first(load.since(released), lambda r: r[4] == 200)
    recovered = back[1] - released if back else None
    late = [r for r in load.since(released + 1.0) if r[0] < released + 2.5 and r[4] != 200]
    checks.check(to_503 is not None, "lock: a 503 came")
    checks.check(slowest_503 <= QUERY_TIMEOUT + 2, f"lock: every 503 within the busy timeout + 2 s "
                                                  f"(slowest {slowest_503:.2f} s)")
    checks.check(recovered is not None and recovered <= 1.0, f"lock: rows within 1 s of the release ({recovered})")
    checks.check(not late, f"lock: every request started 1 s after the release is 200 ({len(late)} not)")
    checks.figure(f"lock: first 503 {to_503 and to_503 * 1000:.0f} ms after BEGIN EXCLUSIVE; slowest 503 "
                  f"{slowest_503 * 1000:.0f} ms (busy timeout {QUERY_TIMEOUT * 1000:.0f} ms); first 200 "
                  f"{recovered and recovered * 1000:.0f} ms after the release (target ≤ 1 s)")

    # 2 and 3. Truncated, corrupted, then emptied, in place; repaired by writing the bytes back.
    damage_windows = []
    for name, damage in [("truncated", lambda: os.truncate(database, 65536)),
                         ("corrupted", lambda: write_in_place(database, random.Random(9).randbytes(65536)
                                                              + original[65536:])),
                         ("emptied", lambda: os.truncate(database, 0))]:
        damaged = phase(name)
        damage()
        damage_windows.append([damaged, None])
        to_500 = wait_for(lambda: any(r[4] == 500 for r in load.since(damaged)), 10)
        time.sleep(max(0, 3 - (time.monotonic() - damaged)))
        ready_is(503, f"{name}")
        write_in_place(database, original)
        repaired = phase(f"{name}, repaired")
        damage_windows[-1][1] = repaired
        recovered = wait_for(lambda: any(r[4] == 200 and r[0] >= repaired for r in load.since(repaired)), 10)
        time.sleep(1.5)
        ready_is(200, f"{name}: after the repair")
        late = [r for r in load.since(repaired + 5) if r[4] != 200]
        checks.check(to_500 is not None, f"{name}: a 500 came")
        checks.check(recovered is not None and recovered <= 5, f"{name}: rows within 5 s of the repair ({recovered})")
        checks.check(not late, f"{name}: every request started 5 s after the repair is 200 ({len(late)} not)")
        missing = [r for r in load.since(damaged) if r[4] == 404]
        checks.check(not missing, f"{name}: no 404 while damaged ({[(r[2], r[3]) for r in missing[:3]]})")
        checks.figure(f"{name}: first 500 {to_500 and to_500 * 1000:.0f} ms after the damage; first 200 "
                      f"{recovered and recovered * 1000:.0f} ms after the repair (target ≤ 5 s)")

    # 4. Replaced with mv: the renamed copy.
    os.chown(renamed, uid, gid)
    os.rename(renamed, database)
    moved = phase("replaced")
    new_rows = wait_for(lambda: any(r[7] for r in load.since(moved)), 10)
    time.sleep(max(0, 6 - (time.monotonic() - moved)))
    ready_is(200, "replaced")
    stale = [r for r in load.since(moved + 5) if r[3] in ("page", "fragment") and r[4] == 200 and not r[7]]
    checks.check(new_rows is not None and new_rows <= 5, f"replaced: the new rows within 5 s ({new_rows})")
    checks.check(not stale, f"replaced: no old rows 5 s after the mv ({len(stale)})")
    checks.figure(f"replaced: the new name first served {new_rows and new_rows * 1000:.0f} ms after the mv "
                  f"(target ≤ 5 s; the path is checked once a second)")

    # 5. Deleted: served on from what is open; nothing created in its place.
    created = []
    os.unlink(database)
    deleted = phase("deleted")
    while time.monotonic() - deleted < 3:
        if os.path.lexists(database):
            created.append(time.monotonic() - deleted)
        time.sleep(0.02)
    ready_is(200, "deleted (served from the open connections)")
    checks.check(not created and not os.path.lexists(database),
                 f"deleted: nothing created at the path ({len(created)} sightings)")
    served = [r for r in load.since(deleted) if r[0] < deleted + 3]
    checks.check(served and sum(r[4] == 200 for r in served) >= 0.9 * len(served),
                 f"deleted: served on from the open connections "
                 f"({sum(r[4] == 200 for r in served)}/{len(served)} were 200)")
    restore = folder / "restore.sqlite"
    restore.write_bytes(original)
    os.chown(restore, uid, gid)
    os.rename(restore, database)
    restored = phase("deleted, a copy moved back")
    back = wait_for(lambda: any(r[3] == "page" and r[4] == 200 and r[8] and not r[7]
                                for r in load.since(restored)), 10)
    time.sleep(max(0, 5.5 - (time.monotonic() - restored)))
    late = [r for r in load.since(restored + 5) if r[4] != 200]
    checks.check(back is not None and back <= 5, f"deleted: the copy moved back is served within 5 s ({back})")
    checks.check(not late, f"deleted: every request 5 s after the copy is back is 200 ({len(late)} not)")
    checks.figure(f"deleted: served on from open connections; the copy moved back served after "
                  f"{back and back * 1000:.0f} ms")

    # 6. Unreadable: chmod 000 in place (open connections serve on), then an
    # unreadable copy moved in (every request must reopen).
    os.chmod(database, 0)
    unreadable = phase("unreadable (chmod 000)")
    time.sleep(2)
    ready_is(200, "chmod 000 (open connections serve on)")
    before_burst = [r for r in load.since(unreadable)]
    checks.check(before_burst and all(r[4] == 200 for r in before_burst),
                 f"chmod 000: open connections serve on ({sum(r[4] == 200 for r in before_burst)}/{len(before_burst)} 200)")
    unreadable_copy = folder / "unreadable.sqlite"
    unreadable_copy.write_bytes(original)
    os.chown(unreadable_copy, uid, gid)
    os.chmod(unreadable_copy, 0)
    os.rename(unreadable_copy, database)
    reopening = phase("unreadable copy moved in")
    to_503 = wait_for(lambda: any(r[4] == 503 for r in load.since(reopening)), 10)
    time.sleep(max(0, 3 - (time.monotonic() - reopening)))
    ready_is(503, "an unreadable copy moved in (every reopen fails)")
    os.chmod(database, 0o644)
    readable = phase("readable again")
    recovered = wait_for(lambda: any(r[4] == 200 and r[0] >= readable for r in load.since(readable)), 10)
    time.sleep(2)
    ready_is(200, "readable again")
    late = [r for r in load.since(readable + 1) if r[4] != 200]
    checks.check(to_503 is not None and to_503 <= 5, f"unreadable copy: 503 once it must be reopened ({to_503})")
    checks.check(recovered is not None and recovered <= 1, f"readable again: rows within 1 s ({recovered})")
    checks.check(not late, f"readable again: every request started 1 s after chmod 644 is 200 ({len(late)} not)")
    checks.figure(f"unreadable: chmod 000 in place: {len(before_burst)} answers, all 200 from the open "
                  f"connections; an unreadable copy moved in (every request must reopen): first 503 after {to_503 and to_503 * 1000:.0f} ms; chmod 644: rows after "
                  f"{recovered and recovered * 1000:.0f} ms")

    # 7. The temporary folder full (only on a tmpfs of our own).
    if tmp is None:
        load.finish()
        readiness.stop.set()
        return summary(checks, server, load, readiness, marks, damage_windows)
    filler = tmp / "filler"
    with open(filler, "wb") as file:
        try:
            while True:
                file.write(b"\0" * 65536)
                file.flush()
        except OSError:
            pass
    full = phase("tmp full")
    probe = subprocess.run(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         "c = sqlite3.connect(sys.argv[1], uri=True)\n"
         "c.execute('PRAGMA cache_size = 8')\n"
         "try:\n"
         "    n = len(c.execute('SELECT name FROM characters ORDER BY name || age').fetchall()); print('ok', n)\n"
         "except sqlite3.Error as e:\n"
         "    print('error', e)\n",
         f"file:{database}?mode=ro"], env=environment, capture_output=True, text=True, timeout=120)
    time.sleep(max(0, 3 - (time.monotonic() - full)))
    ready_is(200, "tmp full")
    during = load.since(full)
    used = [name for name in os.listdir(tmp) if name != "filler"]
    checks.check("disk is full" in probe.stdout,
                 f"tmp full: a query that needs a temporary file fails ({probe.stdout.strip()} {probe.stderr[-200:]})")
    checks.check(all(r[4] in (200, 503) for r in during),
                 f"tmp full: 200, or 503 for a query that needs the space "
                 f"({collections.Counter(r[4] for r in during)})")
    filler.unlink()
    phase("tmp freed")
    time.sleep(1)
    checks.figure(f"tmp full: the server's queries {dict(collections.Counter(r[4] for r in during))} (none needs a "
                  f"temporary file); sqlite3 sort in the same environment: {probe.stdout.strip()}; "
                  f"files the server left in the tmpfs: {used}")

    load.finish()
    readiness.stop.set()
    summary(checks, server, load, readiness, marks, damage_windows)


def summary(checks, server, load, readiness, marks, damage_windows):
    """Whole-run checks, the table of statuses per phase and the incidents."""
    readiness.thread.join(10)
    records = load.records
    leaks = [r for r in records if r[6]]
    broken = [r for r in records if r[4] is not None and not r[5]]
    lost = [r for r in records if r[4] is None]
    others = [r for r in records if r[4] not in (None, 200, 500, 503)]
    checks.check(not leaks, f"no SQL or SQLite message in any page ({len(leaks)}: {leaks[:1]})")
    checks.check(not broken, f"every answer whole, 5xx with its placeholder ({len(broken)}: {[b[9] for b in broken[:2]]})")
    checks.check(not lost, f"every request answered ({len(lost)} without an answer)")
    checks.check(not others, f"only 200, 500, 503 ({collections.Counter(r[4] for r in others)})")
    checks.check(server.alive(), "the server is alive after every fault")
    status = server.stop(30)
    checks.check(status == 0, f"a clean stop (exit {status})")
    output = "\n".join(server.output())
    checks.check("Fatal error" not in output and "PANIC" not in output, "no crash in the output")
    incidents = [line for line in server.output() if line.startswith("liststate: ")]
    # A 500 only for a request in flight while the file was damaged (its
    # connection may hold damaged pages a moment after the repair: 5 s).
    wrong = [r for r in records if r[4] == 500
             and not any(r[1] >= begun and r[0] <= ended + 5 for begun, ended in damage_windows)]
    checks.check(not wrong, f"500 only while the file was damaged ({[(r[2], r[3]) for r in wrong[:3]]})")

    print("phase                          requests  statuses                      readyz", flush=True)
    names = list(marks)
    for index, name in enumerate(names):
        start = marks[name]
        end = marks[names[index + 1]] if index + 1 < len(names) else float("inf")
        counts = collections.Counter(r[4] for r in records if r[2] == name)
        ready = collections.Counter(s for t, s in readiness.samples if start <= t < end)
        print(f"{name:30s} {sum(counts.values()):8d}  {str(dict(sorted(counts.items(), key=str))):28s}  "
              f"{dict(sorted(ready.items(), key=str))}", flush=True)
    checks.figure(f"{len(records)} answers in all; incidents logged: {len(incidents)}")
    for line in incidents:
        print("  " + line)


def standard_output(checks, database, owner):
    """The server with its standard output on /dev/full, closed, a pipe whose
    reader went away, and a full pipe nobody reads: it must go on serving."""
    for name in ["/dev/full", "closed (>&-)", "pipe, reader gone", "pipe, nobody reads"]:
        port = free_port()
        error_log = open(temporary_folder("liststate-faults-log-") + "/stderr", "w+")
        reader = None
        extra = {}
        if name == "/dev/full":
            extra["stdout"] = open("/dev/full", "w")
        elif name.startswith("closed"):
            extra["stdout"] = subprocess.DEVNULL
            extra["preexec_fn"] = lambda: os.close(1)
        else:
            reader, writer = os.pipe()
            extra["stdout"] = writer
        process = subprocess.Popen([str(BINARY), "serve", "--port", str(port), "--db", str(database)],
                                   stdin=subprocess.DEVNULL, stderr=error_log, **owner, **extra)
        if reader is not None:
            os.close(extra["stdout"])
            if name == "pipe, reader gone":
                os.close(reader)
                reader = None
        up = wait_for(lambda: (get(port, "/-/livez", timeout=2) or type("", (), {"status": 0})).status == 200, 60, 0.1)
        checks.check(up is not None, f"stdout {name}: the server starts")
        fd1 = os.readlink(f"/proc/{process.pid}/fd/1") if os.path.exists(f"/proc/{process.pid}/fd/1") else "none"
        answered, failed, slowest = 0, 0, 0.0
        started = time.monotonic()
        # 3000 requests log about 150 kB, more than a pipe holds (64 KiB).
        for index in range(3000):
            begun = time.monotonic()
            response = get(port, "/?limit=5" if index % 2 else "/-/livez", timeout=5)
            slowest = max(slowest, time.monotonic() - begun)
            if response is not None and response.status == 200:
                answered += 1
            else:
                failed += 1
                if failed >= 3:
                    break
        took = time.monotonic() - started
        checks.check(failed == 0, f"stdout {name}: every request answered 200 ({answered} answered, {failed} not)")
        checks.check(process.poll() is None, f"stdout {name}: the server is alive")
        process.send_signal(signal.SIGTERM)
        try:
            status = process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            status = None
        if reader is not None:
            os.close(reader)
        error_log.seek(0)
        errors = error_log.read()
        checks.check(status == 0, f"stdout {name}: a clean stop (exit {status}; {errors[-300:]!r})")
        checks.check("Fatal error" not in errors, f"stdout {name}: no crash")
        checks.figure(f"stdout {name} (fd 1 -> {fd1}): {answered} answers in {took:.1f} s, slowest "
                      f"{slowest * 1000:.0f} ms, exit {status}")


if __name__ == "__main__":
    main()
