"""Shared by the reliability scenarios (Tests/reliability): start the real
server (release build), speak raw HTTP to it, count checks, print figures.

Every scenario prints its figures and ends with the line `N passed, N failed`;
its exit status is 1 when anything failed. Traffic goes to 127.0.0.1 only.
Environment:
  LISTSTATE_BINARY   the server binary (default .build/release/liststate)
  LISTSTATE_RELIABILITY_HOST  the library's server over a hung source, for
                     hungsource.py (default .build/release/reliability-host)
  LISTSTATE_RELIABILITY_DB  a catalogue to copy (default: built once into
                     .build/reliability/catalogue.sqlite)
"""
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("LISTSTATE_BINARY", ROOT / ".build/release/liststate"))
SHARED_DB = pathlib.Path(os.environ.get("LISTSTATE_RELIABILITY_DB", ROOT / ".build/reliability/catalogue.sqlite"))
# The throw-away PostgreSQL cluster of scripts/with-postgresql (unset: no PostgreSQL scenario runs).
CLUSTER = os.environ.get("LISTSTATE_TEST_POSTGRESQL")
POSTGRESQL_BIN = pathlib.Path(os.environ.get("LISTSTATE_TEST_POSTGRESQL_BIN", "/usr/bin"))


def psql(sql, database="postgres"):
    """Runs `sql` in `database` of the test cluster; its output, stripped."""
    environment = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    return subprocess.run([str(POSTGRESQL_BIN / "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d",
                           f"{CLUSTER} dbname={database}", "-c", sql],
                          env=environment, check=True, capture_output=True, text=True).stdout.strip()


def drop_database(name):
    """Ends every session of database `name` of the test cluster, then drops it."""
    psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
    psql(f"DROP DATABASE IF EXISTS {name}")


class Checks:
    """Counts passed and failed checks; prints each failure at once."""

    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0
        self.figures = []
        self.lock = threading.Lock()

    def check(self, condition, what):
        with self.lock:
            if condition:
                self.passed += 1
            else:
                self.failed += 1
                print(f"FAIL {what}", flush=True)
        return condition

    def figure(self, text):
        self.figures.append(text)
        print(f"figure: {text}", flush=True)

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        sys.exit(1 if self.failed or not self.passed else 0)


def catalogue_copy(directory):
    """A private copy of the shared catalogue in `directory` (built on first use)."""
    if not SHARED_DB.exists():
        SHARED_DB.parent.mkdir(parents=True, exist_ok=True)
        server = Server(SHARED_DB)
        server.stop()
    target = pathlib.Path(directory) / "catalogue.sqlite"
    shutil.copyfile(SHARED_DB, target)
    return target


class Server:
    """`liststate serve --port 0 --db DB [extra]`; output kept in `lines`
    (only the lines `keep` accepts, when given)."""

    def __init__(self, database, *extra, start_timeout=300, keep=None, popen=None, command=None):
        self.lines = []
        self.lock = threading.Lock()
        # `popen`: more subprocess.Popen arguments (user, group, env, ...); `command`: another
        # program that prints the same "listening on" line (then `database` and `extra` are unused).
        self.process = subprocess.Popen(
            command or [str(BINARY), "serve", "--port", "0", "--db", str(database), *map(str, extra)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, errors="replace",
            **(popen or {}))
        self.port = None
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                found = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
                if found and not self.port:
                    self.port = int(found.group(1))
                    ready.set()
                if keep is None or keep(line):
                    with self.lock:
                        self.lines.append(line.rstrip("\n"))
            ready.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        if not ready.wait(start_timeout) or not self.port:
            self.kill()
            raise RuntimeError("the server did not start:\n" + "\n".join(self.lines[-20:]))

    def output(self):
        with self.lock:
            return list(self.lines)

    def alive(self):
        return self.process.poll() is None

    def signal(self, number=signal.SIGTERM):
        self.process.send_signal(number)

    def wait(self, timeout):
        """The exit status, or None when it did not exit within `timeout` (then it is killed)."""
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None
        self.reader.join(5)
        return status

    def stop(self, timeout=30):
        if self.alive():
            self.signal(signal.SIGTERM)
        return self.wait(timeout)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


class Response:
    def __init__(self, status, reason, headers, body, raw):
        self.status = status
        self.reason = reason
        self.headers = headers  # list of (lowercased name, value)
        self.body = body
        self.raw = raw

    def header(self, name):
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def all(self, name):
        name = name.lower()
        return [value for key, value in self.headers if key == name]

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")


def parse_responses(data, head_request=False):
    """Every complete response in `data` (framed by Content-Length or chunked), and the rest."""
    responses = []
    while True:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            return responses, data
        head = data[:end].decode("latin-1")
        lines = head.split("\r\n")
        match = re.match(r"HTTP/1\.[01] (\d{3}) ?(.*)", lines[0])
        if not match:
            return responses, data
        status = int(match.group(1))
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
        rest = data[end + 4:]
        length_values = [v for k, v in headers if k == "content-length"]
        chunked = any(k == "transfer-encoding" and "chunked" in v.lower() for k, v in headers)
        if head_request or status in (204, 304) or 100 <= status < 200:
            body, rest2 = b"", rest
        elif chunked:
            body, position = b"", 0
            while True:
                line_end = rest.find(b"\r\n", position)
                if line_end < 0:
                    return responses, data
                size = int(rest[position:line_end].split(b";")[0] or b"0", 16)
                if size == 0:
                    trailer_end = rest.find(b"\r\n", line_end + 2)
                    if trailer_end < 0:
                        return responses, data
                    rest2 = rest[trailer_end + 2:]
                    break
                if len(rest) < line_end + 2 + size + 2:
                    return responses, data
                body += rest[line_end + 2:line_end + 2 + size]
                position = line_end + 2 + size + 2
        elif length_values:
            length = int(length_values[0])
            if len(rest) < length:
                return responses, data
            body, rest2 = rest[:length], rest[length:]
        else:
            body, rest2 = rest, b""  # read until close
        responses.append(Response(status, match.group(2), headers, body, data[:len(data) - len(rest2)]))
        data = rest2
        if not data:
            return responses, data


def exchange(port, payload, timeout=20, host="127.0.0.1", expect=1, head_request=False):
    """Sends raw bytes, reads until `expect` responses are complete or the
    connection closes (or `timeout`). Returns (responses, seconds, error)."""
    started = time.monotonic()
    data = b""
    error = None
    try:
        with socket.create_connection((host, port), timeout=timeout) as connection:
            connection.sendall(payload)
            deadline = started + timeout
            while True:
                responses, _ = parse_responses(data, head_request)
                responses = [r for r in responses if r.status >= 200]  # 100 Continue is not an answer
                if len(responses) >= expect and not any(r.header("content-length") is None
                                                        and r.header("transfer-encoding") is None
                                                        and r.status not in (204, 304) and not head_request
                                                        for r in responses):
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    error = "timed out"
                    break
                connection.settimeout(left)
                try:
                    chunk = connection.recv(65536)
                except ConnectionResetError:
                    error = "reset"
                    break
                if not chunk:
                    break
                data += chunk
    except (OSError, socket.timeout) as failure:
        error = f"{type(failure).__name__}: {failure}"
    responses, _ = parse_responses(data, head_request)
    return responses, time.monotonic() - started, error


def get(port, target, headers=None, method="GET", host_header="127.0.0.1", timeout=20):
    """One request on a fresh connection (`Connection: close`); the Response or None."""
    lines = [f"{method} {target} HTTP/1.1"]
    if host_header is not None:
        lines.append(f"Host: {host_header}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    lines.append("Connection: close")
    payload = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogateescape")
    responses, _, _ = exchange(port, payload, timeout=timeout, head_request=(method == "HEAD"))
    return responses[0] if responses else None


def free_port():
    """A loopback port free right now (for a server whose standard output cannot be read)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def process_rss_mib(pid):
    """The resident set of a process in MiB (0 when it is gone)."""
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0


def established(port, remote=None):
    """Established TCP connections whose local port is `port` (the server's side),
    optionally only those from the IPv4 address `remote`, from /proc/net/tcp."""
    count = 0
    wanted = None
    if remote:
        wanted = "".join(f"{int(part):02X}" for part in reversed(remote.split(".")))
    try:
        with open("/proc/net/tcp") as table:
            next(table)
            for line in table:
                fields = line.split()
                local, peer, state = fields[1], fields[2], fields[3]
                if state == "01" and int(local.split(":")[1], 16) == port:
                    if wanted is None or peer.split(":")[0] == wanted:
                        count += 1
    except OSError:
        return -1
    return count


def get_from(address, port, target, timeout=30):
    """GET `target` from the local address `address` (another loopback address,
    127.0.0.x, counts as another client for the per-IP limit) on a fresh
    connection; (status or None, seconds)."""
    payload = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    started = time.monotonic()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as connection:
            connection.settimeout(timeout)
            connection.bind((address, 0))
            connection.connect(("127.0.0.1", port))
            connection.sendall(payload)
            data = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
        responses, _ = parse_responses(data)
        status = responses[0].status if responses else None
    except OSError:
        status = None
    return status, time.monotonic() - started


def percentile(values, fraction):
    """The nearest-rank percentile of `values` (0 when empty)."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered) + 0.5)) - 1))]


def seconds_of(text):
    """A wrk duration (`812.00us`, `3.25ms`, `1.02s`, `1.5m`) in seconds."""
    number, unit = re.match(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]


def wrk_figures(output):
    """What wrk --latency printed, as a dict: `rate` (requests/s), `p50`, `p99`,
    `max` (seconds), `non2xx` (a count) and `errors` (connect, read, write,
    timeout); each None when wrk did not print it."""
    def found(pattern, flags=0):
        match = re.search(pattern, output, flags)
        return match.group(1) if match else None

    rate, p50, p99, maximum = (found(r"Requests/sec:\s+([\d.]+)"), found(r"^\s+50%\s+(\S+)", re.M),
                               found(r"^\s+99%\s+(\S+)", re.M), found(r"Latency\s+\S+\s+\S+\s+(\S+)"))
    non2xx = found(r"Non-2xx or 3xx responses: (\d+)")
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {"rate": float(rate) if rate else None, "p50": seconds_of(p50) if p50 else None,
            "p99": seconds_of(p99) if p99 else None, "max": seconds_of(maximum) if maximum else None,
            "non2xx": int(non2xx) if non2xx else None,
            "errors": tuple(int(x) for x in errors.groups()) if errors else None}


def deep_cursors(port, pages=20):
    """The cursors of the first `pages` pages of 100 rows (for load mixes that go deep)."""
    cursors, target = [], "/?limit=100"
    for _ in range(pages):
        page = get(port, target)
        found = re.search(r"cursor(?:=|&#61;)([A-Za-z0-9_-]+)", page.text if page else "")
        if not found:
            break
        cursors.append(found.group(1))
        target = "/?limit=100&cursor=" + found.group(1)
    return cursors


def temporary_folder(prefix):
    """A fresh folder, removed when the scenario's process exits."""
    import atexit
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder
