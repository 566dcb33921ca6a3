"""Black-box tests of own data: `liststate serve FILE.sqlite` against the
behaviour docs/reference/urls.md and docs/design.md describe. The server binary is $LISTSTATE_BINARY,
else .build/debug/liststate; run with `cd Tests/data && python3 -m pytest -q`
(scripts/install-data-test-dependencies installs pytest and jsonschema).

One server serves a copy of the database make_test_database.py generates
(into a temporary folder, removed at the end); tests that write to the file
or need other files start servers of their own. Python's sqlite3 over the
pristine file is the oracle.
"""
import sqlite3

import pytest

import support


def pytest_configure(config):
    if not support.BINARY.exists():
        raise pytest.UsageError(f"no server binary at {support.BINARY} (set LISTSTATE_BINARY)")


def pytest_unconfigure(config):
    support.cleanup()


@pytest.fixture(scope="session")
def database():
    return support.prepared()[0]


@pytest.fixture(scope="session")
def metas():
    return support.prepared()[1]


@pytest.fixture(scope="session")
def oracle(database):
    db = support.open_oracle(database)
    yield db
    db.close()


@pytest.fixture(scope="session")
def server():
    """The shared server, over a copy of the database that nobody writes."""
    started = support.Server(support.copy_database("shared"))
    yield started
    started.stop()


@pytest.fixture(scope="session")
def client(server):
    return server.client


@pytest.fixture(autouse=True)
def shared_server_alive(request):
    """Fails the test during which the shared server exited (a crash), with its last output."""
    yield
    if "server" in request.fixturenames:
        server = request.getfixturevalue("server")
        status = server.process.poll()
        if status is not None:
            pytest.fail(f"the shared server exited with status {status}:\n{server.output(40)}", pytrace=False)


@pytest.fixture
def private_server():
    """start(*files) -> a server of this test's own, stopped at the end."""
    started = []

    def start(*files, **options):
        one = support.Server(*files, **options)
        started.append(one)
        return one

    yield start
    for one in started:
        one.stop()


@pytest.fixture
def writable_copy():
    """A fresh copy of the generated database for a test that writes to it,
    and a sqlite3 connection to it (rollback journal, autocommit)."""
    path = support.copy_database("writable")
    db = sqlite3.connect(str(path), isolation_level=None)
    yield path, db
    db.close()
