#!/usr/bin/env python3
"""Quick scenario: the response headers of every route, as page and fragment,
for every status the routes give: 200, 304, 400, 404, 405, 503 (a writer holds
the catalogue's lock; --query-timeout 0.3), and HEAD.

Every response the application makes must carry: Content-Type (with a charset
for text), `X-Content-Type-Options: nosniff`, a Content-Security-Policy with
`default-src 'none'`, `base-uri 'none'`, `form-action 'self'`,
`frame-ancestors 'none'` and no `unsafe-inline`/`unsafe-eval`,
`Referrer-Policy: same-origin`; list responses (and the not-found answer) a
`Vary` naming HX-Request; no `Server`/`X-Powered-By` version banner; no CORS
header; a method other than GET/HEAD gets 405 with `Allow` (OPTIONS: 204
with `Allow`). Responses libmicrohttpd makes itself are exempt; they are
probed and reported as figures.
"""
import re
import sqlite3

from common import Checks, Server, catalogue_copy, exchange, get, temporary_folder

ROUTES = ["/", "/?q=snowman", "/?limit=3&category=Lu", "/characters", "/characters/U+2603", "/characters.json", "/static/liststate.css", "/static/liststate.js",
          "/static/illustrations/no-data.svg", "/-/placeholders.css", "/-/offline", "/sw.js", "/-/livez", "/-/readyz",
          "/nope", "/-/states"]
LIST_ROUTES = {"/", "/?q=snowman", "/?limit=3&category=Lu", "/characters"}
BAD = ["/?limit=0", "/?cursor=bad!", "/?q=a&q=b", "/?category=nope", "/%zz", "/?q=" + "a" * 201, "/static/..%2Fsecret"]
NOT_FOUND = ["/nope", "/-/states", "/static/missing.css", "/characters/U+0378", "/characters/U+110000",
             "/characters/nope"]
