"""The count above a list's rows (issue 47) over own data: `count` and
`countIsLowerBound` in the JSON twin (validated against docs/list.schema.json by
the client), checked against Python's sqlite3 and against a walk of every page."""
import time

from support import list_url, prepared

_, METAS = prepared()


def counted(client, path):
    """The first page at `path` once it carries its count: a first visit may show none while
    the count is finished after the answer (it may take 0.2 of the page's own time)."""
    deadline = time.monotonic() + 10
    document = client.get_json(path)
    while document["count"] is None and time.monotonic() < deadline:
        time.sleep(0.05)
        document = client.get_json(path)
    return document


def walked(client, path):
    """The rows of every page from `path`, following `next`, and the first page."""
    first = document = counted(client, path)
    rows = list(document["rows"])
    while document["next"]:
        document = client.get_json(document["next"])
        assert document["count"] is None and document["countIsLowerBound"] is None, "a later page counts again"
        rows += document["rows"]
    return first, rows


def test_counts_match_the_oracle_and_the_pages(client, oracle):
    meta = METAS["items"]
    for params, sql in [({}, "SELECT count(*) FROM items"),
                        ({"score__gt": 2}, "SELECT count(*) FROM items WHERE score > 2"),
                        ({"q": "a"}, None), ({"q": "a", "score__gt": 2}, None)]:
        first, rows = walked(client, list_url(meta, limit=7, **params))
        assert first["countIsLowerBound"] is False, params
        assert first["count"] == len(rows), params
        if sql:
            assert first["count"] == oracle.execute(sql).fetchone()[0], params


def test_the_page_says_the_count(client):
    meta = METAS["items"]
    document = counted(client, list_url(meta, limit=3, score__gt=2))
    page = client.get_html(list_url(meta, json_twin=False, limit=3, score__gt=2))
    assert f'<p class="list-matches">{document["count"]:,} rows where score &gt; 2.</p>' in page
