"""The command line: refused files and names, several files, a single list,
and files opened read-only."""
import hashlib
import os
import pathlib
import sqlite3
import tempfile

import pytest

from support import copy_database, work_dir, list_url, parse_html, prepared, run_expecting_exit, tilde, walk_json


def make_db(name, *statements):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="startup-", dir=work_dir()))
    path = folder / name
    db = sqlite3.connect(str(path), isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()
    return path


# sysexits(3), as `liststate serve --help` lists them (issue 16).
EX_DATAERR, EX_NOINPUT, EX_CONFIG = 65, 66, 78


def assert_refused(files, expected, names_file=None):
    status, stderr, stdout = run_expecting_exit(*files)
    assert status is not None, f"the server started instead of refusing {files}:\n{stdout[-500:]}"
    assert status == expected, f"exit status {status} for {files} (expected {expected}); stderr: {stderr[-500:]}"
    assert stderr.strip(), "no message on standard error"
    if names_file is not None:
        assert names_file.name in stderr, f"stderr does not name {names_file.name}: {stderr[-500:]}"
    return stderr


@pytest.fixture
def scratch():
    """A new folder inside this run's temporary folder (removed with it; pytest's
    own tmp_path would leave /tmp/pytest-of-USER behind)."""
    return pathlib.Path(tempfile.mkdtemp(dir=work_dir()))


def test_missing_file(scratch):
    missing = scratch / "no-such-file.sqlite"
    assert_refused([missing], EX_NOINPUT, names_file=missing)
    assert not missing.exists(), "the missing file was created"


def test_file_that_is_not_sqlite(scratch):
    garbage = scratch / "notes.sqlite"
    garbage.write_bytes(b"This is not a database.\n" * 200)
    before = garbage.read_bytes()
    assert_refused([garbage], EX_DATAERR, names_file=garbage)
    assert garbage.read_bytes() == before


@pytest.mark.parametrize("table", ["-", "static", "sw.js", "favicon.ico", "robots.txt"])
def test_name_colliding_with_a_route(table):
    path = make_db("routes.sqlite", "CREATE TABLE ok (id INTEGER PRIMARY KEY)",
                   f'CREATE TABLE "{table}" (id INTEGER PRIMARY KEY)')
    assert_refused([path], EX_CONFIG)   # the configuration can rename the list
    # `char` is only the catalogue's former row address: a user's table may take it (TableListsTests).


def test_same_list_in_two_files():
    first = make_db("first.sqlite", "CREATE TABLE things (id INTEGER PRIMARY KEY)")
    second = make_db("second.sqlite", "CREATE TABLE other (x)", "CREATE TABLE things (name TEXT)")
    assert_refused([first, second], EX_CONFIG)


def test_two_files(private_server):
    first = make_db("a.sqlite", "CREATE TABLE alpha (id INTEGER PRIMARY KEY, v TEXT)",
                    "INSERT INTO alpha VALUES (1, 'one'), (2, 'two')")
    second = make_db("b.sqlite", "CREATE TABLE beta (k TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID",
                     "INSERT INTO beta VALUES ('x', 1)")
    server = private_server(first, second)
    tree = parse_html(server.client.get_html("/"))
    hrefs = {a.attrs.get("href") for a in tree.iter("a")}
    assert {"/alpha", "/beta"} <= hrefs, f"index links: {sorted(h for h in hrefs if h)}"
    assert server.client.get_json("/alpha.json")["rows"] == [{"id": 1, "v": "one"}, {"id": 2, "v": "two"}]
    assert server.client.get_json("/beta/x.json")["row"] == {"k": "x", "n": 1}


def test_single_list_is_served_at_the_root(private_server):
    """One table (its FTS index and shadow tables are no lists): `/` shows it, canonical /NAME."""
    path = make_db("single.sqlite", "CREATE TABLE \"my notes\" (id INTEGER PRIMARY KEY, body TEXT)",
                   "INSERT INTO \"my notes\" VALUES (1, 'hello'), (2, 'world')",
                   "CREATE VIRTUAL TABLE notes_index USING fts5(body, content='my notes', content_rowid='id')",
                   "INSERT INTO notes_index(notes_index) VALUES ('rebuild')")
    server = private_server(path)
    tree = parse_html(server.client.get_html("/"))
    canonical = [link.attrs.get("href") for link in tree.iter("link") if "canonical" in (link.attrs.get("rel") or "").split()]
    assert canonical == ["/" + tilde("my notes")], f"canonical links {canonical}"
    keys = [row.attrs.get("data-key") for row in tree.iter("tr") if "row" in (row.attrs.get("class") or "").split()]
    assert keys == ["1", "2"]


def test_a_table_whose_generated_column_calls_a_missing_function_is_left_out(private_server):
    """Found by a break-it pass: a generated column calling a function the program that made
    the file had registered was served, and every page of it was a 500. It is left out, as a
    view that cannot be read is, and the log says why; the file's other lists are served."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="startup-", dir=work_dir()))
    path = folder / "generated.sqlite"
    db = sqlite3.connect(str(path), isolation_level=None)
    db.create_function("twice", 1, lambda x: 2 * x, deterministic=True)
    db.execute("CREATE TABLE g (a INTEGER PRIMARY KEY, b AS (twice(a)))")
    db.execute("INSERT INTO g (a) VALUES (1), (2)")
    db.execute("CREATE TABLE plain (a INTEGER PRIMARY KEY, b AS (a * 2) STORED)")
    db.execute("INSERT INTO plain (a) VALUES (1), (2)")
    db.close()
    server = private_server(path)
    assert server.client.get("/g").status == 404
    assert server.client.get_json("/plain.json")["rows"] == [{"a": 1, "b": 2}, {"a": 2, "b": 4}]
    assert any("“g”" in line and "twice" in line for line in server.lines), server.output()


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_files_are_opened_read_only(private_server):
    path = copy_database("readonly")
    _, metas = prepared()
    stat_before, digest_before = path.stat(), digest(path)
    server = private_server(path)
    for meta in metas.values():
        walk_json(server.client, meta, limit=50)
        server.client.get(list_url(meta, json_twin=False))
    siblings = sorted(p.name for p in path.parent.iterdir())
    server.stop()
    assert siblings == ["test.sqlite"], f"files beside the database while serving: {siblings}"
    assert sorted(p.name for p in path.parent.iterdir()) == ["test.sqlite"]
    assert digest(path) == digest_before, "the database changed"
    assert os.stat(path).st_mtime_ns == stat_before.st_mtime_ns, "the database's modification time changed"
