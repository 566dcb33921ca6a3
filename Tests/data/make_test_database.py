#!/usr/bin/env python3
"""Builds the SQLite file the own-data tests (Tests/data) serve.

    python3 Tests/data/make_test_database.py OUT.sqlite

or `build(path)` from Python. The content is deterministic (one seeded
random.Random); the file uses the plain rollback journal (journal_mode=DELETE,
never WAL). What it holds, each part aimed at one way a list can go wrong:

- `items`: rowid table, INTEGER PRIMARY KEY `id` (gaps of 10, negative and
  beyond 2^53 ids), 300 rows; `score` a nullable INTEGER full of ties and
  NULLs; `label` TEXT COLLATE NOCASE (case-only ties); `mixed` without a type
  (integers, reals, text, blobs, NULL; 1 and 1.0; 2^53+1 next to 2.0^53);
  `big` INTEGER (2^62+1, -2^63, 2^63-1, ...); `ratio` REAL (0.1, 1e300,
  -0.0, 5e-324, +-Infinity, integral reals); `note` TEXT with markup and
  non-ASCII.
- `paths`: WITHOUT ROWID, compound TEXT key PRIMARY KEY (dir, name) declared
  in another order than the columns (name, dir, ...); key parts with
  `/ , % ? # & .. ~`, spaces, `+ = ;`, `007`, é, 日本, emoji, case twins.
- `codes`: rowid table with a TEXT PRIMARY KEY holding NULLs (allowed in
  rowid tables), the non-NULL values distinct.
- `events`: rowid table without any primary key, with fully duplicated rows.
- `empty`: no rows.
- `authors` (AUTOINCREMENT: a sqlite_sequence table) and `books` (foreign key
  to authors, some NULL), `book_list`: a view joining them (LEFT JOIN: a
  nullable `author`).
- `books_fts`: FTS5 with content='books' (shadow tables books_fts_data,
  _idx, _docsize, _config), `notes_fts4`: FTS4 (shadow tables _content,
  _segments, _segdir, _docsize, _stat); neither nor their shadows are lists.
- `order items.v2 é`: a name with a space, a dot and non-ASCII; columns
  `unit price`, `qté`, `a&b=c#d`.
- `sensor_data`: an ordinary table whose name merely ends like a shadow
  table: it IS a list.
- `measurements`: WITHOUT ROWID with a REAL PRIMARY KEY.
- ANALYZE leaves sqlite_stat1 (not a list).
"""
import random
import sqlite3
import sys

SEED = 20261202

# Names the tests use; the lists the server must serve, in no particular order.
LISTS = ["items", "paths", "codes", "events", "empty", "authors", "books", "book_list",
         "order items.v2 é", "sensor_data", "readings_union", "readings_mixed", "measurements"]
EMPTY_LIST = "empty"
# Lists PostgreSQL cannot hold (a view whose arms give one column values of several types).
SQLITE_ONLY = {"readings_mixed"}
# The lists of the portable copy (postgresql_copy.py).
PORTABLE_LISTS = [name for name in LISTS if name not in SQLITE_ONLY]

# Key parts of `paths` (dir, name): every awkward character of the URL scheme.
PATH_DIRS = ["/", "a/b", "a,b", "100%", "what?", "#hash", "x&y", "..", "../..", "with space",
             "~tilde", "é", "日本", "🙂 emoji", "007", "plus+equals=semi;", "A", "a"]
PATH_NAMES = ["index.html", "a,b", "50% off", "q?x=1&y=2", "..", "~", " ", "日本語.txt",
              "café", "🙂", "007", "7", "A", "a", "-", "_", "a~20b", "%20"]


def _quote(name):
    return '"' + name.replace('"', '""') + '"'


