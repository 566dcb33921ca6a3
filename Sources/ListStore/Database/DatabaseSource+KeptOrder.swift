/// Sorted pages read from a kept order (``KeptSortOrders``): the next rowids after the cursor's
/// row, read by rowid in one statement, instead of SQLite sorting the whole table again for
/// each page of a column without an index.
extension DatabaseSource {
    /// The page `query` asks for, read from its kept order; nil where the SQL path answers: the
    /// query is not a plain sorted page of a rowid table, no order is kept yet at the data's
    /// version (one is asked for), or the cursor's row or the rows read do not match the order.
    func keptOrderPage(_ query: RowPageQuery) -> Result<RowPage, ListStoreError>? {
        guard let orders = sortOrders, orders.isEnabled, let sort = query.sort, Self.readsFromKeptOrder(query),
            case .success(let version?) = probe.version()
        else { return nil }
        let key = KeptSortOrders.Key(source: ObjectIdentifier(self), table: query.table.name, sort: sort)
        guard let order = orders.order(for: key, at: version) else {
            let table = query.table
            orders.request(key, at: version) { [self] in buildOrder(of: table, sort: sort, key: key, at: version) }
            return nil
        }
        let limit = max(1, query.limit)
        var start = 0
        var cursorRowid: Int64?
        if let after = query.after {
            // Only a position by sort value and rowid names a place in the order.
            guard after.sortValue != nil, after.repeats == 0, after.rowid == nil,
                after.key.count == query.table.keyExpressions.count, case .integer(let rowid)? = after.key.last,
                let place = order.place(of: rowid)
            else { return nil }
            start = place + 1
            cursorRowid = rowid
        }
        let rowids = Array(order.rowids[min(start, order.rowids.count)..<min(order.rowids.count, start + limit + 1)])
        let keyset = KeysetQuery(query)
        let keys = query.table.keyExpressions
        guard let (sortExpression, _) = keyset.sort, let rowidExpression = keys.last else { return nil }
        let (sortValue, sortKey) = (query.after?.sortValue, query.after?.key)
        return keptPage(query, keyset, statement: keyset.rows(rowids: rowids), rows: rowids.count) { connection, read throws(ListStoreError) in
            if let cursorRowid, let sortValue, let sortKey {
                // The cursor's row still holds the cursor's values: else its place is not the cursor's.
                let statement = try connection.statement(
                    "SELECT \(([sortExpression] + keys).joined(separator: ", ")) FROM \(query.table.sqlName) WHERE \(rowidExpression) = ?")
                defer { statement.reset() }
                try statement.bind(values: [.integer(cursorRowid)])
                guard try statement.step(), statement.keyValue(0) == sortValue,
                    sortKey.indices.allSatisfy({ statement.keyValue(Int32($0 + 1)) == sortKey[$0] })
                else { return false }
            }
            try read()
            return true
        } accepting: { page in
            // Read in the keyset's own order: the rows are the order's, or a write came between.
            page.keys.indices.allSatisfy({ page.keys[$0, keys.count - 1] == .integer(rowids[$0]) })
        }
    }

    /// The page of `query` whose `rows` rows `statement` reads (``KeysetRowLayout`` of `keyset`), on
    /// a pooled connection as a page's read is, from a kept order or ranking: `reading` runs on
    /// the connection and calls its `read` argument (false: not this order's page), and the rows
    /// read must be `rows` and pass `accepting`; nil otherwise (the SQL path answers).
    func keptPage(
        _ query: RowPageQuery, _ keyset: KeysetQuery, statement: SQLCondition, rows: Int,
        reading: (SQLiteConnection, () throws(ListStoreError) -> Void) throws(ListStoreError) -> Bool = { _, read throws(ListStoreError) in
            try read()
            return true
        },
        accepting: (RowPage) -> Bool = { _ in true }
    ) -> Result<RowPage, ListStoreError>? {
        let read = judged { () throws(ListStoreError) -> RowPage? in
            try pool.withConnection(
                timeLimit: query.attemptWork == nil ? queryTimeLimit : min(queryTimeLimit, Self.attemptTimeLimit),
                from: query.attemptWork == nil ? query.startedAt : nil, waiting: query.attemptWork == nil,
                workLimit: query.attemptWork
            ) { connection throws(ListStoreError) -> RowPage? in
                var page = RowPage(rows: [], keys: [], hasMore: false, fileIdentity: connection.fileIdentity)
                let layout = KeysetRowLayout(keyset)
                page.rows.reserveCapacity(rows: rows, width: layout.width, bytes: rows * layout.width * 16)
                page.keys.reserveCapacity(rows: rows, width: query.table.keyExpressions.count)
                page.sortValues.reserveCapacity(rows)
                var unbounded: ByteBudget?
                guard
                    try reading(
                        connection,
                        { () throws(ListStoreError) in
                            // No rows after the cursor's: nothing to read (a statement of no rowids is none).
                            if rows > 0 { try connection.appendRows(of: statement, to: &page, layout, budget: &unbounded) }
                        })
                else { return nil }
                guard page.rows.count == rows, accepting(page) else { return nil }
                page.keep(max(1, query.limit))
                sortOrders?.pagesServed.add(1, ordering: .relaxed)
                return page
            }
        }
        switch read {
        case .success(let page?): return .success(page)
        case .success(nil): return nil
        case .failure(let error): return .failure(error)
        }
    }

