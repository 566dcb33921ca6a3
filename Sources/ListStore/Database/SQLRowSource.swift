/// The rows of one table or view of a database (``ListSource``: SQLite or PostgreSQL) as
/// a ``RowSource``: the keyset machinery behind one call per page. It finds where a page
/// starts from a cursor (the row its rowid, key or number names: ``RowCursor/Start``),
/// reads the page, and numbers its last row where only a number can stand for it in the
/// next cursor (``RowNumber``).
///
/// A value of three words (a reference and a table's shared fields), made per request
/// without allocating.
public struct SQLRowSource: RowSource {
    /// The database that holds the table.
    public let database: any ListSource
    /// The table or view the rows come from.
    public let table: TableDescription

    /// The rows of `table` in `database`.
    public init(database: any ListSource, table: TableDescription) {
        self.database = database
        self.table = table
    }

    /// Every orderable column sorts (``TableDescription/Column/isOrderable``: a PostgreSQL
    /// `json`, `xml`, `point` or composite column does not) and takes the range filters;
    /// every column takes the other filters; search, counts, data versions and attempts
    /// without blocking are all there.
    public var capabilities: RowSourceCapabilities { Self.capabilities(of: table) }

    /// ``capabilities`` of a list over `table`.
    public static func capabilities(of table: TableDescription) -> RowSourceCapabilities {
        let others = Set(RowFilter.Operation.allCases).subtracting(RowSourceCapabilities.rangeOperations)
        var sortable: Set<String> = []
        var operations: [String: Set<RowFilter.Operation>] = [:]
        for column in table.columns {
            if column.isOrderable {
                sortable.insert(column.name)
                operations[column.name] = Set(RowFilter.Operation.allCases)
            } else {
                operations[column.name] = others
            }
        }
        var capabilities = RowSourceCapabilities(
            sortableColumns: sortable, filterOperations: operations, searches: true, counts: true, hasDataVersion: true,
            answersWithoutBlocking: true)
        capabilities.facets = true
        return capabilities
    }

    public func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
        // Most pages are first pages or start at a cursor's position: the query as it is.
        guard let start else { return numbered(database.page(query), query: query) }
        // Where the page starts: a cursor's position, or the row its rowid, key or number names.
        let found: Result<RowPosition?, ListStoreError> =
            switch start {
            // A relevance position carries a rowid exactly when the page's ties are by rowid
            // (``RowPageQuery/rankCut``): one of the other statement's order is no position here.
            case .position(let position): .success((position.rowid != nil) == (query.rankCut != nil) ? position : nil)
            case .rowid(let rowid): database.position(ofRowid: rowid, in: query.table, sort: query.sort, startedAt: query.startedAt)
            case .key(let key): database.position(ofKey: key, in: query.table, sort: query.sort, startedAt: query.startedAt)
            case .rowNumber(let row): database.position(of: row, in: query)
            // Made only by a source that pages by its own cursor: never for a table.
            case .continuation: .success(nil)
            }
        switch found {
        case .success(let position?):
            var query = query
            query.after = position
            return numbered(database.page(query), query: query)
        case .success(nil): return .success(nil)  // that row is gone
        case .failure(let error): return .failure(error)
        }
    }

    /// `result` with its last row numbered where it needs to be (``numberingTheLastRow(of:query:)``).
    /// A page read whole is an export's piece, which makes no cursor: nothing to number.
    private func numbered(_ result: Result<RowPage, ListStoreError>, query: RowPageQuery) -> Result<RowPage?, ListStoreError> {
        if !query.wholeValues, case .success(let page) = result, let numbered = numberingTheLastRow(of: page, query: query) {
            return .success(numbered)
        }
        return result.map { $0 }
    }

    /// `page` with the rows before it counted (``RowPage/rowsBefore``), where
    /// the cursor after its last row could stand for the row no other way: a list
    /// without a rowid whose key tells rows apart but is, alone, longer than
    /// ``RowCursor/maximumLength`` (a `WITHOUT ROWID` table of long text
    /// keys; found by a break-it pass: its Load more addresses were refused with
    /// libmicrohttpd's 414, so no later row could be reached). The next cursor then
    /// names the row by its number (``RowNumber``). The count goes on from
    /// a page that started after a row found by its number; otherwise the row is
    /// looked up from the list's start (once, and bounded by the query's time
    /// limit). Nil when nothing needs counting or the look-up did not find it (the
    /// cursor then stays by value).
    private func numberingTheLastRow(of page: RowPage, query: RowPageQuery) -> RowPage? {
        let table = query.table
        guard page.hasMore, page.rowsBefore == nil, table.hasUniqueKey, page.lastRowid(in: table) == nil,
            let last = page.lastPosition(in: table, sort: query.sort),
            // Most keys are short: the cursor is made (base64) only for one that may not be.
            last.key.reduce(0, { $0 + Self.byteCount($1) }) > RowCursor.maximumLength / 2,
            // The list's name is in the cursor's tag, whose length is the same for any name.
            RowCursor(after: last, rowid: nil, keyIsUnique: true, list: "", sort: query.sort).isTooLong
        else { return nil }
        var numbered = page
        if let before = query.after?.rowNumber {
            numbered.rowsBefore = before
        } else {
            var fromStart = query
            fromStart.after = nil
            let row = RowNumber(number: 1, repeats: 1, digest: last.digest)
            guard case .success(let found?) = database.position(of: row, in: fromStart), let number = found.rowNumber
            else { return nil }
            numbered.rowsBefore = number - page.rows.count
        }
        return numbered
    }

    /// The bytes of a text or blob value (a cursor carries them), 8 for any other.
    private static func byteCount(_ value: SQLValue) -> Int {
        switch value {
        case .text(let text): text.utf8.count
        case .blob(let bytes), .textBytes(let bytes): bytes.count
        default: 8
        }
    }

    public func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
        database.row(in: table, address: address, startedAt: startedAt)
    }

    public func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        database.count(table, filters: filters, until: deadline)
    }

    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        database.count(query, until: deadline)
    }

    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    {
        database.facet(column, of: query, limit: limit, until: deadline)
    }

    public func dataVersion() -> Result<DataVersion?, ListStoreError> {
        database.dataVersion()
    }
}
