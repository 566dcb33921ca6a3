import Foundation
import Testing

@testable import ListStore

/// Sorted pages read from a kept order (``KeptSortOrder``, ``DatabaseSource/keptOrderPage(_:)``)
/// equal the SQL path's pages, page by page, in every order of a table with NULLs, mixed
/// storage classes, a NOCASE column and ties; a write between pages is seen as the SQL path sees it.
@Suite struct KeptSortOrderTests {
    /// Waits until `orders` has built what it was asked for (at most 20 s).
    static func settle(_ orders: KeptSortOrders) throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while orders.isBuilding {
            guard ContinuousClock.now < deadline else { throw TimeoutError() }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
    struct TimeoutError: Error {}

    /// Walks `table` under `sort`, `limit` rows a page, on both sources: every page the same.
    /// Returns how many pages were compared.
    static func expectSamePages(
        kept: DatabaseSource, plain: DatabaseSource, _ table: TableDescription, sort: ListSort, limit: Int
    ) throws -> Int {
        var after: RowPosition?
        for pages in 1...10_000 {
            let query = RowPageQuery(table: table, sort: sort, after: after, limit: limit)
            let fromOrder = try kept.page(query).get()
            let fromSQL = try plain.page(query).get()
            #expect(fromOrder == fromSQL, "\(table.name) by \(sort.parameter), \(limit) a page, page \(pages)")
            guard fromSQL.hasMore, let position = fromSQL.lastPosition(in: table, sort: sort) else { return pages }
            after = position
        }
        Issue.record("the walk did not end")
        return 0
    }

    @Test func everyPageFromTheKeptOrderEqualsTheSQLPage() throws {
        let database = try TestDatabase(rows: 300)
        defer { database.remove() }
        let orders = KeptSortOrders(budgetBytes: 64 << 20, minimumRows: 0)
        let kept = DatabaseSource(path: database.path, sortOrders: orders)
        let plain = DatabaseSource(path: database.path)
        // An INTEGER PRIMARY KEY; a text primary key holding NULL, then the rowid; the rowid alone.
        for table in try kept.tables().get() where ["items", "codes", "loose"].contains(table.name) {
            for column in table.columns {
                for descending in [false, true] {
                    let sort = ListSort(column: column.name, descending: descending)
                    _ = try kept.page(RowPageQuery(table: table, sort: sort, limit: 2)).get()
                    try Self.settle(orders)
                    let key = KeptSortOrders.Key(source: ObjectIdentifier(kept), table: table.name, sort: sort)
                    // The key's first column is an index's (the rowid's, the primary key's): none kept.
                    let isKept = orders.keptKeys.contains(key)
                    #expect(isKept == !["items.id", "codes.code"].contains("\(table.name).\(column.name)"), "\(table.name) by \(sort.parameter)")
                    let served = orders.pagesServed.load(ordering: .relaxed)
                    var pages = 0
                    for limit in [2, 3, 50] {
                        pages += try Self.expectSamePages(kept: kept, plain: plain, table, sort: sort, limit: limit)
                    }
                    let fromOrder = orders.pagesServed.load(ordering: .relaxed) - served
                    #expect(fromOrder == (isKept ? pages : 0), "pages of \(table.name) by \(sort.parameter) not all from the order")
                }
            }
        }
    }

    @Test func aWriteBetweenPagesIsSeenAsTheSQLPathSeesIt() throws {
        let database = try TestDatabase(rows: 300)
        defer { database.remove() }
        let orders = KeptSortOrders(budgetBytes: 64 << 20, minimumRows: 0)
        let kept = DatabaseSource(path: database.path, watchesFolder: false, sortOrders: orders)
        let plain = DatabaseSource(path: database.path, watchesFolder: false)
        let items = try #require(try kept.tables().get().first { $0.name == "items" })
        let sort = ListSort(column: "label")
        _ = try kept.page(RowPageQuery(table: items, sort: sort)).get()
        try Self.settle(orders)
        let first = try kept.page(RowPageQuery(table: items, sort: sort, limit: 10)).get()
        let after = try #require(first.lastPosition(in: items, sort: sort))
        // The row the cursor names moves to the end, and a row is added at the start.
        let writer = try SQLiteConnection(path: database.path, readOnly: false)
        guard case .integer(let rowid) = after.key[0] else { throw TimeoutError() }
        try writer.execute("UPDATE items SET label = 'zzz' WHERE id = \(rowid); INSERT INTO items (id, label) VALUES (100000, '')")
        let served = orders.pagesServed.load(ordering: .relaxed)
        let query = RowPageQuery(table: items, sort: sort, after: after, limit: 10)
        #expect(try kept.page(query).get() == plain.page(query).get())
        let servedAfterWrite = orders.pagesServed.load(ordering: .relaxed)
        #expect(servedAfterWrite == served, "a page was read from an order of before the write")
        // Rebuilt at the new version, the stale cursor (its row's value changed) still pages as SQL does.
        try Self.settle(orders)
        _ = try kept.page(RowPageQuery(table: items, sort: sort)).get()
        #expect(try kept.page(query).get() == plain.page(query).get())
        #expect(try Self.expectSamePages(kept: kept, plain: plain, items, sort: sort, limit: 7) > 1)
        let servedAfterRebuild = orders.pagesServed.load(ordering: .relaxed)
        #expect(servedAfterRebuild > served)
    }

    @Test func aSmallTableIsNotKept() throws {
        let database = try TestDatabase(rows: 300)
        defer { database.remove() }
        let orders = KeptSortOrders(budgetBytes: 64 << 20, minimumRows: 300)
        let source = DatabaseSource(path: database.path, sortOrders: orders)
        let items = try #require(try source.tables().get().first { $0.name == "items" })
        _ = try source.page(RowPageQuery(table: items, sort: ListSort(column: "grp"))).get()
        try Self.settle(orders)
        #expect(orders.keptKeys.isEmpty)
        #expect(orders.usedBytes == 0)
    }

    @Test func ordersStayWithinTheBudgetTheLeastRecentlyUsedOut() throws {
        let database = try TestDatabase(rows: 300)
        defer { database.remove() }
        // Room for one order of `items` as estimated before it is built (300 dense rowids: 3.6 KB
        // and a page of slack), not for that and another kept.
        let one = KeptSortOrder.estimatedBytes(count: 300, first: 1, last: 300)
        let orders = KeptSortOrders(budgetBytes: one + 100, minimumRows: 0)
        let source = DatabaseSource(path: database.path, sortOrders: orders)
        let items = try #require(try source.tables().get().first { $0.name == "items" })
        var kept: [Set<KeptSortOrders.Key>] = []
        for column in ["grp", "label", "grp"] {
            _ = try source.page(RowPageQuery(table: items, sort: ListSort(column: column))).get()
            try Self.settle(orders)
            #expect(orders.usedBytes <= orders.budgetBytes)
            kept.append(orders.keptKeys)
        }
        let key = { (column: String) in KeptSortOrders.Key(source: ObjectIdentifier(source), table: "items", sort: ListSort(column: column)) }
        #expect(kept == [[key("grp")], [key("label")], [key("grp")]])
        // An order larger than the whole budget is never built: the pages sort in SQL.
        let small = KeptSortOrders(budgetBytes: one / 2, minimumRows: 0)
        let tight = DatabaseSource(path: database.path, sortOrders: small)
        let query = RowPageQuery(table: items, sort: ListSort(column: "label"))
        _ = try tight.page(query).get()
        try Self.settle(small)
        #expect(small.keptKeys.isEmpty)
        #expect(small.usedBytes == 0)
        #expect(try tight.page(query).get() == DatabaseSource(path: database.path).page(query).get())
    }

    @Test func theLookUpFindsEveryRowidDenseOrSparse() throws {
        let version = DataVersion(1)
        let dense = try #require(KeptSortOrder(rowids: [5, 3, 4, 7], version: version))
        #expect([3, 4, 5, 7, 6, 2, 8].map { dense.place(of: $0) } == [1, 2, 0, 3, nil, nil, nil])
        let sparse = try #require(KeptSortOrder(rowids: [1_000_000, -4, 9], version: version))
        #expect([1_000_000, -4, 9, 10].map { sparse.place(of: $0) } == [0, 1, 2, nil])
        #expect(KeptSortOrder(rowids: [1, 2, 1], version: version) == nil)
        #expect(KeptSortOrder(rowids: [1, 1_000, 1], version: version) == nil)
        #expect(dense.bytes <= KeptSortOrder.estimatedBytes(count: 4, first: 3, last: 7))
        #expect(sparse.bytes <= KeptSortOrder.estimatedBytes(count: 3, first: -4, last: 1_000_000))
    }
}
