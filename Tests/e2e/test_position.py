"""Issue 15, part 2: the reader's place kept across Back and reload without
the browser's back/forward cache (Chromium started with it disabled, as it is
for many real pages), in both modes: the rows that were on screen come back,
once each and in order, and so does the scroll offset. The page is really
a new document (Chromium may take it from its HTTP cache, not from the
back/forward cache)."""
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import Browser
# The shop's fixtures and readers (imported fixtures are found by pytest in this module too).
from test_own_data import PAGE, keys, path_of, shop, shop_servers  # noqa: F401


@pytest.fixture(scope="module")
def uncached_driver():
    driver = Browser.launch(True, flags=["--disable-features=BackForwardCache"])
    yield driver
    driver.quit()


@pytest.fixture
def browser(request, uncached_driver, shop_servers, mode):
    browser = Browser(uncached_driver, shop_servers(mode), mode, request.node.name)
    browser.reset()
    yield browser
    errors = browser.console_errors()
    browser.shot("last")
    assert not errors, f"console errors: {errors}"


def scroll_until(browser, rows):
    while len(keys(browser)) < rows:
        before = len(keys(browser))
        browser.scroll_to_bottom()
        browser.wait(lambda d: len(keys(browser)) > before, message=f"scrolling past {before} rows loaded nothing")


def place(browser):
    return browser.js("return [window.scrollY, document.querySelectorAll('#list .row').length, "
                      "performance.getEntriesByType('navigation')[0].type]")


def test_back_and_reload_return_to_the_same_rows_and_offset(browser):
    browser.get("/products")
    scroll_until(browser, 3 * PAGE)
    browser.js("document.querySelector('#list [data-key=\"45\"]').scrollIntoView()")
    time.sleep(0.6)   # the place is recorded a moment after scrolling stops
    offset, rows, _ = place(browser)
    assert rows >= 3 * PAGE and offset > 500   # the footer, once revealed, may have loaded one more
    browser.js("window.__sameDocument = true")
    browser.driver.find_element(By.CSS_SELECTOR, '#list [data-key="45"] a.record-caption').click()
    browser.wait(lambda d: path_of(browser) == "/products/45", message="the row's page did not open")
    browser.driver.back()
    browser.wait(lambda d: place(browser)[1:] == [rows, "back_forward"], 15,
                 message=f"Back did not bring back {rows} rows: {place(browser)}")
    browser.wait(lambda d: abs(place(browser)[0] - offset) <= 2, message=f"Back lost the offset {offset}: {place(browser)}")
    assert browser.js("return window.__sameDocument") is None, \
        "the page came from the back/forward cache: the test proves nothing"
    assert keys(browser) == list(range(1, rows + 1)), "rows repeated, missing or out of order"
    browser.shot("back-restored-place")
    browser.driver.refresh()
    browser.wait(lambda d: place(browser)[1:] == [rows, "reload"], 15, message=f"reload lost the rows: {place(browser)}")
    browser.wait(lambda d: abs(place(browser)[0] - offset) <= 2, message=f"reload lost the offset: {place(browser)}")
    assert keys(browser) == list(range(1, rows + 1))


def test_a_fresh_visit_starts_at_the_top(browser):
    browser.get("/products")
    scroll_until(browser, 2 * PAGE)
    time.sleep(0.6)
    browser.get("/makers")
    browser.get("/products")   # a new visit (a link, the address bar), not Back: the first page at the top
    time.sleep(0.5)
    assert place(browser)[:2] == [0, PAGE]


def test_back_after_a_header_sort_returns_to_the_unsorted_place(browser):
    """Found by QA: in htmx mode the sorted list's place was recorded into the
    entry before the sort, so Back brought 20 rows at the wrong offset."""
    browser.get("/products")
    scroll_until(browser, 3 * PAGE)
    browser.js("document.querySelector('#list [data-key=\"45\"]').scrollIntoView()")
    time.sleep(0.6)
    offset, rows, _ = place(browser)
    browser.driver.find_element(By.XPATH, "//thead//th/a[normalize-space(.)='name']").click()
    browser.wait(lambda d: "sort=name" in d.current_url, message="the header did not sort")
    browser.wait(lambda d: keys(browser)[:1] != [1], message="the rows did not change")
    time.sleep(0.6)
    browser.driver.back()
    browser.wait(lambda d: path_of(browser) == "/products" and place(browser)[1] == rows, 15,
                 message=f"Back did not bring back {rows} rows: {place(browser)}")
    browser.wait(lambda d: abs(place(browser)[0] - offset) <= 2, message=f"Back lost the offset {offset}: {place(browser)}")
    assert keys(browser) == list(range(1, rows + 1))


def test_back_after_scrolling_a_sorted_search_returns_to_its_top(browser):
    """Found by a break-it pass: after a search (read at its top), a header sort
    and a deep scroll, Back reloaded the search at the sorted list's offset, which
    revealed the footer, loaded a second page and was recorded as the reader's place."""
    browser.get("/products")
    browser.driver.find_element(By.ID, "search-q").send_keys("blue")
    browser.wait(lambda d: "q=blue" in d.current_url, message="the search did not run")
    time.sleep(0.6)
    browser.driver.find_element(By.XPATH, "//thead//th/a[normalize-space(.)='name']").click()
    browser.wait(lambda d: "sort=name" in d.current_url, message="the header did not sort")
    scroll_until(browser, 2 * PAGE)
    browser.scroll_to_bottom()
    time.sleep(0.6)
    assert place(browser)[0] > 500
    browser.driver.back()
    browser.wait(lambda d: "sort=name" not in d.current_url and place(browser)[2] in ("reload", "back_forward"), 15,
                 message=f"Back did not load the search again: {place(browser)}")
    time.sleep(1)
    offset, rows, _ = place(browser)
    assert offset < 50 and rows == PAGE, f"Back landed at {offset} with {rows} rows"
