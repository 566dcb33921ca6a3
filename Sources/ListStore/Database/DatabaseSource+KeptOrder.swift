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
        let read = judged { () throws(ListStoreError) -> RowPage? in
            try pool.withConnection(
                timeLimit: query.attemptWork == nil ? queryTimeLimit : min(queryTimeLimit, Self.attemptTimeLimit),
                from: query.attemptWork == nil ? query.startedAt : nil, waiting: query.attemptWork == nil,
                workLimit: query.attemptWork
            ) { connection throws(ListStoreError) -> RowPage? in
                if let cursorRowid, let after = query.after {
                    // The cursor's row still holds the cursor's values: else its place is not the cursor's.
                    let statement = try connection.statement(
                        "SELECT \(([sortExpression] + keys).joined(separator: ", ")) FROM \(query.table.sqlName) WHERE \(rowidExpression) = ?")
                    defer { statement.reset() }
                    try statement.bind(values: [.integer(cursorRowid)])
                    guard try statement.step(), statement.keyValue(0) == after.sortValue,
                        after.key.indices.allSatisfy({ statement.keyValue(Int32($0 + 1)) == after.key[$0] })
                    else { return nil }
                }
                var page = RowPage(rows: [], keys: [], hasMore: false, fileIdentity: connection.fileIdentity)
                guard !rowids.isEmpty else { return page }
                var read = RowPage(rows: [], keys: [], hasMore: false, fileIdentity: connection.fileIdentity)
                let layout = KeysetRowLayout(keyset)
                read.rows.reserveCapacity(rows: rowids.count, width: layout.width, bytes: rowids.count * layout.width * 16)
                read.keys.reserveCapacity(rows: rowids.count, width: keys.count)
                read.sortValues.reserveCapacity(rowids.count)
                var unbounded: ByteBudget?
                try connection.appendRows(of: keyset.rows(rowids: rowids), to: &read, layout, budget: &unbounded)
                // Read in the keyset's own order: the rows are the order's, or a write came between.
                guard read.keys.count == rowids.count,
                    read.keys.indices.allSatisfy({ read.keys[$0, keys.count - 1] == .integer(rowids[$0]) })
                else { return nil }
                page.append(read)
                page.keep(limit)
                orders.pagesServed.add(1, ordering: .relaxed)
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
        let read = judged { () throws(ListStoreError) -> KeptSortOrder? in
            try pool.withConnection(timeLimit: Self.orderTimeLimit, from: nil, waiting: false) {
                connection throws(ListStoreError) -> KeptSortOrder? in
                // An index that serves the order pages it as fast as a kept order would, without its memory.
                guard try Self.sortsWholeTable(keyset, on: connection) else { return nil }
                let span = try connection.statement(
                    "SELECT count(*), min(\(rowidExpression)), max(\(rowidExpression)) FROM \(table.sqlName)")
                defer { span.reset() }
                guard try span.step() else { return nil }
                let count = span.int(0)
                guard count > orders.minimumRows else {
                    orders.decline(key, at: version)
                    return nil
                }
                let bytes = KeptSortOrder.estimatedBytes(count: count, first: Int64(span.int(1)), last: Int64(span.int(2)))
                guard orders.reserve(bytes) else {
                    orders.decline(key, at: version)
                    return nil
                }
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
                // Rows added since they were counted, or the data changed while read: not this version's.
                guard rowids.count == count, case .success(version?) = probe.version(),
                    let order = KeptSortOrder(rowids: rowids, version: version), order.bytes <= bytes
                else {
                    orders.release(bytes)
                    return nil
                }
                orders.keep(order, for: key, reserved: bytes)
                return order
            }
        }
        // Not kept (small, too large, failed, or the data changed): not asked for again at this version.
        if case .success(nil) = read { orders.decline(key, at: version) }
        if case .failure = read { orders.decline(key, at: version) }
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
