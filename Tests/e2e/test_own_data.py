"""Lists over a user's own SQLite file (`liststate serve FILE.sqlite`), in both
modes (our script; htmx 2 with the companion), and with JavaScript off.

The file is made here, in a temporary folder: `products` (INTEGER PRIMARY KEY
id, name TEXT, price REAL with ties and NULLs, maker INTEGER REFERENCES
makers), `makers`, and `empty`; rollback journal, so a writer's
`BEGIN EXCLUSIVE` keeps readers out. One server per mode serves it for the
whole module; the fault tests get a server of their own over a copy
(`--query-timeout 0.3`), which they lock or damage.
"""
import html
import math
import pathlib
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import BINARY, HTMX_STATIC, HTMX_TEMPLATES, Server, _browser
from test_search import search_box, type_into

PAGE = 20
ROWS = 230                     # 11 full pages and one of 10
COLOURS = ["red", "green", "blue", "amber", "violet"]
THINGS = ["kettle", "lamp", "chair"]
NONSENSE = "zzqxjvv"
NETWORK_ERRORS = ["ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "htmx:sendError", "htmx:afterRequest"]
FAULT_ANSWERS = ["status of 503", "status of 500"]


# ---------------------------------------------------------------- the user's file

def product(i):
    """Row i of products: prices repeat every 50 rows (ties), every 17th is NULL."""
    name = f"{COLOURS[i % 5]} {THINGS[i % 3]} {i:03d}"
    price = None if i % 17 == 0 else (i * 7 % 50) / 10
    return i, name, price, i % 5 + 1


def make_shop(path):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=DELETE")
        db.executescript("""
            CREATE TABLE makers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL,
                                   maker INTEGER REFERENCES makers(id));
            CREATE TABLE empty (id INTEGER PRIMARY KEY, label TEXT);""")
        db.executemany("INSERT INTO makers VALUES (?, ?)", [(m, f"maker {m}") for m in range(1, 6)])
        db.executemany("INSERT INTO products VALUES (?, ?, ?, ?)", [product(i) for i in range(1, ROWS + 1)])
    db.close()


def expected_keys(sql):
    """Keys of products in SQLite's own order (`sql` after FROM products)."""
    with sqlite3.connect(SHOP) as db:
        keys = [k for (k,) in db.execute(f"SELECT id FROM products {sql}")]
    db.close()
    return keys


class FileServer(Server):
    """`liststate serve --port 0 FILE.sqlite`: a user's file, not the catalogue."""

    @staticmethod
    def source_arguments(database):
        return [str(database)]


def mode_arguments(mode):
    if mode != "htmx":
        return []
    if not (HTMX_STATIC / "htmx.min.js").exists():
        pytest.fail("htmx.min.js missing: run scripts/install-e2e-dependencies")
    return ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES]


FOLDER = None
SHOP = None


@pytest.fixture(scope="module")
def shop():
    """The user's file, in a temporary folder removed at the end of the module."""
    global FOLDER, SHOP
    FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="liststate-e2e-own-"))
    SHOP = FOLDER / "shop.sqlite"
    make_shop(SHOP)
    yield SHOP
    shutil.rmtree(FOLDER, ignore_errors=True)


@pytest.fixture(scope="module")
def shop_servers(shop):
    started = {}

    def get(mode):
        if mode not in started:
            started[mode] = FileServer(f"shop-{mode}", shop, *mode_arguments(mode))
        return started[mode]

    yield get
    for server in started.values():
        server.stop()


@pytest.fixture
def shop_browser(request, drivers, shop_servers, mode):
    """A browser on the shop server of `mode`; any console error fails the test."""
    yield from _browser(request, drivers, shop_servers, mode, True)


@pytest.fixture
def shop_nojs_browser(request, drivers, shop_servers):
    """JavaScript off, on the built-in pages."""
    yield from _browser(request, drivers, shop_servers, "client", False)


@pytest.fixture
def faulty_shop(request, drivers, shop, mode):
    """A browser on a server of its own over a copy of the shop, with a query
    time limit of 0.3 s; `browser.database` is the copy, which the test locks or
    damages. The console lines of the 503/500 answers are expected."""
    copy = FOLDER / f"faulty-{mode}-{request.node.name.split('[')[0]}.sqlite"
    shutil.copyfile(shop, copy)
    server = FileServer(f"faulty-{mode}", copy, "--query-timeout", "0.3", *mode_arguments(mode))
    try:
        for browser in _browser(request, drivers, lambda _: server, mode, True):
            browser.database = copy
            browser.expected_console = list(FAULT_ANSWERS)
            yield browser
    finally:
        server.stop()
        copy.unlink(missing_ok=True)


# ---------------------------------------------------------------- reading the page

ROWS_JS = """
    return Array.from(document.querySelectorAll('#list .record')).map(r => {
        // a table cell labelled by its header (the label column's is the row's <th>), or a list row's <dt>/<dd>
        const cell = label => {
            const td = Array.from(r.querySelectorAll('th, td')).find(d => d.dataset.label === label);
            if (td) return td.textContent;
            const dt = Array.from(r.querySelectorAll('.cells dt')).find(d => d.textContent === label);
            return dt ? dt.nextElementSibling.textContent : null;
        };
        return [r.dataset.key, cell('name'), cell('price')];
    });"""


def records(browser):
    """(key, name, price) of every row shown; price None for NULL (a dash)."""
    return [(int(key), name, None if price in ("—", "", None) else float(price))
            for key, name, price in browser.js(ROWS_JS)]


def keys(browser):
    return [int(k) for k in browser.js(
        "return Array.from(document.querySelectorAll('#list .record')).map(r => r.dataset.key)")]


def has(browser, selector):
    return bool(browser.driver.find_elements(By.CSS_SELECTOR, selector))


