"""Issue 15, part 1: a user's table laid out as a <table> (the default for
lists inferred from a database), in both modes (our script; real htmx 2): a
header row of sort links that sort in place and update the address, `<tr>` runs
appended by infinite scroll, the footer as a last row, the placeholder outside
the table, cards on a narrow screen, and plain links without JavaScript."""
import re

from selenium.webdriver.common.by import By

# The shop's fixtures and readers (imported fixtures are found by pytest in this module too).
from test_own_data import (PAGE, expected_keys, has, keys, path_of, scroll_to_the_end,  # noqa: F401
                           shop, shop_browser, shop_nojs_browser, shop_servers)
from test_search import type_into


def headers(browser):
    return browser.js("return Array.from(document.querySelectorAll('#list thead th'))"
                      ".map(th => [th.textContent.trim(), th.getAttribute('aria-sort')])")


def click_header(browser, label):
    browser.driver.find_element(By.XPATH, f"//thead//th/a[normalize-space(.)='{label}']").click()


def test_headers_sort_in_place_and_rows_keep_coming(shop_browser):
    browser = shop_browser
    browser.get("/products")
    browser.record_events()
    assert keys(browser) == list(range(1, PAGE + 1))
    # The label column heads the rows (issue 46): no "Row" column; key order marks no header.
    assert headers(browser) == [["name", None], ["id", None], ["price", None], ["maker", None]]
    assert browser.js("return document.querySelector('#list-footer').tagName") == "TR"
    assert browser.js("return document.querySelector('#list-footer td').colSpan") == 4
    assert browser.js("return getComputedStyle(document.querySelector('#rows td')).display") == "table-cell"
    pages_before = len(browser.document_requests())
    click_header(browser, "price")
    ascending = expected_keys("ORDER BY price IS NULL, price, id")
    browser.wait(lambda d: keys(browser) == ascending[:PAGE], message="the header link did not sort the rows")
    assert len(browser.document_requests()) == pages_before, "sorting loaded a whole page"
    browser.wait(lambda d: path_of(browser) == "/products?sort=price", message="the address did not follow the sort")
    assert dict(headers(browser))["price"] == "ascending" and dict(headers(browser))["name"] is None
    browser.scroll_to_bottom()
    browser.wait(lambda d: keys(browser) == ascending[:2 * PAGE], message="scrolling a sorted table loaded nothing")
    assert browser.js("return document.querySelectorAll('#list > .table-scroll > table').length") == 1, "rows outside the table"
    assert browser.js("return document.querySelectorAll('#rows > tr.row').length") == 2 * PAGE
    browser.shot("table-sorted-by-price")
    click_header(browser, "price")
    descending = expected_keys("ORDER BY price IS NULL, price DESC, id DESC")
    # The rows shown are the reversed order's first; its next page may follow at once when the
    # shorter list leaves the footer in view (found under load: the scroll clamped to the end).
    browser.wait(lambda d: len(keys(browser)) >= PAGE and keys(browser) == descending[:len(keys(browser))],
                 message="following the sorted header did not reverse it")
    assert dict(headers(browser))["price"] == "descending"
    # a search typed on the sorted table keeps the sort (the form's hidden inputs followed it)
    type_into(browser, "lamp")
    lamps = expected_keys("WHERE name LIKE '%lamp%' ORDER BY price IS NULL, price DESC, id DESC")
    browser.wait(lambda d: keys(browser) == lamps[:PAGE], message="the search lost the header's sort")
    assert re.search(r"[?&]sort=-price(&|$)", browser.driver.current_url)
    scroll_to_the_end(browser, 5)
    assert keys(browser) == lamps
    assert has(browser, "#rows > tr.list-footer-end td")
    # Back to the entry before the header sorts: the list follows the address (the page is
    # loaded for it), not only the address bar.
    browser.driver.back()   # the search replaced the second sort's entry; two sorts pushed two
    browser.driver.back()
    browser.wait(lambda d: path_of(browser) == "/products", message="Back did not return to the unsorted list")
    browser.wait(lambda d: keys(browser)[:PAGE] == list(range(1, PAGE + 1)), message="Back left the sorted rows on screen")
    assert all(sort is None for _, sort in headers(browser))


def test_a_placeholder_stands_outside_the_table(shop_browser):
    browser = shop_browser
    browser.get("/products?q=zzqxjvv")
    assert has(browser, "#list > .placeholder-noResults"), "no noResults placeholder"
    assert not has(browser, "#list table"), "a table around nothing"
    browser.get("/empty")
    assert has(browser, "#list > .placeholder-noData") and not has(browser, "#list table")


def test_a_narrow_screen_shows_each_row_as_a_card(shop_browser):
    browser = shop_browser
    browser.driver.set_window_size(400, 800)
    try:
        browser.get("/products")
        card = browser.js("""
            const row = document.querySelector('#rows tr.row'), cell = row.querySelector('td[data-label="price"]');
            return [getComputedStyle(row).display, getComputedStyle(cell).display,
                    getComputedStyle(cell, '::before').content,
                    document.querySelector('#list thead').getBoundingClientRect().width,
                    document.documentElement.scrollWidth <= window.innerWidth];""")
        # The row a box of its own (a clamped block), each cell a labelled value in its run.
        assert card[0] not in ("table-row", "none") and card[1:3] == ["inline-block", '"price "'], card
        assert card[3] <= 1, "the header row still takes room"
        assert card[4], "the page scrolls sideways"
        browser.shot("table-as-cards")
    finally:
        browser.driver.set_window_size(1024, 768)


def test_header_links_are_plain_links_without_javascript(shop_nojs_browser):
    browser = shop_nojs_browser
    browser.get("/products")
    click_header(browser, "name")
    browser.wait(lambda d: path_of(browser) == "/products?sort=name", message="the header link did not navigate")
    assert keys(browser) == expected_keys("ORDER BY name, id")[:PAGE]
    assert dict(headers(browser))["name"] == "ascending"
    browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]").click()
    assert keys(browser) == expected_keys("ORDER BY name, id")[PAGE:2 * PAGE]
