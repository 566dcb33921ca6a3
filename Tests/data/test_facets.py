"""Facets over own data (issue 47): `facets` in the JSON twin (validated against
docs/list.schema.json by the client) checked against Python's sqlite3 GROUP BY, and
each value's link followed: the page it opens counts the rows the facet said."""
import time
import urllib.parse

from support import list_url, prepared

_, METAS = prepared()


def facet(document, column):
    (found,) = [f for f in document["facets"] if f["column"] == column]
    return found


def counted(client, path):
    """The JSON at `path` once its facets and its count are counted: a first visit counts them
    within a share of the page's own time and finishes the rest after the answer (issue 47)."""
    for _ in range(250):
        document = client.get_json(path)
        if all(f["values"] is not None for f in document["facets"]) and document["count"] is not None:
            return document
        time.sleep(0.02)
    raise AssertionError(f"the facets of {path} were never counted")


def test_facets_match_the_oracle(client, oracle):
    meta = METAS["items"]
    for params, where in [({}, ""), ({"score__gt": 2}, " WHERE score > 2")]:
        document = counted(client, list_url(meta, limit=3, _facet="score", **params))
        expected = oracle.execute(
            f"SELECT score, count(*) FROM items{where} GROUP BY score ORDER BY count(*) DESC, score").fetchall()
        got = [(v["value"], v["count"]) for v in facet(document, "score")["values"]]
        assert got == expected, params


def test_every_value_link_opens_the_rows_it_counted(client):
    """Text under NOCASE, numbers and texts mixed, reals, NULL: a value's link filters by it,
    and the page it opens counts what the facet said (or the value has no link)."""
    meta = METAS["items"]
    for column in ["label", "mixed", "ratio", "score"]:
        document = counted(client, list_url(meta, limit=3, _facet=column))
        values = facet(document, column)["values"]
        assert values, column
        for value in values:
            if value["href"] is None:
                continue
            path, _, query = value["href"].partition("?")
            followed = counted(client, path + ".json?" + query)
            assert followed["count"] == value["count"], (column, value)
            assert query_has(query, "_facet", column)
            selected = [v for v in facet(followed, column)["values"] if v["selected"]]
            assert len(selected) == 1 and selected[0]["count"] == value["count"], (column, value, selected)


def query_has(query, name, value):
    return (name, value) in urllib.parse.parse_qsl(query, keep_blank_values=True)
