"""Helpers of the own-data tests (Tests/data): the server process, an HTTP
client, the SQLite oracle (what Python's sqlite3 says each list holds, in the
contract's order), the tilde encoding, strict JSON reading and a small HTML
tree. Black-box: nothing here knows how the server does it.
"""
import base64
import html.parser
import http.client
import json
import math
import os
import pathlib
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import urllib.parse

import jsonschema

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BINARY = pathlib.Path(os.environ.get("LISTSTATE_BINARY", ROOT / ".build/debug/liststate"))
sys.path.insert(0, str(ROOT / "Tests/pysupport"))
from serve_process import ServeProcess  # noqa: E402  (the shared launcher, found through the path above)
SCHEMA_PATH = ROOT / "docs/list.schema.json"
_work = []


def work_dir():
    """This run's temporary folder (made on first use, removed by cleanup())."""
    if not _work:
        _work.append(pathlib.Path(tempfile.mkdtemp(prefix="liststate-data-")))
    return _work[0]


def cleanup():
    if _work:
        shutil.rmtree(_work.pop(), ignore_errors=True)


# --- tilde encoding (Datasette's scheme) ------------------------------------

_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def tilde(text):
    """Every UTF-8 byte outside A-Za-z0-9_- as ~XX (upper-case hex)."""
    return "".join(chr(b) if b in _SAFE else f"~{b:02X}" for b in str(text).encode("utf-8"))


def untilde(text):
    data = bytearray()
    index = 0
    raw = text.encode("ascii")
    while index < len(raw):
        if raw[index:index + 1] == b"~":
            data.append(int(raw[index + 1:index + 3], 16))
            index += 3
        else:
            data.append(raw[index])
            index += 1
    return data.decode("utf-8")


