"""docs/upstream.md's worked examples, run: each ```json block after a
`<!-- worked example: NAME -->` line is served by liststate against the test
upstream (Tests/upstream/upstream_server.py, its port in place of the page's
127.0.0.1:8081), and the list's JSON twin, walked through every `next`, must
give the items 1..45 once each, in order. The examples that declare headers
also show what the page says of them: the upstream gets them with `${NAME}`
resolved, never the visitor's cookie or Authorization, and the secret is in
neither /-/settings.json nor the log.

The server binary is $LISTSTATE_BINARY, else .build/debug/liststate; run with
`make docs-test`, or `cd Tests/docs && python3 -m pytest -q test_upstream_docs.py`.
"""
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs/upstream.md"
SCHEMA = json.loads((ROOT / "docs/list.schema.json").read_text(encoding="utf-8"))
UPSTREAM = ROOT / "Tests/upstream/upstream_server.py"
BINARY = pathlib.Path(os.environ.get("LISTSTATE_BINARY", ROOT / ".build/debug/liststate"))
EXAMPLE = re.compile(r"^<!-- worked example: (\w+) -->\n```json\n(.*?)^```$", re.MULTILINE | re.DOTALL)
WRITTEN_ORIGIN = "http://127.0.0.1:8081"
VARIABLE = re.compile(r"\$\{(\w+)\}")
ITEMS = list(range(1, 46))


def examples():
    return EXAMPLE.findall(PAGE.read_text(encoding="utf-8"))


def get(url, headers=None):
    """(status, body as text) of a GET; an error status is an answer too."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read().decode("utf-8")


@pytest.fixture(scope="module")
def upstream():
    """The test upstream's origin; stopped (stdin closed, then killed if need be) after the module."""
    process = subprocess.Popen([sys.executable, str(UPSTREAM)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline())
        yield f"http://127.0.0.1:{port}"
    finally:
        process.stdin.close()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        process.stdout.close()


class Served:
    """liststate serve --port 0 --config FILE, its address read from its first line, its log kept."""

    def __init__(self, config, environment, folder):
        self.log_path = folder / "stderr.log"
        self.log_file = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", "0", "--config", str(config)], env=environment, text=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log_file)
        found = {}

        def read():
            for line in self.process.stdout:
                match = re.search(r"listening on (http://\S+?)/?$", line)
                if match and "base" not in found:
                    found["base"] = match.group(1)
                    ready.set()
            ready.set()

        ready = threading.Event()
        threading.Thread(target=read, daemon=True).start()
        ready.wait(60)
        if "base" not in found:
            self.stop()
            pytest.fail("liststate did not start; its log:\n" + self.log(), pytrace=False)
        self.base = found["base"]

    def log(self):
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log_file.close()


def walk(base, name, visitor):
    """The key of every row of /NAME.json, first page to last, each answer checked against the schema."""
    keys, address, pages = [], f"/{name}.json", 0
    while address:
        status, body = get(base + address, visitor)
        answer = json.loads(body)
        assert status == 200 and answer["state"] == "rows", (address, status, body[:500])
        jsonschema.validate(answer, SCHEMA)
        key = answer["columns"].index("id")
        # JSON:API's ids are strings: "7" is the item 7.
        keys += [int(row["id"] if isinstance(row, dict) else row[key]) for row in answer["rows"]]
        address, pages = answer["next"], pages + 1
        assert pages <= 50, "the walk does not end"
    return keys


def test_the_page_has_its_worked_examples():
    names = [name for name, _ in examples()]
    assert names == ["items", "articles", "repositories", "charges", "products", "events", "orders"], names
    styles = set()
    for name, block in examples():
        upstreams = json.loads(block)["upstreams"]
        assert list(upstreams) == [name]
        assert upstreams[name]["url"].startswith(WRITTEN_ORIGIN + "/")
        pagination = upstreams[name]["pagination"]
        style = pagination if isinstance(pagination, str) else pagination["style"]
        styles.add(style + ("+hasMore" if isinstance(pagination, dict) and "hasMore" in pagination else ""))
    assert styles == {"next", "link", "cursor", "cursor+hasMore", "page", "offset"}


@pytest.mark.parametrize("name,block", examples(), ids=[name for name, _ in examples()])
def test_a_worked_example_serves_every_item_once_in_order(name, block, upstream):
    assert BINARY.exists(), f"no server binary at {BINARY} (swift build --product liststate, or set LISTSTATE_BINARY)"
    get(upstream + "/-/reset")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="liststate-upstream-docs-"))
    served = None
    try:
        config = folder / "site.json"
        config.write_text(block.replace(WRITTEN_ORIGIN, upstream), encoding="utf-8")
        # Each ${NAME} of the example given a secret of its own, as the page tells the reader to.
        given = {variable: "secret-" + secrets.token_hex(8) for variable in VARIABLE.findall(block)}
        environment = {key: value for key, value in os.environ.items() if not key.startswith("LISTSTATE_")} | given
        served = Served(config, environment, folder)
        visitor = {"Cookie": "session=visitor-cookie", "Authorization": "Bearer visitor-token"}
        assert walk(served.base, name, visitor) == ITEMS

        status, body = get(upstream + "/-/requests")
        requests = json.loads(body)
        assert status == 200 and requests
        declared = json.loads(block)["upstreams"][name].get("headers", {})
        for request in requests:
            assert "cookie" not in request["headers"], request
            assert request["headers"].get("authorization") != "Bearer visitor-token", request
            if "Authorization" in declared:
                expected = VARIABLE.sub(lambda variable: given[variable.group(1)], declared["Authorization"])
                assert request["headers"].get("authorization") == expected, request
        status, settings = get(served.base + "/-/settings.json")
        assert status == 200
        for secret in given.values():
            assert secret not in settings
            assert secret not in served.log()
    finally:
        if served:
            served.stop()
        shutil.rmtree(folder, ignore_errors=True)