    /// Whether `query` is a page a kept order can serve: sorted, no search or filter, values
    /// clamped, no byte budget, of a SQLite table whose key ends with its rowid (an `INTEGER
    /// PRIMARY KEY`, the rowid alone, or another primary key and the rowid).
    static func readsFromKeptOrder(_ query: RowPageQuery) -> Bool {
        let table = query.table
        guard let sort = query.sort, table.dialect == .sqlite, table.kind == .table, table.hasUniqueKey,
            table.keyIsRowid || (table.rowidName != nil && table.keyExpressions.last == table.rowidName),
            table.columnIndex(sort.column) != nil
        else { return false }
        return query.search == nil && query.filters.isEmpty && !query.wholeValues && query.byteBudget == nil
            && query.limit < KeysetQuery.rowidListLimit
    }

    /// Reads the order of `table` under `sort` at `version` into `sortOrders`, within its
    /// budget; declined for an order an index serves, a small table or one the budget cannot
    /// hold, dropped when the data changed while it was read.
    func buildOrder(of table: TableDescription, sort: ListSort, key: KeptSortOrders.Key, at version: DataVersion) {
        guard let orders = sortOrders else { return }
        let keyset = KeysetQuery(RowPageQuery(table: table, sort: sort))
        guard let rowidExpression = table.keyExpressions.last else { return }
        building(key, at: version) { connection throws(ListStoreError) -> KeptSortOrder? in
            // An index that serves the order pages it as fast as a kept order would, without its memory.
            guard try Self.sortsWholeTable(keyset, on: connection) else { return nil }
            let span = try connection.statement(
                "SELECT count(*), min(\(rowidExpression)), max(\(rowidExpression)) FROM \(table.sqlName)")
            defer { span.reset() }
            guard try span.step() else { return nil }
            let count = span.int(0)
            guard count > orders.minimumRows else { return nil }
            let bytes = KeptSortOrder.estimatedBytes(count: count, first: Int64(span.int(1)), last: Int64(span.int(2)))
            guard orders.reserve(bytes) else { return nil }
            var rowids: [Int64] = []
            do throws(ListStoreError) {
                rowids.reserveCapacity(count)
                let statement = try connection.statement(
                    "SELECT \(rowidExpression) FROM \(table.sqlName) ORDER BY \(keyset.wholeOrder)")
                defer { statement.reset() }
                while try statement.step(), rowids.count <= count { rowids.append(Int64(statement.int(0))) }
            } catch {
                orders.release(bytes)
                throw error
            }
            // Rows added since they were counted: not this version's.
            return keeping(key, reserved: bytes, at: version) { version in
                rowids.count == count ? KeptSortOrder(rowids: rowids, version: version) : nil
            }
        }
    }

    /// Runs `build` for the order of `key` at `version` on a pooled connection, within
    /// ``orderTimeLimit``; an order it does not keep (nil, a failure) is not asked for again at
    /// that version (small, too large, or the data changed).
    func building(
        _ key: KeptSortOrders.Key, at version: DataVersion, _ build: (SQLiteConnection) throws(ListStoreError) -> KeptSortOrder?
    ) {
        let read = judged { () throws(ListStoreError) -> KeptSortOrder? in
            try pool.withConnection(timeLimit: Self.orderTimeLimit, from: nil, waiting: false) {
                connection throws(ListStoreError) -> KeptSortOrder? in try build(connection)
            }
        }
        switch read {
        case .success(nil), .failure: sortOrders?.decline(key, at: version)
        case .success: break
        }
    }

    /// Keeps the order `make` makes at `version` for `key`, within the `bytes` reserved for it,
    /// when the data is still at that version (else the bytes are released); the order kept.
    func keeping(
        _ key: KeptSortOrders.Key, reserved bytes: Int, at version: DataVersion, _ make: (DataVersion) -> KeptSortOrder?
    ) -> KeptSortOrder? {
        guard let orders = sortOrders else { return nil }
        guard case .success(version?) = probe.version(), let order = make(version), order.bytes <= bytes else {
            orders.release(bytes)
            return nil
        }
        orders.keep(order, for: key, reserved: bytes)
        return order
    }

    /// Whether SQLite sorts the whole list for its first page (`USE TEMP B-TREE FOR ORDER BY` in
    /// its query plan), rather than walk an index in the order (or its first terms: `RIGHT PART`).
    static func sortsWholeTable(_ keyset: KeysetQuery, on connection: SQLiteConnection) throws(ListStoreError) -> Bool {
        let first = keyset.statement(range: .nonNull, after: nil, limit: 1)
        let plan = try connection.statement("EXPLAIN QUERY PLAN " + first.sql)
        defer { plan.reset() }
        try plan.bind(values: first.values)
        var sorts = false
        while try plan.step() {
            if plan.text(3).contains("USE TEMP B-TREE FOR ORDER BY") { sorts = true }
        }
        return sorts
    }

    /// The longest the read of an order may take, in seconds.
    static let orderTimeLimit = 30.0
}
