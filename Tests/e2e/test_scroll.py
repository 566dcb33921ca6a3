"""Infinite scroll, in both modes: our script, and htmx 2 with the companion."""
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import code_points

PAGE = 20


def settle(seconds=0.4):
    time.sleep(seconds)


def test_scrolling_adds_one_page_each_time(browser):
    browser.get("/")
    browser.record_events()
    assert len(browser.row_ids()) == PAGE
    browser.shot("first-page")
    for step in range(1, 6):
        browser.scroll_to_bottom()
        browser.wait_rows(PAGE * (step + 1), f"scroll {step}: expected {PAGE * (step + 1)} rows")
        settle(0.3)
        assert len(browser.row_ids()) == PAGE * (step + 1), f"scroll {step} loaded more than one page"
        browser.shot(f"scrolled-{step}")
    ids = browser.row_ids()
    points = code_points(ids)
    assert points == sorted(points) and len(set(ids)) == len(ids), "rows out of order or duplicated"
    partial = browser.partial_requests()
    assert len(partial) == 5, [r["url"] for r in partial]
    assert all(r["headers"].get("hx-request") == "true" for r in partial), partial
    assert all("cursor=" in r["url"] for r in partial)
    # the server saw exactly these five continuation requests
    cursors = [t for (_, t, _) in browser.server.requests() if "cursor=" in t]
    assert all(r["url"].removeprefix(browser.server.url) in cursors for r in partial)
    added = browser.events("rows-added")
    assert [e["count"] for e in added] == [PAGE] * 5
    assert [e["total"] for e in added] == [PAGE * n for n in range(2, 7)]
    assert all(e["target"] == "list" for e in added)
    # one live footer, busy no more
    footers = browser.driver.find_elements(By.CSS_SELECTOR, "#list-footer")
    assert len(footers) == 1 and footers[0].get_attribute("aria-busy") is None


def test_a_filter_of_two_and_a_half_pages_ends(browser):
    limit = 25  # Sc, the currency symbols: about 64 rows, so 2.5 pages of 25
    browser.get(f"/?category=Sc&limit={limit}")
    browser.record_events()
    for _ in range(6):
        if browser.driver.find_elements(By.CSS_SELECTOR, ".list-footer-end"):
            break
        before = len(browser.row_ids())
        browser.scroll_to_bottom()
        browser.wait(lambda d: len(browser.row_ids()) > before or d.find_elements(By.CSS_SELECTOR, ".list-footer-end"))
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".list-footer-end"), message="no end-of-list footer")
    browser.scroll_to_bottom()
    browser.shot("end-of-list")
    ids = browser.row_ids()
    assert 2 * limit < len(ids) <= 3 * limit
    assert code_points(ids) == sorted(code_points(ids)) and len(set(ids)) == len(ids)
    partial = browser.partial_requests()
    assert len(partial) == 2 and all(r["headers"].get("hx-request") == "true" for r in partial)
    # list requests only: the service worker fetches its shell in the background
    logged = len([t for (_, t, _) in browser.server.requests() if t.startswith(("/?", "/characters?"))])
    for _ in range(3):
        browser.scroll_to_bottom()
        settle(0.3)
        browser.js("window.scrollTo(0, 0)")
        settle(0.1)
    assert len(browser.partial_requests()) == 2, "a request after the end of the list"
    assert len([t for (_, t, _) in browser.server.requests() if t.startswith(("/?", "/characters?"))]) == logged
    assert len(browser.events("end-reached")) == 1
    assert browser.events("end-reached")[0]["total"] == len(ids)


def test_back_after_opening_a_row_never_duplicates_rows(browser):
    """C-05: page 2 by scrolling, open a row, Back, scroll again."""
    browser.get("/")
    browser.scroll_to_bottom()
    browser.wait_rows(2 * PAGE)
    row = browser.driver.find_element(By.CSS_SELECTOR, f"#list li.row:nth-child({PAGE + 3}) a.name")
    browser.js("arguments[0].scrollIntoView({block: 'center'})", row)
    row.click()
    browser.wait(lambda d: "/characters/U+" in d.current_url)
    browser.shot("detail")
    browser.driver.back()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list li.row"))
    settle(0.3)
    for _ in range(2):
        count = len(browser.row_ids())
        browser.scroll_to_bottom()
        browser.wait(lambda d: len(browser.row_ids()) > count)
        settle(0.3)
    ids = browser.row_ids()
    assert len(set(ids)) == len(ids), "a row id appears twice"
    assert code_points(ids) == sorted(code_points(ids))
    assert len(ids) % PAGE == 0
    live = browser.js("return document.querySelectorAll('[hx-get][hx-trigger=\"revealed\"]').length")
    assert live == 1, "more than one live footer"
    browser.shot("after-back")


def test_refresh_reloads_from_the_first_page(browser):
    browser.get("/")
    browser.record_events()
    for n in (2, 3):
        browser.scroll_to_bottom()
        browser.wait_rows(n * PAGE)
    first_footer = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer").get_attribute("hx-get")
    browser.driver.find_element(By.CSS_SELECTOR, "button.refresh").click()
    browser.wait_rows(PAGE)
    assert browser.row_ids()[0] == "char-20"
    footer = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer").get_attribute("hx-get")
    assert footer != first_footer, "footer not reset"
    assert browser.events("rows-added")[-1]["reason"] == "replace"
    browser.shot("refreshed")
    # the reset footer pages on from row 20
    browser.scroll_to_bottom()
    browser.wait_rows(2 * PAGE)