def search_offline(browser, words):
    """Goes offline, types `words` into the search box and waits for the offline placeholder."""
    browser.set_offline(True)
    type_into(browser, words)
    browser.wait(lambda d: has(browser, "#list .placeholder-offline"), 10, "no offline placeholder")


def scroll_to_the_end(browser, pages):
    """Scrolls until the end-of-list footer (or no footer) shows; at most `pages` scrolls."""
    for _ in range(pages):
        if has(browser, "#list .list-footer-end") or not has(browser, "#list-footer"):
            return
        before = len(keys(browser))
        browser.scroll_to_bottom()
        browser.wait(lambda d: len(keys(browser)) > before or has(browser, "#list .list-footer-end")
                     or has(browser, "#list .list-footer-retry"),
                     message=f"scrolling past {before} rows loaded nothing")
    assert has(browser, "#list .list-footer-end") or not has(browser, "#list-footer"), "no end after scrolling"


def text_of(browser, selector):
    """The words of an element, seen or not (a placeholder fading in has no visible text yet)."""
    return browser.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("textContent")


def status_text(browser):
    return browser.driver.find_element(By.ID, "status").get_attribute("textContent").strip()


def path_of(browser):
    return browser.driver.current_url.removeprefix(browser.server.url)


def list_requests(server, prefix="/products"):
    return [(t, s) for (_, t, s) in server.requests() if t.startswith(prefix)]


# ---------------------------------------------------------------- 1. infinite scroll

def test_scrolling_shows_every_row_once_in_key_order_until_the_end(shop_browser):
    browser = shop_browser
    browser.get("/products")
    browser.record_events()
    assert keys(browser) == list(range(1, PAGE + 1))
    browser.shot("first-page")
    scroll_to_the_end(browser, ROWS // PAGE + 2)
    browser.shot("end-of-list")
    shown = keys(browser)
    assert shown == expected_keys("ORDER BY id") == list(range(1, ROWS + 1)), "a row missing, repeated or out of order"
    assert len(set(browser.row_ids())) == ROWS, "element ids are not unique"
    assert path_of(browser) == "/products", "scrolling changed the address"
    pages = math.ceil(ROWS / PAGE)
    partial = browser.partial_requests()
    assert len(partial) == pages - 1, [r["url"] for r in partial]
    assert all(r["headers"].get("hx-request") == "true" and "cursor=" in r["url"] for r in partial)
    added = browser.events("rows-added")
    assert [e["count"] for e in added] == [PAGE] * (pages - 2) + [ROWS - PAGE * (pages - 1)]
    assert added[-1]["total"] == ROWS
    ended = browser.events("end-reached")
    assert len(ended) == 1 and ended[0]["total"] == ROWS
    assert len(browser.driver.find_elements(By.CSS_SELECTOR, "#list-footer")) == 1
    # past the end nothing more is asked for
    for _ in range(2):
        browser.scroll_to_bottom()
        time.sleep(0.2)
        browser.js("window.scrollTo(0, 0)")
    assert len(browser.partial_requests()) == pages - 1, "a request after the end of the list"


def test_back_after_opening_a_row_never_duplicates_rows(shop_browser):
    browser = shop_browser
    browser.get("/products")
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE)
    row = browser.driver.find_element(By.CSS_SELECTOR, f'#list .record[data-key="{PAGE + 3}"] a.record-caption')
    browser.js("arguments[0].scrollIntoView({block: 'center'})", row)
    row.click()
    browser.wait(lambda d: path_of(browser) == f"/products/{PAGE + 3}", message="the row's page did not open")
    browser.shot("detail")
    browser.driver.back()
    browser.wait(lambda d: path_of(browser) == "/products" and has(browser, "#list .record"))
    time.sleep(0.3)
    for _ in range(2):
        count = len(keys(browser))
        browser.scroll_to_bottom()
        browser.wait(lambda d: len(keys(browser)) > count)
        time.sleep(0.2)
    shown = keys(browser)
    assert shown == list(range(1, len(shown) + 1)), "rows repeated or out of order after Back"
    assert len(shown) % PAGE == 0
    live = browser.js("return document.querySelectorAll('[hx-get][hx-trigger=\"revealed\"]').length")
    assert live == 1, "more than one live footer"


def test_load_more_from_the_keyboard_stays_on_the_page_and_moves_focus(shop_browser):
    browser = shop_browser
    browser.get("/products")
    link = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]")
    browser.js("arguments[0].focus({preventScroll: true})", link)
    link.send_keys(Keys.ENTER)
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE)
    time.sleep(0.2)
    assert keys(browser) == list(range(1, 2 * PAGE + 1))
    assert path_of(browser) == "/products", "Load more navigated away"
    active = browser.js("const a = document.activeElement; return a && a.closest('.row') && a.closest('.row').dataset.key")
    assert active == str(PAGE + 1), "focus did not move to the first new row"


# ---------------------------------------------------------------- 2. search as you type

