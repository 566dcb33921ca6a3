import Synchronization

/// Rows kept in a Swift array as a ``RowSource``: sort, filters and search done in Swift,
/// in the order a SQLite table of the same rows would give.
///
/// - **Columns and key.** ``TableDescription/Column``s, those with a
///   ``TableDescription/Column/primaryKeyPosition`` the key (at least one; no two rows
///   share its values). A row is one value per column, in order. ``table`` describes them
///   as a `WITHOUT ROWID` table, so rows are addressed by their key values.
/// - **Order.** As SQLite's with the BINARY collation (datatype3.html §4.1): NULL, then
///   numbers (integers and reals compared by value), then text by its UTF-8 bytes, then
///   blobs by their bytes. A sorted list has the sort column's NULLs last in both
///   directions, ties broken by the key in the sort's direction, as the SQL sources page.
/// - **Filters.** Every ``RowFilter/Operation`` on every column (unless the declaration
///   given says less): a value compared with a column of numeric affinity is read as a
///   number where it is one, as SQLite's affinity reads it; NULL matches only `isnull=1`;
///   `contains` is a substring match that ignores the case of ASCII letters, as SQLite's `LIKE`.
/// - **Search.** Each word of `q` (between white space) must be found in some text column
///   (every column when none is text), ignoring the case of ASCII letters, as the SQL
///   sources' substring search. ``RowPageQuery/searchAlternative`` (SQL) is not read.
/// - **Continuation.** Keyset: a page starts after the sort value and key of the last row
///   shown (``RowPosition``, carried by ``RowCursor``), so a row inserted or deleted
///   between pages causes no repeat and no skip; a cursor that names the row by its key
///   finds its sort value by it (nil when the row is gone).
///
/// Every page filters and sorts the whole array (a copy taken under the lock): for lists of
/// thousands of rows, not millions. Reads never block and finish at once, so time limits
/// and ``RowPageQuery/attemptWork`` need nothing.
public final class InMemoryRowSource: RowSource {
    /// The rows' columns and key as a table (a `WITHOUT ROWID` one, named as given).
    public let table: TableDescription
    public let capabilities: RowSourceCapabilities

    /// The rows and a number that moves with every change (``dataVersion()``).
    private struct State {
        var rows: [[SQLValue]]
        var version: Int64 = 0
    }
    private let state: Mutex<State>
    /// The key columns' indices, in key order.
    private let keyColumns: [Int]

    /// Makes a source of `rows`.
    /// - Parameters:
    ///   - name: The table's name (``TableDescription/name``).
    ///   - columns: The columns; those with a primary key position are the key, in that order.
    ///   - rows: One value per column each; no two with the same key values.
    ///   - capabilities: What to declare, at most what this source does; nil: every
    ///     column sorts and takes every filter operation, search, counts and versions.
    /// - Throws: `.wrongSchema` without a key column or for a row of another width,
    ///   `.repeatedKey` when two rows share their key values.
    public init(
        name: String, columns: [TableDescription.Column], rows: [[SQLValue]] = [], capabilities: RowSourceCapabilities? = nil
    ) throws(ListStoreError) {
        table = TableDescription(name: name, kind: .withoutRowid, columns: columns)
        keyColumns = columns.indices.filter { columns[$0].primaryKeyPosition > 0 }
            .sorted { columns[$0].primaryKeyPosition < columns[$1].primaryKeyPosition }
        guard !keyColumns.isEmpty else {
            throw ListStoreError(kind: .wrongSchema, message: "\(name) has no key column (a primary key position)")
        }
        let all = Set(columns.map(\.name))
        var every = RowSourceCapabilities(
            sortableColumns: all,
            filterOperations: Dictionary(uniqueKeysWithValues: all.map { ($0, Set(RowFilter.Operation.allCases)) }),
            searches: true, counts: true, hasDataVersion: true, answersWithoutBlocking: true)
        every.facets = true
        self.capabilities = capabilities ?? every
        state = Mutex(State(rows: []))
        for row in rows { try insert(row) }
    }

