"""Issue 41: a 503 was never retried by the page, although its answer carries
`Retry-After`. Now the page tries again by itself after it (at most 60 s, then
doubling up to 5 minutes), only while visible, with a note saying when: a later
page's retry footer, a search's region, a full page's unavailable placeholder.
A 500 is not retried. Both modes; the server of each test says `Retry-After: 1`
(--retry-after), so the tests wait seconds, not minutes."""
import re
import shutil
import sqlite3
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import HTMX_STATIC, HTMX_TEMPLATES, WORK, Server

PAGE = 20
NOTE = re.compile(r"^Trying again in \d+ s$")
NETWORK_ERRORS = ["ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest"]


@pytest.fixture
def source(servers, mode, browser):
    """A copy of the catalogue on a server of its own that answers `Retry-After: 1`."""
    servers(mode)  # the shared catalogue exists once a shared server has started
    copy = WORK / f"retry-{mode}.sqlite"
    shutil.copyfile(WORK / "catalogue.sqlite", copy)
    extra = ["--query-timeout", "0.3", "--retry-after", "1"]
    if mode == "htmx":
        extra += ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES]
    server = None
    try:
        server = browser.server = Server(f"retry-{mode}", copy, *extra)
        browser.expected_console = ["status of 503", "status of 500"]
        yield copy
    finally:
        if server:
            server.stop()
        copy.unlink(missing_ok=True)


class Lock:
    """A writer holding the catalogue's lock: every read gets its 503."""

    def __init__(self, path):
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.execute("BEGIN EXCLUSIVE")

    def release(self):
        if self.connection:
            self.connection.rollback()
            self.connection.close()
            self.connection = None


def list_requests(server, marker):
    return [(t, s) for (_, t, s) in server.requests() if marker(t)]


def pages(target):
    """The catalogue's list: its full page and its region (the placeholder's button asks /characters)."""
    return target == "/" or target.startswith(("/?", "/characters?")) or target == "/characters"


def note(browser):
    notes = browser.driver.find_elements(By.CSS_SELECTOR, "#list .retry-note")
    return notes[0] if notes and notes[0].is_displayed() else None


def start_times(browser, part):
    """When the page asked for each address holding `part` (ms since it loaded)."""
    return browser.js("return performance.getEntriesByType('resource')"
                      ".filter(e => e.name.includes(arguments[0])).map(e => e.startTime)", part)


def watch_banner(browser):
    browser.js("""window.__banner = 0; new MutationObserver(records => { for (const r of records)
        for (const n of [...r.addedNodes, ...r.removedNodes]) if (n.classList && n.classList.contains('offline-banner'))
            window.__banner += 1; }).observe(document.body, {childList: true, subtree: true});""")


def test_a_later_page_503_is_retried_after_retry_after_then_recovers(browser, source):
    browser.get("/")
    browser.wait_rows(PAGE)
    watch_banner(browser)
    lock = Lock(source)
    try:
        browser.scroll_to_bottom()
        browser.wait(lambda d: note(browser), 10, "no note beside the retry footer")
        assert NOTE.match(note(browser).text), note(browser).text
        assert browser.driver.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-retry")
        browser.shot("retry-footer-note")
        # two automatic retries while locked: after Retry-After (1 s), then twice that
        browser.wait(lambda d: len(list_requests(browser.server, lambda t: "cursor=" in t)) >= 3, 15,
                     "the 503 was not retried by itself")
    finally:
        lock.release()
    ids = browser.wait_rows(2 * PAGE, "the page did not recover by itself")
    assert len(set(ids)) == len(ids), "duplicated rows"
    statuses = [s for (_, s) in list_requests(browser.server, lambda t: "cursor=" in t)]
    assert statuses[:3] == ["503", "503", "503"] and statuses[-1] == "200", statuses
    starts = start_times(browser, "cursor=")
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    print(f"retry gaps (ms): {[round(g) for g in gaps]}")
    assert gaps[0] >= 1000 and gaps[1] >= 2000, f"not after Retry-After, then doubled: {gaps}"
    assert browser.js("return window.__banner") == 0, "the offline banner came and went"
    assert note(browser) is None