def key_part_text(value):
    """A key part as the contract renders it (integer: decimal, text: itself);
    reals have no single spelling here (see key_matches)."""
    if isinstance(value, bool) or value is None:
        raise ValueError(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return value


def detail_path(list_name, parts):
    return "/" + tilde(list_name) + "/" + ",".join(tilde(key_part_text(p)) for p in parts)


_DECIMAL = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def key_matches(url, list_name, parts):
    """Whether the detail URL `url` names the row whose key parts are `parts`:
    integers and text exactly, a real as any decimal that parses back to it."""
    prefix = "/" + tilde(list_name) + "/"
    if not isinstance(url, str) or not url.startswith(prefix):
        return False
    segments = url[len(prefix):].split(",")
    if len(segments) != len(parts):
        return False
    for segment, part in zip(segments, parts):
        if isinstance(part, float):
            try:
                text = untilde(segment)
            except (ValueError, UnicodeDecodeError):
                return False
            if not _DECIMAL.fullmatch(text) or float(text) != part:
                return False
        elif segment != tilde(key_part_text(part)):
            return False
    return True


def last_segment(url):
    return None if url is None else url.rsplit("/", 1)[1]


# --- values ------------------------------------------------------------------

def encode_value(value):
    """A SQLite value as the JSON twin must write it."""
    if value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if math.isinf(value):
            return {"$real": "Infinity" if value > 0 else "-Infinity"}
        return value
    if isinstance(value, bytes):
        return {"$base64": base64.b64encode(value).decode("ascii")}
    raise TypeError(type(value))


def same(a, b):
    """Exact equality: same JSON types (1 is not 1.0), reals equal as floats."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def _significant_digits(literal):
    mantissa = re.split(r"[eE]", literal)[0].lstrip("-+").replace(".", "")
    return mantissa.strip("0")


class JSONAnswer(dict):
    """A parsed JSON answer; `float_literals` keeps how every real was spelled."""
    float_literals = ()


def load_json(body):
    literals = []

    def parse_float(text):
        literals.append(text)
        return float(text)

    def no_constant(name):
        raise ValueError(f"non-JSON constant {name}")

    document = json.loads(body.decode("utf-8"), parse_float=parse_float, parse_constant=no_constant)
    for literal in literals:
        value = float(literal)
        assert math.isfinite(value), f"real literal {literal!r} is not finite"
        assert _significant_digits(literal) == _significant_digits(repr(value)), \
            f"real literal {literal!r} is not the shortest decimal of {value!r}"
    return document


_validator = None


def _inline_references(node, definitions):
    """The schema with its internal `#/$defs/...` references replaced by their
    targets (it has no cycles): the same meaning, validated several times faster."""
    if isinstance(node, dict):
        if set(node) == {"$ref"} and node["$ref"].startswith("#/$defs/"):
            return _inline_references(definitions[node["$ref"][len("#/$defs/"):]], definitions)
        return {k: _inline_references(v, definitions) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline_references(v, definitions) for v in node]
    return node


def validate(document):
    """Validates against docs/list.schema.json (draft 2020-12)."""
    global _validator
    if _validator is None:
        schema = json.loads(SCHEMA_PATH.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        _validator = jsonschema.Draft202012Validator(_inline_references(schema, schema.get("$defs", {})))
    if _validator.is_valid(document):
        return
    messages = []
    for error in _validator.iter_errors(document):
        # under the top oneOf, report the branch of the answer's shape (rows: a list, row: a detail)
        branch = 0 if "rows" in document else 1 if "row" in document else 2
        causes = [c for c in error.context if c.relative_schema_path and c.relative_schema_path[0] == branch] \
            if error.validator == "oneOf" else []
        for cause in causes or [error]:
            where = "/".join(map(str, cause.absolute_path)) or "(root)"
            messages.append(f"{where}: {cause.message[:200]} [{'/'.join(map(str, cause.schema_path))}]")
    assert not messages, "JSON schema: " + "; ".join(messages[:6])


# --- the oracle ----------------------------------------------------------------

def quote_identifier(name):
    return '"' + name.replace('"', '""') + '"'


class ListMeta:
    """What a table or view is, read with Python's sqlite3 (not from the server)."""

    def __init__(self, db, name):
        self.name = name
        q = quote_identifier(name)
        kind = db.execute("SELECT type FROM sqlite_schema WHERE name = ?", (name,)).fetchone()[0]
        self.columns = [d[0] for d in db.execute(f"SELECT * FROM {q} LIMIT 0").description]
        info = db.execute(f"PRAGMA table_info({q})").fetchall()
        pk = sorted((r[5], r[1]) for r in info if r[5] > 0)
        self.pk = [column for _, column in pk]
        declared = {r[1]: (r[2] or "").upper() for r in info}
        if kind == "view":
            self.kind = "view"
        else:
            try:
                db.execute(f"SELECT rowid FROM {q} LIMIT 0")
                has_rowid = True
            except Exception:
                has_rowid = False
            if not has_rowid:
                self.kind = "without_rowid"
            elif len(self.pk) == 1 and declared[self.pk[0]] == "INTEGER":
                self.kind = "alias"
            elif self.pk:
                self.kind = "rowid_pk"
            else:
                self.kind = "rowid"
        self.count = db.execute(f"SELECT count(*) FROM {q}").fetchone()[0]

    def __repr__(self):
        return f"ListMeta({self.name!r}, {self.kind})"

    @property
    def path(self):
        return "/" + tilde(self.name)

    @property
    def has_rowid(self):
        return self.kind in ("alias", "rowid_pk", "rowid")

    def tie_break(self):
        """The key columns that break ties, as SQL, in the contract's order."""
        if self.kind == "view":
            return [quote_identifier(c) for c in self.columns]
        keys = [quote_identifier(c) for c in self.pk]
        if self.kind in ("rowid_pk", "rowid"):
            keys.append("rowid")
        return keys

    def order_by(self, sort):
        """ORDER BY of the whole walk; sort is None or (column, descending)."""
        if sort is None:
            return ", ".join(self.tie_break())
        column, descending = sort
        direction = " DESC" if descending else ""
        c = quote_identifier(column)
        return f"({c} IS NULL), {c}{direction}, " + ", ".join(k + direction for k in self.tie_break())

    def expected_primary_keys(self):
        """The acceptable `primaryKeys` values (a table without a primary key
        is keyed by its rowid: the contract names no column, so [] or ["rowid"])."""
        if self.kind == "view":
            return [[]]
        if self.kind == "rowid":
            return [[], ["rowid"]]
        return [self.pk]

    def rows(self, db, sort=None):
        """[(expected JSON row, key parts or None, identity)] in the contract's order."""
        q = quote_identifier(self.name)
        select = "rowid AS __rowid__, *" if self.has_rowid else "*"
        sql = f"SELECT {select} FROM {q} ORDER BY {self.order_by(sort)}"
        cursor = db.execute(sql)
        names = [d[0] for d in cursor.description]
        result = []
        for record in cursor:
            values = dict(zip(names, record))
            rowid = values.pop("__rowid__", None)
            row = {c: encode_value(values[c]) for c in self.columns}
            if self.kind == "view":
                parts = None
                identity = tuple(repr(values[c]) for c in self.columns)
            elif self.kind == "rowid":
                parts = (rowid,)
                identity = parts
            else:
                parts = tuple(values[c] for c in self.pk)
                identity = parts if self.kind != "rowid_pk" else parts + (rowid,)
                if any(p is None for p in parts):
                    parts = None
            result.append((row, parts, identity))
        return result

    def sorts(self):
        """None and (column, descending) for every column."""
        return [None] + [(c, d) for c in self.columns for d in (False, True)]


def sort_param(sort):
    if sort is None:
        return None
    column, descending = sort
    return ("-" if descending else "") + column


def sort_id(sort):
    return "nosort" if sort is None else sort_param(sort)


def list_url(meta, json_twin=True, **params):
    """/NAME(.json)?params, the query percent-encoded (%20 for a space)."""
    query = [(k, str(v)) for k, v in params.items() if v is not None]
    path = meta.path + (".json" if json_twin else "")
    if query:
        path += "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
    return path


def query_value(url, name):
    values = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query, keep_blank_values=True).get(name, [])
    assert len(values) <= 1, f"{name} repeated in {url}"
    return values[0] if values else None


