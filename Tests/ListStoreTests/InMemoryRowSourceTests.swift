import Testing

@testable import ListStore

/// Rows in a Swift array, read as a list reads them: the generated database's rows (ties,
/// NULLs, a column mixing storage classes, integers near the 64-bit limit) in memory give
/// SQLite's own order in every sort and direction, the rows SQLite's filters and search
/// keep, and a walk through encoded cursors that neither repeats nor skips a row while
/// rows are inserted and deleted between its pages.
@Suite struct InMemoryRowSourceTests {
    static let columns: [TableDescription.Column] = [
        .init(name: "id", declaredType: "INTEGER", primaryKeyPosition: 1), .init(name: "grp", declaredType: "INTEGER"),
        .init(name: "mixed"), .init(name: "label", declaredType: "TEXT"), .init(name: "big", declaredType: "INTEGER"),
    ]
    static let select = "SELECT id, grp, mixed, label, big FROM items"

    static func source(_ database: TestDatabase) throws -> InMemoryRowSource {
        try InMemoryRowSource(name: "items", columns: columns, rows: database.rows(select))
    }

    /// Every page of `query`, each started from the last one's cursor as text (encoded and
    /// decoded again); `between` runs after each page with the rows read so far.
    static func walk(
        _ source: InMemoryRowSource, _ query: RowPageQuery, between: ([[SQLValue]]) throws -> Void = { _ in }
    ) throws -> [[SQLValue]] {
        let table = source.table
        var rows: [[SQLValue]] = []
        var start: RowCursor.Start?
        for _ in 0..<10_000 {
            let page = try #require(try source.page(query, continuing: start).get())
            rows += page.rows.map(Array.init)
            try between(rows)
            guard page.hasMore, let position = page.lastPosition(in: table, sort: query.sort) else { return rows }
            let text = RowCursor(
                after: position, rowid: page.lastRowid(in: table), keyIsUnique: table.hasUniqueKey, list: "items", sort: query.sort
            ).encoded
            start = try #require(RowCursor(encoded: text, list: "items", sort: query.sort, keyCount: table.keyExpressions.count)).start
        }
        Issue.record("the walk did not end")
        return rows
    }

    static let sorts: [ListSort?] =
        [nil] + ["id", "grp", "mixed", "label", "big"].flatMap { [ListSort(column: $0), ListSort(column: $0, descending: true)] }

