"""Issue 15: a server that stops answering (SIGSTOP). The kernel still accepts
the connection, so the request hangs; after the client timeout it must end
like a failed connection: the retry footer, the banner saying the server did
not answer, `aria-busy` back to false, `liststate:request-failed` with reason
`timeout`, and the automatic retry once the server answers again (SIGCONT).
Both modes: our script, and real htmx 2 through its `timeout` setting."""
import os
import shutil
import signal

import pytest
from selenium.webdriver.common.by import By

from conftest import HTMX_STATIC, HTMX_TEMPLATES, WORK, Server, _browser

PAGE = 20
TIMEOUT_SECONDS = 1.5


@pytest.fixture
def stalling(request, drivers, servers, mode):
    """A browser on a server of its own (client timeout 1.5 s), which the test stops and continues."""
    servers(mode)  # the shared catalogue exists once a shared server has started
    copy = WORK / f"stalling-{mode}.sqlite"
    shutil.copyfile(WORK / "catalogue.sqlite", copy)
    extra = ["--client-timeout", str(TIMEOUT_SECONDS)]
    if mode == "htmx":
        extra += ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES]
    server = Server(f"stalling-{mode}", copy, *extra)
    try:
        for browser in _browser(request, drivers, servers, mode, True):
            browser.server = server
            # The request the timeout ended, as each client reports it.
            browser.expected_console = ["htmx:timeout", "htmx:afterRequest", "signal is aborted", "AbortError"]
            yield browser
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
        server.stop()
        copy.unlink(missing_ok=True)


def test_a_stopped_server_ends_in_a_retry_and_recovers(stalling):
    browser = stalling
    browser.get("/")
    browser.record_events()
    browser.wait_rows(PAGE)
    meta = browser.js("return document.querySelector('meta[name=\"htmx-config\"]').content")
    assert '"timeout":1500' in meta, meta
    os.kill(browser.server.process.pid, signal.SIGSTOP)
    browser.scroll_to_bottom()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-offline"), TIMEOUT_SECONDS + 8,
                 "the footer never stopped waiting for a server that does not answer")
    footer = browser.driver.find_element(By.ID, "list-footer")
    assert "did not answer" in footer.text
    assert footer.get_attribute("aria-busy") != "true"
    banner = browser.driver.find_element(By.CSS_SELECTOR, ".offline-banner")
    assert "did not answer" in banner.text and "offline" not in banner.text
    assert "did not answer" in browser.driver.find_element(By.ID, "status").get_attribute("textContent")
    failed = browser.events("request-failed")
    assert [e["reason"] for e in failed] == ["timeout"], failed
    assert len(browser.row_ids()) == PAGE, "rows on screen stay"
    browser.shot("stalled-server-retry-footer")
    os.kill(browser.server.process.pid, signal.SIGCONT)
    ids = browser.wait_rows(2 * PAGE, "the automatic retry did not load once the server answered again")
    assert len(set(ids)) == len(ids), "duplicated rows"
    assert not browser.driver.find_elements(By.CSS_SELECTOR, ".offline-banner"), "banner left after recovery"
    browser.shot("stalled-server-recovered")


def test_a_search_the_stopped_server_never_answers_says_so_in_its_placeholder(stalling):
    """Found by a break-it pass: the placeholder said "You are offline. Check your
    connection" while the status said the server did not answer."""
    browser = stalling
    browser.get("/")
    browser.wait_rows(PAGE)
    os.kill(browser.server.process.pid, signal.SIGSTOP)
    browser.driver.find_element(By.ID, "search-q").send_keys("snowm")
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-offline"), TIMEOUT_SECONDS + 8,
                 "no placeholder for a search the server never answered")
    # textContent: a placeholder fading in has no visible text yet
    placeholder = browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder-offline")
    title = placeholder.find_element(By.CSS_SELECTOR, ".placeholder-title").get_attribute("textContent").strip()
    assert title == "The server did not answer", title
    assert "offline" not in placeholder.get_attribute("textContent")
    os.kill(browser.server.process.pid, signal.SIGCONT)
    browser.wait(lambda d: "char-2603" in browser.row_ids(), 15, "the search was not retried once the server answered")
