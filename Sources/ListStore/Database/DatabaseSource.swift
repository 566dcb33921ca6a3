import Synchronization

/// Any SQLite database as the source of lists: each table and view is one
/// list (``TableDescription``), read page by page with keyset SQL.
///
/// The file is opened read-only (`SQLITE_OPEN_READONLY`): never created,
/// never written. Connections are pooled; every query is bounded by the
/// query time limit (busy timeout and progress handler), like the catalogue's.
public final class DatabaseSource: ListSource {
    /// The database file.
    public let path: String
    /// The source as logs name it: its path.
    public var name: String { path }
    /// The most a query may take, in seconds, waiting on locks included.
    public let queryTimeLimit: Double
    let pool: ConnectionPool
    private let file: DatabaseFile
    private let log: @Sendable (String) -> Void
    let probe: DataVersionProbe
    /// The rank versions read (``rankVersion(of:)``), by full-text table, with the data version
    /// they were read at: the same data, the same version, read again only after a commit.
    let rankVersions = Mutex<[String: (at: DataVersion, version: UInt64)]>([:])
    /// The sort orders kept for sorted pages (``KeptSortOrders``), shared with other sources;
    /// nil: every sorted page sorts in SQL.
    public let sortOrders: KeptSortOrders?

    /// Makes a source over the database at `path`; nothing is opened until the first query.
    /// - Parameters:
    ///   - path: A SQLite database file.
    ///   - queryTimeLimit: Seconds a query may take before it fails as `.timedOut` or `.busy`.
    ///   - checkInterval: Seconds between looks at the path for a replaced or missing file.
    ///   - log: Receives one line each time the file is found missing, replaced or back.
    ///   - watchesFolder: Whether ``dataVersion()`` may skip its probe while nothing was
    ///     written in the file's folder (`DataVersionProbe`; false: it probes every time).
    ///   - sortOrders: Where sorted pages' orders are kept (``KeptSortOrders``); nil for none.
    public init(
        path: String, queryTimeLimit: Double = 2, checkInterval: Double = 1,
        log: @escaping @Sendable (String) -> Void = { _ in }, watchesFolder: Bool = true,
        sortOrders: KeptSortOrders? = nil
    ) {
        self.sortOrders = sortOrders
        self.path = path
        self.queryTimeLimit = queryTimeLimit
        self.log = log
        self.file = DatabaseFile(path: path)
        let pool = ConnectionPool(
            path: path, busyTimeout: Int32(max(1, min(queryTimeLimit * 1000, Double(Int32.max)))),
            checkInterval: checkInterval, log: log)
        self.pool = pool
        self.probe = DataVersionProbe(path: path, watching: watchesFolder, log: log) { pool.noticeFileChanges(due: true) }
    }

    /// Every table and view a list can show (see `SchemaReader.tables`); one
    /// whose columns cannot be read is left out and logged.
    /// - Returns: The descriptions, or why the file cannot be read: `.cannotOpen`
    ///   for a missing or unreadable file, `.corrupt` for one that is not a database
    ///   (or no longer one: emptied or overwritten in place, ``DatabaseFile``).
    public func tables() -> Result<[TableDescription], ListStoreError> {
        judged(schemaRead: true) { () throws(ListStoreError) -> [TableDescription] in
            try pool.withConnection(timeLimit: queryTimeLimit, from: nil) { connection throws(ListStoreError) in
                try SchemaReader.tables(connection) { name, reason in
                    log("\(path): “\(name)” cannot be read, so it is not served: \(reason)")
                }
            }
        }
    }

    /// The data's version now (``DataVersion``), read without waiting on a
    /// lock on one long-lived connection: a few microseconds (one `stat(2)`
    /// and one pragma), or one `ioctl(2)` while nothing was written in the
    /// file's folder (`DataVersionProbe`). Nil when the file at the path is not
    /// known or not the one the probe reads.
    public func dataVersion() -> Result<DataVersion?, ListStoreError> {
        probe.version()
    }

    /// `PRAGMA schema_version` of the file the connection has open, mixed with that
    /// file's identity (device and inode): changes with every change to the
    /// database's schema, and when another file is moved in over the path (whose
    /// own counter may well be the same number: found by QA, its columns were
    /// never read). Compared only within this process.
    /// - Parameter waiting: Whether to wait on a held lock (`false`: fail as `.busy` at once).
    /// - Returns: The version, or why the file cannot be read (as ``tables()``).
    public func schemaVersion(waiting: Bool) -> Result<Int, ListStoreError> {
        judged(schemaRead: true) { () throws(ListStoreError) -> Int in
            try pool.withConnection(timeLimit: queryTimeLimit, from: nil, waiting: waiting) { connection throws(ListStoreError) in
                var hasher = Hasher()
                hasher.combine(try SchemaReader.schemaVersion(connection))
                hasher.combine(connection.fileIdentity)
                return hasher.finalize()
            }
        }
    }

