#!/usr/bin/env python3
"""A Debian-shaped sample for the layout tests (issue 46): one SQLite table,
`packages`, of 300 made-up packages with the ten columns of Debian's package
index (name, version, section, priority, installed_size, maintainer, homepage,
depends, summary, description), the long `depends` and `description` texts
included, and an FTS5 index over summary and description.

    python3 Tests/e2e/debian_sample.py OUT.sqlite

or `build(path)` from Python. Deterministic (one seeded random.Random), made
from word lists here, never from the machine's apt state.
"""
import random
import sqlite3
import sys

COUNT = 300
STEMS = ["acl", "apt", "bash", "bison", "bzip", "cairo", "curl", "dbus", "dpkg", "emacs", "expat", "fontconfig",
         "gawk", "gdbm", "glib", "gnutls", "gpg", "grep", "gtk", "icu", "jpeg", "krb", "lz", "m4", "nano", "ncurses",
         "nettle", "openssl", "pam", "pango", "pcre", "perl", "png", "popt", "readline", "sed", "sqlite", "ssh",
         "systemd", "tar", "tiff", "udev", "vim", "wget", "xml", "xz", "yaml", "zlib", "zstd"]
FORMS = ["{}", "lib{}1", "lib{}-dev", "lib{}-doc", "python3-{}", "{}-utils", "{}-common", "lib{}0t64", "ruby-{}"]
SPECIAL = ["g++", "python3.11", "libstdc++6", "c++filt", "gcc-13+dev", "x.org-base"]
SECTIONS = ["admin", "devel", "doc", "editors", "libs", "libdevel", "net", "python", "ruby", "text", "utils", "web"]
PRIORITIES = ["required", "important", "standard", "optional", "optional", "optional", "extra"]
PEOPLE = ["Debian Python Team <team+python@tracker.debian.org>", "Josué Ortega <josue@debian.org>",
          "Debian GCC Maintainers <debian-gcc@lists.debian.org>", "Håkon Nessjøen <haakon@example.org>",
          "Debian Ruby Team <pkg-ruby-extras-maintainers@lists.alioth.debian.org>", "Anna Kowalska <anna@debian.org>",
          "Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>", "Jo Shields <directhex@apebox.org>"]
WORDS = ["library", "tool", "format", "support", "files", "network", "data", "fast", "simple", "interface",
         "compression", "parser", "runtime", "shared", "development", "documentation", "command-line", "portable",
         "secure", "extensible", "binding", "module", "protocol", "terminal", "graphical", "streaming", "index"]


def names(rng):
    """COUNT distinct package names, the special ones (g++, python3.11) among them."""
    found = list(SPECIAL)
    while len(found) < COUNT:
        name = rng.choice(FORMS).format(rng.choice(STEMS) + rng.choice(["", "", "2", "3", "-ng", "5.36"]))
        if name not in found:
            found.append(name)
    return sorted(found)


def version(rng):
    upstream = ".".join(str(rng.randint(0, 12)) for _ in range(rng.randint(2, 3)))
    return f"{rng.choice(['', '', '1:', '2:'])}{upstream}-{rng.randint(1, 9)}{rng.choice(['', '', '+b1', 'ubuntu2', '+deb12u1'])}"


def depends(rng, pool):
    """A long Depends field: 6 to 30 packages, some versioned, some alternatives."""
    parts = []
    for _ in range(rng.randint(6, 30)):
        part = rng.choice(pool)
        if rng.random() < 0.4:
            part += f" (>= {version(rng)})"
        if rng.random() < 0.15:
            part += " | " + rng.choice(pool)
        parts.append(part)
    return ", ".join(parts)


def sentence(rng, low, high):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize()


def package(rng, name, pool):
    size = rng.choice([None, rng.randint(8, 900), rng.randint(900, 250_000)]) if rng.random() < 0.05 else rng.randint(8, 250_000)
    summary = f"{sentence(rng, 3, 7).lower()} for {name}"
    description = "\n".join(sentence(rng, 12, 30) + "." for _ in range(rng.randint(3, 9)))
    return (name, version(rng), rng.choice(SECTIONS), rng.choice(PRIORITIES), size, rng.choice(PEOPLE),
            f"https://{name.replace('+', 'plus')}.example.org/projects/{name}/" if rng.random() < 0.8 else None,
            depends(rng, pool), summary, description)


def build(path):
    """Writes the sample to `path` (a new file)."""
    rng = random.Random(46)
    every = names(rng)
    with sqlite3.connect(path) as db:
        db.execute("""CREATE TABLE packages (name TEXT PRIMARY KEY, version TEXT NOT NULL, section TEXT,
                      priority TEXT, installed_size INTEGER, maintainer TEXT, homepage TEXT, depends TEXT,
                      summary TEXT, description TEXT)""")
        db.executemany("INSERT INTO packages VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [package(rng, name, every) for name in every])
        # Full-text search over the texts, as a user of Debian's index would make it (issue 47).
        db.execute("CREATE VIRTUAL TABLE packages_fts USING fts5 (summary, description, content = 'packages')")
        db.execute("INSERT INTO packages_fts (packages_fts) VALUES ('rebuild')")
    db.close()


if __name__ == "__main__":
    build(sys.argv[1])
