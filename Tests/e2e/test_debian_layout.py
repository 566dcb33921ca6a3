"""Issue 46, item 1: whole rows on a screen. A Debian-shaped table (made here
by debian_sample.py: 300 packages, long `depends` and `description`) opened
at 1280 × 900 and 390 × 844; what a user sees on the first screen is measured:
whole rows (or cards), the smallest text, the size of the things to press,
nothing wider than the window outside the table's own scroll region, long
text cut to a line (a table) or two (a card) with the whole text still in the
cell for assistive technology, the label column sticky, the footers in view.
"""
import json
import pathlib
import time
import shutil
import sqlite3
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import HTMX_STATIC, HTMX_TEMPLATES, _browser
from debian_sample import build
from test_own_data import FileServer

WIDE, PHONE = (1280, 900), (390, 844)
NETWORK_ERRORS = ["ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest"]   # the offline load, as htmx logs it

# What the first screen shows. A row counts when its box lies wholly within the
# viewport (and, in a table, starts within the scroll region's visible width);
# text counts when it has a box on the first screen and is not visually hidden.
MEASURE_JS = """
    const width = window.innerWidth, height = window.innerHeight;
    const inside = r => r.top >= 0 && r.bottom <= height && r.left >= 0 && r.left < width && r.height > 0;
    const rows = Array.from(document.querySelectorAll('#list .row')).filter(r => inside(r.getBoundingClientRect()));
    const hidden = el => el.closest('.visually-hidden, [aria-hidden="true"], template, head');
    const fonts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || hidden(node.parentElement)) continue;
        const range = document.createRange(); range.selectNodeContents(node);
        const box = Array.from(range.getClientRects()).find(r => r.width > 0 && r.top < height && r.bottom > 0);
        if (box) fonts.push([parseFloat(getComputedStyle(node.parentElement).fontSize), node.textContent.trim().slice(0, 40)]);
    }
    const targets = Array.from(document.querySelectorAll('main a[href], main button, main summary, main input'))
        .filter(el => !hidden(el)).map(el => [el.getBoundingClientRect(), el])
        .filter(([r]) => r.width > 0 && r.top < height && r.bottom > 0)
        .map(([r, el]) => [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10, el.textContent.trim().slice(0, 30)]);
    // Anything wider than the window, other than inside the table's scroll region.
    const overflowing = Array.from(document.querySelectorAll('body *'))
        .filter(el => !el.closest('.table-scroll') && !hidden(el))
        .map(el => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
        .map(([el, r]) => el.tagName + '.' + el.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    return {rows: rows.length, fonts, targets, overflowing, base: parseFloat(getComputedStyle(document.documentElement).fontSize),
            pageWidth: document.documentElement.scrollWidth, width};"""


@pytest.fixture(scope="module")
def packages():
    """The sample in a temporary folder, removed at the end of the module, with a configuration
    beside it that gives the list two facets (issue 47: the first screen still holds its rows)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="liststate-e2e-debian-"))
    path = folder / "debian.sqlite"
    build(path)
    (folder / "config.json").write_text(json.dumps({"lists": {"packages": {"facets": ["section", "priority"]}}}))
    yield path
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def packages_servers(packages):
    started = {}

    def get(mode):
        if mode not in started:
            extra = ["--static", HTMX_STATIC, "--templates", HTMX_TEMPLATES] if mode == "htmx" else []
            started[mode] = FileServer(f"debian-{mode}", packages, "--config", packages.parent / "config.json", *extra)
        return started[mode]

    yield get
    for server in started.values():
        server.stop()


@pytest.fixture
def debian_browser(request, drivers, packages_servers, mode):
    """A browser on the sample's server of `mode`; the window restored afterwards."""
    for browser in _browser(request, drivers, packages_servers, mode, True):
        browser.expected_console = NETWORK_ERRORS
        try:
            yield browser
        finally:
            browser.set_offline(False)
            browser.driver.set_window_size(1024, 768)


def open_at(browser, size, path="/packages"):
    """Opens `path` in a viewport of `size` (the window is made so that the page's viewport is `size`)."""
    browser.driver.set_window_size(*size)
    inner = browser.js("return [window.innerWidth, window.innerHeight]")
    browser.driver.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
    browser.get(path)
    browser.wait(lambda d: browser.js("return document.querySelectorAll('#list .row').length") >= 20)
    assert browser.js("return [window.innerWidth, window.innerHeight]") == list(size)
    browser.js("document.activeElement && document.activeElement.blur()")
    return browser.js(MEASURE_JS)