def test_a_search_503_region_is_retried_then_shows_its_results(browser, source):
    browser.get("/")
    browser.wait_rows(PAGE)
    lock = Lock(source)
    try:
        browser.driver.find_element(By.ID, "search-q").send_keys("snowman")
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-unavailable"), 10,
                     "no unavailable placeholder for the search")
        browser.wait(lambda d: note(browser), 5, "no note in the unavailable placeholder")
        assert NOTE.match(note(browser).text), note(browser).text
        browser.shot("search-unavailable-note")
    finally:
        lock.release()
    browser.wait(lambda d: "char-2603" in browser.row_ids(), 10, "the search was not retried by itself")
    assert browser.js("return new URL(location.href).searchParams.get('q')") == "snowman"
    assert len(browser.document_requests()) == 1, "a reload, not the region"


@pytest.mark.parametrize("lang, words", [("en", "Trying again in"), ("zh-Hans", "秒后自动重试")])
def test_a_full_page_unavailable_fetches_its_region_again(browser, source, lang, words):
    lock = Lock(source)
    try:
        browser.get(f"/?lang={lang}")
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-unavailable"), 10)
        browser.wait(lambda d: note(browser), 5, "no note on the full page's placeholder")
        assert words in note(browser).text
        if lang == "en":
            for size, name in [((1280, 900), "desktop"), ((390, 844), "phone")]:
                browser.driver.set_window_size(*size)
                browser.shot(f"unavailable-note-{name}")
            browser.driver.set_window_size(1024, 768)
    finally:
        lock.release()
    browser.wait_rows(PAGE, "the full page did not recover by itself")
    assert len(browser.document_requests()) == 1, "the page was reloaded instead of its region fetched"
    browser.wait(lambda d: "200" in [s for (_, s) in list_requests(browser.server, pages)], 5, "no 200 logged")


def test_a_500_is_not_retried_by_itself(browser, source):
    browser.get("/")
    browser.wait_rows(PAGE)
    with open(source, "r+b") as file:
        file.write(b"\0" * 100)   # the header: no longer a database
    browser.scroll_to_bottom()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-retry"), 10)
    time.sleep(2.5)   # past a second's Retry-After and its doubling
    assert [s for (_, s) in list_requests(browser.server, lambda t: "cursor=" in t)] == ["500"]
    assert not browser.driver.find_elements(By.CSS_SELECTOR, ".retry-note")


def test_a_hidden_page_does_not_retry_until_shown(browser, source):
    driver = browser.driver
    lock = Lock(source)
    try:
        browser.get("/")
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-unavailable"), 10)
        own = driver.execute_cdp_cmd("Target.getTargetInfo", {})["targetInfo"]["targetId"]
        other = driver.execute_cdp_cmd("Target.createTarget", {"url": "about:blank"})["targetId"]
    except BaseException:
        lock.release()
        raise
    try:
        browser.wait(lambda d: browser.js("return document.visibilityState") == "hidden", 5, "the tab is not hidden")
        time.sleep(0.5)   # a retry sent just before is answered (the query time limit) and logged
        before = len(list_requests(browser.server, pages))
        lock.release()
        time.sleep(2.5)   # past the Retry-After
        assert len(list_requests(browser.server, pages)) == before, "a hidden page retried"
    finally:
        lock.release()
        driver.execute_cdp_cmd("Target.activateTarget", {"targetId": own})
        driver.execute_cdp_cmd("Target.closeTarget", {"targetId": other})
    browser.wait_rows(PAGE, "no retry once the page was shown")
    browser.wait(lambda d: len(list_requests(browser.server, pages)) == before + 1, 5, "the retry is not logged")
    time.sleep(0.5)
    assert len(list_requests(browser.server, pages)) == before + 1, "one retry once shown, not a storm"


def test_the_offline_banner_stays_while_retries_fail(browser):
    """Found with issue 41: each retry took the banner away and the failure put it back."""
    browser.expected_console = NETWORK_ERRORS + ["ERR_CONNECTION_REFUSED"]
    browser.get("/")
    browser.wait_rows(PAGE)
    browser.set_offline(True)
    browser.scroll_to_bottom()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-offline"), 10)
    watch_banner(browser)
    for _ in range(2):
        browser.driver.find_element(By.CSS_SELECTOR, "#list-footer.list-footer-offline a").click()
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-offline"), 10)
    assert browser.js("return window.__banner") == 0, "the banner flickered"
    browser.set_offline(False)
    browser.wait_rows(2 * PAGE, "no recovery once online")
    assert not browser.driver.find_elements(By.CSS_SELECTOR, ".offline-banner")