def test_search_as_you_type_replaces_the_list_in_place(shop_browser):
    browser = shop_browser
    blue = expected_keys("WHERE name LIKE '%blue%' ORDER BY id")
    browser.get("/products")
    browser.record_events()
    browser.js("window.__samePage = true")
    history = browser.js("return history.length")
    documents = len(browser.document_requests())
    box = search_box(browser)
    box.click()
    box.send_keys("blue")
    browser.wait(lambda d: keys(browser) == blue[:PAGE], message="the blue rows did not show")
    browser.shot("blue")
    assert re.search(r"[?&]q=blue(&|$)", browser.driver.current_url), "URL not replaced"
    assert browser.js("return window.__samePage === true"), "the search loaded a whole page"
    assert len(browser.document_requests()) == documents
    assert browser.js("return document.activeElement.id") == "search-q"
    partial = browser.partial_requests()
    assert partial and all(r["headers"].get("hx-request") == "true" for r in partial)
    assert all(r["headers"].get("hx-target") == "list" for r in partial)
    # the results page on through their own cursor
    scroll_to_the_end(browser, 4)
    assert keys(browser) == blue, "the search's rows, scrolled through"
    assert all("blue" in name for (_, name, _) in records(browser))

    type_into(browser, NONSENSE)
    browser.wait(lambda d: has(browser, "#list .placeholder-noResults"), message="no noResults placeholder")
    browser.shot("no-results")
    assert NONSENSE in text_of(browser, "#list .placeholder-noResults h2")
    assert f"q={NONSENSE}" in browser.driver.current_url
    assert keys(browser) == []
    assert [e["kind"] for e in browser.events("placeholder-did-appear")] == ["noResults"]

    type_into(browser, "")
    browser.wait(lambda d: keys(browser) == list(range(1, PAGE + 1)), message="clearing did not bring the rows back")
    assert NONSENSE not in browser.driver.current_url
    assert [e["kind"] for e in browser.events("placeholder-did-disappear")] == ["noResults"]
    browser.shot("cleared")

    type_into(browser, "blue lamp")
    blue_lamps = expected_keys("WHERE name LIKE '%blue%' AND name LIKE '%lamp%' ORDER BY id")
    browser.wait(lambda d: keys(browser) == blue_lamps[:PAGE], message="two words: every one must match")
    results = keys(browser)
    assert browser.js("return history.length") == history, "searching added history entries"
    assert browser.js("return window.__samePage === true")
    # Back from a row's page shows the same results and the same words in the box
    browser.driver.find_element(By.CSS_SELECTOR, f'#list .record[data-key="{results[0]}"] a.record-caption').click()
    browser.wait(lambda d: path_of(browser) == f"/products/{results[0]}")
    browser.driver.back()
    browser.wait(lambda d: has(browser, "#list .record"))
    assert "q=blue+lamp" in browser.driver.current_url or "q=blue%20lamp" in browser.driver.current_url
    assert keys(browser) == results, "Back did not restore the results"
    assert search_box(browser).get_attribute("value") == "blue lamp"
    browser.shot("back")


# ---------------------------------------------------------------- 3. filters and sort links

def test_a_filter_shows_matching_rows_and_a_chip_that_removes_it(shop_browser):
    browser = shop_browser
    over_two = expected_keys("WHERE price > 2 ORDER BY id")
    browser.get("/products?price__gt=2")
    assert keys(browser) == over_two[:PAGE]
    chips = [e.text for e in browser.driver.find_elements(By.CSS_SELECTOR, ".active-filters .filter")]
    assert chips == ["price > 2"], chips
    browser.shot("filter-chip")
    # the filter travels with the next pages and with a search
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE)
    assert keys(browser) == over_two[:2 * PAGE]
    assert all(price is not None and price > 2 for (_, _, price) in records(browser))
    box = search_box(browser)
    box.click()
    box.send_keys("green")
    green = expected_keys("WHERE price > 2 AND name LIKE '%green%' ORDER BY id")
    browser.wait(lambda d: keys(browser) == green[:PAGE], message="the search lost the filter")
    assert "price__gt=2" in browser.driver.current_url and "q=green" in browser.driver.current_url
    # the chip's link removes the filter
    browser.get("/products?price__gt=2")
    remove = browser.driver.find_element(By.CSS_SELECTOR, ".active-filters a.filter-remove")
    assert "price > 2" in remove.get_attribute("aria-label")
    remove.click()
    browser.wait(lambda d: path_of(browser) == "/products" and not has(browser, ".active-filters"),
                 message="the chip's link did not remove the filter")
    assert keys(browser) == list(range(1, PAGE + 1))
    assert any(price is None or price <= 2 for (_, _, price) in records(browser))


def add_filter(browser, column, operation, value):
    """Opens "Add a filter", chooses `column` and `operation`, types `value`, submits."""
    from selenium.webdriver.support.ui import Select
    browser.driver.find_element(By.CSS_SELECTOR, ".filter-add summary").click()
    Select(browser.driver.find_element(By.ID, "filter-column")).select_by_value(column)
    Select(browser.driver.find_element(By.ID, "filter-op")).select_by_value(operation)
    field = browser.driver.find_element(By.ID, "filter-value")
    field.clear()
    field.send_keys(value)
    browser.driver.find_element(By.CSS_SELECTOR, ".filter-form button[type=submit]").click()


def test_the_filter_form_adds_a_filter_in_place(shop_browser):
    """Issue 46: a filter by column, operation and value, the list swapped in place and
    the address bar showing the filter's own parameter, the search kept."""
    browser = shop_browser
    browser.get("/products?q=green")
    browser.js("window.__samePage = true")
    add_filter(browser, "price", "gt", "3")
    over_three = expected_keys("WHERE name LIKE '%green%' AND price > 3 ORDER BY id")
    browser.wait(lambda d: keys(browser) == over_three[:PAGE], message="the filter form's rows did not show")
    browser.wait(lambda d: "price__gt=3" in browser.driver.current_url and "_filter_" not in browser.driver.current_url,
                 message=f"the address bar: {browser.driver.current_url}")
    assert "q=green" in browser.driver.current_url
    assert browser.js("return window.__samePage === true"), "the form loaded a whole page"
    chips = [e.text for e in browser.driver.find_elements(By.CSS_SELECTOR, ".active-filters .filter")]
    assert chips == ["price > 3"], chips
    # the form drawn again with the list keeps the new filter for the next one
    add_filter(browser, "maker", "exact", "2")
    both = expected_keys("WHERE name LIKE '%green%' AND price > 3 AND maker = 2 ORDER BY id")
    browser.wait(lambda d: keys(browser) == both[:PAGE], message="the second filter dropped the first")
    browser.shot("filter-form")


