"""Bad requests: tampered and foreign cursors, unknown sorts, bad and repeated
parameters (400, state "error"), unknown lists and rows (404)."""
import urllib.parse

import pytest

from support import list_url, prepared, query_value, tilde, validate

_, METAS = prepared()


def cursor_of(client, name, sort=None, limit=5):
    document = client.get_json(list_url(METAS[name], sort=sort, limit=limit))
    assert document["next"], f"{name}: no next page at limit {limit}"
    return query_value(document["next"], "cursor")


def raw_query(meta, query, json_twin=True):
    return meta.path + (".json" if json_twin else "") + "?" + query


def assert_error(client, path, status=400):
    document = client.get_json(path, status=status)
    assert document["state"] == "error", f"GET {path}: state {document['state']}"
    assert document["problem"], f"GET {path}: no problem text"
    assert document["rows"] == [], f"GET {path}: rows {document['rows'][:2]}"
    assert document.get("next") is None, f"GET {path}: next {document.get('next')}"
    html_path = path.replace(".json", "", 1)
    client.get_html(html_path, status=status)
    return document


def q(value):
    return urllib.parse.quote(value, safe="")


def test_cursor_zero(client):
    assert_error(client, raw_query(METAS["items"], "cursor=0"))


def test_cursor_with_bang_appended(client):
    cursor = cursor_of(client, "items")
    assert_error(client, raw_query(METAS["items"], "limit=5&cursor=" + q(cursor + "!")))


def test_cursor_truncated(client):
    cursor = cursor_of(client, "items")
    assert_error(client, raw_query(METAS["items"], "limit=5&cursor=" + q(cursor[:-1])))


def test_valid_cursor_is_accepted(client):
    """The control of the tests above: the untouched cursor works."""
    cursor = cursor_of(client, "items")
    document = client.get_json(raw_query(METAS["items"], "limit=5&cursor=" + q(cursor)))
    assert document["state"] == "rows"


@pytest.mark.parametrize("source,target", [
    ("items", "books"),        # both keyed by an INTEGER PRIMARY KEY `id`: only the list tells them apart
    ("items", "paths"),        # integer key against a compound text key
    ("paths", "items"),
    ("codes", "events"),       # text key + rowid against rowid alone
    ("authors", "sensor_data"),
])
def test_cursor_of_another_list(client, source, target):
    cursor = cursor_of(client, source)
    assert_error(client, raw_query(METAS[target], "limit=5&cursor=" + q(cursor)))


@pytest.mark.parametrize("made_with,used_with", [
    ("score", "label"),
    ("score", "big"),      # both INTEGER columns: only the sort tells them apart
    ("score", "-score"),
    ("-score", "score"),
    ("score", None),
    (None, "score"),
    (None, "-id"),
    ("id", None),          # sorting by the key orders like no sort, but it is another sort
])
def test_cursor_of_another_sort(client, made_with, used_with):
    cursor = cursor_of(client, "items", sort=made_with)
    query = "limit=5&cursor=" + q(cursor) + ("" if used_with is None else "&sort=" + q(used_with))
    assert_error(client, raw_query(METAS["items"], query))


@pytest.mark.parametrize("name,sort", [
    ("items", "nosuch"), ("items", "-nosuch"), ("items", "--score"), ("paths", "size "),
    ("order items.v2 é", "qte"), ("book_list", "id"), ("empty", "nosuch"),
])
def test_unknown_sort_column(client, name, sort):
    assert_error(client, raw_query(METAS[name], "sort=" + q(sort)))


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "5abc"])
def test_bad_limit(client, limit):
    assert_error(client, raw_query(METAS["items"], "limit=" + q(limit)))


@pytest.mark.parametrize("limit", [101, 1000])
def test_limit_above_100_is_clamped(client, limit):
    document = client.get_json(list_url(METAS["items"], limit=limit))
    assert len(document["rows"]) == 100
    assert document["next"] and query_value(document["next"], "cursor")


@pytest.mark.parametrize("query", ["limit=5&limit=5", "sort=score&sort=score", "sort=score&sort=label",
                                   "cursor={c}&cursor={c}", "limit=5&cursor={c}&limit=7"])
def test_repeated_parameter(client, query):
    cursor = cursor_of(client, "items")
    assert_error(client, raw_query(METAS["items"], query.format(c=q(cursor))))


def test_other_parameters_are_ignored(client):
    base = client.get_json(list_url(METAS["items"], limit=5))
    other = client.get_json(raw_query(METAS["items"], "limit=5&colour=blue&x=1&x=2&utm_source=mail&fbclid=f"))
    assert other["rows"] == base["rows"]
    # Named, each once in order, so a mistyped column shows; tracking parameters are not (issue 46).
    assert other["ignored"] == ["colour", "x"] and base["ignored"] == []
    page = client.get_html(raw_query(METAS["items"], "limit=5&colour=blue", json_twin=False))
    assert "“colour” is not a column of items, so it was ignored." in page


@pytest.mark.parametrize("query", ["score__gt=abc", "ratio__lte=1x", "big__lt=0x10"])
def test_a_range_over_numbers_takes_a_number(client, query):
    document = assert_error(client, raw_query(METAS["items"], query))
    assert "is not a number" in document["problem"], document["problem"]


@pytest.mark.parametrize("path", ["/nosuch", "/nosuch.json", "/items~2Ex", "/sqlite_stat1", "/sqlite_sequence",
                                  "/books_fts", "/books_fts_data", "/books_fts_config", "/notes_fts4",
                                  "/notes_fts4_segdir", "/notes_fts4_content",
                                  # only the canonical tilde encoding names a list (docs/design.md)
                                  "/order~20items~2Ev2~20~c3~a9", "/order%20items.v2%20%C3%A9",
                                  "/order~20items.v2~20~C3~A9"])
def test_unknown_list_is_404(client, path):
    response = client.get(path)
    assert response.status == 404, f"GET {path}: {response}"
    if "json" in response.headers.get("content-type", ""):
        validate(response.json())


MISSING = [
    ("items", "999999"), ("items", "11"), ("items", "-9223372036854775807"),
    ("paths", tilde("/") + "," + tilde("nope")), ("paths", tilde("nope") + "," + tilde("/")),
    ("codes", "ZZZ"), ("codes", tilde("A1 ")), ("events", "51"), ("events", "0"),
    ("authors", "11"), ("books", "41"), ("order items.v2 é", "26"), ("sensor_data", "16"),
    ("measurements", tilde("0.3")), ("empty", "1"),
]


@pytest.mark.parametrize("name,key", MISSING)
def test_missing_row_is_404(client, name, key):
    path = METAS[name].path + "/" + key
    document = client.get_json(path + ".json", status=404)
    assert document["state"] == "notFound", f"GET {path}.json: state {document['state']}"
    assert document["row"] is None
    assert document["list"] == name
    client.get_html(path, status=404)


def test_view_has_no_detail_pages(client):
    assert client.get(METAS["book_list"].path + "/1").status == 404
    assert client.get(METAS["book_list"].path + "/1.json").status == 404
