"""`/NAME.csv` (docs/reference/urls.md): every list, in key order and
in both directions of every column, parsed as RFC 4180 and compared with
Python's sqlite3 over the same file: the header, every row exactly once, in
order, every value as the reference says (NULL empty, blobs base64, reals that
read back to the same double)."""
import csv
import io
import math

import pytest

from support import list_url, prepared, sort_id, sort_param

_, METAS = prepared()
# Every list in key order; every column of every list in both directions.
CASES = [(name, sort) for name, meta in METAS.items() for sort in meta.sorts()]


def csv_url(meta, **params):
    return list_url(meta, json_twin=False, **params).replace(meta.path, meta.path + ".csv", 1)


def expected_field(value):
    """What the CSV must hold for a value the JSON twin writes as `value` (support.encode_value)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise TypeError(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict) and "$base64" in value:
        return value["$base64"]
    if isinstance(value, dict) and "$real" in value:
        return value["$real"]
    return value


def same_field(expected, actual):
    if isinstance(expected, float):
        return not math.isnan(expected) and float(actual) == expected
    return expected == actual


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}:{sort_id(case[1])}")
def test_csv_holds_every_row_in_order(client, oracle, case):
    name, sort = case
    meta = METAS[name]
    url = csv_url(meta, sort=sort_param(sort))
    response = client.get(url)
    assert response.status == 200, f"GET {url}: {response}"
    assert response.headers["content-type"] == "text/csv; charset=utf-8; header=present"
    assert response.headers["content-disposition"].startswith("attachment; filename=")
    records = list(csv.reader(io.StringIO(response.body.decode("utf-8"), newline="")))
    assert records[0] == meta.columns, f"GET {url}: header {records[0]}"
    expected = meta.rows(oracle, sort)
    assert len(records) - 1 == len(expected), f"GET {url}: {len(records) - 1} rows, SQLite has {len(expected)}"
    for index, ((row, _, _), record) in enumerate(zip(expected, records[1:])):
        values = [expected_field(row[column]) for column in meta.columns]
        assert len(record) == len(values) and all(same_field(e, a) for e, a in zip(values, record)), (
            f"GET {url}: row {index}: {record!r} is not {values!r}")


def test_csv_applies_filters(client, oracle):
    for meta in METAS.values():
        column = meta.columns[0]
        url = csv_url(meta, **{f"{column}__isnull": 0})
        records = list(csv.reader(io.StringIO(client.get(url).body.decode("utf-8"), newline="")))
        q = '"' + column.replace('"', '""') + '"'
        table = '"' + meta.name.replace('"', '""') + '"'
        count = oracle.execute(f"SELECT count(*) FROM {table} WHERE {q} IS NOT NULL").fetchone()[0]
        assert len(records) - 1 == count, f"GET {url}: {len(records) - 1} rows, SQLite has {count}"


def test_a_missing_list_or_a_bad_parameter_is_plain_text(client):
    missing = client.get("/no~20such~20list.csv")
    assert missing.status == 404 and missing.headers["content-type"].startswith("text/plain")
    some = next(iter(METAS.values()))
    bad = client.get(csv_url(some, sort="no such column"))
    assert bad.status == 400 and bad.headers["content-type"].startswith("text/plain")
