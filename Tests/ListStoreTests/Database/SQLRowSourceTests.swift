import Testing

@testable import ListStore

/// A database's table as a row source: one call per page whatever the cursor names
/// (a position, a rowid, a key), the row gone when its rowid or key is, and the
/// capabilities the lists over databases have always had.
@Suite struct SQLRowSourceTests {
    @Test func everyOrderableColumnSortsAndTakesEveryFilter() {
        let table = TableDescription(
            name: "t", kind: .table,
            columns: [
                .init(name: "id", declaredType: "INTEGER", primaryKeyPosition: 1), .init(name: "doc", isOrderable: false),
                .init(name: "name", declaredType: "TEXT"),
            ])
        let declared = SQLRowSource.capabilities(of: table)
        #expect(declared.sortableColumns == ["id", "name"])
        for operation in RowFilter.Operation.allCases {
            #expect(declared.filters("id", with: operation) && declared.filters("name", with: operation))
            // A column with no order takes every filter but the ranges (which need an order).
            #expect(declared.filters("doc", with: operation) == !RowSourceCapabilities.rangeOperations.contains(operation))
            #expect(!declared.filters("missing", with: operation))
        }
        #expect(declared.searches && declared.counts && declared.hasDataVersion && declared.answersWithoutBlocking)
    }

    @Test func aCursorByRowidOrKeyStartsWhereItsPositionDoes() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = DatabaseSource(path: database.path)
        let tables = try source.tables().get()
        let items = try #require(tables.first { $0.name == "items" })
        let pairs = try #require(tables.first { $0.name == "pairs" })
        for (table, sort) in [(items, ListSort(column: "label", descending: true)), (pairs, ListSort(column: "v"))] {
            let rows = SQLRowSource(database: source, table: table)
            let query = RowPageQuery(table: table, sort: sort, limit: 5)
            let first = try #require(try rows.page(query, continuing: nil).get())
            let position = try #require(first.lastPosition(in: table, sort: sort))
            let byPosition = try #require(try rows.page(query, continuing: .position(position)).get())
            let named: RowCursor.Start =
                if let rowid = first.lastRowid(in: table) { .rowid(rowid) } else { .key(position.key) }
            let byName = try #require(try rows.page(query, continuing: named).get())
            #expect(byName.rows == byPosition.rows && !byName.rows.isEmpty)
            #expect(byName.rows.first != first.rows.last)
        }
    }

    @Test func aRowNamedByRowidOrKeyThatIsGoneGivesNoPage() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = DatabaseSource(path: database.path)
        let tables = try source.tables().get()
        let items = try #require(tables.first { $0.name == "items" })
        let pairs = try #require(tables.first { $0.name == "pairs" })
        let gone = try SQLRowSource(database: source, table: items)
            .page(RowPageQuery(table: items, sort: ListSort(column: "grp")), continuing: .rowid(1_000_000)).get()
        #expect(gone == nil)
        let goneKey = try SQLRowSource(database: source, table: pairs)
            .page(RowPageQuery(table: pairs, sort: ListSort(column: "v")), continuing: .key([.text("none"), .integer(9)])).get()
        #expect(goneKey == nil)
    }

    @Test func aRowIsReadByItsAddress() throws {
        let database = try TestDatabase()
        defer { database.remove() }
        let source = DatabaseSource(path: database.path)
        let items = try #require(try source.tables().get().first { $0.name == "items" })
        let rows = SQLRowSource(database: source, table: items)
        let row = try #require(try rows.row(address: [.text("3")], startedAt: nil).get())
        #expect(row.first == .integer(3))
        #expect(try rows.row(address: [.text("1000000")], startedAt: nil).get() == nil)
        #expect(try rows.count(filters: [], until: .now + .seconds(5)).get() == 120)
    }
}
