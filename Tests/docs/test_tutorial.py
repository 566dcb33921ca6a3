"""docs/tutorial.md, run as a reader would: every ```sh block in order, in one
shell, in a temporary folder that is also HOME (removed after, passed or
failed). A block that starts the server starts it in the background on a free
port (the tutorial's PORT), and the test checks what the tutorial says the
reader sees there before stopping it, as the reader's Ctrl-C would.

The server binary is $LISTSTATE_BINARY, else .build/debug/liststate; run with
`make docs-test`, or `cd Tests/docs && python3 -m pytest -q`.
"""
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs/tutorial.md"
BINARY = pathlib.Path(os.environ.get("LISTSTATE_BINARY", ROOT / ".build/debug/liststate"))
SERVE_LINE = re.compile(r'^"\$LISTSTATE" serve .*$', re.MULTILINE)
DONE = "__tutorial_block_done__"


def sh_blocks(text):
    return re.findall(r"^```sh\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url):
    """(status, body as text) of a GET; an error status is an answer too."""
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read().decode("utf-8")


class Shell:
    """One bash reading the blocks from a pipe, its output (and its children's) collected."""

    def __init__(self, folder, port):
        environment = dict(os.environ, HOME=str(folder), LISTSTATE=str(BINARY), PORT=str(port))
        self.process = subprocess.Popen(
            ["bash", "--noprofile", "--norc"], cwd=folder, env=environment, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        self.lines = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("set -euo pipefail")

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def send(self, text):
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def wait_for(self, pattern, timeout, since=0):
        """The first line from `since` on that matches; fails with the output when the shell ends first."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for line in self.lines[since:]:
                    found = re.search(pattern, line)
                    if found:
                        return found
                left = deadline - time.monotonic()
                if self.process.poll() is not None or left <= 0:
                    pytest.fail(f"no line matching {pattern!r}; the shell printed:\n" + self.output(), pytrace=False)
                self.changed.wait(min(left, 0.5))

    def run(self, block, timeout=120):
        start = len(self.lines)
        self.send(block)
        self.send(f"echo {DONE}")
        self.wait_for(DONE, timeout, since=start)

    def output(self, last=30):
        return "\n".join(self.lines[-last:])

    def close(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


def check_first_server(base):
    status, page = get(base + "/")
    assert status == 200 and "/packages/" in page, page[:500]
    status, page = get(base + "/packages?q=bash")
    assert status == 200 and 'href="/packages/bash"' in page, page[:500]
    status, page = get(base + "/packages/bash")
    assert status == 200 and "GNU" in page
    status, body = get(base + "/packages.json")
    assert status == 200 and json.loads(body)["list"] == "packages"


def check_configured_server(base):
    status, page = get(base + "/packages")
    assert status == 200
    for words in ("Debian packages", "Size (KiB)", "What it is", 'href="/packages/'):
        assert words in page, words
    assert "sort=maintainer" not in page and "sort=-maintainer" not in page
    status, page = get(base + "/packages?q=nosuchpackagehere")
    # The echoed query stands between bidirectional isolates (U+2068, U+2069), which show as nothing.
    page = page.replace("\u2068", "").replace("\u2069", "")
    assert status == 200 and "No package is called “nosuchpackagehere”" in page, page[:800]


# What the tutorial tells the reader to look for, in the order of its servers.
CHECKS = [check_first_server, check_configured_server]
PROMISES = ["/packages?q=bash", "/packages/bash", "Debian packages", "Size (KiB)", "What it is",
            "No package is called “nosuchpackagehere”"]


@pytest.fixture
def folder():
    made = pathlib.Path(tempfile.mkdtemp(prefix="liststate-tutorial-"))
    yield made
    shutil.rmtree(made, ignore_errors=True)


def test_the_tutorial_runs_as_written(folder):
    assert BINARY.exists(), f"no server binary at {BINARY} (swift build --product liststate, or set LISTSTATE_BINARY)"
    text = TUTORIAL.read_text(encoding="utf-8")
    for promise in PROMISES:
        assert promise in text, f"the tutorial no longer says {promise!r}: update this test with it"
    blocks = sh_blocks(text)
    servers = [block for block in blocks if SERVE_LINE.search(block)]
    assert len(servers) == len(CHECKS), "a server block without its checks, or checks without one"
    port = free_port()
    shell = Shell(folder, port)
    try:
        checks = iter(CHECKS)
        for block in blocks:
            serve = SERVE_LINE.search(block)
            if not serve:
                shell.run(block)
                continue
            # The block as written, its server in the background as another terminal would hold it.
            start = len(shell.lines)
            shell.run(block[:serve.end()] + " &\nserver=$!" + block[serve.end():])
            found = shell.wait_for(r"listening on (http://\S+?)/?$", 30, since=start)
            assert found.group(1) == f"http://127.0.0.1:{port}"
            next(checks)(found.group(1))
            shell.run('kill -INT "$server"; wait "$server"', timeout=30)
    finally:
        shell.close()