def test_the_filter_form_works_without_javascript(shop_nojs_browser):
    browser = shop_nojs_browser
    browser.get("/products")
    add_filter(browser, "price", "lte", "1")
    browser.wait(lambda d: path_of(browser) == "/products?price__lte=1", message=f"not sent on: {path_of(browser)}")
    assert keys(browser) == expected_keys("WHERE price <= 1 ORDER BY id")[:PAGE]


def test_the_column_picker_works_without_javascript(shop_nojs_browser):
    """Issue 46: "Choose columns" is a GET form of labelled checkboxes, each a target of 24 px
    at least; the page's other parameters travel as hidden inputs and the answer shows the
    checked columns, the first of short text heading the rows."""
    browser = shop_nojs_browser
    browser.get("/products?sort=-price")
    picker = browser.driver.find_element(By.CSS_SELECTOR, "details.column-picker")
    picker.find_element(By.TAG_NAME, "summary").click()
    labels = picker.find_elements(By.CSS_SELECTOR, "label.column-choice")
    assert [label.text.strip() for label in labels] == ["id", "name", "price", "maker"]
    for label in labels:
        assert label.size["height"] >= 24 and label.size["width"] >= 24, label.text
        box = label.find_element(By.TAG_NAME, "input")
        # Every column is shown at first; the label is the checkbox's target.
        assert box.is_selected(), label.text
        if label.text.strip() in ("id", "maker"):
            label.click()
            assert not box.is_selected()
    picker.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    browser.wait(lambda d: path_of(browser) == "/products?sort=-price&_col=name&_col=price",
                 message=f"not sent on: {path_of(browser)}")
    headers = [th.text.strip() for th in browser.driver.find_elements(By.CSS_SELECTOR, "#list thead th")]
    assert headers == ["name", "price"]
    assert keys(browser) == expected_keys("ORDER BY price IS NULL, price DESC, id DESC")[:PAGE]


def test_the_column_picker_and_the_chosen_columns_pass_axe(shop_browser):
    """axe-core finds nothing in the open picker nor in the table of the columns it chose
    (axe runs as a script of the page: with JavaScript on)."""
    browser = shop_browser
    browser.get("/products?_col=name&_col=price")
    picker = browser.driver.find_element(By.CSS_SELECTOR, "details.column-picker")
    picker.find_element(By.TAG_NAME, "summary").click()
    assert axe_violations(browser, "details.column-picker") == []
    assert axe_violations(browser, "#list") == []


def axe_violations(browser, selector):
    """axe-core's violations in the element `selector` names (id, impact, the nodes' targets)."""
    from axe_selenium_python import Axe
    axe = Axe(browser.driver)
    axe.inject()
    results = axe.run(context=selector)
    assert results["passes"], f"axe checked nothing in {selector}"
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in results["violations"]]


def test_no_row_matching_the_filters_shows_no_results(shop_browser):
    browser = shop_browser
    browser.get("/products?price__gt=1000")
    assert has(browser, "#list .placeholder-noResults")
    assert keys(browser) == []
    browser.shot("filters-no-results")


def test_sort_links_order_by_a_column_with_nulls_last(shop_browser):
    browser = shop_browser
    browser.get("/products?maker=1")
    for direction in ("price", "-price"):   # following the current sort again reverses it
        link = browser.driver.find_element(By.XPATH, "//nav[contains(@class,'sorts')]//a[starts-with(normalize-space(.),'price')]")
        link.click()
        browser.wait(lambda d: re.search(rf"[?&]sort={re.escape(direction)}(&|$)", d.current_url),
                     message=f"the sort link did not lead to sort={direction}")
    assert "maker=1" in browser.driver.current_url, "the sort link dropped the filter"
    current = browser.driver.find_element(By.CSS_SELECTOR, ".sorts a[aria-current]")
    assert current.text.startswith("price")
    scroll_to_the_end(browser, 5)
    browser.shot("sorted-by-price-descending")
    shown = records(browser)
    wanted = expected_keys("WHERE maker = 1 ORDER BY price IS NULL, price DESC, id DESC")
    assert [k for (k, _, _) in shown] == wanted, "not SQLite's order (NULLs last, ties by key descending)"
    prices = [p for (_, _, p) in shown]
    nulls = prices.count(None)
    assert nulls and prices[-nulls:] == [None] * nulls, "NULL prices are not last"
    assert len(set(prices[:-nulls])) < len(prices[:-nulls]), "the data has no ties: the test proves less"
    chips = [e.text for e in browser.driver.find_elements(By.CSS_SELECTOR, ".active-filters .filter")]
    assert chips == ["maker = 1"], chips
    # a search typed on a sorted, filtered list keeps both
    type_into(browser, "lamp")
    lamps = expected_keys("WHERE maker = 1 AND name LIKE '%lamp%' ORDER BY price IS NULL, price DESC, id DESC")
    browser.wait(lambda d: keys(browser) == lamps[:PAGE], message="the search lost the sort or the filter")
    assert all(part in browser.driver.current_url for part in ("q=lamp", "maker=1", "sort=-price"))
    # and ascending, without a filter (pages of 100): NULLs last too
    browser.get("/products?sort=price&limit=100")
    scroll_to_the_end(browser, 4)
    assert keys(browser) == expected_keys("ORDER BY price IS NULL, price, id")


# ---------------------------------------------------------------- 4. placeholders

