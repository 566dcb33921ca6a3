import ListStore

extension PostgreSQLSource {
    /// One page of `query.table` in its order, as ``ListStore/DatabaseSource/page(_:)``
    /// reads a SQLite file (``ListStore/KeysetReader``). An attempt
    /// (``ListStore/RowPageQuery/attemptWork``) takes no connection it would have to wait
    /// for and runs at most ``attemptTimeLimit`` seconds. A query that yields
    /// (``ListStore/RowPageQuery/yieldsToPages``) takes a connection only while no other
    /// request waits for one.
    public func page(_ query: RowPageQuery) -> Result<RowPage, ListStoreError> {
        let attempt = query.attemptWork != nil
        let deadline =
            attempt
            ? ContinuousClock.now + .milliseconds(Int(min(queryTimeLimit, Self.attemptTimeLimit) * 1000))
            : deadline(from: query.startedAt)
        return Result { () throws(ListStoreError) -> RowPage in
            var page = try withConnection(until: deadline, waiting: !attempt, yielding: query.yieldsToPages) { connection throws(ListStoreError) in
                try KeysetReader.page(query, on: PostgreSQLKeysetConnection(connection: connection, deadline: deadline))
            }
            if query.ordersByRelevance { page.rankVersion = Self.rankVersion }
            return page
        }
    }

    /// The rank version of every page in relevance order (``ListStore/RowPage/rankVersion``): `ts_rank`
    /// weighs a row's own `tsvector` against the query, nothing of the other rows
    /// (https://www.postgresql.org/docs/current/textsearch-controls.html#TEXTSEARCH-RANKING), so a write
    /// moves only the rows it writes, as in any order, and no write makes a walk's order change (the
    /// data version, the server's WAL position, moves with every write to the database).
    static let rankVersion: UInt64 = 1

    /// PostgreSQL has no rowid: a cursor made by rowid finds no row.
    public func position(
        ofRowid rowid: Int64, in table: TableDescription, sort: ListSort?, startedAt: ContinuousClock.Instant? = nil
    ) -> Result<RowPosition?, ListStoreError> {
        .success(nil)
    }

    /// The position of the row whose key values are `key` under `sort`, nil
    /// when no row has that key any more (NULL-safe, value by value).
    public func position(
        ofKey key: [SQLValue], in table: TableDescription, sort: ListSort?, startedAt: ContinuousClock.Instant? = nil
    ) -> Result<RowPosition?, ListStoreError> {
        guard let (sql, sorted) = KeysetQuery.position(in: table, sort: sort, keyCount: key.count) else { return .success(nil) }
        let deadline = deadline(from: startedAt)
        return Result { () throws(ListStoreError) -> RowPosition? in
            try withConnection(until: deadline) { connection throws(ListStoreError) in
                guard let row = try connection.query(sql, key, deadline: deadline).rows.first else { return nil }
                return RowPosition(sortValue: sorted ? row[0] : nil, key: key)
            }
        }
    }

    /// The position of `row` in `query`'s list (see ``ListStore/ListSource/position(of:in:)``).
    public func position(of row: RowNumber, in query: RowPageQuery) -> Result<RowPosition?, ListStoreError> {
        let keyset = KeysetQuery(query)
        let width = (keyset.sort == nil ? 0 : 1) + query.table.keyExpressions.count
        let deadline = deadline(from: query.startedAt)
        let wider = max(1, row.number - RowNumber.widerWindow)...(row.number + RowNumber.widerWindow)
        return Result { () throws(ListStoreError) -> RowPosition? in
            try withConnection(until: deadline) { connection throws(ListStoreError) in
                /// The nearest row with the digest among `numbers` (read at once).
                func search(_ numbers: ClosedRange<Int>) throws(ListStoreError) -> RowPosition? {
                    let sql = keyset.rows(numbered: numbers)
                    let rows = try connection.query(sql.sql, sql.values, deadline: deadline).rows
                    guard rows.allSatisfy({ $0.count == width }) else {
                        throw ListStoreError(kind: .schemaChanged, message: "the view's columns changed", sql: sql.sql)
                    }
                    return row.position(among: rows, from: numbers.lowerBound, sorted: keyset.sort != nil)
                }
                if let found = try search(row.searched) { return found }
                return try search(wider)
            }
        }
    }

