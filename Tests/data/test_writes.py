"""Writes while a client walks: keyset cursors keep every row that existed
throughout exactly once, show no deleted row, skip the rows inserted behind
the cursor and show the rows inserted ahead of it. And a cursor after the
last row: state "nothing", footer "endOfList"."""
import shutil
import sqlite3

import pytest

from support import (PageRows, check_html, compare_walk, list_url, prepared, quote_identifier, sort_id,
                     sort_param, walk_json)

_, METAS = prepared()
ITEMS = METAS["items"]
PAGE, PAGES_BEFORE = 5, 3


def apply(db, inserts, deletes):
    db.execute("BEGIN IMMEDIATE")
    for row in inserts:
        db.execute("INSERT INTO items VALUES (?,?,?,?,?,?,?)", row)
    for item_id in deletes:
        db.execute("DELETE FROM items WHERE id = ?", (item_id,))
    db.execute("COMMIT")


def candidate_inserts(db, cursor_row, first_row):
    """Rows around the cursor row (ties on the sort column with neighbouring ids,
    extremes, NULLs), whichever side of the cursor they land on."""
    taken = {r[0] for r in db.execute("SELECT id FROM items")}
    cursor_id, first_id = cursor_row[0], first_row[0]

    def free(start, step):
        candidate = start
        while candidate in taken and -2**63 < candidate < 2**63 - 1:
            candidate += step
        taken.add(candidate)
        return candidate

    rows = []
    for start, step in [(cursor_id - 1, -1), (cursor_id + 1, 1), (cursor_id - 2, -1), (cursor_id + 2, 1),
                        (first_id - 1, -1), (first_id + 1, 1)]:
        if -2**63 < start < 2**63 - 1:
            rows.append((free(start, step),) + tuple(cursor_row[1:]))
    for score, label, mixed, big, ratio in [(-1, "AAA", -2**63, -2**63, float("-inf")),
                                           (99, "zzz", b"\xff\xff", 2**63 - 1, float("inf")),
                                           (None, None, None, None, None)]:
        rows.append((free(1_000_003, 1), score, label, mixed, big, ratio, "inserted"))
        rows.append((free(first_id - 3, -1), score, label, mixed, big, ratio, "inserted"))
    return rows


WALKS = [
    (None, False), (None, True),
    (("score", False), False), (("score", True), True),
    (("mixed", False), True), (("big", True), False),
    (("label", False), True), (("ratio", True), True),
]


@pytest.mark.parametrize("sort,delete_cursor_row", WALKS,
                         ids=[f"{sort_id(s)}{'-cursor-row-deleted' if d else ''}" for s, d in WALKS])
def test_writes_during_walk(private_server, writable_copy, sort, delete_cursor_row):
    path, db = writable_copy
    server = private_server(path)
    before = ITEMS.rows(db, sort)
    all_columns = ", ".join(quote_identifier(c) for c in ITEMS.columns)

    # the first pages
    url = list_url(ITEMS, sort=sort_param(sort), limit=PAGE)
    seen_rows, seen_urls = [], []
    for _ in range(PAGES_BEFORE):
        document = server.client.get_json(url)
        seen_rows += document["rows"]
        seen_urls += document["detailURLs"]
        url = document["next"]
    seen = len(seen_rows)
    compare_walk(ITEMS, before[:seen], seen_rows, seen_urls, "before the writes")
    cursor_id = before[seen - 1][2][0]
    cursor_row = db.execute(f"SELECT {all_columns} FROM items WHERE id = ?", (cursor_id,)).fetchone()
    first_row = db.execute(f"SELECT {all_columns} FROM items WHERE id = ?", (before[0][2][0],)).fetchone()

    # the writes: delete rows ahead (the very next one, some further, the last), insert around the cursor
    ahead = [identity[0] for _, _, identity in before[seen:]]
    deletes = sorted({ahead[0], ahead[1], ahead[-1]} | set(ahead[4::9]))
    inserts = candidate_inserts(db, cursor_row, first_row)

    # what the rest of the walk must be: the order over the file as written, after the cursor row
    scratch_path = path.parent / "scratch.sqlite"
    shutil.copyfile(path, scratch_path)
    scratch = sqlite3.connect(str(scratch_path), isolation_level=None)
    apply(scratch, inserts, deletes)
    final_order = ITEMS.rows(scratch, sort)
    scratch.close()
    position = [identity[0] for _, _, identity in final_order].index(cursor_id)
    expected_rest = final_order[position + 1:]
    inserted_ids = {row[0] for row in inserts}
    behind = inserted_ids & {identity[0] for _, _, identity in final_order[:position]}
    in_front = inserted_ids & {identity[0] for _, _, identity in expected_rest}
    assert behind and in_front, f"test setup: inserts behind {behind}, ahead {in_front}"

    apply(db, inserts, deletes + ([cursor_id] if delete_cursor_row else []))

    rest_rows, rest_urls = [], []
    pages = 0
    while url is not None:
        pages += 1
        assert pages <= len(expected_rest) // PAGE + 3, "the walk does not end"
        document = server.client.get_json(url)
        rest_rows += document["rows"]
        rest_urls += document["detailURLs"]
        url = document["next"]

    ids = [row["id"] for row in seen_rows + rest_rows]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"rows shown twice: {duplicates}"
    survivors = {identity[0] for _, _, identity in before} - set(deletes) - {cursor_id}
    skipped = sorted(survivors - set(ids))
    assert not skipped, f"rows that existed throughout were skipped: {skipped}"
    shown_deleted = sorted(set(deletes) & {row["id"] for row in rest_rows})
    assert not shown_deleted, f"deleted rows shown: {shown_deleted}"
    shown_behind = sorted(behind & set(ids))
    assert not shown_behind, f"rows inserted behind the cursor shown: {shown_behind}"
    compare_walk(ITEMS, expected_rest, rest_rows, rest_urls, f"after the writes ({sort_id(sort)})")


@pytest.mark.parametrize("sort", [None, ("score", True)], ids=sort_id)
def test_cursor_after_the_last_row(private_server, writable_copy, sort):
    """A cursor whose rows were all deleted: nothing, endOfList, no next; the
    HTML continuation is a valid run of <li> without rows."""
    path, db = writable_copy
    server = private_server(path)
    order = ITEMS.rows(db, sort)
    document = server.client.get_json(list_url(ITEMS, sort=sort_param(sort), limit=PAGE))
    html_first = PageRows(server.client.get_html(list_url(ITEMS, json_twin=False, sort=sort_param(sort), limit=PAGE)), ITEMS)
    assert document["next"] and html_first.next
    after = [identity[0] for _, _, identity in order[PAGE:]]
    db.execute("BEGIN IMMEDIATE")
    db.executemany("DELETE FROM items WHERE id = ?", [(i,) for i in after])
    db.execute("COMMIT")

    last = server.client.get_json(document["next"])
    assert (last["state"], last["footer"], last["rows"], last["next"]) == ("nothing", "endOfList", [], None), \
        f"GET {document['next']}: {last}"

    fragment = server.client.get_html(html_first.next, hx=True)
    page = PageRows(fragment, ITEMS)
    assert page.rows == [] and page.next is None, f"continuation past the end: {fragment[:500]}"
    status, diagnostics = check_html(fragment, "table-rows", f"nothing-continuation-{sort_id(sort)}")
    assert status == 0, diagnostics
    full = server.client.get_html(html_first.next)
    status, diagnostics = check_html(full, None, f"nothing-page-{sort_id(sort)}")
    assert status == 0, diagnostics