def test_load_more_from_the_keyboard_keeps_focus_in_the_list(browser):
    browser.get("/")
    link = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]")
    browser.js("arguments[0].focus({preventScroll: true})", link)
    link.send_keys(Keys.ENTER)
    browser.wait_rows(2 * PAGE)
    settle(0.3)
    assert len(browser.row_ids()) == 2 * PAGE
    active = browser.js("const a = document.activeElement; return a && a.closest('li') && a.closest('li').id")
    assert active == browser.row_ids()[PAGE], "focus did not move to the first new row"
    assert "/?cursor=" not in browser.driver.current_url, "Load more navigated away"
    browser.shot("keyboard-load-more")


def test_the_status_region_announces_added_rows(browser):
    """Enabled once fragments carry the out-of-band status element (issue 5)."""
    import urllib.request
    import pytest
    browser.get("/")
    href = browser.driver.find_element(By.CSS_SELECTOR, "#list-footer").get_attribute("hx-get")
    request = urllib.request.Request(browser.server.url + href, headers={"HX-Request": "true"})
    fragment = urllib.request.urlopen(request).read().decode()
    if 'hx-swap-oob' not in fragment:
        pytest.skip("fragments carry no out-of-band status element yet")
    browser.scroll_to_bottom()
    browser.wait_rows(2 * PAGE)
    browser.wait(lambda d: d.find_element(By.ID, "status").get_attribute("textContent").strip() != "")
    assert not browser.js("return document.querySelector('#list template')"), "an OOB <template> was left in the list"


def test_out_of_band_elements_are_applied_like_htmx(browser):
    """Our swap unwraps <template> and applies hx-swap-oob, as htmx 2 does."""
    browser.get("/")
    swap = ("ListState.swap(t, h, 'innerHTML')" if browser.mode == "client"
            else "htmx.swap(t, h, {swapStyle: 'innerHTML'})")
    browser.js(f"""
        const t = document.createElement('ol'); t.id = 'probe'; document.body.append(t);
        const h = '<li id="p1">one</li><template><div id="status" hx-swap-oob="true" role="status">3 more rows</div></template>';
        {swap};""")
    assert browser.js("return document.getElementById('status').textContent") == "3 more rows"
    assert browser.js("return document.querySelectorAll('#probe template').length") == 0
    assert browser.js("return document.querySelectorAll('#probe li').length") == 1


def test_each_mode_runs_its_own_script(browser):
    browser.get("/")
    has = browser.js("return [typeof window.htmx, typeof window.ListState, typeof window.ListStateEvents]")
    expected = ["object", "undefined", "object"] if browser.mode == "htmx" else ["undefined", "object", "object"]
    assert has == expected
    if browser.mode == "htmx":
        config = browser.js("return [htmx.version, htmx.config.includeIndicatorStyles, htmx.config.allowEval,"
                            " htmx.config.historyCacheSize, htmx.config.refreshOnHistoryMiss]")
        assert config == ["2.0.3", False, False, 0, True]


def test_no_response_leaves_the_footer_usable(browser):
    """Nothing throws, no rows are swapped, an event says so, and loading works
    again once back online (the offline state itself: test_offline.py)."""
    browser.get("/")
    browser.record_events()
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    browser.scroll_to_bottom()
    browser.wait(lambda d: browser.events("request-failed"), message="no request-failed event")
    time.sleep(0.3)
    assert len(browser.row_ids()) == PAGE
    browser.drain_logs()
    # the browser's own network error lines (and htmx's sendError log) are expected here; exceptions are not
    unexpected = [e for e in browser.console if e.get("level") == "SEVERE"
                  and "ERR_INTERNET_DISCONNECTED" not in e["message"]
                  and not re.search(r'htmx.min.js .*"htmx:(sendError|afterRequest)"', e["message"])]
    assert not unexpected, unexpected
    browser.console = []
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    browser.wait_rows(2 * PAGE)
    assert browser.js("return document.getElementById('list-footer').getAttribute('aria-busy')") is None


def test_a_loading_footer_is_busy_and_shows_it(browser):
    browser.get("/")
    browser.driver.set_network_conditions(offline=False, latency=1500, download_throughput=-1, upload_throughput=-1)
    browser.scroll_to_bottom()
    browser.wait(lambda d: d.find_element(By.ID, "list-footer").get_attribute("aria-busy") == "true",
                 message="footer not busy while loading")
    assert "htmx-request" in browser.driver.find_element(By.ID, "list-footer").get_attribute("class")
    browser.shot("loading-footer")
    browser.scroll_to_bottom()   # revealing it again while in flight never sends a second request
    browser.wait_rows(2 * PAGE, )
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    assert browser.js("return document.getElementById('list-footer').getAttribute('aria-busy')") is None
    assert len(browser.partial_requests()) == 1
