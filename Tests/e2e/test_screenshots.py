"""The README's pictures (issue 16): the main states as a user sees them, made
by the browser in this suite. With LISTSTATE_README_IMAGES=DIR (`make
screenshots` sets it to docs/images) they are written there under fixed names;
otherwise into the run's temporary folder, so every run still proves they can
be made (each is a real PNG of the expected size, and the page shows the state).
"""
import os
import pathlib
import shutil
import sqlite3
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import WORK, Server, _browser
# The shop's fixtures (imported fixtures are found by pytest in this module too).
from test_own_data import FileServer, shop, shop_servers  # noqa: F401
from test_debian_layout import PHONE, WIDE as WIDE_TABLE, open_at, packages, packages_servers  # noqa: F401

IMAGES = pathlib.Path(os.environ.get("LISTSTATE_README_IMAGES") or WORK / "readme-images")
IMAGES.mkdir(parents=True, exist_ok=True)
WIDE, NARROW = (900, 640), (390, 700)
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def camera(request, drivers, servers):
    """Our script's browser on the catalogue; the window restored afterwards."""
    for browser in _browser(request, drivers, servers, "client", True):
        browser.expected_console = ["ERR_INTERNET_DISCONNECTED", "status of 503"]
        browser.driver.set_window_size(*WIDE)
        try:
            yield browser
        finally:
            browser.driver.set_window_size(1024, 768)
            browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def take(browser, name, selector):
    """Waits for `selector`, then writes IMAGES/name.png from the viewport."""
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, selector), 15, f"{name}: no {selector}")
    browser.js("document.activeElement && document.activeElement.blur()")
    path = IMAGES / f"{name}.png"
    browser.driver.save_screenshot(str(path))
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 5000, f"{name}: not a picture"
    return path


def test_the_catalogue_states(camera, servers):
    browser = camera
    browser.get("/")
    take(browser, "list", "#list li.row")
    browser.get("/?q=zzqxjv")
    take(browser, "no-results", "#list .placeholder-noResults")
    browser.get("/")
    browser.wait_rows(20)
    browser.set_offline(True)
    browser.scroll_to_bottom()
    # "Load more" asked for at once, not left to the footer coming into view (found flaky in CI).
    browser.js("const a = document.querySelector('#list-footer a[rel=next]'); if (a) a.click();")
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-offline"), 15, "no offline footer")
    browser.js("window.scrollBy(0, -260)")
    take(browser, "offline-with-rows", ".offline-banner")
    browser.set_offline(False)
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    browser.get("/?q=snow")
    assert browser.js("return matchMedia('(prefers-color-scheme: dark)').matches")
    take(browser, "dark", "#list li.row")


def test_unavailable_and_the_gallery(camera, servers):
    """A locked copy of the catalogue (503) and the gallery of every state (--dev)."""
    browser = camera
    copy = WORK / "screenshots.sqlite"
    shutil.copyfile(WORK / "catalogue.sqlite", copy)
    server = Server("screenshots", copy, "--dev", "--query-timeout", "0.3")
    try:
        browser.server = server
        lock = sqlite3.connect(copy, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            browser.get("/")
            take(browser, "unavailable", "#list .placeholder-unavailable")
        finally:
            lock.rollback()
            lock.close()
        browser.get("/-/states")
        take(browser, "gallery", ".gallery-item")
    finally:
        server.stop()
        copy.unlink(missing_ok=True)


def test_a_users_table_wide_and_narrow(request, drivers, shop_servers):
    for browser in _browser(request, drivers, shop_servers, "client", True):
        try:
            browser.driver.set_window_size(*WIDE)
            browser.get("/products?sort=-price")
            take(browser, "table", "#list table tr.row")
            browser.driver.set_window_size(*NARROW)
            browser.get("/products")
            take(browser, "narrow", "#list tr.row")
        finally:
            browser.driver.set_window_size(1024, 768)


def test_a_debian_shaped_table_on_a_wide_screen_and_a_phone(request, drivers, packages_servers):
    """Issue 46: the Debian-shaped sample (test_debian_layout.py's) at 1280 × 900 and 390 × 844."""
    for browser in _browser(request, drivers, packages_servers, "client", True):
        try:
            for name, size in [("packages-wide", WIDE_TABLE), ("packages-phone", PHONE)]:
                seen = open_at(browser, size)
                assert seen["rows"] >= (15 if size == WIDE_TABLE else 6), f"{name}: {seen['rows']} whole rows"
                take(browser, name, "#list tr.row")
        finally:
            browser.driver.set_window_size(1024, 768)


def test_a_faceted_searched_debian_shaped_list(request, drivers, packages_servers):
    """Issue 47: the Debian-shaped sample searched (relevance order, the names first) with two
    facets open, once they are counted (a first visit may leave them to after its answer)."""
    for browser in _browser(request, drivers, packages_servers, "client", True):
        try:
            browser.driver.set_window_size(*WIDE_TABLE)
            address = "/packages?q=emacs&_facet=section&_facet=priority"
            for _ in range(100):
                browser.get(address)
                browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list tr.row"), 15, "no rows")
                if not browser.js("return !!document.querySelector('#list .list-facet-note')"):
                    break
                time.sleep(0.05)
            assert browser.js("return document.querySelector('#list tr.row th').textContent.trim()") == "emacs"
            take(browser, "packages-explore", "#list details.list-facets[open]")
        finally:
            browser.driver.set_window_size(1024, 768)