def open_oracle(database):
    """A read-only sqlite3 connection (the test's own view of the file)."""
    return sqlite3.connect(f"file:{database}?mode=ro", uri=True)


_prepared = {}


def prepared():
    """(the generated database, {list name: ListMeta}); built once per run,
    at collection time, since the tests are parametrized over its lists and columns."""
    if not _prepared:
        import make_test_database
        path = work_dir() / "test.sqlite"
        make_test_database.build(path)
        db = open_oracle(path)
        _prepared["path"] = path
        _prepared["metas"] = {name: ListMeta(db, name) for name in make_test_database.LISTS}
        db.close()
    return _prepared["path"], _prepared["metas"]


def copy_database(name):
    """A fresh copy of the generated database in a folder of its own."""
    source, _ = prepared()
    folder = pathlib.Path(tempfile.mkdtemp(prefix=name + "-", dir=work_dir()))
    target = folder / "test.sqlite"
    shutil.copyfile(source, target)
    return target


# --- walks ------------------------------------------------------------------------

def check_list_document(document, meta, path):
    """What every list answer of `meta` with data must say."""
    assert document["list"] == meta.name, f"{path}: list {document['list']!r}"
    assert document["columns"] == meta.columns, f"{path}: columns {document['columns']}"
    assert document["primaryKeys"] in meta.expected_primary_keys(), f"{path}: primaryKeys {document['primaryKeys']}"
    assert len(document["detailURLs"]) == len(document["rows"]), f"{path}: detailURLs not parallel to rows"
    for row in document["rows"]:
        assert list(row) == meta.columns, f"{path}: row keys {list(row)}"