def test_an_empty_table_shows_no_data(shop_browser):
    browser = shop_browser
    browser.get("/empty")
    browser.record_events()
    assert "No rows yet" in text_of(browser, "#list .placeholder-noData")
    assert keys(browser) == [] and not has(browser, "#list-footer")
    browser.wait(lambda d: list_requests(browser.server, "/empty")[-1:] == [("/empty", "200")], 5, "not a 200")
    browser.shot("no-data")
    # its Reload action asks again, in place
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder-noData a").click()
    browser.wait(lambda d: len(list_requests(browser.server, "/empty")) == 2)
    browser.wait(lambda d: has(browser, "#list .placeholder-noData"))
    assert path_of(browser) == "/empty"


def locked(database):
    """A writer holding the file's exclusive lock (rollback journal: readers wait)."""
    lock = sqlite3.connect(database, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    # A change written (rolled back by release): a lock with nothing written yet
    # changed nothing, and kept answers are still served under it (docs/design.md).
    lock.execute("PRAGMA user_version = 7")
    return lock


def release(lock):
    if lock.in_transaction:
        lock.rollback()
    lock.close()


def test_a_locked_file_is_unavailable_then_retry_works(faulty_shop):
    browser = faulty_shop
    server = browser.server
    lock = locked(browser.database)
    try:
        browser.get("/products")
        browser.wait(lambda d: has(browser, "#list .placeholder-unavailable"), 10, "no unavailable placeholder")
        assert keys(browser) == []
        browser.wait(lambda d: list_requests(server)[-1:] == [("/products", "503")], 5, "not a 503")
        if browser.mode == "client":   # the markup is the same in both modes but for the scripts
            checked("/products", server)
        page = browser.driver.page_source
        assert "SQLITE" not in page.upper() and "SELECT" not in page
        browser.shot("locked-unavailable")
    finally:
        release(lock)
    browser.record_events()
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder-unavailable a").click()
    browser.wait(lambda d: keys(browser) == list(range(1, PAGE + 1)), 10, "no rows after the lock was released")
    assert [e["kind"] for e in browser.events("placeholder-did-disappear")] == ["unavailable"]

    # locked while scrolled: the rows stay, a retry footer for the same page
    lock = locked(browser.database)
    try:
        browser.scroll_to_bottom()
        browser.wait(lambda d: has(browser, "#list-footer.list-footer-retry"), 10, "no retry footer after a 503")
        assert keys(browser) == list(range(1, PAGE + 1)), "rows on screen must stay"
        assert "could not be loaded just now" in text_of(browser, "#list-footer")
        browser.wait(lambda d: [s for (_, s) in list_requests(server)][-1:] == ["503"], 5, "not a 503")
        if browser.mode == "client":
            checked(browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a").get_attribute("href")
                    .removeprefix(server.url), server)
        browser.shot("locked-retry-footer")
    finally:
        release(lock)
    assert browser.events("request-failed") == [], "a 503 was taken for offline"
    # Found by a break-it pass: the retry footer counted as the list's end.
    assert browser.events("end-reached") == [], f"a retry footer is no end: {browser.events()}"
    retry = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer.list-footer-retry a")
    browser.js("arguments[0].scrollIntoView({block: 'center'})", retry)
    retry.click()
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "the retry footer did not load the page")
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 3 * PAGE, 10, "scrolling did not go on after the retry")
    assert keys(browser) == list(range(1, 3 * PAGE + 1))
    assert path_of(browser) == "/products"
    browser.shot("retried")


@pytest.mark.parametrize("kept", [4096, 0], ids=["cut", "emptied"])
def test_a_corrupt_file_is_an_error_then_retry_works(faulty_shop, kept):
    """Cut short, or emptied in place (found in use: an empty file read as a database
    without tables, and the list answered 404): an error, and the retry recovers."""
    browser = faulty_shop
    browser.get("/products")
    good = browser.database.read_bytes()
    with open(browser.database, "r+b") as file:
        file.truncate(kept)
    browser.scroll_to_bottom()
    browser.wait(lambda d: has(browser, "#list-footer.list-footer-retry"), 10, "no retry footer after a 500")
    assert keys(browser) == list(range(1, PAGE + 1))
    assert "because something went wrong" in text_of(browser, "#list-footer")
    type_into(browser, "blue")
    browser.wait(lambda d: has(browser, "#list .placeholder-error"), 10, "no error placeholder for a search")
    assert keys(browser) == []
    assert "SQLITE" not in browser.driver.page_source.upper()
    browser.wait(lambda d: [s for (_, s) in list_requests(browser.server)][-1:] == ["500"], 5, "not a 500")
    if browser.mode == "client":
        checked("/products?q=blue", browser.server)
    browser.shot("corrupt-error")
    browser.database.write_bytes(good)
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder-error a").click()
    blue = expected_keys("WHERE name LIKE '%blue%' ORDER BY id")
    browser.wait(lambda d: keys(browser) == blue[:PAGE], 10, "no rows after the file was restored")


def test_offline_while_scrolling_keeps_the_rows_then_resumes(shop_browser):
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get("/products")
    browser.record_events()
    browser.set_offline(True)
    browser.scroll_to_bottom()
    browser.wait(lambda d: has(browser, "#list-footer.list-footer-offline"), 10, "no offline retry footer")
    browser.wait(lambda d: has(browser, ".offline-banner"), 5, "no offline banner")
    assert keys(browser) == list(range(1, PAGE + 1)), "rows on screen stay"
    assert "rows already shown" in text_of(browser, ".offline-banner")
    assert "offline" in status_text(browser)
    assert len(browser.events("request-failed")) == 1
    browser.shot("offline")
    browser.set_offline(False)
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "loading did not resume once online")
    assert not has(browser, ".offline-banner"), "banner left after recovery"
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 3 * PAGE)
    assert keys(browser) == list(range(1, 3 * PAGE + 1))


