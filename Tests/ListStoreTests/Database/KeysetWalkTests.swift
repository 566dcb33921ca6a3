import Foundation
import Testing

@testable import ListStore

/// Walks every list of a generated database in every order, page by page
/// through encoded cursors, and compares with SQLite's own `ORDER BY`: every
/// row exactly once, in order (docs/design.md, "Lists over any data"; C-07).
@Suite struct KeysetWalkTests {
    /// The whole walk: pages of `limit` rows, each started from the previous
    /// page's cursor as text (encoded and decoded again).
    static func walk(
        _ source: DatabaseSource, _ table: TableDescription, sort: ListSort?, limit: Int, filters: [RowFilter] = []
    ) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        var after: RowPosition?
        for _ in 0..<10_000 {
            let page = try source.page(RowPageQuery(table: table, sort: sort, after: after, limit: limit, filters: filters)).get()
            rows += page.rows.map(Array.init)
            guard page.hasMore, let position = page.lastPosition(in: table, sort: sort) else { return rows }
            let text = RowCursor(
                after: position, rowid: page.lastRowid(in: table), keyIsUnique: table.hasUniqueKey,
                list: table.name, sort: sort
            ).encoded
            #expect(text.utf8.count <= RowCursor.maximumLength, "a cursor of \(text.utf8.count) bytes")
            let cursor = try #require(
                RowCursor(
                    encoded: text, list: table.name, sort: sort,
                    keyCount: table.keyExpressions.count))
            switch cursor.start {
            case .position(let decoded): after = decoded
            case .rowid(let rowid):
                let found: RowPosition = try #require(try source.position(ofRowid: rowid, in: table, sort: sort).get())
                after = found
            case .key(let key):
                let found: RowPosition = try #require(try source.position(ofKey: key, in: table, sort: sort).get())
                after = found
            case .rowNumber(let row):
                let list = RowPageQuery(table: table, sort: sort, filters: filters)
                let found: RowPosition = try #require(try source.position(of: row, in: list).get())
                after = found
            case .continuation:
                Issue.record("a table's cursor never carries a source's own continuation")
                return rows
            }
        }
        Issue.record("the walk did not end")
        return rows
    }

    /// SQLite's order for the same list: NULLs last, ties by the key in the sort's direction.
    static func reference(_ table: TableDescription, sort: ListSort?) -> String {
        let direction = sort?.descending == true ? " DESC" : ""
        // keyExpressions compare a view's columns byte for byte (COLLATE BINARY), as the reference must.
        var order = table.keyExpressions.map { $0 + direction }
        if let sort, let index = table.columnIndex(sort.column) {
            let column = quoteIdentifier(table.columns[index].sqlName)
            order = ["(\(column) IS NULL)", column + direction] + order
        }
        let columns = table.kind == .view ? "*" : table.columns.map { quoteIdentifier($0.sqlName) }.joined(separator: ", ")
        return "SELECT \(columns) FROM \(quoteIdentifier(table.name)) ORDER BY \(order.joined(separator: ", "))"
    }

    @Test func everyListInEveryOrderMatchesSQLite() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = DatabaseSource(path: database.path)
        let tables = try source.tables().get()
        #expect(tables.map(\.name) == ["codes", "empty", "grouped", "items", "loose", "pairs"])
        for table in tables { try Self.expectEveryOrderMatchesSQLite(source, table, database, limits: [1, 7, 50]) }
    }

    /// Walks `table` by every column both ways and in key order, `limits` rows a
    /// page, and expects SQLite's own order each time (``reference(_:sort:)``).
    static func expectEveryOrderMatchesSQLite(
        _ source: DatabaseSource, _ table: TableDescription, _ database: TestDatabase, limits: [Int]
    ) throws {
        let sorts = [nil] + table.columns.flatMap { [ListSort(column: $0.name), ListSort(column: $0.name, descending: true)] }
        for sort in sorts {
            let expected = try database.rows(reference(table, sort: sort))
            for limit in limits {
                let walked = try walk(source, table, sort: sort, limit: limit)
                #expect(walked == expected, "\(table.name) sort \(sort?.parameter ?? "-") limit \(limit)")
            }
        }
    }

    /// Found by a break-it pass: a rowid table whose columns are named `rowid`,
    /// `oid` and `_rowid_` (so SQL cannot name its rowid) and that has no
    /// `INTEGER PRIMARY KEY` had no key to page by: every page answered 500
    /// (`ORDER BY  LIMIT ?`). It is paged by all its values, as a view without a
    /// key is: identical rows and NULLs included, every row once, in SQLite's order.
    @Test func aTableWhoseColumnsShadowEveryRowidNameWalksByAllItsValues() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE shadow3 (rowid TEXT, oid TEXT, _rowid_ TEXT, v TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 40)
            INSERT INTO shadow3 SELECT 'r' || (i % 9), CASE WHEN i % 4 = 0 THEN NULL ELSE 'o' || (i % 3) END,
                CASE WHEN i % 5 = 0 THEN NULL ELSE i % 2 END, 'v' || (i % 6) FROM c;
            INSERT INTO shadow3 VALUES ('same', 'same', 'same', 'same'), ('same', 'same', 'same', 'same');
            CREATE TABLE shadowed_key (rowid TEXT, oid TEXT, _rowid_ TEXT, k TEXT PRIMARY KEY, v INT);
            INSERT INTO shadowed_key VALUES ('a', 'b', 'c', NULL, 1), ('a', 'b', 'c', NULL, 1), ('x', 'y', 'z', 'k1', 2);
            """)
        let source = DatabaseSource(path: database.path)
        for name in ["shadow3", "shadowed_key"] {
            let table = try #require(try source.tables().get().first { $0.name == name })
            #expect(table.rowidName == nil && !table.hasUniqueKey, "\(name)")
            try Self.expectEveryOrderMatchesSQLite(source, table, database, limits: [1, 3, 50])
        }
    }

    /// Found by QA: a view whose rows are equal in every column for more than
    /// 1,000 rows in a row lost the rest of the run. A cursor counts the rows
    /// of the run already shown, so every copy comes exactly once.
    @Test func longRunsOfIdenticalRowsInAViewComeWhole() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, g INT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2600)
            INSERT INTO t SELECT i, CASE WHEN i < 2500 THEN 1 ELSE i END FROM c;
            CREATE VIEW same AS SELECT g FROM t;
            """)
        let source = DatabaseSource(path: database.path)
        let view = try #require(try source.tables().get().first { $0.name == "same" })
        for sort in [nil, ListSort(column: "g", descending: true)] {
            let walked = try Self.walk(source, view, sort: sort, limit: 10)
            #expect(walked.count == 2600, "sort \(sort?.parameter ?? "-")")
            #expect(walked == (try database.rows(Self.reference(view, sort: sort))), "sort \(sort?.parameter ?? "-")")
        }
        let first = try source.page(RowPageQuery(table: view, limit: 10)).get()
        #expect(first.rows.count == 10 && first.ordinals == Array(1...10))
    }

    /// Found by QA (issue 15): a `WITHOUT ROWID` table (and a view with a key)
    /// sorted by 35 KB texts made 30 KB cursors no request line could carry.
    /// By key, the cursor stays under 1 KiB and the walk is SQLite's order; a
    /// row gone between pages is a position gone, not a wrong page.
    @Test func longSortValuesWithoutARowidMakeShortCursorsByKey() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE docs (name TEXT PRIMARY KEY, body TEXT) WITHOUT ROWID;
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 40)
            INSERT INTO docs SELECT 'doc ' || i, CASE WHEN i % 7 = 0 THEN NULL ELSE printf('%.*c', 3000 + (i % 5) * 9000, 'x') || i END FROM c;
            """)
        let source = DatabaseSource(path: database.path)
        let table = try #require(try source.tables().get().first { $0.name == "docs" })
        for sort in [ListSort(column: "body"), ListSort(column: "body", descending: true)] {
            let walked = try Self.walk(source, table, sort: sort, limit: 3)
            #expect(walked == (try database.rows(Self.reference(table, sort: sort))), "sort \(sort.parameter)")
        }
        let page = try source.page(RowPageQuery(table: table, sort: ListSort(column: "body"), limit: 2)).get()
        let position = try #require(page.lastPosition(in: table, sort: ListSort(column: "body")))
        let cursor = RowCursor(after: position, rowid: nil, keyIsUnique: true, list: "docs", sort: ListSort(column: "body"))
        #expect(cursor.start == .key(position.key))
        try database.write("DELETE FROM docs WHERE name = '\(position.key[0].plainText ?? "")'")
        #expect(try source.position(ofKey: position.key, in: table, sort: ListSort(column: "body")).get() == nil)
    }

    /// A view without a key whose rows are too long to carry in a cursor (36 KB
    /// texts made 48 KB addresses): the cursor after such a row counts rows
    /// (``RowCursor``, form 4) and the next page looks the row up by its
    /// number; copies of a long row, NULLs of the sort column and short rows
    /// around them still walk in SQLite's order, each once.
    @Test func aViewOfRowsTooLongForACursorWalksByRowNumber() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, n INTEGER);
            INSERT INTO notes (body, n) VALUES ('a', 1), ('a', 1), (NULL, 3), ('b', NULL);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 8)
            INSERT INTO notes (body, n) SELECT printf('%.*c', 2000 + (i % 3) * 700, 'y') || (i % 4), CASE WHEN i % 5 = 0 THEN NULL ELSE i % 4 END FROM c;
            INSERT INTO notes (body, n) SELECT body, n FROM notes WHERE length(body) > 1000 AND n = 1;
            CREATE VIEW note_view AS SELECT body, n FROM notes;
            """)
        let source = DatabaseSource(path: database.path)
        let view = try #require(try source.tables().get().first { $0.name == "note_view" })
        #expect(!view.hasUniqueKey)
        let sorts = [nil] + ["body", "n"].flatMap { [ListSort(column: $0), ListSort(column: $0, descending: true)] }
        for sort in sorts {
            for limit in [1, 2, 3, 5] {
                let walked = try Self.walk(source, view, sort: sort, limit: limit)
                #expect(walked == (try database.rows(Self.reference(view, sort: sort))), "sort \(sort?.parameter ?? "-") limit \(limit)")
            }
        }
        // The look-up applies the list's search and filters: the rows whose n is 1, where the
        // second 'a' is row 2 (a view's key: each column and its storage class).
        let filtered = RowPageQuery(table: view, filters: [RowFilter(column: "n", operation: .exact, value: "1")])
        let a = RowPosition(sortValue: nil, key: [.text("a"), .text("text"), .integer(1), .text("integer")], repeats: 2)
        let second = try #require(try source.position(of: RowNumber(number: 2, repeats: 2, digest: a.digest), in: filtered).get())
        #expect(second.key == a.key && second.rowNumber == 2 && second.repeats == 2)
        let b = RowPosition(sortValue: nil, key: [.text("b"), .text("text"), .null, .text("null")])
        #expect(try source.position(of: RowNumber(number: 2, repeats: 1, digest: b.digest), in: filtered).get() == nil, "not among these rows")
    }

    /// CASES C-08 for a cursor by row number: rows written before the row between
    /// two pages move its number, and the look-up still finds it by its digest, so
    /// the next page neither repeats nor skips a row; the row itself gone is a
    /// position gone (nil: the route answers 400 "start again").
    @Test func writesBeforeARowNamedByItsNumberNeitherRepeatNorSkip() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 9)
            INSERT INTO notes (body) SELECT 'b' || i || printf('%.*c', 2000, 'y') FROM c;
            CREATE VIEW note_view AS SELECT body FROM notes;
            """)
        let source = DatabaseSource(path: database.path)
        let view = try #require(try source.tables().get().first { $0.name == "note_view" })
        let first = try source.page(RowPageQuery(table: view, limit: 4)).get()
        let position = try #require(first.lastPosition(in: view, sort: nil))
        let cursor = RowCursor(after: position, rowid: nil, list: view.name, sort: nil)
        guard case .rowNumber(let row) = cursor.start else { throw CursorKindError() }
        #expect(row.number == 4)
        func secondPage() throws -> [[SQLValue]]? {
            guard let after = try source.position(of: row, in: RowPageQuery(table: view)).get() else { return nil }
            return try source.page(RowPageQuery(table: view, after: after, limit: 100)).get().rows.map(Array.init)
        }
        let rest = try #require(try secondPage())
        #expect(rest.map { $0[0].plainText?.prefix(2) } == ["b5", "b6", "b7", "b8", "b9"])
        try database.write("INSERT INTO notes (body) VALUES ('a1'), ('a2'), ('a3')")
        #expect(try secondPage() == rest, "three rows before it: its number moved, the page did not")
        try database.write("DELETE FROM notes WHERE body LIKE 'b1%' OR body LIKE 'a%'")
        #expect(try secondPage() == rest, "a row before it gone")
        // Found by QA: counted page by page while rows were written, the number drifted by
        // more than the window; the look-up then reads the whole list.
        try database.write(
            "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 250) INSERT INTO notes (body) SELECT 'a' || i FROM c")
        #expect(try secondPage() == rest, "250 rows before it: beyond the window")
        try database.write("DELETE FROM notes WHERE body LIKE 'b4%'")
        #expect(try secondPage() == nil, "the row itself gone: a position gone")
    }

    struct CursorKindError: Error {}

    /// Found by QA: every page after the first of a view without a key of 8 or
    /// more columns was a 500: the key comparison, nested a level per column
    /// and its storage class, overflowed SQLite's parser ("parser stack
    /// overflow"; from about 40 columns "Expression tree is too large").
    @Test(arguments: [8, 12, 40, 150])
    func aViewOfManyColumnsWalks(columns: Int) throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        let names = (1...columns).map { "c\($0)" }
        let values = (1...columns).map { $0 == columns ? "CASE WHEN i % 3 = 0 THEN NULL ELSE i % 4 END" : "i % 2" }
        try database.write(
            """
            CREATE TABLE wide (id INTEGER PRIMARY KEY, \(names.joined(separator: ", ")));
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 30)
            INSERT INTO wide (\(names.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM c;
            CREATE VIEW wide_view AS SELECT \(names.joined(separator: ", ")) FROM wide;
            """)
        let source = DatabaseSource(path: database.path)
        let view = try #require(try source.tables().get().first { $0.name == "wide_view" })
        for sort in [nil, ListSort(column: "c\(columns)"), ListSort(column: "c1", descending: true)] {
            for limit in [1, 7] {
                let walked = try Self.walk(source, view, sort: sort, limit: limit)
                #expect(walked == (try database.rows(Self.reference(view, sort: sort))), "sort \(sort?.parameter ?? "-") limit \(limit)")
            }
        }
    }

    /// Found by QA (second round): a view whose ties mixed 1 and 1.0 (equal
    /// in SQL, two storage classes) made a cursor that came back to itself.
    @Test func aViewMixingEqualNumbersOfTwoClassesWalksOnce() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE m (id INTEGER PRIMARY KEY, x);
            INSERT INTO m (x) VALUES (1), (1.0), (1), (1.0), (2), (0), (-0.0), (0.0), ('é'), ('e' || char(769)), ('é');
            CREATE VIEW v AS SELECT x FROM m;
            CREATE VIEW u AS SELECT 1 AS x, 'a' AS w UNION ALL SELECT 1.0, 'a' UNION ALL SELECT '1', 'a'
                UNION ALL SELECT 1, 'a' UNION ALL SELECT 1.0, 'a' UNION ALL SELECT 0.0, 'z' UNION ALL SELECT -0.0, 'z'
                UNION ALL SELECT 0, 'z' UNION ALL SELECT NULL, 'a';
            """)
        let source = DatabaseSource(path: database.path)
        let view = try #require(try source.tables().get().first { $0.name == "v" })
        let union = try #require(try source.tables().get().first { $0.name == "u" })
        for sort in [nil, ListSort(column: "x"), ListSort(column: "x", descending: true)] {
            for limit in [1, 2, 3, 4, 50] {
                let walked = try Self.walk(source, view, sort: sort, limit: limit)
                #expect(walked == (try database.rows(Self.reference(view, sort: sort))), "sort \(sort?.parameter ?? "-") limit \(limit)")
            }
        }
        // Found by QA: with `x=1` (or `x__in=1`) the walk lost a 1.0 or showed one for ever.
        // SQLite 3.40 put the filter's constant in place of `x` in the cursor's
        // `typeof(x)` terms, where 1 and 1.0 differ.
        for (list, ones) in [(view, 4), (union, 5)] {
            for (filter, value, count) in [(RowFilter.Operation.exact, "1", ones), (.exact, "0", 3), (.in, "1", ones)] {
                let filters = [RowFilter(column: "x", operation: filter, value: value)]
                for sort in [nil, ListSort(column: "x"), ListSort(column: "x", descending: true)] {
                    // The reference filters apart from the order (`+x`: no constant put in its
                    // place), the number and its text as the filter does (`u` holds '1').
                    let expected = try database.rows(
                        Self.reference(list, sort: sort).replacingOccurrences(
                            of: " ORDER BY", with: " WHERE +x IN (\(value), '\(value)') ORDER BY"))
                    #expect(expected.count == count, "\(list.name)")
                    for limit in [1, 2, 3] {
                        let walked = try Self.walk(source, list, sort: sort, limit: limit, filters: filters)
                        #expect(walked == expected, "\(list.name): x \(filter) \(value) sort \(sort?.parameter ?? "-") limit \(limit)")
                    }
                }
            }
        }
    }

    /// Found by a break-it pass: a view over a compound SELECT gives every arm's values
    /// its left-most arm's affinity (the integer 0 of the second arm is read as 0.0),
    /// but SQLite 3.40 pushed a page's conditions into the arms, where `typeof(p)` read
    /// the arm's integer: the run of equal rows after a cursor came out empty and the
    /// walk ended after 21 of 52 rows. A text that reads as a number ('0') in such a
    /// column of REAL affinity was compared as the number, and ordered as a text.
    @Test func aViewOverACompoundSelectWalksEveryRowOnce() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE prices (p REAL, label TEXT);
            INSERT INTO prices VALUES (0.0, 'a'), (1.5, 'b'), (NULL, 'c'), (-2.0, 'a');
            CREATE TABLE gifts (v);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 50)
                INSERT INTO gifts SELECT CASE WHEN i % 10 = 0 THEN '0' WHEN i % 7 = 0 THEN 'x' ELSE 0 END FROM c;
            CREATE VIEW zeros AS SELECT p FROM prices UNION ALL SELECT 0 FROM gifts;
            CREATE VIEW mixed AS SELECT p, label FROM prices UNION ALL SELECT v, 'g' FROM gifts;
            CREATE VIEW nested AS SELECT * FROM (SELECT p FROM prices UNION ALL SELECT 1 FROM gifts) WHERE p IS NOT 1.5;
            CREATE VIEW plain AS SELECT p * 2 AS q FROM prices;
            """)
        let source = DatabaseSource(path: database.path)
        let tables = try source.tables().get()
        for name in ["zeros", "mixed", "nested"] {
            let view = try #require(tables.first { $0.name == name })
            #expect(view.sqlName == SchemaReader.compoundViewSource(name), "\(name) is read through a subquery")
            for sort in [nil, ListSort(column: "p"), ListSort(column: "p", descending: true)] {
                let expected = try database.rows(Self.reference(view, sort: sort))
                #expect(expected.count == (name == "nested" ? 53 : 54), "\(name)")
                for limit in [1, 3, 20] {
                    let walked = try Self.walk(source, view, sort: sort, limit: limit)
                    #expect(walked == expected, "\(name) sort \(sort?.parameter ?? "-") limit \(limit)")
                }
            }
        }
        // A filter's text is still compared as the number the column holds.
        let zeros = try #require(tables.first { $0.name == "zeros" })
        let filtered = try Self.walk(source, zeros, sort: nil, limit: 7, filters: [RowFilter(column: "p", operation: .exact, value: "0")])
        #expect(filtered.count == 51)
        // A view that is no compound is read as it is (its indexes serve its pages).
        #expect(try #require(tables.first { $0.name == "plain" }).sqlName == quoteIdentifier("plain"))
    }

    /// C-08: rows inserted before the cursor and deleted ahead of it between
    /// pages: no repeat, and every row that stayed throughout appears once.
    @Test func writesBetweenPagesNeitherRepeatNorSkip() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = DatabaseSource(path: database.path)
        let table = try #require(try source.tables().get().first { $0.name == "items" })
        for sort in [nil, ListSort(column: "grp"), ListSort(column: "label", descending: true)] {
            let before = try database.rows(Self.reference(table, sort: sort)).map { $0[0] }
            let first = try source.page(RowPageQuery(table: table, sort: sort, limit: 10)).get()
            let shownIDs = first.rows.map { $0[0] }
            // Delete every 5th row not yet shown, insert rows that sort first.
            let ahead = before.dropFirst(10).enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
            let deleted = ahead.compactMap { if case .integer(let id) = $0 { id } else { nil } }
            try database.write(
                "DELETE FROM items WHERE id IN (\(deleted.map(String.init).joined(separator: ",")));"
                    + "INSERT INTO items (grp, mixed, label) VALUES (-1, 0, '!'), (-2, 0, '!!');")
            var rest: [SQLValue] = []
            var after = first.lastPosition(in: table, sort: sort)
            while let position = after {
                let page = try source.page(RowPageQuery(table: table, sort: sort, after: position, limit: 10)).get()
                rest += page.rows.map { $0[0] }
                after = page.hasMore ? page.lastPosition(in: table, sort: sort) : nil
            }
            let all = shownIDs + rest
            #expect(Set(all).count == all.count, "a row repeated, sort \(sort?.parameter ?? "-")")
            let stayed = before.filter { value in !deleted.contains { .integer($0) == value } }
            #expect(stayed.allSatisfy(all.contains), "a row that stayed was skipped, sort \(sort?.parameter ?? "-")")
            try database.write("DELETE FROM items WHERE grp < 0;")
        }
    }
}
