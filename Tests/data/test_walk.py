"""Walks every list in every order (no sort, sort=COL, sort=-COL for every
column) with limits 1, 7 and 20, following `next` in the JSON twin and the
rel=next "Load more" links in HTML, against Python's sqlite3 running the
contract's ORDER BY over the same file."""
import concurrent.futures

import pytest

from support import (PageRows, compare_html_rows, compare_walk, list_url, prepared, sort_id, sort_param,
                     walk_html, walk_json)

_, METAS = prepared()
LIMITS = [1, 7, 20]
CASES = [(name, sort, limit) for name, meta in METAS.items() for sort in meta.sorts() for limit in LIMITS]
# HTML: every sort at 20 rows a page, and the key order at 7 and (for lists up to 50 rows) 1
HTML_CASES = [(name, sort, 20) for name, meta in METAS.items() for sort in meta.sorts()] + \
             [(name, None, 7) for name in METAS] + [(name, None, 1) for name in METAS if METAS[name].count <= 50]


def case_id(case):
    name, sort, limit = case
    return f"{name}:{sort_id(sort)}:{limit}"


@pytest.fixture(scope="module")
def walks(request, client):
    """The walks the selected tests need, taken ahead by three threads in the
    order the tests ask for them (the server works on one while Python checks
    another): each test waits for its own and gets its result, or the
    exception the walk raised."""
    executor = concurrent.futures.ThreadPoolExecutor(max_workers=3)
    futures = {}
    walkers = {"json": walk_json, "html": walk_html}

    def submit(kind, name, sort, limit):
        if (kind, name, sort, limit) not in futures:
            futures[kind, name, sort, limit] = executor.submit(walkers[kind], client, METAS[name], sort, limit)

    for item in request.session.items:
        case = getattr(item, "callspec", None) and item.callspec.params.get("case")
        if case and item.module.__name__ == __name__:
            submit("json", *case)
            if item.originalname == "test_html_walk_matches_json_walk":
                submit("html", *case)

    def get(kind, name, sort, limit):
        submit(kind, name, sort, limit)
        return futures[kind, name, sort, limit].result(timeout=120)

    yield get
    executor.shutdown(wait=True, cancel_futures=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_json_walk_matches_sqlite(walks, oracle, case):
    name, sort, limit = case
    meta = METAS[name]
    expected = meta.rows(oracle, sort)
    rows, urls, _ = walks("json", *case)
    compare_walk(meta, expected, rows, urls, list_url(meta, sort=sort_param(sort), limit=limit))


@pytest.mark.parametrize("case", HTML_CASES, ids=case_id)
def test_html_walk_matches_json_walk(walks, case):
    name, sort, limit = case
    meta = METAS[name]
    _, urls, _ = walks("json", *case)
    html_rows, pages = walks("html", *case)
    what = list_url(meta, json_twin=False, sort=sort_param(sort), limit=limit)
    compare_html_rows(meta, html_rows, urls, what)
    for path, text in pages:
        page = PageRows(text, meta)
        assert not page.without_record_class, f"{path}: rows without class record"
        ids = [row_id for _, row_id, _ in page.rows]
        assert all(ids), f"{path}: a row without an id"
        assert len(set(ids)) == len(ids), f"{path}: repeated row ids {ids}"


WALKABLE = [name for name, meta in METAS.items() if meta.count > 7]


@pytest.mark.parametrize("name", WALKABLE)
def test_continuation_fragment_is_the_next_page(client, name):
    """HX-Request with a cursor: a run of <li>, the rows of the JSON page after that
    cursor, with ids that do not collide with the first page's (they are appended to it)."""
    meta = METAS[name]
    first = client.get_json(list_url(meta, limit=7))
    second = client.get_json(first["next"])
    first_page = PageRows(client.get_html(list_url(meta, json_twin=False, limit=7)), meta)
    assert first_page.next, "first HTML page without rel=next"
    fragment_text = client.get_html(first_page.next, hx=True)
    fragment = PageRows(fragment_text, meta)
    top = [node.tag for node in fragment.tree.children if not isinstance(node, str)]
    # The table layout (the default for a database's lists): a run of <tr>, no table around them.
    assert not {"html", "body", "ol", "table", "tbody"} & set(top), f"not a run of <tr>: {top}"
    assert "tr" in top, f"not a run of <tr>: {top}"
    compare_html_rows(meta, fragment.rows, second["detailURLs"], f"{first_page.next} (HX-Request)")
    first_ids = {row_id for _, row_id, _ in first_page.rows}
    clashes = first_ids & {row_id for _, row_id, _ in fragment.rows}
    assert not clashes, f"continuation repeats row ids of the first page: {sorted(clashes)}"


@pytest.mark.parametrize("name", list(METAS))
def test_region_fragment_is_the_first_page(client, name):
    """HX-Request without a cursor: the #list region, holding the first page."""
    meta = METAS[name]
    first = client.get_json(list_url(meta))
    region = PageRows(client.get_html(meta.path, hx=True), meta)
    assert region.tree.find_id("list") is not None, "region fragment without #list"
    assert not list(region.tree.iter("html")), "region fragment is a whole document"
    compare_html_rows(meta, region.rows, first["detailURLs"], f"{meta.path} (HX-Request)")