def test_offline_with_no_rows_shows_the_offline_placeholder_then_retries_the_search(shop_browser):
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get(f"/products?q={NONSENSE}")
    browser.record_events()
    assert has(browser, "#list .placeholder-noResults")
    search_offline(browser, "blue")
    assert keys(browser) == [] and not has(browser, ".placeholder-noResults")
    assert "offline" in status_text(browser)
    assert "offline" in [e["kind"] for e in browser.events("placeholder-did-appear")]
    browser.shot("offline-placeholder")
    browser.set_offline(False)
    blue = expected_keys("WHERE name LIKE '%blue%' ORDER BY id")
    browser.wait(lambda d: keys(browser) == blue[:PAGE], 15, "the search was not retried once online")
    assert not has(browser, ".placeholder-offline")


def test_focus_stays_in_the_footer_through_an_offline_retry(shop_browser):
    """Found by a break-it pass: "Load more" activated offline became the offline
    footer and the focus fell to <body>; after "Try again" it fell there again."""
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get("/products")
    browser.set_offline(True)
    link = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]")
    browser.js("arguments[0].focus({preventScroll: true})", link)
    link.send_keys(Keys.ENTER)
    browser.wait(lambda d: has(browser, "#list-footer.list-footer-offline"), 10, "no offline footer")
    # The focus is placed once the swap has settled (htmx settles after the footer's class is in).
    browser.wait(lambda d: browser.js("return !!document.activeElement.closest('#list-footer.list-footer-offline')"),
                 10, "focus left the footer")
    browser.set_offline(False)
    # Back online, the page retries by itself; "Try again" is pressed unless that retry took it first
    # (it then moved the focus on as the same "Load more" does, and the footer's link is hidden while it loads).
    try:
        if browser.js("return !!document.activeElement.closest('#list-footer.list-footer-offline')"):
            browser.driver.switch_to.active_element.send_keys(Keys.ENTER)
    except (ElementNotInteractableException, StaleElementReferenceException):
        pass
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "Try again did not load the next page")
    browser.wait(lambda d: browser.js(
        "const a = document.activeElement; return a && a.closest('.row') && a.closest('.row').dataset.key") == str(PAGE + 1),
        10, "focus did not move to the first new row")


def test_a_long_filtered_address_still_loads_its_next_page(shop_browser):
    """Found by a break-it pass: every partial request carried the page's 9 KB address
    as HX-Current-URL, past the server's 8 KiB of header fields (431)."""
    browser = shop_browser
    browser.get("/products?name__not=" + "a" * 9000)
    assert len(keys(browser)) == PAGE
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "the next page of a long address did not load")


def test_the_offline_placeholder_follows_the_words_typed_since(shop_browser):
    """Found by a break-it pass: typing more words while offline left the placeholder's
    action on the first words."""
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get("/products")
    search_offline(browser, "blue")
    search_box(browser).send_keys(" lamp")
    browser.wait(lambda d: "q=blue+lamp" in (browser.js(
        "const a = document.querySelector('#list .placeholder-offline a'); return a && a.getAttribute('href')") or ""),
        10, "the placeholder's action kept the first words")
    browser.set_offline(False)


def test_a_sort_chosen_offline_keeps_the_rows_and_is_retried_once_online(shop_browser):
    """Found by a break-it pass: the offline placeholder took the table, and the sort
    link with it, so nothing was retried once online and "Try again" lost the sort."""
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get("/products")
    browser.set_offline(True)
    browser.driver.find_element(By.XPATH, "//table[contains(@class,'rows-table')]//thead//a[normalize-space(.)='name']").click()
    browser.wait(lambda d: has(browser, ".offline-banner a"), 10, "no banner with a retry control")
    assert keys(browser) == list(range(1, PAGE + 1)), "the rows still answer the address shown"
    assert not has(browser, "#list .placeholder-offline")
    browser.set_offline(False)
    browser.wait(lambda d: "sort=name" in browser.driver.current_url, 15, "the sort was not retried once online")
    assert not has(browser, ".offline-banner")


def test_a_next_page_failing_after_a_failed_search_does_not_take_its_retry(shop_browser):
    """Found by a break-it pass: the search failed, the placeholder took the footer whose
    request then failed too, and that footer (gone) became what the page retried."""
    browser = shop_browser
    browser.expected_console = NETWORK_ERRORS
    browser.get("/products")
    search_offline(browser, "blue")
    # the footer's request, answered after the placeholder took the footer away
    browser.js("""const gone = document.createElement('li'); gone.id = 'list-footer';
                  window.ListStateEvents.emit('request-failed', {element: gone, reason: 'network'});""")
    assert "q=blue" in browser.js("return document.querySelector('#list .placeholder-offline a').getAttribute('href')")
    browser.set_offline(False)
    blue = expected_keys("WHERE name LIKE '%blue%' ORDER BY id")
    browser.wait(lambda d: keys(browser) == blue[:PAGE], 15, "the search was not retried once online")


def test_focusing_load_more_loads_nothing_until_it_is_activated(shop_browser):
    """Found by a break-it pass: tabbing onto "Load more" scrolled it into view, which
    loaded the next page and moved focus to its first row, so Enter opened a row."""
    browser = shop_browser
    browser.get("/products")
    browser.js("window.scrollTo(0, 0)")
    link = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]")
    browser.js("arguments[0].focus()", link)   # scrolls it into view, as Tab does
    time.sleep(1.5)
    assert keys(browser) == list(range(1, PAGE + 1)), "focusing the footer loaded the next page"
    assert browser.js("return document.activeElement.getAttribute('rel')") == "next"
    browser.driver.switch_to.active_element.send_keys(Keys.ENTER)
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "Enter did not load the next page")
    active = browser.js("const a = document.activeElement; return a && a.closest('.row') && a.closest('.row').dataset.key")
    assert active == str(PAGE + 1), "focus did not move to the first new row"
    assert path_of(browser) == "/products"


