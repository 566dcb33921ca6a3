"""Issue 15: a page opened at a cursor (`/?cursor=C`, a Load more link opened
as a page). "Try again" on its placeholder must bring back the list, not a run
of rows in place of `#list`; a search from it must not leave "Back to the start
of the list" above the new first-page results. Both modes."""
import sqlite3

from selenium.webdriver.common.by import By

PAGE = 20
START_LINK = "Back to the start of the list"


def next_href(browser):
    browser.get("/")
    browser.wait_rows(PAGE)
    return browser.js("return document.querySelector('#list-footer a[rel=next]').getAttribute('href')")


def search(browser, text):
    box = browser.driver.find_element(By.ID, "search-q")
    box.send_keys(text)


def test_try_again_on_a_later_page_keeps_the_list(browser, faulty):
    later = next_href(browser)
    lock = sqlite3.connect(faulty, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        browser.get(later)
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .placeholder-unavailable"), 15,
                     "no unavailable placeholder on a later page while the source is locked")
    finally:
        lock.rollback()
        lock.close()
    browser.shot("later-page-unavailable")
    browser.driver.find_element(By.CSS_SELECTOR, "#list .placeholder-unavailable a").click()
    browser.wait(lambda d: len(browser.row_ids()) == PAGE, 15, "Try again did not bring the rows")
    assert browser.js("return document.querySelectorAll('main > li').length") == 0, "rows outside the list"
    assert browser.js("return document.querySelectorAll('#list #rows > li.row').length") == PAGE
    assert START_LINK in browser.driver.find_element(By.ID, "list").text
    browser.shot("later-page-retried")
    search(browser, "snowman")
    browser.wait(lambda d: "char-2603" in browser.row_ids(), 15, "searching after the retry did nothing")
    assert START_LINK not in browser.driver.find_element(By.TAG_NAME, "main").text


def test_a_search_from_a_later_page_drops_the_start_link(browser):
    browser.get(next_href(browser))
    assert START_LINK in browser.driver.find_element(By.TAG_NAME, "main").text
    search(browser, "snowman")
    browser.wait(lambda d: "char-2603" in browser.row_ids(), 15, "no search results")
    assert START_LINK not in browser.driver.find_element(By.TAG_NAME, "main").text, "a stale start link"
    browser.shot("search-from-later-page")
