"""The same data from SQLite and from PostgreSQL gives the same answers: the
portable copy of the test database (postgresql_copy.py) served from a SQLite
file and from three PostgreSQL databases (created with the C locale, with
C.UTF-8, and with ICU's English as the default collation, where every text
comparison needs COLLATE "C"), every list walked in every order through the JSON twin
and compared row for row, detail URLs included; then filters and searches.

Runs inside a throw-away cluster (scripts/with-postgresql, which `make data`
uses); skipped without one.
"""
import base64
import contextlib
import html
import os
import pathlib
import subprocess
import tempfile

import pytest

import make_test_database
import postgresql_copy
from support import Server, ListMeta, open_oracle, prepared, sort_id, sort_param, walk_json, list_url, work_dir

CLUSTER = os.environ.get("LISTSTATE_TEST_POSTGRESQL")
pytestmark = pytest.mark.skipif(not CLUSTER, reason="no PostgreSQL cluster: run under scripts/with-postgresql")
# C: text columns compare by code point as they are (indexes serve the order); C.UTF-8 and ICU's
# English: every text comparison is written COLLATE "C".
DATABASES = {"c": "LOCALE 'C'", "c_utf8": "LOCALE 'C.UTF-8'", "icu_en": "LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C.UTF-8'"}
LIMIT = 7


def psql():
    return str(pathlib.Path(os.environ.get("LISTSTATE_TEST_POSTGRESQL_BIN", "/usr/bin")) / "psql")


def conninfo(database):
    return f"{CLUSTER} dbname={database}"


