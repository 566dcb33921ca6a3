"""The own-data test database made portable and loaded into PostgreSQL, so
the same data can be served from both sources and compared row for row
(test_postgresql.py).

A PostgreSQL column holds one type, a SQLite column any value, so the copy
(the same rows in a new SQLite file and in a PostgreSQL database) differs
from the generated database where it must:

- a column holding values of more than one storage class (`items.mixed`,
  `events.payload`) is left out of both;
- a column's type is its values' storage class: INTEGER / bigint, REAL /
  double precision, TEXT / text, BLOB / bytea; collations are dropped (SQLite's
  BINARY is code point order, which the server asks PostgreSQL for);
- a primary key that holds NULL (`codes.code`; PostgreSQL's never does) is
  dropped, and a table without a primary key is paged by all its columns on
  both sides: in SQLite it is a view (`NAME`) over a table (`_rows_NAME`),
  since a SQLite table without a key is paged by its rowid, which PostgreSQL
  has not;
- a primary key other than one INTEGER column makes a WITHOUT ROWID table;
- views keep their SQL, but for those PostgreSQL cannot hold (`SQLITE_ONLY`);
  full-text and SQLite's own tables are not copied.

The PostgreSQL side is loaded with psql (no Python driver needed).
"""
import math
import re
import sqlite3
import subprocess

import make_test_database
from support import quote_identifier

TYPES = {"integer": ("INTEGER", "bigint"), "real": ("REAL", "double precision"),
         "text": ("TEXT", "text"), "blob": ("BLOB", "bytea")}
AFFINITY_CLASS = {"INTEGER": "integer", "REAL": "real", "TEXT": "text", "BLOB": "blob"}


def _literal(value):
    """`value` as a PostgreSQL literal."""
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity") if math.isinf(value) else repr(value)
        return f"'{text}'::float8"
    if isinstance(value, bytes):
        return f"'\\x{value.hex()}'::bytea"
    return "'" + value.replace("'", "''") + "'"


def _declared_class(declared):
    declared = (declared or "").upper()
    for word, storage in (("INT", "integer"), ("CHAR", "text"), ("CLOB", "text"), ("TEXT", "text"),
                          ("REAL", "real"), ("FLOA", "real"), ("DOUB", "real")):
        if word in declared:
            return storage
    return "text"


def build(source, target, psql, conninfo):
    """Writes the portable copy of the SQLite file `source` to the new SQLite
    file `target` and into the (empty) PostgreSQL database `conninfo`, with the
    psql program at `psql`. Returns {table: [left-out columns]}."""
    db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    out = sqlite3.connect(str(target), isolation_level=None)
    out.execute("BEGIN")
    script = ["SET client_min_messages = warning;", "BEGIN;"]
    left_out = {}
    views = []
    for name in make_test_database.PORTABLE_LISTS:
        kind, sql = db.execute("SELECT type, sql FROM sqlite_schema WHERE name = ?", (name,)).fetchone()
        q = quote_identifier(name)
        if kind == "view":
            views.append((q, re.split(r"\bAS\b", sql, maxsplit=1, flags=re.IGNORECASE)[1].strip()))
            continue
        info = db.execute(f"PRAGMA table_info({q})").fetchall()
        columns, pg_columns, sqlite_columns = [], [], []
        for _, column, declared, _, _, _ in info:
            c = quote_identifier(column)
            classes = {row[0] for row in db.execute(f"SELECT DISTINCT typeof({c}) FROM {q}")} - {"null"}
            if len(classes) > 1:
                left_out.setdefault(name, []).append(column)
                continue
            storage = classes.pop() if classes else _declared_class(declared)
            columns.append(column)
            sqlite_columns.append(f"{c} {TYPES[storage][0]}")
            pg_columns.append(f"{c} {TYPES[storage][1]}")
        pk = [column for _, column in sorted((r[5], r[1]) for r in info if r[5] > 0)]
        if pk and any(db.execute(f"SELECT 1 FROM {q} WHERE {quote_identifier(k)} IS NULL LIMIT 1").fetchone() for k in pk):
            pk = []
        key = f", PRIMARY KEY ({', '.join(map(quote_identifier, pk))})" if pk else ""
        alias = len(pk) == 1 and sqlite_columns[columns.index(pk[0])].endswith(" INTEGER")
        if pk:
            suffix = "" if alias else " WITHOUT ROWID"
            out.execute(f"CREATE TABLE {q} ({', '.join(sqlite_columns)}{key}){suffix}")
            sqlite_table = q
        else:
            sqlite_table = quote_identifier("_rows_" + name)
            out.execute(f"CREATE TABLE {sqlite_table} ({', '.join(sqlite_columns)})")
            out.execute(f"CREATE VIEW {q} AS SELECT * FROM {sqlite_table}")
        script.append(f"CREATE TABLE {q} ({', '.join(pg_columns)}{key});")
        selected = ", ".join(map(quote_identifier, columns))
        for row in db.execute(f"SELECT {selected} FROM {q}"):
            out.execute(f"INSERT INTO {sqlite_table} VALUES ({', '.join('?' * len(row))})", row)
            script.append(f"INSERT INTO {q} VALUES ({', '.join(map(_literal, row))});")
    for q, select in views:
        out.execute(f"CREATE VIEW {q} AS {select}")
        script.append(f"CREATE VIEW {q} AS {select};")
    out.execute("COMMIT")
    out.close()
    db.close()
    script.append("COMMIT;")
    subprocess.run([psql, "-q", "-v", "ON_ERROR_STOP=1", "-d", conninfo, "-f", "-"],
                   input="\n".join(script), text=True, check=True, capture_output=True)
    return left_out