def walk_json(client, meta, sort=None, limit=None, cursor=None, max_pages=None):
    """Follows `next` from the first page (or `cursor`) to the end: (rows, detailURLs, documents)."""
    path = list_url(meta, sort=sort_param(sort), limit=limit, cursor=cursor)
    page_size = min(limit or 20, 100)
    bound = max_pages or (meta.count // page_size + 3)
    rows, urls, documents = [], [], []
    while path is not None:
        assert len(documents) < bound, \
            f"more than {bound} pages from {list_url(meta, sort=sort_param(sort), limit=limit)}; now at {path}"
        document = client.get_json(path)
        documents.append(document)
        check_list_document(document, meta, path)
        if not rows and cursor is None and len(documents) == 1:
            expected_state = "rows" if meta.count else "noData"
            assert document["state"] == expected_state, f"{path}: state {document['state']}"
        elif not document["rows"]:
            # a cursor after the last row (a full last page that still offered more)
            assert document["state"] == "nothing", f"{path}: state {document['state']} without rows"
        else:
            assert document["state"] == "rows", f"{path}: state {document['state']}"
        assert len(document["rows"]) <= page_size, f"{path}: {len(document['rows'])} rows"
        following = document["next"]
        if following is not None:
            assert document["footer"] == "loadMore"
            assert len(document["rows"]) == page_size, f"{path}: a short page ({len(document['rows'])}) offers more"
            assert following.startswith(meta.path + ".json?"), f"{path}: next {following}"
            assert query_value(following, "cursor"), f"{path}: next {following} without a cursor"
            if limit is not None:
                # the default (20) may be left out
                kept = query_value(following, "limit") or "20"
                assert kept == str(min(limit, 100)) or kept == str(limit), f"{path}: next {following} lost the limit"
            assert query_value(following, "sort") == sort_param(sort), f"{path}: next {following} lost the sort"
        else:
            # the design's decision table: a first page holding every row (or none) ends
            # without a footer; a later page ends with endOfList
            expected_footer = "endOfList" if len(documents) > 1 or cursor is not None else "none"
            assert document["footer"] == expected_footer, f"{path}: last footer {document['footer']}"
        rows += document["rows"]
        urls += document["detailURLs"]
        path = following
    return rows, urls, documents


def describe_difference(got, want):
    """The columns whose values differ, with their JSON types; the whole rows when the shapes differ."""
    if not isinstance(got, dict) or got.keys() != want.keys():
        return f"got {got!r}, expected {want!r}"
    key = next(iter(want.items()), None)
    differences = [f"{c}: got {got[c]!r} ({type(got[c]).__name__}), expected {want[c]!r} ({type(want[c]).__name__})"
                   for c in want if not same(got[c], want[c])]
    return f"[{key[0]}={key[1]!r}] " + "; ".join(differences) + f" | expected row {want!r}"


def compare_walk(meta, expected, rows, urls, what):
    """The walk's rows against the oracle's: every row once, in order, exact values and detail URLs."""
    problems = []
    if len(rows) != len(expected):
        problems.append(f"{len(rows)} rows, expected {len(expected)}")
        fingerprint = lambda row: json.dumps(row, sort_keys=True, default=repr)
        got_prints = [fingerprint(r) for r in rows]
        want_prints = [fingerprint(r) for r, _, _ in expected]
        missing = [p for p in want_prints if p not in set(got_prints)]
        extra = [p for p in got_prints if p not in set(want_prints)]
        repeated = sorted({p for p in got_prints if got_prints.count(p) > want_prints.count(p)})
        for label, found in (("missing", missing), ("unexpected", extra), ("repeated", repeated)):
            if found:
                problems.append(f"{len(found)} {label}, e.g. {found[:3]}")
    for index, ((want, parts, _), got, url) in enumerate(zip(expected, rows, urls)):
        if not same(got, want):
            problems.append(f"row {index}: {describe_difference(got, want)}")
        elif parts is None:
            if url is not None:
                problems.append(f"row {index}: detail URL {url!r}, expected null")
        elif not key_matches(url, meta.name, parts):
            problems.append(f"row {index}: detail URL {url!r}, expected {detail_path(meta.name, parts)!r}")
        if len(problems) >= 5:
            break
    assert not problems, f"{what}:\n  " + "\n  ".join(problems)


def walk_html(client, meta, sort=None, limit=None):
    """Follows the rel=next links of full pages: [(data-key, id, detail hrefs)], [page texts]."""
    path = list_url(meta, json_twin=False, sort=sort_param(sort), limit=limit)
    page_size = min(limit or 20, 100)
    bound = meta.count // page_size + 3
    rows, pages = [], []
    while path is not None:
        assert len(pages) < bound, f"more than {bound} pages"
        text = client.get_html(path)
        pages.append((path, text))
        page = PageRows(text, meta)
        rows += page.rows
        if page.next is not None:
            assert page.next.startswith(meta.path + "?"), f"{path}: rel=next {page.next}"
            assert query_value(page.next, "cursor"), f"{path}: rel=next {page.next} without a cursor"
            assert query_value(page.next, "sort") == sort_param(sort), f"{path}: rel=next {page.next} lost the sort"
        path = page.next
    return rows, pages


def compare_html_rows(meta, html_rows, urls, what):
    """HTML rows against the JSON walk's detail URLs: same count, data-key =
    the URL's KEY, the row's detail link = the URL (none when null)."""
    assert len(html_rows) == len(urls), f"{what}: {len(html_rows)} HTML rows, {len(urls)} JSON rows"
    problems = []
    for index, ((key, _, links), url) in enumerate(zip(html_rows, urls)):
        if url is None:
            if links:
                problems.append(f"row {index}: detail links {links} where JSON has none")
        else:
            if key != last_segment(url):
                problems.append(f"row {index}: data-key {key!r}, JSON key {last_segment(url)!r}")
            if links != [url]:
                problems.append(f"row {index}: detail links {links}, JSON {url!r}")
        if len(problems) >= 5:
            break
    assert not problems, f"{what}:\n  " + "\n  ".join(problems)


# --- HTTP ---------------------------------------------------------------------

class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self):
        return self.body.decode("utf-8")

    def json(self):
        return load_json(self.body)

    def __repr__(self):
        return f"<{self.status} {self.headers.get('content-type')} {self.body[:300]!r}>"