    /// The longest an attempt (``RowPageQuery/attemptWork``) runs, in seconds, whatever
    /// its work: a full-text search does its work outside SQLite's virtual machine.
    /// Generous, so that a thread preempted under load does not reach it.
    public static let attemptTimeLimit = 0.05

    /// One page of `query.table` in its order (``KeysetReader``).
    public func page(_ query: RowPageQuery) -> Result<RowPage, ListStoreError> {
        // Read before the rows: a write in between makes the next page say the order changed.
        guard let ranked = rankVersion(of: query) else { return rows(query) }
        return rows(query).map { page in
            var page = page
            // The file was replaced between the two reads: the new one's version, read again.
            let version = ranked.file == page.fileIdentity ? ranked : rankVersion(of: query)
            if let version, version.file == page.fileIdentity { page.rankVersion = version.version }
            return page
        }
    }

    /// The rows of ``page(_:)``: from a kept order or ranking, else by SQL.
    private func rows(_ query: RowPageQuery) -> Result<RowPage, ListStoreError> {
        if let kept = keptOrderPage(query) ?? keptRankingPage(query) { return kept }
        return judged { () throws(ListStoreError) -> RowPage in
            try pool.withConnection(
                timeLimit: query.attemptWork == nil ? queryTimeLimit : min(queryTimeLimit, Self.attemptTimeLimit),
                from: query.attemptWork == nil ? query.startedAt : nil, waiting: query.attemptWork == nil,
                workLimit: query.attemptWork
            ) { connection throws(ListStoreError) in
                try KeysetReader.page(query, on: connection)
            }
        }
    }

    /// The position of the row with `rowid` under `sort` (for a cursor made
    /// by rowid), nil when the row is gone.
    public func position(
        ofRowid rowid: Int64, in table: TableDescription, sort: ListSort?,
        startedAt: ContinuousClock.Instant? = nil
    ) -> Result<RowPosition?, ListStoreError> {
        let rowidExpression = table.primaryKeyIsRowid ? quoteIdentifier(table.primaryKey[0].sqlName) : table.rowidName
        guard let rowidExpression else { return .success(nil) }
        let sortColumn = sort.flatMap { table.columnIndex($0.column) }.map { quoteIdentifier(table.columns[$0].sqlName) }
        let select = ([sortColumn ?? "NULL"] + table.keyExpressions).joined(separator: ", ")
        let sql = "SELECT \(select) FROM \(table.sqlName) WHERE \(rowidExpression) = ?"
        return judged { () throws(ListStoreError) -> RowPosition? in
            try pool.withConnection(timeLimit: queryTimeLimit, from: startedAt) { connection throws(ListStoreError) in
                let statement = try connection.statement(sql)
                defer { statement.reset() }
                try statement.bind(values: [.integer(rowid)])
                guard try statement.step() else { return nil }
                // Read as a page reads them (a text that is not UTF-8 as its bytes): the cursor
                // names the very values SQLite compares (found by a break-it pass: read with U+FFFD,
                // the next page started at the same row for ever, or skipped rows going down).
                let key = (1..<statement.columnCount).map { statement.keyValue($0) }
                return RowPosition(sortValue: sortColumn == nil ? nil : statement.keyValue(0), key: key)
            }
        }
    }

    /// The position of the row whose key values are `key` under `sort` (for
    /// a cursor made by key: its sort value is looked up), nil when no row has
    /// that key any more. The key compares NULL-safe, value by value.
    public func position(
        ofKey key: [SQLValue], in table: TableDescription, sort: ListSort?,
        startedAt: ContinuousClock.Instant? = nil
    ) -> Result<RowPosition?, ListStoreError> {
        guard let (sql, sorted) = KeysetQuery.position(in: table, sort: sort, keyCount: key.count) else { return .success(nil) }
        return judged { () throws(ListStoreError) -> RowPosition? in
            try pool.withConnection(timeLimit: queryTimeLimit, from: startedAt) { connection throws(ListStoreError) in
                let statement = try connection.statement(sql)
                defer { statement.reset() }
                try statement.bind(values: key)
                guard try statement.step() else { return nil }
                // The sort value as a page reads it (see ``position(ofRowid:in:sort:startedAt:)``).
                return RowPosition(sortValue: sorted ? statement.keyValue(0) : nil, key: key)
            }
        }
    }

