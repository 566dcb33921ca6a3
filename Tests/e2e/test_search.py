"""Search as you type, in both modes; placeholder events along the way."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def search_box(browser):
    return browser.driver.find_element(By.ID, "search-q")


def type_into(browser, text):
    box = search_box(browser)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    if text:
        box.send_keys(text)
    return box


def test_search_as_you_type_no_results_clear_and_back(browser):
    browser.get("/")
    browser.record_events()
    history = browser.js("return history.length")
    box = search_box(browser)
    box.click()
    box.send_keys("snowm")
    browser.wait(lambda d: "char-2603" in browser.row_ids(), message="SNOWMAN not found")
    browser.shot("snowm")
    assert "q=snowm" in browser.driver.current_url, "URL not replaced"
    assert "snowm" in browser.driver.title, f"the title follows the search ({browser.driver.title!r})"
    assert browser.js("return document.activeElement.id") == "search-q"
    assert browser.js("return document.activeElement.selectionStart") == len("snowm")

    type_into(browser, "zzqxjvv")
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-noResults"), message="no noResults")
    browser.shot("no-results")
    assert "q=zzqxjvv" in browser.driver.current_url
    assert browser.js("return document.activeElement.id") == "search-q"
    appeared = [e["kind"] for e in browser.events("placeholder-did-appear")]
    assert appeared == ["noResults"]
    assert [e["kind"] for e in browser.events("placeholder-will-appear")] == ["noResults"]

    type_into(browser, "")
    browser.wait(lambda d: browser.row_ids()[:1] == ["char-20"], message="clearing did not bring the list back")
    assert "snowm" not in browser.driver.title and "zzqxjvv" not in browser.driver.title, browser.driver.title
    browser.shot("cleared")
    assert [e["kind"] for e in browser.events("placeholder-did-disappear")] == ["noResults"]

    type_into(browser, "snowman")
    browser.wait(lambda d: "char-2603" in browser.row_ids() and len(browser.row_ids()) < 20)
    results = browser.row_ids()
    assert browser.js("return history.length") == history, "searching added history entries"
    partial = browser.partial_requests()
    assert partial and all(r["headers"].get("hx-request") == "true" for r in partial)
    assert all(r["headers"].get("hx-target") == "list" for r in partial)
    assert all(r["headers"].get("hx-trigger") == "search" for r in partial)
    assert all(r["headers"].get("hx-current-url", "").startswith(browser.server.url) for r in partial)
    # the stale searches never win: the list shows what the box says
    assert "SNOWMAN" in browser.js("return document.getElementById('list').textContent")

    browser.driver.find_element(By.CSS_SELECTOR, "#char-2603 a.name").click()
    browser.wait(lambda d: d.current_url.endswith("/characters/U+2603"))
    browser.shot("detail")
    browser.driver.back()
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list li.row"))
    assert "q=snowman" in browser.driver.current_url
    assert browser.row_ids() == results, "Back did not restore the results"
    assert search_box(browser).get_attribute("value") == "snowman"
    browser.shot("back")


def test_placeholder_activation_is_an_event(browser):
    browser.get("/?q=zzqxjvv")
    browser.record_events()
    browser.js("document.addEventListener('liststate:placeholder-activated', e => e.preventDefault())")
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder h2").click()
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder a").click()
    activated = browser.events("placeholder-activated")
    assert [(e["kind"], e["part"]) for e in activated] == [("noResults", "view"), ("noResults", "button")]
    assert "q=zzqxjvv" in browser.driver.current_url, "a cancelled activation still navigated"


def test_initial_placeholder_and_short_list_events(browser):
    browser.get("/?q=snowman")
    browser.record_events()
    # a single short page has no footer: the end was reached at load; nothing more is fetched
    assert browser.js("return document.getElementById('list-footer')") is None
    browser.scroll_to_bottom()
    assert browser.partial_requests() == []


def test_a_link_with_hx_get_reloads_the_region_in_place(browser):
    """What a placeholder's "Reload" action needs once its markup carries hx-get:
    the link loads the region in place instead of navigating."""
    browser.get("/?q=zzqxjvv")
    browser.record_events()
    process = "ListState.process(a)" if browser.mode == "client" else "htmx.process(a)"
    browser.js(f"""
        const a = document.createElement('a'); a.id = 'probe'; a.textContent = 'Reload';
        a.href = '/?q=snowman'; a.setAttribute('hx-get', '/?q=snowman');
        a.setAttribute('hx-target', '#list'); a.setAttribute('hx-swap', 'outerHTML');
        document.getElementById('main').prepend(a); {process};""")
    browser.driver.find_element(By.ID, "probe").click()
    browser.wait(lambda d: "char-2603" in browser.row_ids())
    assert "q=zzqxjvv" in browser.driver.current_url, "the link navigated"
    assert [e["kind"] for e in browser.events("placeholder-did-disappear")] == ["noResults"]
    partial = browser.partial_requests()
    assert len(partial) == 1 and partial[0]["headers"].get("hx-trigger") == "probe"


def test_the_region_is_busy_while_a_search_is_in_flight(browser):
    browser.get("/")
    browser.driver.set_network_conditions(offline=False, latency=1500, download_throughput=-1, upload_throughput=-1)
    browser.driver.find_element(By.ID, "search-q").send_keys("snowman")
    browser.wait(lambda d: d.find_element(By.ID, "list").get_attribute("aria-busy") == "true",
                 message="the list is not busy during a search")
    assert browser.driver.find_element(By.ID, "search-busy").is_displayed()
    browser.shot("searching")
    browser.wait(lambda d: "char-2603" in browser.row_ids())
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    assert browser.driver.find_element(By.ID, "list").get_attribute("aria-busy") is None
    assert "htmx-request" not in browser.driver.find_element(By.ID, "search").get_attribute("class")
