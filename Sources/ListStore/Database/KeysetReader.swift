/// A connection keyset SQL is read through (``KeysetReader``): SQLite's, whose rows
/// are stepped one at a time and read in place, or a database server's, whose
/// result comes whole. Only how a statement's rows reach a page differs.
package protocol KeysetConnection {
    /// The file the rows are read from, when the source can tell (a SQLite file's identity).
    var fileIdentity: FileIdentity? { get }

    /// Runs `statement` and appends its rows to `page` as `layout` lays them out, while
    /// `budget` is not spent.
    /// - Throws: `.schemaChanged` when a row has not ``KeysetRowLayout/resultWidth``
    ///   columns (a view redefined since it was read), or the source's own errors.
    func appendRows(
        of statement: SQLCondition, to page: inout RowPage, _ layout: KeysetRowLayout, budget: inout ByteBudget?
    ) throws(ListStoreError)
}

/// How a keyset statement's result columns map onto a page (``KeysetQuery``'s
/// select list): the table's columns, then the sort value (when sorted), then the key, then
/// (relevance ranked on the full-text side) the rowid that breaks ties (``RowPage/rowids``).
package struct KeysetRowLayout {
    /// The table's columns (the page's values of a row).
    package let width: Int
    /// Whether the sort column's whole value follows them.
    package let sorted: Bool
    /// Whether long texts and blobs are cut (``RowPage/clampLength``).
    package let clamped: Bool
    /// The columns that refer to a key, read as stored (their links name that key).
    package let references: [Int]
    /// Whether the rowid follows the key (``RowPage/rowids``).
    package let readsRowid: Bool
    /// The columns a result row has.
    package let resultWidth: Int
    /// What a page shows of the texts it shows the start of (``RowPageQuery/shownPrefix``):
    /// only those columns, none that refers to a key; nil when values are read whole.
    package var shownPrefix: ShownPrefix?

    init(_ keyset: KeysetQuery, shownPrefix: ShownPrefix? = nil) {
        width = keyset.table.columns.count
        sorted = keyset.sort != nil
        clamped = keyset.clamped
        references = keyset.table.referenceColumns
        readsRowid = keyset.rankCut != nil
        resultWidth = width + (sorted ? 1 : 0) + keyset.table.keyExpressions.count + (readsRowid ? 1 : 0)
        if clamped, var shown = shownPrefix {
            shown.columns.subtract(references)
            self.shownPrefix = shown.columns.isEmpty ? nil : shown
        }
    }
}

/// One page of a table in its order, read with keyset SQL over any ``KeysetConnection``:
/// the non-NULL range of the sort column, then (when that ran out) its NULL range
/// (``KeysetQuery``); where the key does not tell rows apart, first the rest of the run
/// of rows equal to the last one shown (``RowPosition/repeats``). SQLite's and
/// PostgreSQL's sources both read through it.
package enum KeysetReader {
    /// The page `query` asks for, read on `connection`.
    /// - Parameter checkingRankedRows: Whether a ranked page takes only candidates whose row the
    ///   table holds (``KeysetQuery/checksRankedRows``); a ranked page that came out short is read so.
    package static func page(
        _ query: RowPageQuery, on connection: some KeysetConnection, checkingRankedRows: Bool = false
    ) throws(ListStoreError) -> RowPage {
        let limit = max(1, query.limit)
        let table = query.table
        var keyset = KeysetQuery(query)
        keyset.checksRankedRows = checkingRankedRows
        var page = RowPage(rows: [], keys: [], hasMore: false, fileIdentity: connection.fileIdentity)
        if !table.hasUniqueKey, let after = query.after, after.repeats > 0 {
            // Rows equal to the last one in every column have no order among them:
            // the rest of its run first, by how many of it were shown (bounded by the run).
            var unbounded: ByteBudget?
            page = try read(
                keyset.run(endingAt: after), ranges: [.all], after: nil, count: limit + 1, offset: after.repeats,
                budget: &unbounded, shownPrefix: query.shownPrefix, connection)
        }
        var budget = query.byteBudget.map { ByteBudget(bytes: $0) }
        if page.rows.count <= limit {
            // Appended as a temporary: a page read into an empty one shares its values, and
            // were they still held here, cutting the extra row off would copy its texts.
            page.append(
                try read(
                    keyset, ranges: keyset.ranges(after: query.after), after: query.after,
                    count: limit + 1 - page.rows.count, budget: &budget, shownPrefix: query.shownPrefix, connection))
        }
        // The last page of a ranking, or one that met an index entry whose row is gone: read again
        // from existing rows only, so that it is whole and says rightly whether more follow.
        if keyset.rankCut != nil, !checkingRankedRows, page.rows.count <= limit {
            return try Self.page(query, on: connection, checkingRankedRows: true)
        }
        if !table.hasUniqueKey { page.countRuns(continuing: query.after) }
        try page.checkKeyTellsRowsApart(at: limit, of: table)
        page.keep(limit)
        if budget?.isSpent == true { page.hasMore = true }
        return page
    }

    /// Up to `count` rows of the ranges in order, after `after` (each range reads its part
    /// of what follows it; and after `offset` rows of the first: only for a run of identical
    /// rows), ending early after the row that spends `budget`.
    private static func read(
        _ keyset: KeysetQuery, ranges: [KeysetQuery.Range], after: RowPosition?, count: Int, offset: Int = 0,
        budget: inout ByteBudget?, shownPrefix: ShownPrefix?, _ connection: some KeysetConnection
    ) throws(ListStoreError) -> RowPage {
        var page = RowPage(rows: [], keys: [], hasMore: false, fileIdentity: connection.fileIdentity)
        let layout = KeysetRowLayout(keyset, shownPrefix: shownPrefix)
        // Room for the whole page at once (a page's worth: an export's long pieces
        // still grow): grown a row at a time, the arrays were a tenth of a page's
        // allocations (callgrind). Texts and blobs about 16 bytes a value: a page's
        // keys are mostly numbers, with none.
        let expected = min(count, 1024)
        page.rows.reserveCapacity(rows: expected, width: layout.width, bytes: expected * layout.width * 16)
        page.keys.reserveCapacity(rows: expected, width: keyset.table.keyExpressions.count)
        if layout.sorted { page.sortValues.reserveCapacity(expected) }
        // A page that reads texts only as far as it shows cuts many: the set of cut cells made
        // at its size once (grown insert by insert, it hashed every cell again at each doubling).
        if let shown = layout.shownPrefix { page.clamped.reserveCapacity(expected * shown.columns.count) }
        for range in ranges where page.rows.count < count && budget?.isSpent != true {
            let statement = keyset.statement(
                range: range, after: after, limit: count - page.rows.count, offset: range == ranges[0] ? offset : 0)
            try connection.appendRows(of: statement, to: &page, layout, budget: &budget)
        }
        return page
    }
}