    /// The position of `row` in `query`'s list (see ``ListSource/position(of:in:)``):
    /// the sort values and keys near its number read exactly, as a page reads them.
    public func position(of row: RowNumber, in query: RowPageQuery) -> Result<RowPosition?, ListStoreError> {
        let keyset = KeysetQuery(query)
        let width = (keyset.sort == nil ? 0 : 1) + query.table.keyExpressions.count
        return judged { () throws(ListStoreError) -> RowPosition? in
            try pool.withConnection(timeLimit: queryTimeLimit, from: query.startedAt) { connection throws(ListStoreError) in
                /// The nearest row with the digest among `numbers`, read one at a time.
                func search(_ numbers: ClosedRange<Int>) throws(ListStoreError) -> RowPosition? {
                    let sql = keyset.rows(numbered: numbers)
                    let statement = try connection.statement(sql.sql)
                    defer { statement.reset() }
                    try statement.bind(values: sql.values)
                    guard statement.columnCount == width else {
                        throw ListStoreError(kind: .schemaChanged, message: "the view's columns changed", sql: sql.sql)
                    }
                    var found: RowPosition?
                    var number = numbers.lowerBound
                    while try statement.step() {
                        let values = (0..<statement.columnCount).map { statement.keyValue($0) }
                        found = row.nearer(found, row.position(of: values, number: number, sorted: keyset.sort != nil))
                        number += 1
                    }
                    return found
                }
                if let found = try search(row.searched) { return found }
                // Further away, or the count drifted: the whole list, one row at a time.
                return try search(1...Int(Int32.max))
            }
        }
    }

    /// The row of `table` whose address columns (``TableDescription/addressColumns``,
    /// or the rowid when ``TableDescription/addressedByRowid``) equal `address`;
    /// nil when there is none. Values compare by the columns' affinity, so the
    /// text `10` finds the integer 10. The row's address values and references are read
    /// as a key's are (``SQLiteStatement/keyValue(_:)``: a text that is not UTF-8 as its bytes).
    public func row(
        in table: TableDescription, address: [SQLValue],
        startedAt: ContinuousClock.Instant? = nil
    ) -> Result<[SQLValue]?, ListStoreError> {
        let expressions =
            table.addressedByRowid
            ? [table.rowidName ?? "rowid"] : table.addressColumns.map { quoteIdentifier($0.sqlName) }
        guard !expressions.isEmpty, expressions.count == address.count else { return .success(nil) }
        let affinities = table.addressedByRowid ? [.integer] : table.addressColumns.map(\.affinity)
        var conditions: [String] = []
        var order: [String] = []
        var bound: [SQLValue] = []
        var orderValues: [SQLValue] = []
        for (expression, (value, affinity)) in zip(expressions, zip(address, affinities)) {
            guard case .text(let text) = value else {
                conditions.append("\(expression) = ?")
                bound.append(value)
                continue
            }
            let parameter = SQLValue.parameter(text, for: affinity)
            if parameter == value {
                conditions.append("\(expression) = ?")
                bound.append(value)
            } else {
                // A column without a declared type may hold the text `01` and the number 1
                // (found by QA): the text as written first, else the number it reads as.
                conditions.append("(\(expression) IS ? OR \(expression) IS ?)")
                bound += [value, parameter]
                order.append("\(expression) IS ? DESC")
                orderValues.append(value)
            }
        }
        // The address and the references as stored (a text that is not UTF-8 as its bytes), so
        // the row names its own page and links to the rows it refers to.
        let storedColumns = Set(table.addressColumns.compactMap { table.columnIndex($0.name) } + table.referenceColumns)
        let keyset = KeysetQuery(table: table, sort: nil, conditions: [])
        var sql =
            "SELECT \(keyset.shownColumns(clamped: false)) FROM \(table.sqlName) WHERE "
            + conditions.joined(separator: " AND ")
        if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
        sql += " LIMIT 1"
        bound += orderValues
        return judged { () throws(ListStoreError) -> [SQLValue]? in
            try pool.withConnection(timeLimit: queryTimeLimit, from: startedAt) { connection throws(ListStoreError) in
                let statement = try connection.statement(sql)
                defer { statement.reset() }
                try statement.bind(values: bound)
                guard try statement.step() else { return nil }
                return (0..<Int32(table.columns.count)).map { storedColumns.contains(Int($0)) ? statement.keyValue($0) : statement.value($0) }
            }
        }
    }

