"""JavaScript off: the "Load more" link pages through, the search form works."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import code_points


def test_load_more_link_pages_through_without_javascript(nojs_browser):
    browser = nojs_browser
    browser.get("/")
    assert browser.js is not None
    ids = [e.get_attribute("id") for e in browser.driver.find_elements(By.CSS_SELECTOR, "#list li.row")]
    assert len(ids) == 20
    browser.shot("first-page")
    for page in range(2, 5):
        browser.driver.find_element(By.CSS_SELECTOR, "#list-footer a[rel=next]").click()
        browser.wait(lambda d: "cursor=" in d.current_url)
        rows = [e.get_attribute("id") for e in browser.driver.find_elements(By.CSS_SELECTOR, "#list li.row")]
        assert len(rows) == 20
        assert code_points(rows)[0] > code_points(ids)[-1]
        ids += rows
        browser.shot(f"page-{page}")
    assert len(set(ids)) == len(ids) == 80
    assert code_points(ids) == sorted(code_points(ids))
    assert browser.partial_requests() == []
    assert all("hx-request" not in r["headers"] for r in browser.document_requests())


def test_search_form_works_without_javascript(nojs_browser):
    browser = nojs_browser
    browser.get("/?category=So")
    box = browser.driver.find_element(By.ID, "search-q")
    box.send_keys("snowman", Keys.ENTER)
    browser.wait(lambda d: "q=snowman" in d.current_url)
    assert "category=So" in browser.driver.current_url, "the filter was not kept"
    assert browser.driver.find_elements(By.ID, "char-2603")
    assert browser.driver.find_element(By.ID, "search-q").get_attribute("value") == "snowman"
    browser.shot("search")
    box = browser.driver.find_element(By.ID, "search-q")
    box.clear()
    box.send_keys("zzqxjvv", Keys.ENTER)
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".placeholder-noResults"))
    browser.shot("no-results")
