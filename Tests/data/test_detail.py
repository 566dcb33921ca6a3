"""Detail pages `/NAME/KEY` and `/NAME/KEY.json`, the URL built by the test
with the contract's tilde encoding (not taken from the server)."""
import pytest

from support import detail_path, key_matches, parse_html, prepared, same, validate

_, METAS = prepared()


def sample(rows, name):
    """Every row of a small table; the first, last and every 13th of a big one."""
    with_key = [r for r in rows if r[1] is not None]
    if len(with_key) <= 60:
        return with_key
    picked = with_key[::13] + with_key[-3:]
    # the extreme integer keys of `items`
    picked += [r for r in with_key if isinstance(r[1][0], int) and abs(r[1][0]) >= 2**53]
    return picked


DETAIL_LISTS = [name for name, meta in METAS.items() if meta.kind != "view" and meta.count]


@pytest.mark.parametrize("name", DETAIL_LISTS)
def test_detail_json(client, oracle, name):
    meta = METAS[name]
    problems = []
    for row, parts, _ in sample(meta.rows(oracle), name):
        path = detail_path(name, parts) + ".json"
        response = client.get(path)
        if response.status != 200:
            problems.append(f"GET {path}: {response}")
            continue
        document = response.json()
        validate(document)
        if document["state"] != "rows" or not same(document["row"], row):
            problems.append(f"GET {path}: state {document['state']}, row {document['row']!r}, expected {row!r}")
        elif document["columns"] != meta.columns or document["primaryKeys"] not in meta.expected_primary_keys():
            problems.append(f"GET {path}: columns {document['columns']}, primaryKeys {document['primaryKeys']}")
        elif document["list"] != name:
            problems.append(f"GET {path}: list {document['list']!r}")
        if len(problems) >= 5:
            break
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", DETAIL_LISTS)
def test_detail_html(client, oracle, name):
    """200, and the page shows the row's text values."""
    meta = METAS[name]
    problems = []
    for row, parts, _ in sample(meta.rows(oracle), name)[:12]:
        path = detail_path(name, parts)
        response = client.get(path)
        if response.status != 200 or "text/html" not in response.headers.get("content-type", ""):
            problems.append(f"GET {path}: {response}")
            continue
        text = parse_html(response.text).text()
        for column, value in row.items():
            if isinstance(value, str) and value.strip() and value.strip() not in text:
                problems.append(f"GET {path}: {column} = {value!r} not on the page")
    assert not problems, "\n".join(problems[:10])


def test_compound_text_keys_are_tilde_encoded(client, oracle):
    """The nasty keys of `paths`: the listed detail URL is the tilde encoding, part by part."""
    meta = METAS["paths"]
    document = client.get_json(meta.path + ".json?limit=100")
    expected = meta.rows(oracle)
    assert len(document["rows"]) == len(expected)
    for url, (_, parts, _) in zip(document["detailURLs"], expected):
        assert url == detail_path("paths", parts), f"{url!r} for {parts!r}"


def test_real_keys_parse_back(client, oracle):
    """REAL key parts: any shortest decimal that parses back (the contract fixes no spelling)."""
    meta = METAS["measurements"]
    document = client.get_json(meta.path + ".json")
    for url, (_, parts, _) in zip(document["detailURLs"], meta.rows(oracle)):
        assert key_matches(url, "measurements", parts), f"{url!r} for {parts!r}"
        fetched = client.get_json(url + ".json")
        assert fetched["state"] == "rows" and fetched["row"]["at"] == parts[0]