    /// SQLite's `ORDER BY` as the SQL sources page: the sort column's NULLs last, ties by
    /// the key in the sort's direction (BINARY: the in-memory source has no other collation).
    @Test(arguments: sorts)
    func everyOrderIsSQLitesOrder(sort: ListSort?) throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = try Self.source(database)
        let direction = sort?.descending == true ? " DESC" : ""
        let order = sort.map { "(\($0.column) IS NULL), \($0.column) COLLATE BINARY\(direction), id\(direction)" } ?? "id"
        let expected = try database.rows(Self.select + " ORDER BY " + order)
        #expect(expected.count == 120)
        for limit in [1, 7, 500] {
            let walked = try Self.walk(source, RowPageQuery(table: source.table, sort: sort, limit: limit))
            #expect(walked == expected, "\(sort?.parameter ?? "key order") by \(limit)")
        }
    }

    /// The rows each filter and search keeps are those SQLite keeps (a database's list with
    /// a substring search over `label`, the in-memory source's search).
    @Test func filtersAndSearchKeepWhatSQLiteKeeps() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = try Self.source(database)
        let sqlite = DatabaseSource(path: database.path)
        let items = try #require(try sqlite.tables().get().first { $0.name == "items" })
            .configured(hiding: [], searchColumns: ["label"])
        let single: [(String, RowFilter.Operation, String)] = [
            ("mixed", .exact, "1"), ("mixed", .not, "1"), ("mixed", .gt, "1"), ("mixed", .lte, "1.5"), ("mixed", .in, "1,a,2"),
            ("mixed", .isnull, "1"), ("mixed", .isnull, "0"), ("mixed", .contains, "A"), ("grp", .gte, "2"), ("grp", .exact, "3"),
            ("grp", .not, "0"), ("grp", .in, "1,4"), ("big", .lt, "9223372036854775806"), ("big", .exact, "9223372036854775807"),
            ("label", .contains, "APP"), ("label", .contains, "%"), ("label", .isnull, "1"), ("id", .gt, "100"),
        ]
        let filters =
            single.map { [RowFilter(column: $0.0, operation: $0.1, value: $0.2)] } + [
                [RowFilter(column: "grp", operation: .lt, value: "3"), RowFilter(column: "mixed", operation: .isnull, value: "0")]
            ]
        let searches: [String?] = [nil, "app", "A", "é", "p e", "日本", "..h", "zzz"]
        var compared = 0
        for filter in filters {
            for search in searches {
                let query = RowPageQuery(table: items, limit: 1_000, search: search, filters: filter)
                let expected = try sqlite.page(query).get().rows.map(Array.init)
                var own = query
                own.table = source.table
                let kept = try #require(try source.page(own, continuing: nil).get()).rows.map(Array.init)
                #expect(kept == expected, "\(filter) q=\(search ?? "")")
                if !kept.isEmpty { compared += 1 }
                #expect(try source.count(filters: filter, until: .now).get() == sqlite.count(items, filters: filter, until: .now + .seconds(5)).get())
            }
        }
        #expect(compared > filters.count * 3, "most comparisons keep some rows")
    }

    /// Rows written between pages: one inserted, one not yet shown deleted, one shown
    /// deleted, after every page. Every row there throughout comes exactly once, in order.
    @Test(arguments: [ListSort(column: "grp", descending: true), ListSort(column: "mixed"), nil])
    func rowsWrittenBetweenPagesAreNeitherRepeatedNorSkipped(sort: ListSort?) throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = try Self.source(database)
        let original = try database.rows(Self.select)
        var deleted: Set<SQLValue> = []
        var next: Int64 = 1_000
        let walked = try Self.walk(source, RowPageQuery(table: source.table, sort: sort, limit: 9)) { shown in
            let seen = Set(shown.map { $0[0] })
            if let unseen = original.first(where: { !seen.contains($0[0]) && !deleted.contains($0[0]) }) {
                #expect(source.delete(key: [unseen[0]]))
                deleted.insert(unseen[0])
            }
            if let last = shown.last, source.delete(key: [last[0]]) { deleted.insert(last[0]) }
            next += 1
            try source.insert([.integer(next), next % 3 == 0 ? .null : .integer(next % 5), .text("new"), .null, .integer(next)])
        }
        let ids = walked.map { $0[0] }
        #expect(Set(ids).count == ids.count, "a row repeated")
        let throughout = original.map { $0[0] }.filter { !deleted.contains($0) }
        #expect(Set(throughout).isSubset(of: Set(ids)), "a row skipped")
        let sortColumn = sort.flatMap { sort in Self.columns.firstIndex { $0.name == sort.column } }
        for (a, b) in zip(walked, walked.dropFirst()) {
            #expect(
                InMemoryRowSource.precedes(
                    (sortColumn.map { a[$0] }, [a[0]]), (sortColumn.map { b[$0] }, [b[0]]), sorted: sort != nil,
                    descending: sort?.descending == true))
        }
    }

    @Test func aRowIsFoundByItsAddressAndACursorByItsKey() throws {
        let columns: [TableDescription.Column] = [
            .init(name: "part", declaredType: "TEXT", primaryKeyPosition: 1), .init(name: "n", declaredType: "INTEGER", primaryKeyPosition: 2),
            .init(name: "v", declaredType: "REAL"),
        ]
        let source = try InMemoryRowSource(
            name: "pairs", columns: columns,
            rows: [[.text("a/b"), .integer(1), .real(0.5)], [.text("a/b"), .integer(2), .null], [.text("é"), .integer(1), .real(0.25)]])
        #expect(source.table.addressColumns.map(\.name) == ["part", "n"] && source.table.hasUniqueKey)
        // As text from a URL, read by each column's affinity (`01` is 1, as SQLite reads it).
        #expect(try source.row(address: [.text("a/b"), .text("01")], startedAt: nil).get() == [.text("a/b"), .integer(1), .real(0.5)])
        #expect(try source.row(address: [.text("a/b"), .text("3")], startedAt: nil).get() == nil)
        #expect(try source.row(address: [.text("a/b")], startedAt: nil).get() == nil)
        let sort = ListSort(column: "v")
        let query = RowPageQuery(table: source.table, sort: sort, limit: 1)
        let afterKey = try #require(try source.page(query, continuing: .key([.text("é"), .integer(1)])).get())
        #expect(afterKey.rows.map(Array.init) == [[.text("a/b"), .integer(1), .real(0.5)]] && afterKey.hasMore)
        #expect(try source.page(query, continuing: .key([.text("x"), .integer(1)])).get() == nil)
        #expect(throws: ListStoreError.self) { try source.insert([.text("é"), .real(1.0), .null]) }
    }

    @Test func whatItDeclaresAndItsVersion() throws {
        #expect(throws: ListStoreError.self) { try InMemoryRowSource(name: "t", columns: [.init(name: "a")]) }
        let source = try InMemoryRowSource(name: "t", columns: [.init(name: "a", primaryKeyPosition: 1), .init(name: "b")])
        #expect(source.capabilities.sortableColumns == ["a", "b"] && source.capabilities.searches && source.capabilities.counts)
        #expect(source.capabilities.filters("b", with: .contains) && !source.capabilities.filters("c", with: .exact))
        let before = try #require(try source.dataVersion().get())
        try source.insert([.integer(1), .text("x")])
        #expect(try source.dataVersion().get() != before)
        #expect(throws: ListStoreError.self) { try source.insert([.integer(1)]) }
        let narrow = RowSourceCapabilities(sortableColumns: [], filterOperations: [:], searches: false)
        #expect(try InMemoryRowSource(name: "t", columns: source.table.columns, capabilities: narrow).capabilities == narrow)
    }
}
