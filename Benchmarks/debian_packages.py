#!/usr/bin/env python3
"""Debian's package index as a SQLite table, for the benchmarks beside Datasette:

    apt-cache dumpavail | python3 Benchmarks/debian_packages.py OUT.sqlite [COPIES]

Reads package records (as `apt-cache dumpavail` or /var/lib/dpkg/status print them)
from standard input into one table, `packages`, keyed by the package's name, with the
ten columns of the index people browse (name, version, section, priority,
installed_size in KiB, maintainer, homepage, depends, summary, description: the long
description's lines joined) and an FTS5 index over summary and description. Real data
no one here made: the machine's own package lists. COPIES (default 1) repeats every
package that many times, the copies named NAME~2, NAME~3, …: a table as many times larger
with the same words in the same proportions (16 copies of Debian 12's index: 1,019,152 rows).
"""
import sqlite3
import sys


def records(lines):
    """Each record as {field: value}; a continuation line (leading space) extends the last field."""
    record, field = {}, None
    for line in lines:
        line = line.rstrip("\n")
        if not line:
            if record:
                yield record
            record, field = {}, None
        elif line[0] in " \t":
            if field:
                record[field] += "\n" + (line.strip() if line.strip() != "." else "")
        else:
            field, _, value = line.partition(":")
            record[field] = value.strip()
    if record:
        yield record


def row(record):
    summary, _, description = record.get("Description", "").partition("\n")
    size = record.get("Installed-Size", "")
    return (record["Package"], record.get("Version"), record.get("Section"), record.get("Priority"),
            int(size) if size.isdigit() else None, record.get("Maintainer"), record.get("Homepage"),
            record.get("Depends"), summary, description.strip() or None)


def main(path, copies):
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE packages (
        name TEXT PRIMARY KEY, version TEXT, section TEXT, priority TEXT, installed_size INTEGER,
        maintainer TEXT, homepage TEXT, depends TEXT, summary TEXT, description TEXT)""")
    rows = [row(r) for r in records(sys.stdin) if "Package" in r]
    for copy in range(1, copies + 1):
        db.executemany("INSERT OR REPLACE INTO packages VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (r if copy == 1 else (f"{r[0]}~{copy}",) + r[1:] for r in rows))
    db.execute("CREATE VIRTUAL TABLE packages_fts USING fts5 (summary, description, content = 'packages')")
    db.execute("INSERT INTO packages_fts (packages_fts) VALUES ('rebuild')")
    db.commit()
    count = db.execute("SELECT count(*) FROM packages").fetchone()[0]
    if count == 0:
        sys.exit("no package records on standard input")
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