@contextlib.contextmanager
def scratch_database(name, setup, extra=()):
    """A database `name` made with `setup` (SQL) and a server over it (with `extra`
    arguments); both gone afterwards."""
    for statement in (f"DROP DATABASE IF EXISTS {name}",
                      f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'"):
        subprocess.run([psql(), "-q", "-d", CLUSTER, "-c", statement], check=True, capture_output=True)
    subprocess.run([psql(), "-q", "-v", "ON_ERROR_STOP=1", "-d", conninfo(name), "-c", setup],
                   check=True, capture_output=True)
    server = Server(extra=["--database-url", conninfo(name), *extra])
    try:
        yield server
    finally:
        server.stop()
        subprocess.run([psql(), "-q", "-d", CLUSTER, "-c",
                        f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"],
                       capture_output=True)
        subprocess.run([psql(), "-q", "-d", CLUSTER, "-c", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


_copy = {}


def portable():
    """(the portable SQLite file, {list name: ListMeta}); the PostgreSQL databases loaded once."""
    if not _copy and CLUSTER:
        source, _ = prepared()
        target = work_dir() / "portable.sqlite"
        for name, locale in DATABASES.items():
            database = "liststate_" + name
            for statement in (f"DROP DATABASE IF EXISTS {database}",
                              f"CREATE DATABASE {database} TEMPLATE template0 ENCODING 'UTF8' {locale}"):
                subprocess.run([psql(), "-q", "-d", CLUSTER, "-c", statement], check=True, capture_output=True)
            if target.exists():
                target.unlink()
            postgresql_copy.build(source, target, psql(), conninfo(database))
        db = open_oracle(target)
        _copy["path"] = target
        _copy["metas"] = {name: ListMeta(db, name) for name in make_test_database.PORTABLE_LISTS}
        db.close()
    return _copy.get("path"), _copy.get("metas", {})


_, METAS = portable()
CASES = [(database, name, sort) for database in DATABASES for name, meta in METAS.items() for sort in meta.sorts()]


@pytest.fixture(scope="module")
def servers():
    path, _ = portable()
    started = {"sqlite": Server(path)}
    try:
        for name in DATABASES:
            started[name] = Server(extra=["--database-url", conninfo("liststate_" + name)])
        yield started
    finally:
        for server in started.values():
            server.stop()


def case_id(case):
    database, name, sort = case
    return f"{database}:{name}:{sort_id(sort)}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_walk_matches_sqlite(servers, case):
    database, name, sort = case
    meta = METAS[name]
    want_rows, want_urls, _ = walk_json(servers["sqlite"].client, meta, sort, LIMIT)
    got_rows, got_urls, _ = walk_json(servers[database].client, meta, sort, LIMIT)
    assert len(got_rows) == len(want_rows) == meta.count
    for index, (got, want) in enumerate(zip(got_rows, want_rows)):
        assert got == want, f"{list_url(meta, sort=sort_param(sort))} row {index}: PostgreSQL {got}, SQLite {want}"
    assert got_urls == want_urls


def filter_cases():
    """For every list and column: equal to, above and below a value of its third row, and NULL or not."""
    path, metas = portable()
    if path is None:
        return []
    db = open_oracle(path)
    cases = []
    for name, meta in metas.items():
        for column in meta.columns:
            q = '"' + column.replace('"', '""') + '"'
            row = db.execute(f"SELECT {q}, typeof({q}) FROM \"{name.replace(chr(34), chr(34) * 2)}\" "
                             f"WHERE {q} IS NOT NULL LIMIT 1 OFFSET 2").fetchone()
            cases.append((name, column + "__isnull", "1"))
            if row is None or row[1] == "blob":
                continue
            value = repr(row[0]) if row[1] == "real" else str(row[0])
            for suffix in ("", "__gt", "__lte", "__not"):
                cases.append((name, column + suffix, value))
    db.close()
    return cases


@pytest.mark.parametrize("database", list(DATABASES))
@pytest.mark.parametrize("case", filter_cases(), ids=lambda case: f"{case[0]}:{case[1]}={case[2]}")
def test_filters_match_sqlite(servers, database, case):
    name, parameter, value = case
    meta = METAS[name]
    path = list_url(meta, limit=100, **{parameter: value})
    want = servers["sqlite"].client.get(path)
    got = servers[database].client.get(path)
    assert got.status == want.status, f"{path}: PostgreSQL {got}, SQLite {want}"
    assert got.json()["rows"] == want.json()["rows"], \
        f"{path}: PostgreSQL {len(got.json()['rows'])} rows, SQLite {len(want.json()['rows'])}"


@pytest.mark.parametrize("database", list(DATABASES))
@pytest.mark.parametrize("name,query", [("items", "apple"), ("items", "a b"), ("books", "the"), ("book_list", "ficciones"),
                                        ("paths", "50%"), ("paths", "a_b"), ("items", "zzzz-nothing")])
def test_ascii_search_matches_sqlite(servers, database, name, query):
    """ASCII words match alike (SQLite's LIKE folds ASCII case only, PostgreSQL's ILIKE every letter: docs/postgresql.md)."""
    meta = METAS[name]
    path = list_url(meta, limit=100, q=query)
    want = servers["sqlite"].client.get_json(path)
    got = servers[database].client.get_json(path)
    assert (got["state"], got["rows"]) == (want["state"], want["rows"]), path


def test_types_without_an_order_are_400s_never_500s():
    """Found by QA: sorting or filtering by a json, xml, point or composite column was a 500
    (and flipped /-/readyz); the page linked to those sorts."""
    setup = ("CREATE TYPE pair AS (x integer, y text);"
             "CREATE TABLE t (id integer PRIMARY KEY, j json, x xml, pt point, c pair);"
             "INSERT INTO t VALUES (1, '{}', '<a/>', '(1,2)', ROW(1, 'a')), (2, '[]', '<b/>', '(3,4)', NULL)")
    with scratch_database("liststate_unordered", setup) as server:
        client = server.client
        page = client.get_html("/t")
        for column in ("j", "x", "pt", "c"):
            assert f"sort={column}" not in page, f"a sort link for {column}"
            for query in (f"sort={column}", f"sort=-{column}", f"{column}__gt=1"):
                answer = client.get(f"/t.json?{query}")
                assert answer.status == 400, f"{query}: {answer}"
        for query in ("j=null", "x=%3Ca/%3E", "pt=(1,2)", "c=(1,a)"):
            answer = client.get(f"/t.json?{query}")
            assert answer.status == 400, f"{query}: {answer}"
        assert client.get("/-/readyz").status == 200
        assert client.get_json("/t.json?sort=id")["rows"][0]["j"] == {}


def test_numbers_align_as_numbers_and_references_keep_the_language():
    """Found by QA: a numeric column's cells were left-aligned (its exact text was a text
    cell), and a foreign key's link to the referenced row lost `?lang=`."""
    setup = ("CREATE TABLE makers (id integer PRIMARY KEY, name text);"
             "CREATE TABLE products (id integer PRIMARY KEY, price numeric(8, 2), maker integer REFERENCES makers);"
             "INSERT INTO makers VALUES (7, 'acme'); INSERT INTO products VALUES (1, 12.50, 7)")
    with scratch_database("liststate_cells", setup) as server:
        for path in ("/products?lang=zh-Hans", "/products/1?lang=zh-Hans"):
            page = html.unescape(server.client.get_html(path))
            assert 'href="/makers/7?lang=zh-Hans"' in page, f"{path}: the reference's link"
            assert "cell-real" in page and "cell-text" not in page, f"{path}: the price is a number's cell"


def test_a_views_hidden_columns_stay_out_of_its_cursors():
    """Found by a break-it pass: a view without a key was paged by all its columns, hidden
    ones too, so every cursor (`next`, `Link`, "Load more") carried the hidden values. As
    on SQLite (TableHiddenKeyTests), it is paged by the columns it shows, every row once."""
    setup = ('CREATE TABLE acct (id integer PRIMARY KEY, "user" text, ssn text);'
             "INSERT INTO acct VALUES (1, 'ann', '123-45-6789'), (2, 'ann', '987-65-4321'), (3, 'bob', '555-55-5555'),"
             " (4, 'cat', '111-11-1111');"
             'CREATE VIEW users AS SELECT "user", ssn FROM acct')
    config = pathlib.Path(tempfile.mkdtemp(prefix="hidden-", dir=work_dir())) / "lists.json"
    config.write_text('{"lists": {"users": {"hiddenColumns": ["ssn"]}, "acct": {"hidden": true}}}')
    secrets = [b"123-45-6789", b"987-65-4321", b"555-55-5555", b"111-11-1111"]
    with scratch_database("liststate_hidden", setup, extra=["--config", str(config)]) as server:
        users, path = [], "/users.json?limit=1"
        while path and len(users) < 10:
            answer = server.client.get_json(path)
            assert "ssn" not in answer["columns"]
            users += [row["user"] for row in answer["rows"]]
            path = answer["next"]
            if path:
                cursor = path.split("cursor=")[1].split("&")[0]
                decoded = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
                assert not any(secret in decoded for secret in secrets), f"{path}: {decoded!r}"
        assert users == ["ann", "ann", "bob", "cat"], "every row once, in order"


def test_a_statement_that_fails_on_its_data_leaves_readiness_up():
    """Found by a break-it pass (on SQLite; StatementFailureTests): a statement that failed on
    what it read (here a view's subquery giving two rows for one row, SQLSTATE 21000) marked
    the source as failing, and /-/readyz answered 503 until another query succeeded."""
    setup = ("CREATE TABLE t (id integer PRIMARY KEY); INSERT INTO t VALUES (1), (2), (3);"
             "CREATE VIEW two_rows AS SELECT id, CASE WHEN id = 2 THEN (SELECT 1 UNION ALL SELECT 2) ELSE id END AS x FROM t")
    with scratch_database("liststate_statement", setup) as server:
        for path in ("/two_rows.json", "/two_rows"):
            assert server.client.get(path).status == 500, path
            assert server.client.get("/-/readyz").status == 200, f"after {path}"
        assert server.client.get_json("/t.json")["rows"] == [{"id": 1}, {"id": 2}, {"id": 3}]
