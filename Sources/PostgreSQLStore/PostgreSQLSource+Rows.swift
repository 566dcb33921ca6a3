import ListStore

extension PostgreSQLSource {
    /// One page of `query.table` in its order: the non-NULL range of the sort
    /// column, then its NULL range, as ``ListStore/DatabaseSource/page(_:)`` reads
    /// a SQLite file (`KeysetQuery`). An attempt (``ListStore/RowPageQuery/attemptWork``)
    /// takes no connection it would have to wait for and runs at most
    /// ``attemptTimeLimit`` seconds. A query that yields (``ListStore/RowPageQuery/yieldsToPages``)
    /// takes a connection only while no other request waits for one.
    public func page(_ query: RowPageQuery) -> Result<RowPage, ListStoreError> {
        let limit = max(1, query.limit)
        let table = query.table
        let keyset = KeysetQuery(query)
        let ranges = keyset.ranges(after: query.after)
        let attempt = query.attemptWork != nil
        let deadline =
            attempt
            ? ContinuousClock.now + .milliseconds(Int(min(queryTimeLimit, Self.attemptTimeLimit) * 1000))
            : deadline(from: query.startedAt)
        return Result { () throws(ListStoreError) -> RowPage in
            try withConnection(until: deadline, waiting: !attempt, yielding: query.yieldsToPages) { connection throws(ListStoreError) in
                var page = RowPage(rows: [], keys: [], hasMore: false)
                if !table.hasUniqueKey, let after = query.after, after.repeats > 0 {
                    page = try readRun(keyset, of: after, count: limit + 1, connection, deadline: deadline)
                }
                var budget = query.byteBudget.map { ByteBudget(bytes: $0) }
                if page.rows.count <= limit {
                    page.append(
                        try read(
                            keyset, ranges: ranges, after: query.after, count: limit + 1 - page.rows.count, budget: &budget,
                            connection, deadline: deadline))
                }
                if !table.hasUniqueKey { page.countRuns(continuing: query.after) }
                try page.checkKeyTellsRowsApart(at: limit, of: table)
                page.keep(limit)
                if budget?.isSpent == true { page.hasMore = true }
                return page
            }
        }
    }

    /// The rows of the run `position` ends (equal to it in the sort value and
    /// every key value) after the `position.repeats` already shown.
    private func readRun(
        _ keyset: KeysetQuery, of position: RowPosition, count: Int, _ connection: PostgreSQLConnection,
        deadline: ContinuousClock.Instant
    ) throws(ListStoreError) -> RowPage {
        let run = keyset.run(endingAt: position)
        var budget: ByteBudget?
        return try read(
            run, ranges: [.all], after: nil, count: count, offset: position.repeats, budget: &budget, connection, deadline: deadline)
    }

    /// Up to `count` rows of the ranges in order, after `after` (each range reads its part of what follows it),
    /// ending early after the row that spends `budget`.
    private func read(
        _ keyset: KeysetQuery, ranges: [KeysetQuery.Range], after: RowPosition?, count: Int, offset: Int = 0,
        budget: inout ByteBudget?, _ connection: PostgreSQLConnection, deadline: ContinuousClock.Instant
    ) throws(ListStoreError) -> RowPage {
        var page = RowPage(rows: [], keys: [], hasMore: false)
        let width = keyset.table.columns.count
        let sorted = keyset.sort != nil
        for range in ranges where page.rows.count < count && budget?.isSpent != true {
            let sql = keyset.statement(
                range: range, after: after, limit: count - page.rows.count,
                offset: range == ranges[0] ? offset : 0)
            let result = try connection.query(sql.sql, sql.values, deadline: deadline)
            guard result.columnCount == width + (sorted ? 1 : 0) + keyset.table.keyExpressions.count else {
                throw ListStoreError(kind: .schemaChanged, message: "the view's columns changed", sql: sql.sql)
            }
            for values in result.rows where budget?.isSpent != true {
                var row = Array(values[0..<width])
                if keyset.clamped {
                    for index in row.indices where RowPage.clamp(&row[index]) { page.clamped.insert(page.rows.count * width + index) }
                }
                for value in row { budget?.spend(value) }
                if sorted { page.sortValues.append(values[width]) }
                page.rows.append(row)
                page.keys.append(values[(width + (sorted ? 1 : 0))...])
            }
        }
        return page
    }

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
        guard deadline > .now else { return .success(nil) }
        let statement = KeysetQuery.count(table, filters: filters)
        let counted = Result { () throws(ListStoreError) -> Int? in
            try withConnection(until: deadline, waiting: false) { connection throws(ListStoreError) in
                guard case .integer(let count)? = try connection.query(statement.sql, statement.values, deadline: deadline).rows.first?.first
                else { return 0 }
                return Int(count)
            }
        }
        if case .failure(let error) = counted, error.kind == .timedOut { return .success(nil) }
        return counted
    }
}