METHODS = ["POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "BREW"]


def check_headers(checks, label, response, is_list=False):
    checks.check(response.header("x-content-type-options") == "nosniff", f"{label}: nosniff")
    policy = response.header("content-security-policy") or ""
    for directive in ["default-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"]:
        checks.check(directive in policy, f"{label}: CSP has {directive} ({policy!r})")
    checks.check("unsafe-inline" not in policy and "unsafe-eval" not in policy, f"{label}: CSP without unsafe-*")
    checks.check(response.header("referrer-policy") == "same-origin", f"{label}: Referrer-Policy same-origin")
    banner = (response.header("server") or "") + (response.header("x-powered-by") or "")
    checks.check(not re.search(r"\d", banner) and response.header("x-powered-by") is None,
                 f"{label}: no version banner ({banner!r})")
    cors = [name for name, _ in response.headers if name.startswith("access-control-")]
    checks.check(not cors, f"{label}: no CORS headers ({cors})")
    content_type = response.header("content-type")
    if response.status not in (204, 304) and response.body:
        checks.check(content_type is not None, f"{label}: Content-Type")
    if content_type and (content_type.startswith("text/") or "javascript" in content_type or "json" in content_type):
        checks.check("charset=" in content_type.lower(), f"{label}: charset in {content_type!r}")
    if is_list:
        vary = response.header("vary") or ""
        checks.check("HX-Request" in vary and "HX-History-Restore-Request" in vary, f"{label}: Vary ({vary!r})")


def main():
    checks = Checks("headers")
    folder = temporary_folder("liststate-headers-")
    database = catalogue_copy(folder)
    server = Server(database, "--query-timeout", "0.3")
    port = server.port
    seen = set()

    def fetch(target, hx, method="GET", headers=None):
        all_headers = dict(headers or {})
        if hx:
            all_headers["HX-Request"] = "true"
        response = get(port, target, all_headers, method=method)
        checks.check(response is not None, f"{method} {target} hx={hx}: an answer")
        return response

    for hx in (False, True):
        mode = "fragment" if hx else "page"
        for route in ROUTES:
            response = fetch(route, hx)
            if response is None:
                continue
            expected = 404 if route in NOT_FOUND else 200
            checks.check(response.status == expected, f"{mode} {route}: {expected} (got {response.status})")
            seen.add(response.status)
            check_headers(checks, f"{mode} {route} {response.status}", response,
                          is_list=route in LIST_ROUTES or route in NOT_FOUND)
            head = fetch(route, hx, method="HEAD")
            if head is not None:
                checks.check(head.status == response.status and head.body == b"", f"{mode} HEAD {route}: same status, no body")
                check_headers(checks, f"{mode} HEAD {route}", head, is_list=route in LIST_ROUTES or route in NOT_FOUND)
            tag = response.header("etag")
            if tag and response.status == 200:
                again = fetch(route, hx, headers={"If-None-Match": tag})
                if again is not None:
                    checks.check(again.status == 304 and again.body == b"", f"{mode} {route}: 304 for its ETag")
                    seen.add(again.status)
                    check_headers(checks, f"{mode} {route} 304", again)
                    checks.check(again.header("etag") == tag, f"{mode} {route} 304: the same ETag")
            for method in METHODS:
                refused = fetch(route, hx, method=method)
                if refused is None:
                    continue
                if route in NOT_FOUND:
                    # An address nobody serves: 404 for every method.
                    checks.check(refused.status in (404, 405), f"{mode} {method} {route}: 404/405 ({refused.status})")
                else:
                    checks.check(refused.status == 405, f"{mode} {method} {route}: 405 (got {refused.status})")
                seen.add(refused.status)
                if refused.status == 405:
                    allow = refused.header("allow") or ""
                    checks.check("GET" in allow and "HEAD" in allow and method not in allow,
                                 f"{mode} {method} {route}: Allow ({allow!r})")
                check_headers(checks, f"{mode} {method} {route} {refused.status}", refused)
            options = fetch(route, hx, method="OPTIONS")
            if options is not None and route not in NOT_FOUND:
                checks.check(options.status == 204 and "GET" in (options.header("allow") or ""),
                             f"{mode} OPTIONS {route}: 204 with Allow ({options.status})")
        for target in BAD:
            response = fetch(target, hx)
            if response is None:
                continue
            checks.check(response.status in (400, 404), f"{mode} {target}: 400/404 (got {response.status})")
            seen.add(response.status)
            check_headers(checks, f"{mode} {target} {response.status}", response,
                          is_list=target.startswith("/?") or target == "/%zz")

    # 503: a writer holds the catalogue with a change written (a writer that holds the
    # lock and wrote nothing yet changed nothing: kept answers are still served then,
    # docs/design.md "Freshness"); the query time limit (0.3 s) passes.
    first = fetch("/?limit=3", False)
    found = re.search(r"cursor(?:=|&#61;)([A-Za-z0-9_-]+)", first.text if first else "")
    checks.check(found is not None, "a first page offers a next cursor")
    cursor = found.group(1) if found else ""
    writer = sqlite3.connect(str(database), isolation_level=None, timeout=10)
    writer.execute("BEGIN EXCLUSIVE")
    writer.execute("PRAGMA user_version = 7")  # rolled back below
    try:
        for hx in (False, True):
            for target in ["/", "/?q=snow", "/?limit=3&cursor=" + cursor, "/characters/U+2603"]:
                response = fetch(target, hx)
                if response is None:
                    continue
                checks.check(response.status == 503, f"locked {target} hx={hx}: 503 (got {response.status})")
                seen.add(response.status)
                checks.check(response.header("retry-after") is not None, f"locked {target} hx={hx}: Retry-After")
                check_headers(checks, f"locked {target} hx={hx}", response, is_list=target.startswith("/?") or target == "/")
        readiness = fetch("/-/readyz", False)
        checks.check(readiness is not None and readiness.status == 503, "readyz 503 while locked")
        if readiness is not None:
            check_headers(checks, "readyz 503", readiness)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    checks.check({200, 304, 400, 404, 405, 503} <= seen, f"every status seen ({sorted(seen)})")

    # Issue 15: a target over 26 KiB and header fields over 8 KiB are refused by
    # the server itself, with our headers and page, before libmicrohttpd's pool
    # limit would answer without them.
    for name, payload, expected in [
        ("414 (target over 26 KiB)", b"GET /?q=" + b"z" * 27000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 414),
        ("431 (header fields over 8 KiB)",
         b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"h" * 9000 + b"\r\nConnection: close\r\n\r\n", 431),
    ]:
        responses, _, error = exchange(port, payload, timeout=10)
        if checks.check(len(responses) == 1 and responses[0].status == expected, f"{name}: answered {expected} ({error})"):
            check_headers(checks, name, responses[0])
            checks.check("placeholder-error" in responses[0].text, f"{name}: our error page")

    # What libmicrohttpd answers itself: reported, not asserted.
    probes = {
        "414 (request line over the pool)": b"GET /?q=" + b"z" * 40000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "431 (headers over the pool)": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"h" * 40000 + b"\r\nConnection: close\r\n\r\n",
        "400 (HTTP/1.1 without Host; ours)": b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "400 (a space in the target; ours)": b"GET /?q=a b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "505 (HTTP/2.0)": b"GET / HTTP/2.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "400 (Content-Length + Transfer-Encoding; ours)": b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
        "413 (declared body over 1 MiB)": b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n",
    }
    for name, payload in probes.items():
        responses, _, error = exchange(port, payload, timeout=10)
        if not responses:
            checks.figure(f"{name}: no answer ({error})")
            continue
        response = responses[0]
        ours = response.header("content-security-policy") is not None and response.header("x-content-type-options") == "nosniff"
        checks.figure(f"{name}: status {response.status}, "
                      + ("carries our headers" if ours else "made by libmicrohttpd: none of our headers (exempt)"))
    status = server.stop()
    checks.check(status == 0, f"the server stops cleanly (exit {status})")
    checks.finish()


if __name__ == "__main__":
    main()