def test_a_next_page_answered_after_a_search_changes_nothing(request, drivers, shop_servers):
    """Found by a break-it pass (our script): the stale next page's rows were dropped,
    but the status said "20 more rows loaded" and `rows-added` fired."""
    for browser in _browser(request, drivers, shop_servers, "client", True):
        browser.get("/products")
        browser.record_events()
        browser.js("""const fetch = window.fetch;
                      window.fetch = (url, options) => String(url).includes('cursor=')
                          ? new Promise(done => setTimeout(() => done(fetch(url, options)), 1500)) : fetch(url, options);""")
        browser.scroll_to_bottom()
        type_into(browser, "blue")
        blue = expected_keys("WHERE name LIKE '%blue%' ORDER BY id")
        browser.wait(lambda d: keys(browser) == blue[:PAGE], 10, "the search did not show")
        status = status_text(browser)
        time.sleep(2.5)   # the next page's answer arrives
        assert keys(browser) == blue[:PAGE]
        assert status_text(browser) == status, "the stale answer spoke"
        assert not [e for e in browser.events("rows-added") if e["reason"] == "more"]


NGINX_502 = (b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
             b"<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")


class Proxy:
    """A reverse proxy in front of `upstream` that answers next pages (`cursor=`) with
    nginx's own 502 page while `down`, as nginx does when no instance answers."""

    def __init__(self, upstream):
        import http.server
        import threading
        proxy = self
        self.down = False

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if proxy.down and "cursor=" in self.path:
                    return self.answer(502, {"Content-Type": "text/html"}, NGINX_502)
                names = ("Accept", "Accept-Language", "HX-Request", "HX-Target", "HX-Current-URL", "HX-Trigger")
                ask = urllib.request.Request(upstream + self.path,
                                             headers={n: self.headers[n] for n in names if self.headers[n]})
                try:
                    with urllib.request.urlopen(ask) as answer:
                        self.answer(answer.status, answer.headers, answer.read())
                except urllib.error.HTTPError as error:
                    self.answer(error.code, error.headers, error.read())

            def answer(self, status, headers, body):
                self.send_response(status)
                for name in ("Content-Type", "Vary", "Cache-Control", "Content-Security-Policy"):
                    if headers.get(name):
                        self.send_header(name, headers.get(name))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_proxys_error_page_is_not_pasted_into_the_list(shop_browser):
    """Found by a break-it pass behind docs/nginx.conf: with the instance gone, nginx's
    "502 Bad Gateway" page went into the table (and the tab's title), with no footer
    and no retry. It is now no answer: the rows stay, with the retry footer, and the
    page goes on once the proxy answers again."""
    browser = shop_browser
    browser.expected_console = ["502 (Bad Gateway)"]
    proxy = Proxy(browser.server.url)
    try:
        browser.driver.get(proxy.url + "/products")
        browser.wait(lambda d: len(keys(browser)) == PAGE)
        title = browser.driver.title
        proxy.down = True
        browser.scroll_to_bottom()
        browser.wait(lambda d: has(browser, "#list-footer.list-footer-offline"), 10, "no retry footer")
        assert "502" not in browser.js("return document.getElementById('list').textContent")
        assert browser.driver.title == title
        assert keys(browser) == list(range(1, PAGE + 1))
        assert "did not answer" in text_of(browser, "#list-footer")
        proxy.down = False
        browser.driver.find_element(By.CSS_SELECTOR, "#list-footer.list-footer-offline a").click()
        browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "the retry did not load once the proxy answered")
    finally:
        proxy.stop()


def test_a_table_renamed_mid_scroll_shows_not_found_in_place_of_the_list(faulty_shop):
    """Found by a break-it pass: the next page's not-found region went where the
    footer was, inside the table (two `#list`, a placeholder in a table row)."""
    browser = faulty_shop
    browser.expected_console = ["404 (Not Found)"]
    browser.get("/products")
    with sqlite3.connect(browser.database) as db:
        db.execute("ALTER TABLE products RENAME TO wares")
    time.sleep(1)   # the server rereads the schema within 0.5 s
    browser.scroll_to_bottom()
    browser.wait(lambda d: has(browser, "#list .placeholder-notFound"), 10, "no not-found placeholder")
    assert browser.js("return document.querySelectorAll('#list').length") == 1
    assert not has(browser, "table .placeholder"), "a placeholder inside the table"


def test_a_server_gone_mid_scroll_is_offline_and_the_retry_footer_resumes(request, drivers, shop, mode):
    """No emulation: the server stops (connection refused), then comes back on its port."""
    server = FileServer(f"gone-{mode}", shop, *mode_arguments(mode))
    port = server.url.rsplit(":", 1)[1]
    try:
        for browser in _browser(request, drivers, lambda _: server, mode, True):
            browser.expected_console = NETWORK_ERRORS
            browser.get("/products")
            server.stop()
            browser.scroll_to_bottom()
            browser.wait(lambda d: has(browser, "#list-footer.list-footer-offline"), 10, "no offline footer")
            assert has(browser, ".offline-banner")
            assert keys(browser) == list(range(1, PAGE + 1))
            # Found by a break-it pass: the browser is online, so the server is what is gone.
            assert "did not answer" in text_of(browser, "#list-footer")
            assert "offline" not in text_of(browser, ".offline-banner").lower()
            browser.shot("server-gone")
            server = FileServer(f"back-{mode}", shop, "--port", port, *mode_arguments(mode))
            assert server.url.endswith(":" + port)
            browser.server = server
            browser.driver.find_element(By.CSS_SELECTOR, "#list-footer.list-footer-offline a").click()
            browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 10, "the retry did not load once the server was back")
            assert keys(browser) == list(range(1, 2 * PAGE + 1))
            assert not has(browser, ".offline-banner")
    finally:
        server.stop()