def build(path):
    """Writes the test database to `path` (which must not exist yet)."""
    rng = random.Random(SEED)
    db = sqlite3.connect(str(path), isolation_level=None)
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("BEGIN")

    # --- items ---------------------------------------------------------------
    db.execute("""CREATE TABLE items (
        id INTEGER PRIMARY KEY,
        score INTEGER,
        label TEXT COLLATE NOCASE,
        mixed,
        big INTEGER,
        ratio REAL,
        note TEXT)""")
    ids = [10 * i for i in range(1, 293)] + [-7, 0, 2**53 + 1, 2**62 + 1, 2**63 - 1, 5, 15, 2**53]
    assert len(ids) == 300 and len(set(ids)) == 300
    labels = ["apple", "Apple", "APPLE", "banana", "Banana", "cherry", "Éclair", "éclair",
              "zeta", "Zeta", "_under", "a b", "a", "", "10", "9", None, None]
    mixed_values = [0, -1, 1, 1.0, 2**53 + 1, float(2**53), 2**62 + 1, float(2**62), -2**63, 2**63 - 1,
                    0.5, -0.5, 1e300, -1e300, "abc", "ABC", "", "10", "9", "é", "日本",
                    b"", b"\x00", b"\x00\xff", b"\xff", b"abc", None, None]
    bigs = [2**62 + 1, -2**63, 2**63 - 1, 2**53 + 1, 2**53, -(2**53) - 1, 0, 1, -1, None]
    ratios = [0.1, 0.2, 0.30000000000000004, 1e300, -1e300, -0.0, 0.0, 5e-324, 1e-300,
              float("inf"), float("-inf"), 1.0, 2.5, -3.0, 123456789.125, 1 / 3, None, None]
    notes = ["<b>bold</b> & \"quoted\"", "line\nbreak", "tab\there", "日本語のテキスト", "emoji 🙂👍🏽",
             "'single'", "a" * 120, "", None, "plain"]
    for n, item_id in enumerate(ids):
        score = None if rng.random() < 0.25 else rng.randrange(6)
        db.execute("INSERT INTO items VALUES (?,?,?,?,?,?,?)",
                   (item_id, score, rng.choice(labels), mixed_values[n % len(mixed_values)],
                    rng.choice(bigs), rng.choice(ratios), rng.choice(notes)))

    # --- paths (WITHOUT ROWID, compound TEXT key) ------------------------------
    db.execute("""CREATE TABLE paths (
        name TEXT NOT NULL,
        dir TEXT NOT NULL,
        size INTEGER,
        owner TEXT,
        PRIMARY KEY (dir, name)) WITHOUT ROWID""")
    pairs = set()
    while len(pairs) < 45:
        pairs.add((rng.choice(PATH_DIRS), rng.choice(PATH_NAMES)))
    for d, name in sorted(pairs):
        db.execute("INSERT INTO paths VALUES (?,?,?,?)",
                   (name, d, rng.choice([None, 0, 1, 1, 4096, 2**40]), rng.choice([None, "root", "ünïcode", "bob"])))

    # --- codes (rowid table, TEXT PRIMARY KEY with NULLs) ----------------------
    db.execute("CREATE TABLE codes (code TEXT PRIMARY KEY, description TEXT, weight REAL)")
    code_values = ["A1", "a1", "B 2", "C/3", "d,4", "é5", "日6", "🙂7", "008", "8", "~9", "x.y", "%41"]
    code_values += [f"K{n:03d}" for n in range(20)]
    rng.shuffle(code_values)
    rows = [(c,) for c in code_values] + [(None,)] * 7
    rng.shuffle(rows)
    for (code,) in rows:
        db.execute("INSERT INTO codes VALUES (?,?,?)",
                   (code, rng.choice(["first", "second", None, "third"]), rng.choice([None, 0.25, 1.5, 2.0, -1.0])))

    # --- events (rowid table without a primary key, duplicate rows) ----------
    db.execute("CREATE TABLE events (at TEXT, kind TEXT, payload)")
    for _ in range(50):
        db.execute("INSERT INTO events VALUES (?,?,?)",
                   (rng.choice(["2026-01-01", "2026-01-02", None]), rng.choice(["open", "close", None]),
                    rng.choice([1, 2.5, "x", b"\x01\x02", None])))

    # --- empty -----------------------------------------------------------------
    db.execute("CREATE TABLE empty (id INTEGER PRIMARY KEY, value TEXT)")

    # --- authors, books (foreign key), book_list (view) -------------------------
    db.execute("CREATE TABLE authors (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, country TEXT)")
    db.execute("""CREATE TABLE books (
        id INTEGER PRIMARY KEY,
        author_id INTEGER REFERENCES authors(id) ON DELETE SET NULL,
        title TEXT NOT NULL,
        year INTEGER)""")
    author_names = ["Ursula K. Le Guin", "Stanisław Lem", "村上春樹", "Chinua Achebe", "Jorge Luis Borges",
                    "Toni Morrison", "Italo Calvino", "Wisława Szymborska", "Naguib Mahfouz", "Anonymous"]
    for name in author_names:
        db.execute("INSERT INTO authors (name, country) VALUES (?, ?)",
                   (name, rng.choice(["PL", "JP", "US", "NG", "AR", "IT", "EG", None])))
    words = ["The", "Dispossessed", "Solaris", "Kafka", "Shore", "Things", "Fall", "Apart", "Ficciones",
             "Beloved", "Invisible", "Cities", "Night", "Palace", "é", "日本"]
    for book_id in range(1, 41):
        title = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4)))
        db.execute("INSERT INTO books VALUES (?,?,?,?)",
                   (book_id, None if rng.random() < 0.2 else rng.randrange(1, 11), title,
                    rng.choice([None, 1950, 1969, 1974, 1987, 2001])))
    db.execute("""CREATE VIEW book_list AS
        SELECT b.id AS book_id, b.title AS title, a.name AS author, b.year AS year
        FROM books b LEFT JOIN authors a ON a.id = b.author_id""")

    # --- full-text tables (not lists, nor their shadow tables) ------------------
    db.execute("CREATE VIRTUAL TABLE books_fts USING fts5(title, content='books', content_rowid='id')")
    db.execute("INSERT INTO books_fts(books_fts) VALUES ('rebuild')")
    db.execute("CREATE VIRTUAL TABLE notes_fts4 USING fts4(body)")
    for n in range(5):
        db.execute("INSERT INTO notes_fts4 (body) VALUES (?)", (f"note number {n}",))

    # --- a name with a space, a dot and non-ASCII --------------------------------
    db.execute(f"""CREATE TABLE {_quote("order items.v2 é")} (
        id INTEGER PRIMARY KEY,
        "unit price" REAL,
        "qté" INTEGER,
        "a&b=c#d" TEXT)""")
    for n in range(1, 26):
        db.execute(f"INSERT INTO {_quote('order items.v2 é')} VALUES (?,?,?,?)",
                   (n, rng.choice([None, 9.99, 0.1, 100.0, 12.5]), rng.choice([None, 1, 2, 3]),
                    rng.choice(["x", "y&z", None, "ü"])))

    # --- an ordinary table that ends like a shadow table ------------------------
    db.execute("CREATE TABLE sensor_data (id INTEGER PRIMARY KEY, value REAL)")
    for n in range(1, 16):
        db.execute("INSERT INTO sensor_data VALUES (?, ?)", (n, rng.choice([None, 20.5, 21.0, -4.25])))

    # --- views over compound SELECTs: each arm's values take the left-most arm's
    # affinity as the view gives them (0 is read as 0.0), a text that reads as a
    # number stays text ('0'): a page's conditions must see the values it shows.
    db.execute("CREATE VIEW readings_union AS SELECT value FROM sensor_data UNION ALL SELECT 0 FROM events")
    db.execute("""CREATE VIEW readings_mixed AS
        SELECT value FROM sensor_data UNION ALL SELECT payload FROM events UNION ALL SELECT '0' UNION ALL SELECT 1.0""")

    # --- WITHOUT ROWID with a REAL key ------------------------------------------
    db.execute("CREATE TABLE measurements (at REAL PRIMARY KEY, reading INTEGER) WITHOUT ROWID")
    for at in [0.1, 1e300, -2.5, 1e-7, 3.0, 123456789.125, 2.0**53, -0.5]:
        db.execute("INSERT INTO measurements VALUES (?, ?)", (at, rng.choice([None, 1, 2])))

    db.execute("COMMIT")
    db.execute("ANALYZE")  # sqlite_stat1 (and sqlite_sequence from AUTOINCREMENT)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    db.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_test_database.py OUT.sqlite")
    build(sys.argv[1])