    /// The row of `table` whose primary key columns equal `address` (text from
    /// a URL, read by each column's type), nil when there is none or a value is
    /// not one the column's type can read.
    public func row(
        in table: TableDescription, address: [SQLValue], startedAt: ContinuousClock.Instant? = nil
    ) -> Result<[SQLValue]?, ListStoreError> {
        let columns = table.addressColumns
        guard !columns.isEmpty, columns.count == address.count else { return .success(nil) }
        let keyset = KeysetQuery(table: table, sort: nil, conditions: [])
        let sql =
            "SELECT \(keyset.shownColumns(clamped: false)) FROM \(table.sqlName) WHERE "
            + columns.map { "\($0.orderSQL) = ?" }.joined(separator: " AND ") + " LIMIT 1"
        let deadline = deadline(from: startedAt)
        let found = Result { () throws(ListStoreError) -> [SQLValue]? in
            try withConnection(until: deadline) { connection throws(ListStoreError) in
                try connection.query(sql, address, deadline: deadline).rows.first
            }
        }
        if case .failure(let error) = found, error.kind == .invalidValue { return .success(nil) }
        return found
    }

    /// The number of rows of `table` that `filters` keep, or nil when counting
    /// does not finish before `deadline`; never waits for a connection.
    public func count(
        _ table: TableDescription, filters: [RowFilter], until deadline: ContinuousClock.Instant
    ) -> Result<Int?, ListStoreError> {
        count(RowPageQuery(table: table, filters: filters), until: deadline).map { $0.flatMap { $0.isLowerBound ? nil : $0.value } }
    }

    /// The rows `query`'s search and filters keep (the page's own `WHERE`) within `deadline`:
    /// first a count of at most ``ListStore/RowCount/bound`` + 1 rows, then, past it, the whole
    /// count, which at the deadline leaves "more than the bound"; nil when even the first did
    /// not finish. Never waits for a connection.
    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        let bounded = KeysetQuery.boundedCount(query, limit: RowCount.bound + 1)
        let first = counting("SELECT count(*) FROM (\(bounded.sql)) AS bounded", bounded.values, until: deadline)
        switch first {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success(let counted?) where counted <= RowCount.bound: return .success(RowCount(counted))
        case .success: break
        }
        let whole = KeysetQuery.count(query)
        return counting(whole.sql, whole.values, until: deadline).map {
            $0.map { RowCount($0) } ?? RowCount(RowCount.bound, isLowerBound: true)
        }
    }

    /// The values of `column` with how many rows `query`'s search and filters keep hold each,
    /// at most `limit` (``ListStore/KeysetQuery/facet(_:column:limit:)``); nil when it did not
    /// finish before `deadline`. Never waits for a connection.
    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    {
        guard deadline > .now, let index = query.table.columnIndex(column) else { return .success(nil) }
        let statement = KeysetQuery.facet(query, column: query.table.columns[index], limit: limit + 1)
        let read = Result { () throws(ListStoreError) -> ColumnFacet? in
            try withConnection(until: deadline, waiting: false) { connection throws(ListStoreError) in
                let rows = try connection.query(statement.sql, statement.values, deadline: deadline).rows
                let values = rows.map { row in
                    let count: Int = if case .integer(let count)? = row.dropFirst().first { Int(count) } else { 0 }
                    return ColumnFacet.Value(row.first ?? .null, count: count)
                }
                return ColumnFacet.cut(column: column, values, limit: limit)
            }
        }
        if case .failure(let error) = read, error.kind == .timedOut || error.kind == .overloaded { return .success(nil) }
        return read
    }

    /// The one number `sql` reads, or nil when it does not finish before `deadline`.
    private func counting(_ sql: String, _ values: [SQLValue], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        guard deadline > .now else { return .success(nil) }
        let counted = Result { () throws(ListStoreError) -> Int? in
            try withConnection(until: deadline, waiting: false) { connection throws(ListStoreError) in
                // Ended by the server at the deadline, so the connection stays in the pool.
                try connection.serverBounded(until: deadline) { () throws(ListStoreError) -> Int in
                    let backstop = deadline + .seconds(PostgreSQLConnection.cancelGrace)
                    guard case .integer(let count)? = try connection.query(sql, values, deadline: backstop).rows.first?.first
                    else { return 0 }
                    return Int(count)
                }
            }
        }
        // Out of time, or no connection free for it (a count never waits for one): not counted.
        if case .failure(let error) = counted, error.kind == .timedOut || error.kind == .overloaded { return .success(nil) }
        return counted
    }
}
