"""The index page, the empty list, sort links, and `liststate check` over
every shape of HTML page the own-data lists produce."""
import re
import urllib.parse

import pytest

from support import (PageRows, Server, check_html, copy_database, detail_path, list_url, parse_html, prepared, query_value,
                     tilde)

_, METAS = prepared()
EMPTY = "empty"


def list_links(tree):
    """<a href="/X"> with a single path segment: the index's links to lists."""
    return [a for a in tree.iter("a") if re.fullmatch(r"/[^/?#]+", a.attrs.get("href") or "")]


def test_index_links_every_list_and_nothing_else(client):
    tree = parse_html(client.get_html("/"))
    hrefs = [a.attrs["href"] for a in list_links(tree)]
    expected = sorted(meta.path for meta in METAS.values())
    assert sorted(set(hrefs)) == expected, (
        f"missing: {sorted(set(expected) - set(hrefs))}, unexpected: {sorted(set(hrefs) - set(expected))}")
    assert len(hrefs) == len(set(hrefs)), f"a list linked twice: {hrefs}"


def test_index_shows_titles_and_row_counts(client):
    tree = parse_html(client.get_html("/"))
    links = {a.attrs["href"]: a for a in list_links(tree)}
    problems = []
    for meta in METAS.values():
        link = links.get(meta.path)
        if link is None:
            problems.append(f"no link to {meta.path}")
            continue
        if not link.text().strip():
            problems.append(f"{meta.path}: a link without a title")
        # the largest ancestor that holds this one list link: its entry in the index
        entry = link
        while entry.parent is not None and entry.parent.tag != "#document" and \
                len(list_links(entry.parent)) == 1:
            entry = entry.parent
        text = entry.text()
        if not re.search(rf"(?<![\d,.]){meta.count}(?![\d,.]\d)", text) and "many" not in text:
            problems.append(f"{meta.path}: count {meta.count} not in {text.strip()[:200]!r}")
    assert not problems, "\n".join(problems)


def test_empty_list_is_no_data(client):
    meta = METAS[EMPTY]
    document = client.get_json(list_url(meta))
    assert document["state"] == "noData"
    assert document["rows"] == [] and document["next"] is None
    page = PageRows(client.get_html(meta.path), meta)
    assert page.rows == [] and page.next is None


@pytest.mark.parametrize("name", [n for n in METAS if n != EMPTY])
def test_sort_links_in_the_header(client, name):
    """One sort link (sort=COL or sort=-COL) per column on the list page."""
    meta = METAS[name]
    tree = parse_html(client.get_html(meta.path))
    sorted_by = set()
    for a in tree.iter("a"):
        href = a.attrs.get("href") or ""
        parts = urllib.parse.urlsplit(href)
        if parts.path in ("", meta.path) and parts.query:
            value = query_value(href, "sort")
            if value:
                sorted_by.add(value[1:] if value.startswith("-") else value)
    assert set(meta.columns) <= sorted_by, f"no sort link for {sorted(set(meta.columns) - sorted_by)}"


@pytest.mark.parametrize("sort", [None, "score", "-score", "-label"])
def test_current_sort_is_marked(client, sort):
    """Exactly one sort link of each sort navigation is marked current (aria-current, as
    docs/design.md says) and it names the current sort's column (no column: the key order).
    A table page has two, the wide screen's and the phone's fold; CSS shows one at a time."""
    meta = METAS["items"]
    tree = parse_html(client.get_html(list_url(meta, json_twin=False, sort=sort)))

    def in_fold(node):
        while node is not None:
            if node.tag == "details" and "sorts-fold" in (node.attrs.get("class") or "").split():
                return True
            node = node.parent
        return False
    links = [a for a in tree.iter("a") if a.attrs.get("aria-current") not in (None, "false")
             and urllib.parse.urlsplit(a.attrs.get("href") or "").path in ("", meta.path)]
    folded = [a for a in links if in_fold(a)]
    marked = [a for a in links if not in_fold(a)]
    assert len(marked) == 1 and len(folded) <= 1, f"marked links: {links}"
    assert not folded or folded[0].attrs["href"] == marked[0].attrs["href"], f"the fold marks another: {links}"
    value = query_value(marked[0].attrs["href"], "sort")
    column = None if sort is None else sort.lstrip("-")
    assert (value.lstrip("-") if value else None) == column, f"marked {marked[0].attrs['href']} for sort={sort}"