    /// Adds `row` (one value per column).
    /// - Throws: `.wrongSchema` for a row of another width, `.repeatedKey` when a row has its key values.
    public func insert(_ row: [SQLValue]) throws(ListStoreError) {
        guard row.count == table.columns.count else {
            throw ListStoreError(kind: .wrongSchema, message: "a row of \(table.name) has \(table.columns.count) values, not \(row.count)")
        }
        let key = keyColumns.map { row[$0] }
        let added = state.withLock { state in
            guard !state.rows.contains(where: { other in Self.compare(keys: keyColumns.map { other[$0] }, key) == 0 }) else {
                return false
            }
            state.rows.append(row)
            state.version += 1
            return true
        }
        guard added else { throw ListStoreError(kind: .repeatedKey, message: "a row of \(table.name) has that key already") }
    }

    /// Removes the row whose key values are `key`; whether there was one.
    @discardableResult
    public func delete(key: [SQLValue]) -> Bool {
        state.withLock { state in
            guard let index = state.rows.firstIndex(where: { row in Self.compare(keys: keyColumns.map { row[$0] }, key) == 0 })
            else { return false }
            state.rows.remove(at: index)
            state.version += 1
            return true
        }
    }

    public func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
        let sortColumn = query.sort.flatMap { table.columnIndex($0.column) }
        let descending = sortColumn != nil && query.sort?.descending == true
        let rows = ordered(kept(query), by: sortColumn, descending: descending)
        var after = query.after
        switch start {
        case nil: break
        case .position(let position)?: after = position
        case .key(let key)?:
            guard let row = rows.first(where: { row in Self.compare(keys: keyColumns.map { row[$0] }, key) == 0 })
            else { return .success(nil) }
            after = position(of: row, sortColumn: sortColumn)
        case .rowid(let rowid)?:
            // A key of one integer is the nearest thing to a rowid (this source makes no such cursor).
            guard keyColumns.count == 1,
                let row = rows.first(where: { Self.compare($0[keyColumns[0]], .integer(rowid)) == 0 })
            else { return .success(nil) }
            after = position(of: row, sortColumn: sortColumn)
        case .rowNumber(let number)?:
            // The row whose values have the digest, nearest its number.
            var found: RowPosition?
            for (index, row) in rows.enumerated() {
                var candidate = position(of: row, sortColumn: sortColumn)
                candidate.rowNumber = index + 1
                if candidate.digest == number.digest { found = number.nearer(found, candidate) }
            }
            guard let found else { return .success(nil) }
            after = found
        case .continuation?:
            // Made only by a source that pages by its own cursor: never for rows in memory.
            return .success(nil)
        }
        // Rows past the position: a binary search would do, a scan is as plain.
        let first =
            after.map { after in
                rows.firstIndex { row in
                    Self.precedes(
                        (after.sortValue, after.key), (sortColumn.map { row[$0] }, keyColumns.map { row[$0] }), sorted: sortColumn != nil,
                        descending: descending)
                } ?? rows.count
            } ?? 0
        return .success(page(of: rows[first...], query: query, sortColumn: sortColumn))
    }

    public func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
        guard address.count == keyColumns.count else { return .success(nil) }
        // An address comes as text, read as each key column's affinity reads it.
        let key = zip(keyColumns, address).map { index, value in
            guard case .text(let text) = value else { return value }
            return Self.bound(text, for: table.columns[index].affinity)
        }
        let rows = state.withLock { $0.rows }
        return .success(rows.first { row in Self.compare(keys: keyColumns.map { row[$0] }, key) == 0 })
    }

    public func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        .success(kept(RowPageQuery(table: table, filters: filters)).count)
    }

    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        .success(RowCount(kept(query).count))
    }

    /// The kept rows grouped by `column`'s value (values equal as ``compare(_:_:)`` says), the
    /// most frequent first, ties by value; nil when not declared (``RowSourceCapabilities/facets``).
    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    {
        guard capabilities.facets, let index = table.columnIndex(column) else { return .success(nil) }
        var counted: [ColumnFacet.Value] = []
        for value in kept(query).map({ $0[index] }).sorted(by: { Self.compare($0, $1) < 0 }) {
            if let last = counted.last, Self.compare(last.value, value) == 0 {
                counted[counted.count - 1].count += 1
            } else {
                counted.append(ColumnFacet.Value(value, count: 1))
            }
        }
        // Stable: equal counts keep the values' order.
        let ordered = counted.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
        return .success(ColumnFacet.cut(column: column, ordered, limit: limit))
    }

    public func dataVersion() -> Result<DataVersion?, ListStoreError> {
        .success(DataVersion(identity: nil, epoch: 0, dataVersion: state.withLock { $0.version }))
    }

    // MARK: Reading

    /// The rows `query`'s filters and search keep, in the array's order.
    private func kept(_ query: RowPageQuery) -> [[SQLValue]] {
        let rows = state.withLock { $0.rows }
        let words = RowPageQuery.words(query.search, for: table).map { Self.asciiLowercased(Array($0.utf8)) }
        let textColumns = table.columns.indices.filter { table.columns[$0].affinity == .text }
        let searched = textColumns.isEmpty ? Array(table.columns.indices) : textColumns
        let filters = query.filters.compactMap { filter in table.columnIndex(filter.column).map { (filter, $0) } }
        // A search of no word (only white space) matches every row; of words, each must be found.
        return rows.filter { row in
            filters.allSatisfy { filter, index in matches(row[index], filter, affinity: table.columns[index].affinity) }
                && words.allSatisfy { word in searched.contains { Self.holds(row[$0], word) } }
        }
    }

    /// `rows` in the list's order: by the sort column (NULLs last), then the key.
    private func ordered(_ rows: [[SQLValue]], by sortColumn: Int?, descending: Bool) -> [[SQLValue]] {
        rows.sorted { a, b in
            Self.precedes(
                (sortColumn.map { a[$0] }, keyColumns.map { a[$0] }), (sortColumn.map { b[$0] }, keyColumns.map { b[$0] }),
                sorted: sortColumn != nil, descending: descending)
        }
    }

    /// Where `row` stands: its sort value (when sorted) and its key.
    private func position(of row: [SQLValue], sortColumn: Int?) -> RowPosition {
        RowPosition(sortValue: sortColumn.map { row[$0] }, key: keyColumns.map { row[$0] })
    }

    /// The page of the first `query.limit` of `rows` (fewer when ``RowPageQuery/byteBudget``
    /// is spent first), values clamped as a database's page clamps them unless read whole.
    private func page(of rows: ArraySlice<[SQLValue]>, query: RowPageQuery, sortColumn: Int?) -> RowPage {
        let limit = max(1, query.limit)
        var page = RowPage(rows: [], keys: [], hasMore: false)
        var budget = query.byteBudget.map { ByteBudget(bytes: $0) }
        for row in rows {
            guard page.rows.count < limit, budget?.isSpent != true else {
                page.hasMore = true
                break
            }
            var shown = row
            for column in shown.indices {
                budget?.spend(shown[column])
                if !query.wholeValues, RowPage.clamp(&shown[column]) {
                    page.clamped.insert(page.rows.count * shown.count + column)
                }
            }
            page.rows.append(shown)
            page.keys.append(keyColumns.map { row[$0] })
            if let sortColumn { page.sortValues.append(row[sortColumn]) }
        }
        return page
    }

    // MARK: Filters and search

    /// Whether `value` of a column of `affinity` passes `filter`.
    private func matches(_ value: SQLValue, _ filter: RowFilter, affinity: TableDescription.Affinity) -> Bool {
        if filter.operation == .isnull { return filter.value == "1" ? value.isNull : filter.value == "0" && !value.isNull }
        guard !value.isNull else { return false }
        /// Whether `value` equals `text` as given: read as the column reads it, or, in a
        /// column without affinity, as the text itself too (as the SQL sources compare).
        func equals(_ text: String) -> Bool {
            let bound = Self.bound(text, for: affinity)
            return Self.compare(value, bound) == 0 || (affinity == .blob && Self.compare(value, .text(text)) == 0)
        }
        let order = { Self.compare(value, Self.bound(filter.value, for: affinity)) }
        switch filter.operation {
        case .exact: return equals(filter.value)
        case .not: return !equals(filter.value)
        case .gt: return order() > 0
        case .gte: return order() >= 0
        case .lt: return order() < 0
        case .lte: return order() <= 0
        case .in: return filter.values.contains(where: equals)
        case .contains: return Self.holds(value, Self.asciiLowercased(Array(filter.value.utf8)))
        case .isnull: return false
        }
    }

    /// `text` as a column of `affinity` compares it: a number where it reads as one, in a
    /// column of any affinity but TEXT (``SQLValue/parameter(_:for:)`` reads it as SQLite does).
    package static func bound(_ text: String, for affinity: TableDescription.Affinity) -> SQLValue {
        affinity == .text ? .text(text) : SQLValue.parameter(text, for: .blob)
    }

    /// Whether `value`'s text (a number's digits, a blob's bytes) holds `word` (ASCII-lowercased),
    /// ASCII letters compared without case.
    private static func holds(_ value: SQLValue, _ word: [UInt8]) -> Bool {
        let bytes: [UInt8]
        switch value {
        case .null: return false
        case .text(let text): bytes = Array(text.utf8)
        case .textBytes(let raw), .blob(let raw): bytes = raw
        case .integer, .real: bytes = Array((value.plainText ?? "").utf8)
        }
        guard !word.isEmpty else { return true }
        guard bytes.count >= word.count else { return false }
        let lowered = asciiLowercased(bytes)
        return (0...(lowered.count - word.count)).contains { start in lowered[start..<start + word.count].elementsEqual(word) }
    }

    private static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    // MARK: Order

    /// Whether the row at `a` (its sort value, nil when unsorted, and its key) comes before
    /// the one at `b`: the sort column's values first, NULLs last either way, then the key,
    /// both in the sort's direction. A position without a sort value in a sorted list is
    /// before every row (a page from the start).
    static func precedes(
        _ a: (sort: SQLValue?, key: [SQLValue]), _ b: (sort: SQLValue?, key: [SQLValue]), sorted: Bool, descending: Bool
    ) -> Bool {
        if sorted {
            guard let sortA = a.sort else { return true }
            let sortB = b.sort ?? .null
            if sortA.isNull != sortB.isNull { return sortB.isNull }
            let order = compare(sortA, sortB)
            if order != 0 { return descending ? order > 0 : order < 0 }
        }
        let order = compare(keys: a.key, b.key)
        return descending ? order > 0 : order < 0
    }

    /// Key values compared in order, the first that differs deciding.
    static func compare(keys a: [SQLValue], _ b: [SQLValue]) -> Int {
        for (x, y) in zip(a, b) {
            let order = compare(x, y)
            if order != 0 { return order }
        }
        return a.count - b.count
    }

    /// SQLite's order of two values under BINARY (datatype3.html §4.1): -1, 0 or 1.
    static func compare(_ a: SQLValue, _ b: SQLValue) -> Int {
        let (rankA, rankB) = (rank(a), rank(b))
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.real(let x), .real(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.integer(let x), .real(let y)): return compare(x, y)
        case (.real(let x), .integer(let y)): return -compare(y, x)
        default: return compare(bytes(a), bytes(b))
        }
    }

    /// An integer and a real compared exactly, as SQLite does (a double cannot hold every 64-bit integer).
    private static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real.isNaN { return 1 }
        let converted = Double(integer)
        if converted != real { return converted < real ? -1 : 1 }
        // Equal as doubles: `real` is a whole number; 2^63 and beyond is past every Int64.
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let whole = Int64(real)
        return integer < whole ? -1 : integer == whole ? 0 : 1
    }

    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count < b.count ? -1 : a.count == b.count ? 0 : 1
    }

    /// The rank of a value's storage class in SQLite's order.
    private static func rank(_ value: SQLValue) -> Int {
        switch value {
        case .null: 0
        case .integer, .real: 1
        case .text, .textBytes: 2
        case .blob: 3
        }
    }

    /// The bytes a text or blob compares by.
    private static func bytes(_ value: SQLValue) -> [UInt8] {
        switch value {
        case .text(let text): Array(text.utf8)
        case .textBytes(let bytes), .blob(let bytes): bytes
        default: []
        }
    }
}