# ---------------------------------------------------------------- 5. JavaScript off

def test_load_more_links_page_through_the_whole_list_without_javascript(shop_nojs_browser):
    browser = shop_nojs_browser
    browser.get("/products")
    shown = keys(browser)
    assert shown == list(range(1, PAGE + 1))
    for page in range(2, ROWS // PAGE + 3):
        links = browser.driver.find_elements(By.CSS_SELECTOR, "#list-footer a[rel=next]")
        if not links:
            break
        before = browser.driver.current_url
        links[0].click()
        browser.wait(lambda d: d.current_url != before and "cursor=" in d.current_url)
        rows = keys(browser)
        assert rows and rows[0] > shown[-1], f"page {page} does not follow on"
        shown += rows
    assert shown == list(range(1, ROWS + 1))
    assert has(browser, "#list .list-footer-end")
    browser.shot("last-page")
    assert browser.partial_requests() == []


def test_search_form_works_without_javascript(shop_nojs_browser):
    browser = shop_nojs_browser
    browser.get("/products?price__gt=2")
    search_box(browser).send_keys("blue", Keys.ENTER)
    browser.wait(lambda d: "q=blue" in d.current_url)
    assert "price__gt=2" in browser.driver.current_url, "the filter was not kept"
    assert keys(browser) == expected_keys("WHERE price > 2 AND name LIKE '%blue%' ORDER BY id")[:PAGE]
    assert search_box(browser).get_attribute("value") == "blue"
    browser.shot("search")
    box = search_box(browser)
    box.clear()
    box.send_keys(NONSENSE, Keys.ENTER)
    browser.wait(lambda d: has(browser, ".placeholder-noResults"))
    assert NONSENSE in text_of(browser, ".placeholder-noResults h2")
    browser.driver.find_element(By.CSS_SELECTOR, ".placeholder-noResults a").click()
    browser.wait(lambda d: has(browser, "#list .record"), message="Clear the search brought no rows back")
    assert NONSENSE not in browser.driver.current_url
    browser.shot("cleared")


# ---------------------------------------------------------------- 6. markup

def next_page_path(server, path):
    page = urllib.request.urlopen(server.url + path, timeout=10).read().decode()
    found = re.search(r'id="list-footer"[^>]*\bhx-get="([^"]+)"', page)
    assert found, "no next page on " + path
    return html.unescape(found.group(1))


def checked(path, server):
    """`liststate check URL`: the page, and the fragment it answers to HX-Request, are valid."""
    done = subprocess.run([str(BINARY), "check", server.url + path], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, f"liststate check {path}: exit {done.returncode}\n{done.stdout}{done.stderr}"


def test_the_pages_pass_the_markup_checker(shop_servers, mode):
    server = shop_servers(mode)
    later = next_page_path(server, next_page_path(server, "/products"))
    for path in ["/products", later, f"/products?q={NONSENSE}", "/products?price__gt=2&sort=-price",
                 "/products?price__gt=1000", "/empty", "/products/1", "/makers", "/"]:
        checked(path, server)


# ---------------------------------------------------------------- faults found by these tests, fixed

def test_sort_links_and_chips_follow_a_search_typed_in_place(shop_browser):
    """A region fragment carries the controls out of band: after search as you
    type, the sort links and the filter chips' links keep the search."""
    browser = shop_browser
    browser.get("/products?price__gt=2")
    search_box(browser).send_keys("blue")
    browser.wait(lambda d: "q=blue" in d.current_url and keys(browser) == expected_keys(
        "WHERE price > 2 AND name LIKE '%blue%' ORDER BY id")[:PAGE])
    time.sleep(0.3)
    sort = browser.driver.find_element(By.XPATH, "//nav[contains(@class,'sorts')]//a[normalize-space(.)='price']")
    remove = browser.driver.find_element(By.CSS_SELECTOR, ".active-filters a.filter-remove")
    # what the whole page at the same address links to
    assert "q=blue" in sort.get_attribute("href"), f"sorting drops the search: {sort.get_attribute('href')}"
    assert "q=blue" in remove.get_attribute("href"), f"removing the filter drops the search: {remove.get_attribute('href')}"


@pytest.mark.parametrize("mode", ["client"])
def test_the_status_region_speaks_of_rows_not_characters(shop_browser):
    browser = shop_browser
    browser.get("/products")
    said = [status_text(browser)]
    browser.scroll_to_bottom()
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE)
    browser.wait(lambda d: status_text(browser) != said[0])
    said.append(status_text(browser))
    browser.get("/products?price__gt=1000")
    said.append(status_text(browser))
    assert all(text and "character" not in text for text in said), said


@pytest.mark.parametrize("mode", ["client"])
def test_a_missing_row_is_not_found_in_the_words_of_rows(shop_browser):
    browser = shop_browser
    browser.expected_console = ["status of 404"]
    browser.get("/products/9999")
    assert has(browser, ".placeholder-notFound")
    browser.wait(lambda d: list_requests(browser.server)[-1:] == [("/products/9999", "404")], 5, "not a 404")
    text = browser.js("return document.body.textContent")
    assert "character" not in text.lower(), text


@pytest.mark.parametrize("mode", ["client"])
def test_pages_outside_the_lists_do_not_speak_of_the_catalogue(shop_browser):
    """With a user's file, an unknown path's 404 page and the service worker's
    offline page speak of lists and rows, not of the Unicode catalogue."""
    browser = shop_browser
    browser.expected_console = ["status of 404"]
    texts = {}
    for path, placeholder in (("/no-such-list", ".placeholder-notFound"), ("/-/offline", ".placeholder-offline")):
        browser.get(path)
        assert has(browser, placeholder)
        texts[path] = browser.js("return document.body.textContent")
    assert not any("character" in text.lower() for text in texts.values()), texts