# --- liststate check over every page shape -----------------------------------------

def assert_valid(text, fragment, label):
    status, diagnostics = check_html(text, fragment, label)
    assert status == 0, f"liststate check{' --fragment ' + fragment if fragment else ''} ({label}):\n{diagnostics[:3000]}"


SHAPES = ["first", "later", "continuation", "region", "detail"]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", list(METAS))
def test_page_shapes_pass_check(client, oracle, name, shape):
    meta = METAS[name]
    label = f"{tilde(name)}-{shape}"
    if shape == "first":
        text = client.get_html(list_url(meta, json_twin=False, limit=7))
        tree = parse_html(text)
        assert tree.find_id("list") is not None, "no #list"
        # Lists inferred from a database are laid out as tables (issue 15): rows in a <tbody>.
        if meta.count:
            assert tree.find_id("rows") is not None and tree.find_id("rows").tag == "tbody", "no <tbody id=rows>"
        if meta.count > 7:
            footer = tree.find_id("list-footer")
            assert footer is not None and footer.tag == "tr", "no <tr id=list-footer>"
            assert any("next" in (a.attrs.get("rel") or "").split() for a in footer.iter("a")), "footer without rel=next"
        assert_valid(text, None, label)
    elif shape in ("later", "continuation"):
        if meta.count <= 7:
            pytest.skip("a single page")
        first = PageRows(client.get_html(list_url(meta, json_twin=False, limit=7)), meta)
        assert first.next, "no rel=next on the first page"
        if shape == "later":
            assert_valid(client.get_html(first.next), None, label)
        else:
            assert_valid(client.get_html(first.next, hx=True), "table-rows", label)
    elif shape == "region":
        assert_valid(client.get_html(meta.path, hx=True), "region", label)
    elif shape == "detail":
        keyed = [parts for _, parts, _ in meta.rows(oracle) if parts is not None]
        if not keyed:
            pytest.skip("no detail pages")
        assert_valid(client.get_html(detail_path(name, keyed[-1])), None, label)


@pytest.mark.parametrize("shape,path,status", [
    ("index", "/", 200),
    ("unknown-list", "/nosuch", 404),
    ("missing-row", "/items/999999", 404),
    ("missing-compound-row", "/paths/" + tilde("/") + "," + tilde("nope"), 404),
    ("bad-cursor", "/items?cursor=0", 400),
    ("bad-sort", "/items?sort=nosuch", 400),
    ("bad-limit", "/items?limit=0", 400),
    ("empty", "/empty", 200),
    ("sorted-desc", "/" + tilde("order items.v2 é") + "?sort=-" + urllib.parse.quote("unit price", safe=""), 200),
])
def test_other_pages_pass_check(client, shape, path, status):
    assert_valid(client.get_html(path, status=status), None, shape)


def test_empty_region_passes_check(client):
    assert_valid(client.get_html("/empty", hx=True), "region", "empty-region")


def test_json_twins_under_a_base_path_follow_the_schema():
    """Found by QA: the schema's patterns for `next` and `detailURLs` took no path prefix
    (`--base-path /lists/`), though the answers were right."""
    server = Server(copy_database("base-path"), extra=["--base-path", "/lists/"])
    try:
        document = server.client.get_json("/lists/items.json?limit=2")
        assert document["next"].startswith("/lists/items.json?")
        assert all(url.startswith("/lists/items/") for url in document["detailURLs"])
    finally:
        server.stop()
