"""`--base-path /lists/` in a real browser, in both modes (our script; htmx 2
with the companion): the page, its scripts and styles, infinite scroll and
search all stay under the prefix, and the service worker registers at
/lists/sw.js with scope /lists/, so a navigation without a server shows its
offline page."""
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import HTMX_STATIC, HTMX_TEMPLATES, WORK, Server, browser_on_own_server

PAGE = 20
NETWORK_ERRORS = ["ERR_CONNECTION_REFUSED"]


@pytest.fixture
def prefixed_browser(request, drivers, servers, mode):
    """A browser on a server of its own under /lists/ (the test may stop it)."""
    servers(mode)  # the shared catalogue exists once a shared server has started
    copy = WORK / f"base-path-{mode}.sqlite"
    shutil.copyfile(WORK / "catalogue.sqlite", copy)
    extra = ["--base-path", "/lists/"]
    if mode == "htmx":
        extra += ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES]
    server = Server(f"base-path-{mode}", copy, *extra)
    yield from browser_on_own_server(request, drivers, servers, mode, server, copy, NETWORK_ERRORS)


def test_scroll_search_and_the_service_worker_stay_under_the_prefix(prefixed_browser):
    browser = prefixed_browser
    assert browser.server.url.endswith("/lists"), "the server says where the site is"
    browser.get("/")  # the server's address, http://…/lists, and /
    browser.wait_rows(PAGE)
    assert browser.js("return getComputedStyle(document.querySelector('.masthead')).display") != "inline", \
        "the stylesheet came from /lists/static/"
    browser.scroll_to_bottom()
    browser.wait_rows(2 * PAGE, "no second page from the footer under the prefix")
    field = browser.driver.find_element(By.CSS_SELECTOR, "input[name=q]")
    field.send_keys("snowman")
    browser.wait(lambda d: "char-2603" in browser.row_ids() and len(browser.row_ids()) < PAGE, 10, "no search results")
    requests = [target for (_, target, _) in browser.server.requests()]
    assert requests and all(target.startswith("/lists/") for target in requests), \
        [target for target in requests if not target.startswith("/lists/")]
    if browser.mode == "client":
        browser.wait(lambda d: browser.js("return !!navigator.serviceWorker.controller"), 15,
                     "the service worker did not take control")
        registration = browser.driver.execute_async_script(
            "navigator.serviceWorker.getRegistration().then(r => arguments[0]([r.scope, r.active.scriptURL]))")
        assert registration[0].endswith("/lists/"), registration
        assert "/lists/sw.js?v=" in registration[1], registration
        names = browser.driver.execute_async_script("caches.keys().then(arguments[0])")
        assert names and all(name.startswith("liststate-shell-%2Flists-") for name in names), names
        browser.server.stop()
        browser.get("/?q=heart")
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".placeholder-offline"), 10, "no offline page")
        assert browser.js("return document.querySelector('.placeholder-offline img').naturalWidth") > 0
    browser.shot("base-path")
