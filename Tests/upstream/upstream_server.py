#!/usr/bin/env python3
"""A controllable fake upstream JSON API: the other end of the tests of lists over
an upstream JSON API (issue 45). Python 3 standard library only.

    python3 Tests/upstream/upstream_server.py [--tls CERT KEY] [--count N]

Binds 127.0.0.1 on a free port, prints the port as its first line of stdout and
nothing else; exits when its stdin closes, on SIGTERM or on Ctrl-C.

Data: N items (default 45), ids 1..N in this order, each like
    {"id": 7, "name": "item 07", "price": 18.49, "tags": ["a", "b"], "active": true, "note": null}

Every style serves the same items. The page size is that style's limit parameter:
default 10, at most 100; a size that is not a positive integer counts as 10 (as
Django REST Framework does). Next URLs are absolute, on the origin of the Host header.
  GET /drf/items?limit=L[&offset=O][&search=Q][&ordering=[-]F][&active=B][&price_min=P][&price_max=P]
        {"count", "next", "previous", "results"} (LimitOffsetPagination of Django REST Framework;
        search: name contains Q; ordering by F in id, name, price, "-" descending, ties by id; active
        true or false; price at least or at most P; an ordering or a price it cannot read: 400)
  GET /jsonapi/items?page[size]=L[&page[number]=P]   {"data": [...], "links": {"self", "first",
        "prev", "next", "last"}} (P from 1; prev and next null at the ends); each row a resource
        object {"type": "items", "id": "7", "attributes": {"name": …, "price": …, …}}
  GET /github/items?per_page=L[&page=P]              [...] with GitHub's Link header (RFC 8288):
        rel="prev", "next", "last", "first"; no next on the last page, no Link on a single page
  GET /stripe/items?limit=L[&starting_after=ID]      {"object": "list", "url", "has_more", "data"}
        (an unknown ID: 400 with Stripe's error object)
  GET /cursor/items?limit=L[&cursor=C]               {"items", "next_cursor": C|null}; C is opaque
        standard base64 with "+", "/" and "=" in it (so it must be percent-encoded); a bad C: 400
  GET /pages/items?page=P&size=L                     {"items": [...]} (P from 1; the end: short or empty)
  GET /offset/items?offset=O&limit=L                 [...] (the end: a short or empty page)
  GET /STYLE/items/ID                                the item, or 404 {"detail": "Not found."}
Every answer is Content-Type: application/json; charset=utf-8 unless a mode says otherwise.

Control; a mode applies to every later request until changed (each call resets the
mode's parameters; count= replaces the data with N fresh items, in any mode):
  GET /-/control?mode=M[&seconds=S][&code=C][&retry_after=R][&to=URL][&count=N] -> 204
    answers    the default
    empty      no items (a row: 404)
    slow       sleep S seconds (default 5), then answer
    status     answer status C (400-599, default 500) with {"detail": reason}; Retry-After: R if
               given; a 401 carries WWW-Authenticate
    malformed  200 with the body {"results": [
    notjson    200 text/html (a maintenance page)
    oversized  200 with a 20 MiB JSON body (one item with a huge name)
    nokey      rows without "id"
    offorigin  next URLs and Link targets point to http://example.invalid/...
    redirect   302 to URL (required); a request for URL's own path is answered
    longnext   next URLs carry a pad= parameter of 3000 characters
    changing   after each list answer a new item (id N+1, N+2, ...) is inserted at the front
  GET /-/requests -> [{"path": "/drf/items?limit=10", "headers": {...}, "connection": 1}, ...], newest
    last: the API requests (not /-/ ones) with their authorization, cookie and x-token headers when
    sent, and the number of the TCP connection each came on (1, 2, ... in the order they were
    accepted; a client that keeps its connection sends many requests on one). A request through a
    proxy has the absolute form as its path ("http://host:port/drf/items?limit=10").
  GET /-/reset -> 204: mode answers, log cleared, the data back to N items
A stall (SIGSTOP) and a stop (connection refused) are for the tests to do to the process.
"""
import argparse
import base64
import json
import os
import signal
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

MODES = ("answers", "empty", "slow", "status", "malformed", "notjson", "oversized", "nokey",
         "offorigin", "redirect", "longnext", "changing")
