"""The test upstream's own check (upstream_server.py): every pagination style walked
end to end, every mode once, the process's life (stdin, SIGTERM, a stall, a stop) and TLS.
Run with `make upstream-server-test`, or `cd Tests/upstream && python3 -m pytest -q`."""
import http.client
import json
import os
import re
import select
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

SERVER = Path(__file__).with_name("upstream_server.py")
JSON = "application/json; charset=utf-8"
ALL = list(range(1, 46))
# RFC 8288's link-value, as GitHub writes it: <URI-Reference>; rel="relation-type", comma-separated.
LINK_HEADER = re.compile(r'<[^<>\s]*>; rel="[a-z]+"(, <[^<>\s]*>; rel="[a-z]+")*')


class Upstream:
    """upstream_server.py as a child process; `base` is its origin, stop() always ends it."""

    def __init__(self, *arguments, preexec_fn=None, scheme="http"):
        self.process = subprocess.Popen([sys.executable, str(SERVER), *map(str, arguments)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, preexec_fn=preexec_fn)
        ready, _, _ = select.select([self.process.stdout], [], [], 10)
        port = self.process.stdout.readline().strip() if ready else ""
        if not port.isdigit():
            self.stop()
            raise RuntimeError(f"the upstream did not print its port (got {port!r})")
        self.base = f"{scheme}://127.0.0.1:{port}"

    def control(self, **parameters):
        status, _, body = fetch(f"{self.base}/-/control?{urlencode(parameters)}")
        assert status == 204, body

    def stop(self):
        """Closing stdin ends it; SIGKILL when it has not ended within 5 s."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self.process.stdout.close()


def fetch(url, headers=None, timeout=5, context=None):
    """GET without following redirects: (status, headers, body)."""
    parts = urlsplit(url)
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout, context=context)
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""), headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def get_json(url):
    status, headers, body = fetch(url)
    assert status == 200, body[:300]
    assert headers["Content-Type"] == JSON
    return json.loads(body), headers


def ids(rows):
    return [row["id"] for row in rows]


def link_relations(header):
    """{rel: URL} of a Link header, which must be RFC 8288 syntax."""
    if header is None:
        return {}
    assert LINK_HEADER.fullmatch(header), header
    return {rel: url for url, rel in re.findall(r'<([^>]*)>; rel="([a-z]+)"', header)}


# MARK: Walking every style, as a client would

def walk_drf(base, limit):
    url, seen = f"{base}/drf/items?limit={limit}", []
    while url:
        assert url.startswith(base + "/drf/items?")
        page, _ = get_json(url)
        assert set(page) == {"count", "next", "previous", "results"}
        seen += ids(page["results"])
        url = page["next"]
    return seen


def walk_jsonapi(base, limit):
    url, seen = f"{base}/jsonapi/items?{urlencode({'page[size]': limit})}", []
    while url:
        assert url.startswith(base + "/jsonapi/items?")
        page, _ = get_json(url)
        assert all(set(row) == {"type", "id", "attributes"} and "name" in row["attributes"] for row in page["data"])
        seen += [int(row["id"]) for row in page["data"]]
        url = page["links"]["next"]
    return seen


def walk_github(base, limit):
    url, seen = f"{base}/github/items?per_page={limit}", []
    while url:
        assert url.startswith(base + "/github/items?")
        page, headers = get_json(url)
        seen += ids(page)
        url = link_relations(headers["Link"]).get("next")
    return seen


def walk_stripe(base, limit):
    query, seen = {"limit": limit}, []
    while True:
        page, _ = get_json(f"{base}/stripe/items?{urlencode(query)}")
        assert page["object"] == "list"
        seen += ids(page["data"])
        if not page["has_more"]:
            return seen
        query["starting_after"] = page["data"][-1]["id"]


def walk_cursor(base, limit):
    query, seen = {"limit": limit}, []
    while True:
        page, _ = get_json(f"{base}/cursor/items?{urlencode(query)}")
        seen += ids(page["items"])
        if page["next_cursor"] is None:
            return seen
        query["cursor"] = page["next_cursor"]


def walk_pages(base, limit):
    number, seen = 1, []
    while True:
        page, _ = get_json(f"{base}/pages/items?page={number}&size={limit}")
        seen += ids(page["items"])
        if len(page["items"]) < min(limit, 100):
            return seen
        number += 1


def walk_offset(base, limit):
    offset, seen = 0, []
    while True:
        page, _ = get_json(f"{base}/offset/items?offset={offset}&limit={limit}")
        seen += ids(page)
        if len(page) < min(limit, 100):
            return seen
        offset += len(page)


WALKS = {"drf": walk_drf, "jsonapi": walk_jsonapi, "github": walk_github, "stripe": walk_stripe,
         "cursor": walk_cursor, "pages": walk_pages, "offset": walk_offset}


@pytest.fixture(scope="module")
def upstream():
    server = Upstream()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def fresh(request):
    if "upstream" in request.fixturenames:
        status, _, _ = fetch(request.getfixturevalue("upstream").base + "/-/reset")
        assert status == 204


@pytest.mark.parametrize("style", WALKS)
@pytest.mark.parametrize("limit", [10, 9, 45, 1000])  # 9 ends on an empty page; 1000 counts as 100
def test_every_style_walks_exactly_the_items(upstream, style, limit):
    assert WALKS[style](upstream.base, limit) == ALL


@pytest.mark.parametrize("style", WALKS)
def test_count_sets_the_data(upstream, style):
    upstream.control(count=7)
    assert WALKS[style](upstream.base, 3) == list(range(1, 8))


def test_page_sizes_default_to_10_and_stop_at_100(upstream):
    upstream.control(count=150)
    assert len(get_json(upstream.base + "/offset/items")[0]) == 10
    assert len(get_json(upstream.base + "/offset/items?limit=abc")[0]) == 10
    assert len(get_json(upstream.base + "/offset/items?limit=1000")[0]) == 100


def test_drf_next_and_previous_as_django_rest_framework_writes_them(upstream):
    page, _ = get_json(upstream.base + "/drf/items?limit=5&offset=5&search=item%204")
    assert page["count"] == 6 and ids(page["results"]) == [45]
    assert page["previous"] == upstream.base + "/drf/items?limit=5&search=item+4"
    assert page["next"] is None
    first, _ = get_json(upstream.base + "/drf/items?limit=5")
    assert first["previous"] is None and first["next"] == upstream.base + "/drf/items?limit=5&offset=5"


def test_drf_orders_and_filters_through_every_page(upstream):
    def walk(query):
        url, seen = f"{upstream.base}/drf/items?limit=7&{query}", []
        while url:
            page, _ = get_json(url)
            seen += page["results"]
            url = page["next"]
        return seen
    assert ids(walk("ordering=-price")) == list(range(45, 0, -1))
    assert ids(walk("ordering=name")) == list(range(1, 46))
    assert ids(walk("active=false")) == list(range(3, 46, 3))
    assert ids(walk("price_min=100&price_max=105.99&ordering=-id")) == [42, 41, 40]
    for bad in ("ordering=tags", "price_min=abc"):
        assert fetch(f"{upstream.base}/drf/items?{bad}")[0] == 400, bad


def test_github_link_header(upstream):
    _, headers = get_json(upstream.base + "/github/items?per_page=10&page=2")
    relations = link_relations(headers["Link"])
    assert set(relations) == {"prev", "next", "last", "first"}
    assert relations["last"] == upstream.base + "/github/items?per_page=10&page=5"
    _, last = get_json(upstream.base + "/github/items?per_page=10&page=5")
    assert "next" not in link_relations(last["Link"])
    _, single = get_json(upstream.base + "/github/items?per_page=100")
    assert single["Link"] is None


def test_rows_and_not_found(upstream):
    for style in WALKS:
        assert get_json(f"{upstream.base}/{style}/items/7")[0] == {
            "id": 7, "name": "item 07", "price": 18.49, "tags": ["a", "b"], "active": True, "note": None}
    for path in ("/drf/items/46", "/drf/items/x", "/nowhere"):
        status, headers, body = fetch(upstream.base + path)
        assert (status, headers["Content-Type"], json.loads(body)) == (404, JSON, {"detail": "Not found."})


def test_bad_cursors_and_unknown_starting_after_are_refused(upstream):
    cursor = get_json(upstream.base + "/cursor/items?limit=2")[0]["next_cursor"]
    assert cursor.startswith("+/") and cursor.endswith("=")  # a client must percent-encode it
    for bad in (cursor.replace("+", " "), "bm90IG91cnM=", "!!"):
        status, _, body = fetch(f"{upstream.base}/cursor/items?{urlencode({'cursor': bad})}")
        assert status == 400, body
    status, _, body = fetch(upstream.base + "/stripe/items?starting_after=99")
    assert status == 400 and json.loads(body)["error"]["code"] == "resource_missing"


# MARK: Every mode once

def test_empty(upstream):
    upstream.control(mode="empty")
    for style, walk in WALKS.items():
        assert walk(upstream.base, 10) == [], style
    assert get_json(upstream.base + "/drf/items")[0] == {"count": 0, "next": None, "previous": None, "results": []}
    assert fetch(upstream.base + "/drf/items/1")[0] == 404


def test_slow_answers_late_while_others_are_served(upstream):
    upstream.control(mode="slow", seconds=1)
    started, answered = time.monotonic(), []
    slow = threading.Thread(target=lambda: answered.append(get_json(upstream.base + "/offset/items")))
    slow.start()
    time.sleep(0.1)
    status, _, log = fetch(upstream.base + "/-/requests")  # control is never slowed
    assert status == 200 and time.monotonic() - started < 0.9
    assert [entry["path"] for entry in json.loads(log)] == ["/offset/items"]
    slow.join(5)
    assert time.monotonic() - started >= 1 and ids(answered[0][0]) == ALL[:10]


def test_status(upstream):
    for code in (401, 403, 404, 429, 500, 502, 503, 599):
        upstream.control(mode="status", code=code, **({"retry_after": 7} if code in (429, 503) else {}))
        status, headers, body = fetch(upstream.base + "/drf/items")
        assert status == code and headers["Content-Type"] == JSON and "detail" in json.loads(body)
        assert headers["Retry-After"] == ("7" if code in (429, 503) else None)
        assert (headers["WWW-Authenticate"] is not None) == (code == 401)


def test_malformed(upstream):
    upstream.control(mode="malformed")
    status, headers, body = fetch(upstream.base + "/drf/items")
    assert (status, headers["Content-Type"], body) == (200, JSON, b'{"results": [')
    with pytest.raises(json.JSONDecodeError):
        json.loads(body)


def test_notjson(upstream):
    upstream.control(mode="notjson")
    status, headers, body = fetch(upstream.base + "/stripe/items")
    assert status == 200 and headers["Content-Type"].startswith("text/html") and body.startswith(b"<!doctype html>")


def test_oversized_and_a_client_that_hangs_up(upstream):
    upstream.control(mode="oversized")
    status, headers, body = fetch(upstream.base + "/drf/items")
    assert status == 200 and int(headers["Content-Length"]) == len(body) == 20 * 1024 * 1024
    assert ids(json.loads(body)["results"]) == [1]
    connection = http.client.HTTPConnection("127.0.0.1", urlsplit(upstream.base).port, timeout=5)
    connection.request("GET", "/drf/items")
    connection.getresponse().read(1000)
    connection.close()  # mid-body; the server carries on
    upstream.control()
    assert ids(get_json(upstream.base + "/offset/items?limit=2")[0]) == [1, 2]


def test_nokey(upstream):
    upstream.control(mode="nokey")
    page, _ = get_json(upstream.base + "/drf/items?limit=3")
    assert [row["name"] for row in page["results"]] == ["item 01", "item 02", "item 03"]
    assert all("id" not in row for row in page["results"]) and "id" not in get_json(upstream.base + "/drf/items/2")[0]


def test_offorigin(upstream):
    upstream.control(mode="offorigin")
    assert get_json(upstream.base + "/drf/items")[0]["next"].startswith("http://example.invalid/drf/items?")
    assert get_json(upstream.base + "/jsonapi/items")[0]["links"]["next"].startswith("http://example.invalid/")
    link = link_relations(get_json(upstream.base + "/github/items")[1]["Link"])["next"]
    assert link.startswith("http://example.invalid/github/items?")


def test_redirect(upstream):
    upstream.control(mode="redirect", to="http://example.invalid/items")
    status, headers, _ = fetch(upstream.base + "/drf/items")
    assert (status, headers["Location"]) == (302, "http://example.invalid/items")
    upstream.control(mode="redirect", to="/offset/items?limit=3")
    status, headers, _ = fetch(upstream.base + "/drf/items")
    assert (status, headers["Location"]) == (302, "/offset/items?limit=3")
    assert ids(get_json(upstream.base + headers["Location"])[0]) == [1, 2, 3]


@pytest.mark.parametrize("style", ["drf", "jsonapi", "github"])
def test_longnext(upstream, style):
    upstream.control(mode="longnext")
    page, headers = get_json(f"{upstream.base}/{style}/items")
    following = {"drf": lambda: page["next"], "jsonapi": lambda: page["links"]["next"],
                 "github": lambda: link_relations(headers["Link"])["next"]}[style]()
    assert len(following) > 3000 and dict(parse_qsl(urlsplit(following).query))["pad"] == "p" * 3000
    assert WALKS[style](upstream.base, 10) == ALL


def test_changing_shifts_offsets_but_not_keysets(upstream):
    upstream.control(mode="changing")
    by_offset = walk_offset(upstream.base, 10)
    assert by_offset[:11] == ALL[:10] + [10]  # the item inserted at the front pushed 10 onto page two
    fetch(upstream.base + "/-/reset")
    upstream.control(mode="changing")
    assert walk_stripe(upstream.base, 10) == ALL


def test_request_log_and_reset(upstream):
    headers = {"Authorization": "Bearer secret", "Cookie": "session=1", "X-Token": "t", "X-Other": "not logged"}
    fetch(upstream.base + "/drf/items?limit=2", headers=headers)
    upstream.control(mode="empty", count=3)
    fetch(upstream.base + "/github/items")
    log = json.loads(fetch(upstream.base + "/-/requests")[2])
    connections = [entry.pop("connection") for entry in log]
    assert log == [{"path": "/drf/items?limit=2",
                    "headers": {"authorization": "Bearer secret", "cookie": "session=1", "x-token": "t"}},
                   {"path": "/github/items", "headers": {}}]
    assert connections[0] < connections[1]  # fetch closes its connection: each request came on a new one
    assert fetch(upstream.base + "/-/reset")[0] == 204
    assert json.loads(fetch(upstream.base + "/-/requests")[2]) == []
    assert walk_drf(upstream.base, 20) == ALL


def test_the_log_numbers_connections_and_keeps_a_proxys_absolute_form(upstream):
    port = urlsplit(upstream.base).port
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        for path in ("/drf/items?limit=2", "/drf/items?limit=2&offset=2", f"http://upstream.test:{port}/drf/items?limit=3"):
            kept.request("GET", path, headers={"Host": f"upstream.test:{port}"} if path.startswith("http") else {})
            response = kept.getresponse()
            assert response.status == 200 and len(json.loads(response.read())["results"]) in (2, 3)
    finally:
        kept.close()
    fetch(upstream.base + "/drf/items?limit=1")
    log = json.loads(fetch(upstream.base + "/-/requests")[2])
    assert [entry["path"] for entry in log] == ["/drf/items?limit=2", "/drf/items?limit=2&offset=2",
                                                f"http://upstream.test:{port}/drf/items?limit=3", "/drf/items?limit=1"]
    numbers = [entry["connection"] for entry in log]
    assert numbers[0] == numbers[1] == numbers[2] < numbers[3], numbers


def test_control_refuses_what_it_cannot_do(upstream):
    for query in ("mode=nonsense", "mode=redirect", "mode=status&code=200", "mode=slow&seconds=x", "count=-1"):
        status, headers, _ = fetch(f"{upstream.base}/-/control?{query}")
        assert (status, headers["Content-Type"]) == (400, JSON), query


# MARK: The process

def test_stops_when_stdin_closes_and_on_sigterm_even_with_signals_blocked():
    server = Upstream()
    try:
        server.process.stdin.close()
        assert server.process.wait(5) == 0
    finally:
        server.stop()
    blocked = Upstream(preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM}))
    try:
        blocked.process.terminate()
        assert blocked.process.wait(5) == 0
    finally:
        blocked.stop()


def test_a_stall_and_a_stop():
    server = Upstream()
    try:
        os.kill(server.process.pid, signal.SIGSTOP)
        try:
            with pytest.raises(TimeoutError):
                fetch(server.base + "/drf/items", timeout=0.5)
        finally:
            os.kill(server.process.pid, signal.SIGCONT)
        assert fetch(server.base + "/drf/items")[0] == 200
    finally:
        server.stop()
    with pytest.raises(ConnectionRefusedError):
        fetch(server.base + "/drf/items")


def test_tls_with_a_self_signed_certificate():
    with tempfile.TemporaryDirectory() as folder:
        cert, key = Path(folder, "cert.pem"), Path(folder, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                       check=True, capture_output=True)
        server = Upstream("--tls", cert, key, scheme="https")
        try:
            with pytest.raises(urllib.error.URLError) as refused:
                urllib.request.urlopen(server.base + "/drf/items", timeout=5)
            assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)
            trusting = ssl.create_default_context(cafile=str(cert))
            with urllib.request.urlopen(server.base + "/drf/items", timeout=5, context=trusting) as response:
                assert response.headers["Content-Type"] == JSON
                assert json.load(response)["next"] == server.base + "/drf/items?limit=10&offset=10"
        finally:
            server.stop()
