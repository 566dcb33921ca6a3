"""C-12: an HTTP error is not "offline". A 503 (the catalogue locked past the
query time limit) and a 500 (the catalogue corrupted) are answers: their
fragments are swapped — a retry footer under the rows already shown, the
unavailable placeholder for a search — in both modes. Only a request that got
no response at all is a `liststate:request-failed`."""
import sqlite3

from selenium.webdriver.common.by import By

PAGE = 20


def test_a_busy_catalogue_is_unavailable_not_offline(browser, faulty):
    browser.get("/")
    browser.record_events()
    lock = sqlite3.connect(faulty, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        browser.scroll_to_bottom()
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-retry"), 15,
                     "no retry footer after a 503")
        assert len(browser.row_ids()) == PAGE, "rows on screen must stay"
        assert "could not be loaded just now" in browser.driver.find_element(By.ID, "list-footer").text
        browser.shot("retry-footer-503")
        box = browser.driver.find_element(By.ID, "search-q")
        box.send_keys("snow")
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-unavailable"), 15,
                     "no unavailable placeholder for a search during a 503")
        browser.shot("unavailable-503")
    finally:
        lock.rollback() if lock.in_transaction else None
        lock.close()
    statuses = [s for (_, t, s) in browser.server.requests() if t.startswith(("/?", "/characters?"))]
    assert "503" in statuses
    assert browser.events("request-failed") == [], "a 503 was taken for offline"
    assert [e["kind"] for e in browser.events("placeholder-did-appear")] == ["unavailable"]
    # the source is back: the next search shows rows again
    box.send_keys("man")
    browser.wait(lambda d: "char-2603" in browser.row_ids(), 15)
    assert [e["kind"] for e in browser.events("placeholder-did-disappear")] == ["unavailable"]


def test_a_corrupt_catalogue_is_an_error_not_offline(browser, faulty):
    browser.get("/")
    browser.record_events()
    with open(faulty, "r+b") as file:
        file.write(b"\0" * 100)   # the header: no longer a database
    browser.scroll_to_bottom()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-retry"), 15,
                 "no retry footer after a 500")
    assert len(browser.row_ids()) == PAGE
    assert "because something went wrong" in browser.driver.find_element(By.ID, "list-footer").text
    browser.shot("retry-footer-500")
    statuses = [s for (_, t, s) in browser.server.requests() if "cursor=" in t]
    assert statuses == ["500"]
    assert browser.events("request-failed") == []
