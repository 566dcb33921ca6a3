"""Browser tests of ListState: real headless Chromium (Debian's chromium and
chromium-driver, through selenium) against the real server on a free port.

Two servers share one catalogue: `client` serves the built-in pages (our
Static/liststate.js), `htmx` the same pages with real htmx 2 and the companion
script (Tests/e2e/htmx-templates/scripts.mustache through --templates, and the
downloaded htmx.min.js through --static).

Screenshots of every state go to $LISTSTATE_E2E_SCREENSHOTS, which the run keeps
and names at the end; without it they go to the run's temporary folder, which is
removed when the run ends (passed or failed), as everything else there.
"""
import json
import os
import pathlib
import re
import shutil
import sys
import subprocess
import tempfile
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/pysupport"))
from serve_process import ServeProcess  # noqa: E402  (the shared launcher, found through the path above)
BINARY = pathlib.Path(os.environ.get("LISTSTATE_BINARY", ROOT / ".build/debug/liststate"))
HTMX_STATIC = ROOT / ".build/e2e/htmx"
HTMX_TEMPLATES = ROOT / "Tests/e2e/htmx-templates"
WORK = pathlib.Path(tempfile.mkdtemp(prefix="liststate-e2e-"))
KEPT_SCREENSHOTS = os.environ.get("LISTSTATE_E2E_SCREENSHOTS")
SCREENSHOTS = pathlib.Path(KEPT_SCREENSHOTS or WORK / "screenshots")
SCREENSHOTS.mkdir(parents=True, exist_ok=True)
EVENT_NAMES = ["placeholder-will-appear", "placeholder-did-appear", "placeholder-will-disappear",
               "placeholder-did-disappear", "placeholder-activated", "rows-added", "end-reached", "request-failed"]


class Server(ServeProcess):
    """`liststate serve --port 0`; the access log (one line per request, Combined Log Format) is kept."""

    LOG_LINE = re.compile(r'^\S+ \S+ \S+ \[[^\]]+\] "(\w+) (\S+) [^"]*" (\d+) ')

    def __init__(self, name, database, *extra):
        self.name = name
        super().__init__(BINARY, [*self.source_arguments(database), *extra], label=f"{name} server", timeout=120)

    @staticmethod
    def source_arguments(database):
        """The catalogue at `database` (test_own_data.py's subclass serves a user's file instead)."""
        return ["--db", str(database)]

    def requests(self):
        """(method, target, status) of every request logged so far."""
        with self.lock:
            lines = list(self.lines)
        return [m.groups() for m in map(self.LOG_LINE.match, lines) if m]