    /// The number of rows of `table` (that `filters` keep), or nil when
    /// counting does not finish before `deadline` (a count reads every row);
    /// a held lock fails it as `.busy` at once.
    public func count(
        _ table: TableDescription, filters: [RowFilter],
        until deadline: ContinuousClock.Instant
    ) -> Result<Int?, ListStoreError> {
        count(RowPageQuery(table: table, filters: filters), until: deadline).map { $0.flatMap { $0.isLowerBound ? nil : $0.value } }
    }

    /// The rows `query`'s search and filters keep, within `deadline`: first the rows up to
    /// ``RowCount/bound`` one by one, then, past them, the whole count; a deadline met on the
    /// way gives what was counted as a lower bound (nil when nothing was). `query.attemptWork`
    /// bounds each step's work too. Never waits on a lock (busy at once).
    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        var stepped = 0
        let bounded = KeysetQuery.boundedCount(query, limit: RowCount.bound + 1)
        let first = counting(query, until: deadline) { connection throws(ListStoreError) -> Int in
            let statement = try connection.statement(bounded.sql)
            defer { statement.reset() }
            try statement.bind(values: bounded.values)
            while try statement.step() { stepped += 1 }
            return stepped
        }
        switch first {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(stepped > 0 ? RowCount(stepped, isLowerBound: true) : nil)
        case .success(let counted?) where counted <= RowCount.bound: return .success(RowCount(counted))
        case .success: break
        }
        let whole = KeysetQuery.count(query)
        let counted = counting(query, until: deadline) { connection throws(ListStoreError) -> Int in
            let statement = try connection.statement(whole.sql)
            defer { statement.reset() }
            try statement.bind(values: whole.values)
            return try statement.step() ? statement.int(0) : 0
        }
        return counted.map { $0.map { RowCount($0) } ?? RowCount(RowCount.bound, isLowerBound: true) }
    }

    /// The values of `column` with how many rows `query`'s search and filters keep hold each,
    /// at most `limit` (one statement, ``KeysetQuery/facet(_:column:limit:)``); nil when it
    /// did not finish before `deadline`. Never waits on a lock.
    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    {
        guard let index = query.table.columnIndex(column) else { return .success(nil) }
        let statement = KeysetQuery.facet(query, column: query.table.columns[index], limit: limit + 1)
        return counting(query, until: deadline) { connection throws(ListStoreError) -> ColumnFacet in
            let read = try connection.statement(statement.sql)
            defer { read.reset() }
            try read.bind(values: statement.values)
            var values: [ColumnFacet.Value] = []
            while try read.step() { values.append(ColumnFacet.Value(read.value(0), count: read.int(1))) }
            return ColumnFacet.cut(column: column, values, limit: limit)
        }
    }

    /// `body` run on a connection until `deadline` (and within `query.attemptWork`), never
    /// waiting on a lock; nil when it ran out of time or work.
    private func counting<T>(
        _ query: RowPageQuery, until deadline: ContinuousClock.Instant,
        _ body: (SQLiteConnection) throws(ListStoreError) -> T
    ) -> Result<T?, ListStoreError> {
        let seconds = (deadline - ContinuousClock.now).seconds
        guard seconds > 0 else { return .success(nil) }
        let counted = judged { () throws(ListStoreError) -> T? in
            // A count is a page's extra: it never waits on a lock (busy at once).
            try pool.withConnection(timeLimit: seconds, from: nil, waiting: false, workLimit: query.attemptWork) {
                connection throws(ListStoreError) in try body(connection)
            }
        }
        if case .failure(let error) = counted, error.kind == .timedOut { return .success(nil) }
        return counted
    }

    /// Runs `read`; when it failed (other than on a lock or the time limit), or when it read the
    /// schema (a file emptied in place reads as a database without tables), a damaged file
    /// (``DatabaseFile``) is reported as such and the pool's connections are closed.
    func judged<T>(schemaRead: Bool = false, _ read: () throws(ListStoreError) -> T) -> Result<T, ListStoreError> {
        let result = Result(catching: read)
        switch result {
        case .failure(let error) where error.isContention:
            return result
        case .success where !schemaRead:
            return result
        case .failure, .success:
            let failure: ListStoreError? = if case .failure(let error) = result { error } else { nil }
            guard let damage = file.damage(after: failure) else { return result }
            pool.drain()
            return .failure(damage)
        }
    }
}