class Client:
    """Keep-alive HTTP/1.1 to the server, one connection per thread."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.local = threading.local()

    def _connection(self):
        if getattr(self.local, "connection", None) is None:
            self.local.connection = http.client.HTTPConnection(self.host, self.port, timeout=20)
        return self.local.connection

    def get(self, path, headers=None):
        for attempt in range(2):
            connection = self._connection()
            try:
                connection.request("GET", path, headers=headers or {})
                answer = connection.getresponse()
                body = answer.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError,
                    http.client.CannotSendRequest, http.client.ResponseNotReady):
                connection.close()
                self.local.connection = None
                if attempt:
                    raise
                continue
            response = Response(answer.status, {k.lower(): v for k, v in answer.getheaders()}, body)
            if response.headers.get("connection", "").lower() == "close":
                connection.close()
                self.local.connection = None
            return response

    def get_json(self, path, status=200):
        response = self.get(path)
        assert response.status == status, f"GET {path}: {response}"
        assert "application/json" in response.headers.get("content-type", ""), \
            f"GET {path}: content-type {response.headers.get('content-type')}"
        document = response.json()
        validate(document)
        assert document["status"] == response.status, f"GET {path}: status field {document['status']}"
        return document

    def get_html(self, path, status=200, hx=False):
        response = self.get(path, {"HX-Request": "true"} if hx else None)
        assert response.status == status, f"GET {path} (hx={hx}): {response}"
        assert "text/html" in response.headers.get("content-type", ""), \
            f"GET {path}: content-type {response.headers.get('content-type')}"
        return response.text


# --- the server -----------------------------------------------------------------

class Server(ServeProcess):
    """`liststate serve --port 0 FILE...`; its output (stdout and stderr) kept in `lines`."""

    def __init__(self, *files, extra=(), start_timeout=60):
        super().__init__(BINARY, [*extra, *files], timeout=start_timeout, keep_lines=2000)
        self.client = Client(self.url)


def run_expecting_exit(*files, timeout=20):
    """Starts `serve` over files that must be refused: (exit status, stderr,
    stdout). A server that starts instead is stopped, and the status is None."""
    process = subprocess.Popen([str(BINARY), "serve", "--port", "0", *map(str, files)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, err, out
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            out, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        return None, err, out


# --- HTML ---------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent=None):
        self.tag = tag
        self.attrs = attrs
        self.children = []
        self.parent = parent

    def iter(self, tag=None):
        for child in self.children:
            if isinstance(child, Node):
                if tag is None or child.tag == tag:
                    yield child
                yield from child.iter(tag)

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def find_id(self, element_id):
        return next((n for n in self.iter() if n.attrs.get("id") == element_id), None)

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>"


class _Builder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse_html(text):
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


class PageRows:
    """The rows of an HTML page or fragment: (data-key, id, detail href) each, and the next link."""

    def __init__(self, text, meta):
        self.tree = parse_html(text)
        self.rows = []
        self.without_record_class = 0   # the contract's <li class="row record"> (<tr> in the table layout)
        prefix = meta.path + "/"
        for element in self.tree.iter():
            if element.tag not in ("li", "tr") or "row" not in element.classes():
                continue
            self.without_record_class += "record" not in element.classes()
            detail = [a.attrs.get("href") for a in element.iter("a") if (a.attrs.get("href") or "").startswith(prefix)]
            self.rows.append((element.attrs.get("data-key"), element.attrs.get("id"), detail))
        nexts = [a.attrs["href"] for a in self.tree.iter("a")
                 if "next" in (a.attrs.get("rel") or "").split() and a.attrs.get("href")]
        assert len(nexts) <= 1, f"several rel=next links: {nexts}"
        self.next = nexts[0] if nexts else None


def check_html(text, fragment=None, name="page"):
    """`liststate check [--fragment F] FILE`: (exit status, diagnostics)."""
    directory = work_dir() / "check"
    directory.mkdir(exist_ok=True)
    path = directory / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".html")
    path.write_text(text, encoding="utf-8")
    command = [str(BINARY), "check"] + (["--fragment", fragment] if fragment else []) + [str(path)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    return result.returncode, (result.stdout + result.stderr).strip()