STYLES = ("drf", "jsonapi", "github", "stripe", "cursor", "pages", "offset")
DEFAULT_LIMIT, MAX_LIMIT = 10, 100
OVERSIZED = 20 * 1024 * 1024
JSON = "application/json; charset=utf-8"
LOGGED_HEADERS = ("authorization", "cookie", "x-token")
# Every cursor starts with "+/" and ends with "=" (14 bytes): a client must percent-encode it.
CURSOR_PREFIX = b"\xfb\xff"


def make_item(n):
    return {"id": n, "name": f"item {n:02d}", "price": round(n * 2.5 + 0.99, 2), "tags": ["a", "b"],
            "active": n % 3 != 0, "note": None}


class State:
    """The mode, the data and the request log, shared by the handler threads (under `lock`)."""

    def __init__(self, count):
        self.count, self.lock = count, threading.Lock()
        self.connections = 0  # accepted so far; not reset, so that a number is never given twice
        self.reset()

    def reset(self):
        with self.lock:
            self.control, self.log = {"mode": "answers"}, []
            self.replace_items(self.count)

    def replace_items(self, count):
        self.items, self.next_id = [make_item(n) for n in range(1, count + 1)], count + 1


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, state, tls):
        self.state, self.tls = state, tls
        super().__init__(("127.0.0.1", 0), Handler)

    def finish_request(self, request, client_address):
        # The TLS handshake happens here, in the connection's thread, not in the accept loop.
        if self.tls:
            request.settimeout(Handler.timeout)
            request = self.tls.wrap_socket(request, server_side=True)
        try:
            super().finish_request(request, client_address)
        finally:
            if self.tls:
                request.close()

    def handle_error(self, request, client_address):
        # A client that hangs up or refuses the certificate is expected; anything else is a bug.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "upstream-test/1.0"
    timeout = 60  # an idle keep-alive connection is closed, as real servers do

    def log_message(self, format, *args):
        pass  # quiet: GET /-/requests is the log

    def setup(self):
        super().setup()
        state = self.server.state
        with state.lock:  # this connection's number, for the log: how many connections a client used
            state.connections += 1
            self.connection = state.connections

    def do_GET(self):
        url = urlsplit(self.path)
        query = dict(parse_qsl(url.query, keep_blank_values=True))
        parts = url.path.strip("/").split("/")
        if parts[0] == "-":
            return self.control(url.path, query)
        state = self.server.state
        with state.lock:
            headers = {name: self.headers[name] for name in LOGGED_HEADERS if name in self.headers}
            state.log.append({"path": self.path, "headers": headers, "connection": self.connection})
            del state.log[:-1000]
            self.mode, control, self.items = state.control["mode"], state.control, list(state.items)
            if self.mode == "changing" and len(parts) == 2:
                state.items.insert(0, make_item(state.next_id))
                state.next_id += 1
        try:
            self.answer(url.path, parts, query, control)
        except OSError:
            self.close_connection = True  # the client hung up

    def answer(self, path, parts, query, control):
        mode = self.mode
        if mode == "slow":
            time.sleep(control["seconds"])
        if mode == "redirect" and urlsplit(control["to"]).path != path:
            return self.send(302, b"", "text/plain; charset=utf-8", {"Location": control["to"]})
        if mode == "status":
            code, headers = control["code"], {}
            if control["retry_after"] is not None:
                headers["Retry-After"] = control["retry_after"]
            if code == 401:
                headers["WWW-Authenticate"] = 'Bearer realm="upstream"'
            return self.json(code, {"detail": self.responses.get(code, ("Error",))[0]}, headers)
        if mode == "malformed":
            return self.send(200, b'{"results": [', JSON)
        if mode == "notjson":
            page = b"<!doctype html><title>Maintenance</title><h1>Back soon</h1>\n"
            return self.send(200, page, "text/html; charset=utf-8")
        if mode == "oversized":
            return self.oversized()
        if mode == "empty":
            self.items = []
        if len(parts) == 2 and parts[0] in STYLES and parts[1] == "items":
            return getattr(self, "list_" + parts[0])(path, query)
        if len(parts) == 3 and parts[0] in STYLES and parts[1] == "items":
            found = [item for item in self.items if str(item["id"]) == parts[2]]
            if found:
                return self.json(200, self.rows(found)[0])
        self.json(404, {"detail": "Not found."})

    # MARK: The styles

    def list_drf(self, path, q):
        items = self.items
        if q.get("search"):
            items = [item for item in items if q["search"].lower() in item["name"].lower()]
        if q.get("active") in ("true", "false"):
            items = [item for item in items if item["active"] == (q["active"] == "true")]
        for name, keep in (("price_min", lambda price, bound: price >= bound), ("price_max", lambda price, bound: price <= bound)):
            if name in q:
                try:
                    bound = float(q[name])
                except ValueError:
                    return self.json(400, {name: ["A valid number is required."]})
                items = [item for item in items if keep(item["price"], bound)]
        if q.get("ordering"):
            field = q["ordering"].lstrip("-")
            if field not in ("id", "name", "price"):
                return self.json(400, {"ordering": [f"“{field}” is not a field it orders by."]})
            items = sorted(items, key=lambda item: (item[field], item["id"]), reverse=q["ordering"].startswith("-"))
        limit, offset = self.size(q, "limit"), self.number(q, "offset", 0)
        base = {key: value for key, value in q.items() if key != "offset"} | {"limit": limit}
        following = self.link(path, base | {"offset": offset + limit}) if offset + limit < len(items) else None
        if offset <= 0:
            previous = None
        else:  # as DRF: the first page's URL has no offset
            previous = self.link(path, base if offset <= limit else base | {"offset": offset - limit})
        self.json(200, {"count": len(items), "next": following, "previous": previous,
                        "results": self.rows(items[offset:offset + limit])})

    def list_jsonapi(self, path, q):
        size, number = self.size(q, "page[size]"), self.number(q, "page[number]", 1)
        last = max(1, -(-len(self.items) // size))

        def at(n):
            return self.link(path, {"page[number]": n, "page[size]": size})
        links = {"self": at(number), "first": at(1), "prev": at(number - 1) if number > 1 else None,
                 "next": at(number + 1) if number < last else None, "last": at(last)}
        # Resource objects (JSON:API 1.1, 7.2): the id a string beside the type, the fields under attributes.
        data = [{"type": "items"} | ({"id": str(row["id"])} if "id" in row else {})
                | {"attributes": {key: value for key, value in row.items() if key != "id"}}
                for row in self.rows(self.items[(number - 1) * size:number * size])]
        self.json(200, {"data": data, "links": links})

    def list_github(self, path, q):
        per_page, page = self.size(q, "per_page"), self.number(q, "page", 1)
        last = max(1, -(-len(self.items) // per_page))
        rels = ([("prev", page - 1)] if page > 1 else []) + ([("next", page + 1), ("last", last)] if page < last else [])
        rels += [("first", 1)] if page > 1 else []
        link = ", ".join(f'<{self.link(path, {"per_page": per_page, "page": n})}>; rel="{rel}"' for rel, n in rels)
        self.json(200, self.rows(self.items[(page - 1) * per_page:page * per_page]), {"Link": link} if link else {})

    def list_stripe(self, path, q):
        limit, start, after = self.size(q, "limit"), 0, q.get("starting_after")
        if after is not None:
            ids = [str(item["id"]) for item in self.items]
            if after not in ids:
                return self.json(400, {"error": {"type": "invalid_request_error", "code": "resource_missing",
                                                 "param": "starting_after", "message": f"No such item: '{after}'"}})
            start = ids.index(after) + 1
        self.json(200, {"object": "list", "url": path, "has_more": start + limit < len(self.items),
                        "data": self.rows(self.items[start:start + limit])})

    def list_cursor(self, path, q):
        limit, start = self.size(q, "limit"), 0
        if q.get("cursor"):
            try:
                raw = base64.b64decode(q["cursor"], validate=True)
                if not raw.startswith(CURSOR_PREFIX + b"after:"):
                    raise ValueError("not a cursor of ours")
                after = int(raw.removeprefix(CURSOR_PREFIX + b"after:").decode("ascii"))
                start = [item["id"] for item in self.items].index(after) + 1
            except ValueError:  # binascii.Error and UnicodeDecodeError too
                return self.json(400, {"error": "invalid cursor"})
        page = self.items[start:start + limit]
        more = start + limit < len(self.items)
        cursor = base64.b64encode(CURSOR_PREFIX + f"after:{page[-1]['id']:06}".encode()).decode() if more else None
        self.json(200, {"items": self.rows(page), "next_cursor": cursor})

    def list_pages(self, path, q):
        size, page = self.size(q, "size"), self.number(q, "page", 1)
        self.json(200, {"items": self.rows(self.items[(page - 1) * size:page * size])})

    def list_offset(self, path, q):
        limit, offset = self.size(q, "limit"), self.number(q, "offset", 0)
        self.json(200, self.rows(self.items[offset:offset + limit]))

    # MARK: Helpers

    @staticmethod
    def size(q, name):
        try:
            value = int(q.get(name, ""))
        except ValueError:
            return DEFAULT_LIMIT
        return min(value, MAX_LIMIT) if value > 0 else DEFAULT_LIMIT

    @staticmethod
    def number(q, name, least):
        try:
            return max(least, int(q.get(name, "")))
        except ValueError:
            return least

    def rows(self, items):
        if self.mode == "nokey":
            return [{key: value for key, value in item.items() if key != "id"} for item in items]
        return items

    def link(self, path, params):
        """An absolute URL on this origin (off it in mode offorigin; padded in mode longnext)."""
        if self.mode == "longnext":
            params = params | {"pad": "p" * 3000}
        host = self.headers.get("Host") or "127.0.0.1:%d" % self.server.server_address[1]
        origin = "http://example.invalid" if self.mode == "offorigin" else f"{'https' if self.server.tls else 'http'}://{host}"
        return f"{origin}{path}?{urlencode(params)}"

    def control(self, path, q):
        state = self.server.state
        if path == "/-/reset":
            state.reset()
            return self.send(204)
        if path == "/-/requests":
            with state.lock:
                return self.json(200, list(state.log))
        if path != "/-/control":
            return self.json(404, {"detail": "Not found."})
        try:
            control = {"mode": q.get("mode", "answers"), "seconds": float(q.get("seconds", 5)),
                       "code": int(q.get("code", 500)), "retry_after": q.get("retry_after"), "to": q.get("to")}
            count = int(q["count"]) if "count" in q else None
        except ValueError as error:
            return self.json(400, {"detail": str(error)})
        problem = (f"mode is one of {', '.join(MODES)}" if control["mode"] not in MODES
                   else "code is 400-599" if not 400 <= control["code"] <= 599
                   else "redirect needs to=URL" if control["mode"] == "redirect" and not control["to"]
                   else "count is at least 0" if count is not None and count < 0 else None)
        if problem:
            return self.json(400, {"detail": problem})
        with state.lock:
            state.control = control
            if count is not None:
                state.replace_items(count)
        self.send(204)

    def json(self, code, value, headers={}):
        self.send(code, json.dumps(value).encode(), JSON, headers)

    def send(self, code, body=b"", content_type=None, headers={}):
        self.send_response(code)
        if code != 204:  # a 204 has neither a body nor its headers
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def oversized(self):
        head, tail, chunk = b'{"count": 1, "next": null, "results": [{"id": 1, "name": "', b'"}]}', b"x" * 65536
        self.send_response(200)
        self.send_header("Content-Type", JSON)
        self.send_header("Content-Length", str(OVERSIZED))
        self.end_headers()
        self.wfile.write(head)
        left = OVERSIZED - len(head) - len(tail)
        while left > 0:
            self.wfile.write(chunk[:left])
            left -= len(chunk)
        self.wfile.write(tail)


def main():
    # A child of swift-testing inherits a blocked signal mask: SIGTERM would not stop it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve HTTPS with this certificate")
    parser.add_argument("--count", type=int, default=45, help="the number of items (default 45)")
    arguments = parser.parse_args()
    tls = None
    if arguments.tls:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(*arguments.tls)
    server = Server(State(arguments.count), tls)
    print(server.server_address[1], flush=True)

    def stop_when_stdin_closes():
        try:
            while os.read(0, 65536):
                pass
        except OSError:
            pass
        os.kill(os.getpid(), signal.SIGTERM)
    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    try:
        server.serve_forever()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
