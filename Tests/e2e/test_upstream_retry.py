"""Issue 45: a list over an upstream API whose upstream gives no answer in time is
a 504 with `Retry-After`, which the page tries again by itself as it does a 503;
an upstream's own fault (its 500) is a 502, which it does not. Both modes; the
server says `Retry-After: 1` and the upstream's time limit is 1 s, so the tests
wait seconds. The upstream is Tests/upstream/upstream_server.py, always stopped."""
import json
import shutil
import sys
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, WORK, Server, _browser
from test_own_data import has, keys, mode_arguments
from test_retry import NOTE, list_requests, note

sys.path.insert(0, str(ROOT / "Tests/upstream"))
from test_upstream_server import Upstream  # noqa: E402  (the upstream's launcher, found through the path above)

PAGE = 20


class ConfiguredServer(Server):
    """`liststate serve --port 0 --config FILE`: the lists the file declares, no catalogue."""

    @staticmethod
    def source_arguments(config):
        return ["--config", str(config)]


@pytest.fixture
def upstream_browser(request, drivers, mode):
    """A browser on a server of its own whose list `items` reads a fake upstream of its own
    (`browser.upstream`, controlled by the test); the console lines of the 504 and 502
    answers are expected. Server, upstream and file are gone afterwards, pass or fail."""
    upstream = Upstream()
    folder = WORK / f"upstream-{mode}"
    server = None
    try:
        folder.mkdir(exist_ok=True)
        config = folder / "site.json"
        items = {"url": f"{upstream.base}/drf/items", "rows": "results", "pagination": "next",
                 "limitParameter": "limit", "key": "id", "columns": ["name", "price"], "timeLimit": 1}
        config.write_text(json.dumps({"upstreams": {"items": items}}))
        server = ConfiguredServer(f"upstream-{mode}", config, "--retry-after", "1", *mode_arguments(mode))
        for browser in _browser(request, drivers, lambda _: server, mode, True):
            browser.upstream = upstream
            browser.expected_console = ["status of 504", "status of 502"]
            yield browser
    finally:
        if server:
            server.stop()
        upstream.stop()
        shutil.rmtree(folder, ignore_errors=True)


def next_pages(browser):
    """The statuses of the list's later pages asked so far (their cursor), in order."""
    return [s for (_, s) in list_requests(browser.server, lambda t: t.startswith("/items?") and "cursor=" in t)]


def test_an_upstream_504_is_retried_by_itself_then_recovers(upstream_browser):
    browser = upstream_browser
    browser.get("/items")
    browser.wait(lambda d: len(keys(browser)) == PAGE, 10, f"expected {PAGE} rows")
    browser.upstream.control(mode="slow", seconds=3)
    browser.scroll_to_bottom()
    browser.wait(lambda d: note(browser), 10, "no note beside the retry footer")
    assert NOTE.match(note(browser).text), note(browser).text
    assert has(browser, "#list-footer.list-footer-retry")
    # a retry by itself after Retry-After (1 s), while the upstream is still silent
    browser.wait(lambda d: len(next_pages(browser)) >= 2, 10, "the 504 was not retried by itself")
    browser.upstream.control(mode="answers")
    browser.wait(lambda d: len(keys(browser)) == 2 * PAGE, 15, "the page did not recover by itself")
    shown = keys(browser)
    assert shown == list(range(1, 2 * PAGE + 1)), shown
    statuses = next_pages(browser)
    assert statuses[:2] == ["504", "504"] and statuses[-1] == "200", statuses
    assert note(browser) is None


def test_an_upstream_502_is_not_retried_by_itself(upstream_browser):
    browser = upstream_browser
    browser.get("/items")
    browser.wait(lambda d: len(keys(browser)) == PAGE, 10, f"expected {PAGE} rows")
    browser.upstream.control(mode="status", code=500)
    browser.scroll_to_bottom()
    browser.wait(lambda d: has(browser, "#list-footer.list-footer-retry"), 10, "no retry footer")
    time.sleep(2.5)   # past a second's Retry-After and its doubling
    assert next_pages(browser) == ["502"]
    assert keys(browser) == list(range(1, PAGE + 1)), "the rows on screen stay"
    assert not browser.driver.find_elements(By.CSS_SELECTOR, ".retry-note")
