"""Lists over a PostgreSQL database (`liststate serve --database-url …`) in a
real browser, in both modes (our script; htmx 2 with the companion) and with
JavaScript off: the shop of test_own_data.py loaded into a database of the
throw-away cluster (scripts/with-postgresql; skipped without one), scrolled,
searched, sorted and checked; a table locked by another transaction is a 503
with the retry footer, and the retry goes on where it stopped.
"""
import os
import pathlib
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, _browser
from test_own_data import (NONSENSE, PAGE, ROWS, checked, has, keys, list_requests, mode_arguments, product, records,
                           scroll_to_the_end, text_of)
from test_search import type_into

CLUSTER = os.environ.get("LISTSTATE_TEST_POSTGRESQL")
pytestmark = pytest.mark.skipif(not CLUSTER, reason="no PostgreSQL cluster: run under scripts/with-postgresql")
DATABASE = "liststate_e2e_shop"


def psql(sql, database=DATABASE, background=False):
    program = str(pathlib.Path(os.environ.get("LISTSTATE_TEST_POSTGRESQL_BIN", "/usr/bin")) / "psql")
    command = [program, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", f"{CLUSTER} dbname={database}", "-c", sql]
    environment = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    if background:
        return subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return subprocess.run(command, env=environment, check=True, capture_output=True, text=True).stdout


def literal(value):
    return "NULL" if value is None else str(value) if isinstance(value, (int, float)) else "'" + value.replace("'", "''") + "'"


class DatabaseServer(Server):
    """`liststate serve --port 0 --database-url CONNINFO`."""

    @staticmethod
    def source_arguments(conninfo):
        return ["--database-url", conninfo]


@pytest.fixture(scope="module")
def shop():
    """The shop in a PostgreSQL database made for this module, dropped at its end."""
    psql(f"DROP DATABASE IF EXISTS {DATABASE}", database="postgres")
    psql(f"CREATE DATABASE {DATABASE} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'", database="postgres")
    rows = ", ".join("(" + ", ".join(map(literal, product(i))) + ")" for i in range(1, ROWS + 1))
    psql("CREATE TABLE makers (id integer PRIMARY KEY, name text NOT NULL);"
         "CREATE TABLE products (id integer PRIMARY KEY, name text NOT NULL, price double precision,"
         " maker integer REFERENCES makers (id));"
         "CREATE TABLE empty (id integer PRIMARY KEY, label text);"
         "INSERT INTO makers SELECT m, 'maker ' || m FROM generate_series(1, 5) m;"
         f"INSERT INTO products VALUES {rows};")
    yield f"{CLUSTER} dbname={DATABASE}"
    psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{DATABASE}'", database="postgres")
    psql(f"DROP DATABASE IF EXISTS {DATABASE}", database="postgres")


@pytest.fixture(scope="module")
def shop_servers(shop):
    started = {}

    def get(mode):
        if mode not in started:
            started[mode] = DatabaseServer(f"postgresql-{mode}", shop, *mode_arguments(mode))
        return started[mode]

    yield get
    for server in started.values():
        server.stop()


@pytest.fixture
def pg_browser(request, drivers, shop_servers, mode):
    yield from _browser(request, drivers, shop_servers, mode, True)


@pytest.fixture
def pg_nojs_browser(request, drivers, shop_servers):
    yield from _browser(request, drivers, shop_servers, "client", False)


def test_scrolling_shows_every_row_once_in_key_order(pg_browser):
    browser = pg_browser
    browser.get("/products")
    assert keys(browser) == list(range(1, PAGE + 1))
    scroll_to_the_end(browser, ROWS // PAGE + 2)
    assert keys(browser) == list(range(1, ROWS + 1)), "a row missing, repeated or out of order"
    assert "All 230 rows are shown" in text_of(browser, "#list-footer") or has(browser, "#list .list-footer-end")
    browser.shot("postgresql-end")


def test_sorting_by_price_puts_nulls_last(pg_browser):
    browser = pg_browser
    browser.get("/products?sort=-price")
    scroll_to_the_end(browser, ROWS // PAGE + 2)
    shown = records(browser)
    prices = [price for _, _, price in shown]
    known = [p for p in prices if p is not None]
    assert known == sorted(known, reverse=True)
    assert prices[len(known):] == [None] * (len(prices) - len(known)), "NULLs are not last"
    with_price = sorted((p for p in (product(i) for i in range(1, ROWS + 1)) if p[2] is not None),
                        key=lambda p: (-p[2], -p[0]))
    assert [k for k, _, _ in shown[:len(known)]] == [p[0] for p in with_price], "ties not broken by the key, descending"


def test_a_search_for_nonsense_shows_no_results_and_a_word_finds_rows(pg_browser):
    browser = pg_browser
    browser.get("/products")
    type_into(browser, NONSENSE)
    browser.wait(lambda d: has(browser, "#list .placeholder-noResults"), 10, "no noResults placeholder")
    assert NONSENSE in text_of(browser, "#list .placeholder-noResults h2")
    assert keys(browser) == []
    type_into(browser, "amber")
    browser.wait(lambda d: keys(browser) and all("amber" in name for _, name, _ in records(browser)), 10,
                 "the search for amber showed other rows")


def test_load_more_links_page_through_without_javascript(pg_nojs_browser):
    browser = pg_nojs_browser
    browser.get("/products")
    seen = keys(browser)
    for _ in range(ROWS // PAGE + 1):
        links = browser.driver.find_elements(By.CSS_SELECTOR, "#list-footer a[rel=next]")
        if not links:
            break
        links[0].click()
        browser.wait(lambda d: has(browser, "#list .record"))
        seen += keys(browser)
    assert seen == list(range(1, ROWS + 1))


def test_the_pages_pass_the_markup_checker(shop_servers, mode):
    server = shop_servers(mode)
    for path in ["/products", f"/products?q={NONSENSE}", "/products?price__gt=2&sort=-price", "/empty",
                 "/products/1", "/makers", "/", "/products?price__gt=abc"]:
        checked(path, server)


def test_a_locked_table_is_unavailable_and_the_retry_footer_resumes(request, drivers, shop, mode):
    server = DatabaseServer(f"postgresql-locked-{mode}", shop, "--query-timeout", "0.3", "--response-cache", "0",
                            *mode_arguments(mode))
    try:
        for browser in _browser(request, drivers, lambda _: server, mode, True):
            browser.expected_console = ["status of 503"]
            browser.get("/products")
            assert keys(browser) == list(range(1, PAGE + 1))
            holder = psql("BEGIN; LOCK TABLE products IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(30); COMMIT",
                          background=True)
            try:
                for _ in range(100):
                    if psql("SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' AND granted "
                            "AND relation = 'products'::regclass").strip() == "1":
                        break
                    time.sleep(0.05)
                browser.scroll_to_bottom()
                browser.wait(lambda d: has(browser, "#list-footer.list-footer-retry"), 10, "no retry footer after a 503")
                assert keys(browser) == list(range(1, PAGE + 1)), "rows on screen must stay"
                assert [s for (_, s) in list_requests(server)][-1:] == ["503"]
                browser.shot("postgresql-locked-retry")
            finally:
                holder.terminate()
                holder.wait(10)
                psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{DATABASE}' "
                     "AND query LIKE 'BEGIN; LOCK%'")
            retry = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer.list-footer-retry a")
            browser.js("arguments[0].scrollIntoView({block: 'center'})", retry)
            browser.wait(lambda d: not psql("SELECT 1 FROM pg_locks WHERE mode = 'AccessExclusiveLock' "
                                            "AND relation = 'products'::regclass").strip(), 10, "the lock stayed")
            retry.click()
            browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "the retry footer did not load the page")
            assert keys(browser) == list(range(1, 2 * PAGE + 1))
    finally:
        server.stop()