@pytest.fixture(scope="session")
def servers():
    database = WORK / "catalogue.sqlite"
    started = {}

    def get(mode):
        if mode not in started:
            if mode == "htmx":
                if not (HTMX_STATIC / "htmx.min.js").exists():
                    pytest.fail("htmx.min.js missing: run scripts/install-e2e-dependencies")
                started[mode] = Server(mode, database, "--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES)
            else:
                started[mode] = Server(mode, database)
        return started[mode]

    yield get
    for server in started.values():
        server.stop()
    database.unlink(missing_ok=True)


class Browser:
    """One headless Chromium with helpers for the list page."""

    def __init__(self, driver, server, mode, test_name):
        self.driver = driver
        self.server = server
        self.mode = mode
        self.name = re.sub(r"[^A-Za-z0-9_.-]+", "-", test_name).strip("-")
        self.network = []
        self.console = []
        self.shots = 0
        self.expected_console = []   # substrings of console errors a test expects (a network error it caused)

    @staticmethod
    def launch(javascript=True, flags=()):
        """A headless Chromium; one per mode is reused by every test (a start costs seconds)."""
        options = Options()
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,768", "--lang=en-GB", *flags]:
            options.add_argument(flag)
        if shutil.which("chromium"):
            options.binary_location = shutil.which("chromium")
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        # Chromium's own temporary folders (profile singletons) go into this run's folder,
        # which is removed at the end, instead of piling up in /tmp.
        temporary = WORK / "chromium-tmp"
        temporary.mkdir(exist_ok=True)
        service = Service(shutil.which("chromedriver") or "chromedriver", env={**os.environ, "TMPDIR": str(temporary)})
        return webdriver.Chrome(options=options, service=service)

    def reset(self):
        """A blank page, a normal network, and the logs of earlier tests dropped."""
        self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.get("about:blank")
        self.driver.get_log("performance")
        self.driver.get_log("browser")

    # navigation and reading
    def get(self, path):
        self.driver.get(self.server.url + path)
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, condition, timeout=10, message=""):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition, message)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def row_ids(self):
        return self.js("return Array.from(document.querySelectorAll('#list .row')).map(r => r.id)")

    def wait_rows(self, count, message=""):
        self.wait(lambda d: len(self.row_ids()) == count, message=message or f"expected {count} rows")
        return self.row_ids()

    def scroll_to_bottom(self):
        self.js("window.scrollTo(0, document.documentElement.scrollHeight)")

    def shot(self, state):
        self.shots += 1
        path = SCREENSHOTS / f"{self.name}-{self.shots:02d}-{state}.png"
        self.driver.save_screenshot(str(path))
        return path

    # events
    def record_events(self):
        self.js("""
            window.__events = [];
            for (const name of arguments[0]) document.addEventListener('liststate:' + name, e => window.__events.push({
                name, target: e.target.id || e.target.nodeName, kind: e.detail && e.detail.kind,
                count: e.detail && e.detail.count, total: e.detail && e.detail.total,
                reason: e.detail && e.detail.reason, part: e.detail && e.detail.part}));
        """, EVENT_NAMES)

    def events(self, name=None):
        found = self.js("return window.__events || []")
        return [e for e in found if name is None or e["name"] == name]

    # network and console, from Chromium's own logs
    def drain_logs(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                params = message["params"]
                self.network.append({"url": params["request"]["url"], "type": params.get("type"),
                                     "headers": {k.lower(): v for k, v in params["request"]["headers"].items()}})
        self.console += [e for e in self.driver.get_log("browser")]

    def partial_requests(self):
        """The script-made requests (fetch or XHR) to the list, in order."""
        self.drain_logs()
        return [r for r in self.network if r["type"] in ("Fetch", "XHR")]

    def document_requests(self):
        self.drain_logs()
        return [r for r in self.network if r["type"] == "Document"]

    def console_errors(self):
        self.drain_logs()
        return [e for e in self.console if e.get("level") == "SEVERE"
                and not any(expected in e["message"] for expected in self.expected_console)]

    def set_offline(self, offline):
        """Chromium's network emulation (it does not reach service workers)."""
        self.driver.set_network_conditions(offline=offline, latency=0, download_throughput=-1, upload_throughput=-1)



@pytest.fixture(params=["client", "htmx"])
def mode(request):
    return request.param


@pytest.fixture(scope="session")
def drivers():
    started = {}

    def get(javascript):
        if javascript not in started:
            started[javascript] = Browser.launch(javascript)
        return started[javascript]

    yield get
    for driver in started.values():
        driver.quit()


def _browser(request, drivers, servers, mode, javascript):
    browser = Browser(drivers(javascript), servers(mode), mode, request.node.name)
    browser.reset()
    yield browser
    errors = browser.console_errors()
    browser.shot("last")
    assert not errors, f"console errors: {errors}"


def browser_on_own_server(request, drivers, servers, mode, server, copy, expected_console):
    """A browser (as `_browser`) on `server`, a server of the test's own over
    `copy`; both are gone afterwards, also when the test or the browser's
    checks fail (found: a failed run left a server running)."""
    try:
        for browser in _browser(request, drivers, servers, mode, True):
            browser.server = server
            browser.expected_console = expected_console
            yield browser
    finally:
        server.stop()
        copy.unlink(missing_ok=True)


@pytest.fixture
def browser(request, drivers, servers, mode):
    """A browser on the `mode` server; fails the test on any console error (CSP included)."""
    yield from _browser(request, drivers, servers, mode, True)


@pytest.fixture
def faulty(servers, mode, browser):
    """A server of its own over a copy of the catalogue, which the test damages
    (a lock, a truncation); the browser's console lines for the 503/500 answers
    those cause are expected, any other console error still fails the test."""
    servers(mode)  # the shared catalogue exists once a shared server has started
    copy = WORK / f"faulty-{mode}.sqlite"
    shutil.copyfile(WORK / "catalogue.sqlite", copy)
    extra = ["--query-timeout", "0.5"]
    if mode == "htmx":
        extra += ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES]
    server = Server(f"faulty-{mode}", copy, *extra)
    browser.server = server
    browser.expected_console = ["status of 503", "status of 500"]
    yield copy
    server.stop()
    copy.unlink(missing_ok=True)


@pytest.fixture
def nojs_browser(request, drivers, servers):
    """A browser with JavaScript disabled, on the built-in pages."""
    yield from _browser(request, drivers, servers, "client", False)


def code_points(ids):
    return [int(i.removeprefix("char-"), 16) for i in ids]


def pytest_terminal_summary(terminalreporter):
    if KEPT_SCREENSHOTS:
        terminalreporter.write_line(f"ListState e2e screenshots: {SCREENSHOTS}")
    else:
        terminalreporter.write_line("ListState e2e screenshots: set LISTSTATE_E2E_SCREENSHOTS=DIR to keep them")


def pytest_unconfigure(config):
    """The run's temporary folder goes when the run ends, whatever its result."""
    shutil.rmtree(WORK, ignore_errors=True)