def database_value(packages, name, column):
    with sqlite3.connect(packages) as db:
        (value,) = db.execute(f"SELECT {column} FROM packages WHERE name = ?", (name,)).fetchone()
    db.close()
    return value


def assert_readable(seen, where):
    """16 px base, no text under 14 px, every link and button at least 24 × 24, nothing cut off at the side."""
    assert seen["base"] == 16, where
    small = [f for f in seen["fonts"] if f[0] < 14]
    assert not small, f"{where}: text under 14 px: {small[:5]}"
    tiny = [t for t in seen["targets"] if t[0] < 24 or t[1] < 24]
    assert not tiny, f"{where}: targets under 24 × 24 px: {tiny[:5]}"
    assert not seen["overflowing"], f"{where}: wider than the window: {seen['overflowing'][:5]}"
    assert seen["pageWidth"] <= seen["width"], f"{where}: the page scrolls sideways"


def test_a_wide_screen_shows_fifteen_whole_rows(debian_browser, packages):
    browser = debian_browser
    seen = open_at(browser, WIDE)
    browser.shot("packages-1280x900")
    assert seen["rows"] >= 15, f"only {seen['rows']} whole rows at 1280 × 900"
    assert_readable(seen, "1280 × 900")
    # Long text is one line, cut with an ellipsis; the cell keeps the whole text (as the server sent it).
    cell = browser.js("""
        const td = document.querySelector('#rows tr.row td[data-label="depends"]'), style = getComputedStyle(td);
        const text = Array.from(td.childNodes).filter(n => !(n.classList && n.classList.contains('visually-hidden')))
            .map(n => n.textContent).join('');
        return {key: td.closest('tr').dataset.key, text, cut: td.scrollWidth > td.clientWidth,
                lines: Math.round(td.clientHeight / parseFloat(style.lineHeight)), overflow: style.textOverflow,
                title: td.title, hidden: !!td.closest('[aria-hidden="true"]')};""")
    whole = database_value(packages, cell["key"], "depends")
    assert cell["cut"] and cell["overflow"] == "ellipsis", cell
    assert cell["text"] == whole[:300] and not cell["hidden"], "the cell lost text"
    assert cell["title"] in ("", cell["text"]), "a title that differs from the text"
    # The row's own page shows the whole of it.
    browser.driver.find_element(By.CSS_SELECTOR, f'#rows tr.row[data-key="{cell["key"]}"] th a').click()
    browser.wait(lambda d: browser.js("return !!document.querySelector('article.record')"))
    shown = browser.js("return Array.from(document.querySelectorAll('.properties dt')).find(dt => dt.textContent === 'description')"
                       ".nextElementSibling.textContent")
    assert shown == database_value(packages, cell["key"], "description")


def test_a_wide_table_scrolls_in_its_own_region_with_the_label_column_kept(debian_browser):
    browser = debian_browser
    open_at(browser, WIDE)
    region = browser.js("""
        const region = document.querySelector('#list .table-scroll');
        const name = region.getAttribute('aria-labelledby');
        return {role: region.getAttribute('role'), tabindex: region.tabIndex,
                named: !!(region.getAttribute('aria-label') || (name && document.getElementById(name).textContent.trim())),
                wide: region.scrollWidth > region.clientWidth, style: getComputedStyle(region).overflowX,
                footerInside: !!region.querySelector('#list-footer')};""")
    assert region["role"] == "region" and region["tabindex"] == 0 and region["named"], region
    assert region["style"] == "auto" and region["wide"], region
    browser.js("document.querySelector('#list .table-scroll').scrollLeft = 100000")
    kept = browser.js("""
        const region = document.querySelector('#list .table-scroll').getBoundingClientRect();
        const label = document.querySelector('#rows tr.row th').getBoundingClientRect();
        const head = document.querySelector('#list thead th').getBoundingClientRect();
        const footer = document.querySelector('#list-footer a').getBoundingClientRect();
        return [label.left - region.left, head.left - region.left, footer.left >= region.left && footer.right <= region.right,
                footer.right <= window.innerWidth];""")
    assert abs(kept[0]) < 1 and abs(kept[1]) < 1, f"the label column scrolled away: {kept}"
    assert kept[2] and kept[3], "the footer's link scrolled out of view"
    browser.shot("packages-scrolled-sideways")
    # Offline: the footer's "Try again" stays within the window too, the table scrolled or not.
    browser.set_offline(True)
    browser.js("document.querySelector('#list-footer a[rel=next]').click()")
    browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#list-footer.list-footer-offline"), 15, "no offline footer")
    for left in (0, 100000):
        browser.js("document.querySelector('#list .table-scroll').scrollLeft = arguments[0]", left)
        button = browser.js("""
            const r = document.querySelector('#list-footer.list-footer-offline a').getBoundingClientRect();
            return [r.left, r.right, window.innerWidth];""")
        assert 0 <= button[0] and button[1] <= button[2], f"'Try again' cut off: {button}"
    browser.shot("packages-offline-footer")


def test_a_phone_shows_six_whole_cards(debian_browser, packages):
    browser = debian_browser
    seen = open_at(browser, PHONE)
    browser.shot("packages-390x844")
    assert seen["rows"] >= 6, f"only {seen['rows']} whole cards at 390 × 844"
    assert_readable(seen, "390 × 844")
    # A card's cells are one run of labelled values cut after two lines; the cells keep the whole text.
    card = browser.js("""
        const row = document.querySelector('#rows tr.row'), style = getComputedStyle(row);
        const td = row.querySelector('td[data-label="depends"]');
        const cells = Array.from(row.querySelectorAll('td')).map(c => c.getBoundingClientRect())
            .filter(r => r.bottom <= row.getBoundingClientRect().bottom);
        return {clamp: style.webkitLineClamp, lines: new Set(cells.map(r => Math.round(r.top))).size,
                key: row.dataset.key, text: td.firstChild.textContent};""")
    assert card["clamp"] == "2" and card["lines"] <= 2, card
    assert card["text"] == database_value(packages, card["key"], "depends")[:300], "the card lost text"
    # The sort choices fold away; opened, they are there to choose.
    fold = browser.driver.find_element(By.CSS_SELECTOR, "#list-controls details summary")
    assert not browser.driver.find_element(By.CSS_SELECTOR, "#list-controls .sorts").is_displayed()
    assert not browser.driver.find_element(By.CSS_SELECTOR, "#list-controls .sorts-fold a").is_displayed()
    fold.click()
    browser.driver.find_element(By.CSS_SELECTOR, "#list-controls .sorts-fold a[href*='sort=version']").click()
    browser.wait(lambda d: "sort=version" in d.current_url, message="the folded sort choice did not sort")


def test_facets_fold_away_and_pass_axe(debian_browser, packages):
    """Issue 47: the configured facets sit folded on the count's line (the first screen keeps its
    rows, above); asked for with `_facet`, the fold is open, each value a link named by what it
    does, its count SQLite's own, and axe finds nothing in it or in the list."""
    from test_own_data import axe_violations
    browser = debian_browser
    seen = open_at(browser, WIDE, "/packages?_facet=section")
    # A first visit counts facets within a share of the page's own time, the rest after the answer.
    for _ in range(100):
        if not browser.js("return !!document.querySelector('#list .list-facet-note')"):
            break
        time.sleep(0.05)
        seen = open_at(browser, WIDE, "/packages?_facet=section")
    assert browser.js("return document.querySelector('#list details.list-facets').open")
    with sqlite3.connect(packages) as db:
        expected = dict(db.execute("SELECT section, count(*) FROM packages WHERE section IS NOT NULL GROUP BY section").fetchall())
    db.close()
    links = browser.js("""
        return Array.from(document.querySelectorAll('#list .list-facet')[0].querySelectorAll('li'))
            .map(li => [li.querySelector('a, span').textContent, li.querySelector('.list-facet-count').textContent,
                        (li.querySelector('a') || {}).ariaLabel || null]);""")
    assert {text: int(count.replace(",", "")) for text, count, _ in links if text in expected} == expected
    assert all(name and name.startswith(text + ", ") for text, _, name in links if text in expected), links[:3]
    assert_readable(seen, "1280 × 900, facets open")
    browser.shot("packages-facets-open")
    assert axe_violations(browser, "details.list-facets") == []
    assert axe_violations(browser, "#list") == []
    # A value's link filters by it; the filtered value's link takes the filter away.
    first = browser.driver.find_element(By.CSS_SELECTOR, "#list .list-facet a")
    value = first.text
    first.click()
    browser.wait(lambda d: "section=" in d.current_url, message="the value's link was not followed")
    # The filtered page's facets and count may be left to after its first answer.
    for _ in range(100):
        if browser.js("return !!document.querySelector('#list .list-facet a[aria-current]')"
                      " && !!document.querySelector('#list .list-matches')"):
            break
        time.sleep(0.05)
        browser.driver.refresh()
    count = browser.js("return document.querySelector('#list .list-matches').textContent")
    assert count.startswith(f"{expected[value]:,} "), count
    selected = browser.driver.find_element(By.CSS_SELECTOR, '#list .list-facet a[aria-current="true"]')
    assert selected.get_attribute("aria-label") == f"Remove the filter section: {value}"
