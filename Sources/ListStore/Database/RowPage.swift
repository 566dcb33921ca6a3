import Foundation

/// One page to read from a table or view.
public struct RowPageQuery: Sendable, Hashable {
    /// What to read.
    public var table: TableDescription
    /// The order; nil for key order.
    public var sort: ListSort?
    /// The rows after this position; nil for the first page.
    public var after: RowPosition?
    /// The most rows to return (at least 1).
    public var limit: Int
    /// The search text (`q`), matched as ``TableDescription/search`` says; nil for none.
    /// Without a ``sort``, a search an index ranks orders the rows by relevance
    /// (``ordersByRelevance``).
    public var search: String?
    /// The list's label column (its SQL name), which a full-text search matches too: a
    /// row whose label is the search text comes first, then those it starts (issue 47:
    /// `q=bash` finds `bash` first); nil for the table's key column when it is one text column.
    public var labelColumn: String?
    /// Whether a search an index ranks orders the rows by relevance when there is no
    /// ``sort`` (``ordersByRelevance``); else such a page is in key order.
    public var relevanceOrder: Bool
    /// The rows ``search`` names besides those its words match (either finds a row),
    /// e.g. the catalogue's character for a search of `☃` or `U+2603`; nil for none.
    /// Ignored without a search.
    public var searchAlternative: SQLCondition?
    /// Filters, all required.
    public var filters: [RowFilter]
    /// When the request arrived: the query time limit counts from then; nil for now.
    public var startedAt: ContinuousClock.Instant?
    /// Whether every value is read whole (an export); a page otherwise reads at
    /// most ``RowPage/clampLength`` characters or bytes of each.
    public var wholeValues: Bool
    /// What a page shows of the texts it shows only the start of (ListState's list pages
    /// drawn by the shared cells): those texts are read no further (``ShownPrefix``),
    /// where the source can (SQLite); nil: read as ``wholeValues`` says. Ignored with ``wholeValues``.
    public var shownPrefix: ShownPrefix?
    /// The most bytes of values a page holds, about (texts and blobs by their
    /// length, and 32 for every value): the page ends after the row that reaches it,
    /// with ``RowPage/hasMore`` set, so an export of large cells reads a few
    /// rows at a time; nil for no limit but ``limit``.
    public var byteBudget: Int?
    /// When set, the query is an attempt: it does not wait on a lock (a writer's
    /// lock fails it as `.busy` at once) and runs at most about this many
    /// thousand SQLite virtual-machine instructions (then `.timedOut`): its own
    /// work, not the time a busy machine takes (and at most
    /// ``DatabaseSource/attemptTimeLimit`` in any case). The server answers on the
    /// connection's own thread this way and hands the request to a worker, which
    /// waits as the query time limit allows, when an attempt fails
    /// (docs/design.md, "Threads").
    public var attemptWork: Int?
    /// Whether the query gives way to every other request for a connection of a bounded
    /// pool (a CSV export's piece): it takes one only while no other waits, until its
    /// deadline. SQLite's pool opens a connection per request that needs one, so nothing waits there.
    public var yieldsToPages: Bool

    /// Makes a query.
    public init(
        table: TableDescription, sort: ListSort? = nil, after: RowPosition? = nil, limit: Int = 20,
        search: String? = nil, searchAlternative: SQLCondition? = nil, filters: [RowFilter] = [],
        startedAt: ContinuousClock.Instant? = nil, wholeValues: Bool = false, byteBudget: Int? = nil, attemptWork: Int? = nil,
        yieldsToPages: Bool = false, labelColumn: String? = nil, relevanceOrder: Bool = false
    ) {
        self.relevanceOrder = relevanceOrder
        self.labelColumn = labelColumn
        self.attemptWork = attemptWork
        self.yieldsToPages = yieldsToPages
        self.wholeValues = wholeValues
        self.byteBudget = byteBudget
        self.table = table
        self.sort = sort
        self.after = after
        self.limit = limit
        self.search = search
        self.searchAlternative = searchAlternative
        self.filters = filters
        self.startedAt = startedAt
    }
}

/// One page of a table's rows, each value with its storage class.
public struct RowPage: Sendable, Hashable {
    /// The rows: one value per column of the table (``TableDescription/columns``), in order.
    public var rows: RowValues
    /// Each row's key values (``TableDescription/keyExpressions``), parallel to `rows`.
    public var keys: RowValues
    /// Each row's whole value of the sort column, parallel to `rows`; empty in key order.
    public var sortValues: [SQLValue] = []
    /// Each row's rowid, parallel to `rows`, where it breaks the ties of the order (relevance
    /// ranked on the full-text side: ``RowPageQuery/rankCut``); empty otherwise.
    public var rowids: [Int64] = []
    /// The cells whose value was cut to its first ``clampLength`` characters
    /// or bytes, as `row * columns + column`.
    public var clamped: Set<Int> = []

    /// Where the key does not tell rows apart: each row's place in its run of
    /// rows equal in every key value (1 for the first), counting rows of the
    /// run shown on earlier pages; empty where the key does.
    public var ordinals: [Int] = []

    /// The most characters of a text, or bytes of a blob, a page holds of one value.
    public static let clampLength = KeysetQuery.clampLength

    /// Whether the value at `row`, `column` was cut (`width` is the table's column count).
    public func isClamped(row: Int, column: Int, width: Int) -> Bool {
        // Most pages cut nothing: no hash per cell.
        !clamped.isEmpty && clamped.contains(row * width + column)
    }
    /// The rows of the list before this page, where they are counted (see
    /// ``RowPosition/rowNumber``); nil otherwise.
    public var rowsBefore: Int?
    /// Whether rows follow this page.
    public var hasMore: Bool
    /// Where the next page starts by the source's own paging (an upstream's next URL or
    /// cursor, ``RowCursor/Start/continuation(_:)``); nil: after this page's last row.
    public var continuation: [UInt8]?
    /// When the rows were read, for rows kept from before and shown because the source
    /// cannot answer now (``RowBatch/readAt``); nil for rows read for this request.
    public var readAt: Date?
    /// The file the rows were read from, when the source can tell.
    public var fileIdentity: FileIdentity?
    /// What a page in relevance order was ranked at, where the source can say it apart from its
    /// data version (SQLite's FTS5: a digest of the index's own records, the same in every
    /// instance reading the file); a relevance cursor carries it (``RowCursor/orderVersion``).
    public var rankVersion: UInt64?

    /// Makes a page.
    public init(rows: RowValues, keys: RowValues, hasMore: Bool, fileIdentity: FileIdentity? = nil) {
        self.rows = rows
        self.keys = keys
        self.hasMore = hasMore
        self.fileIdentity = fileIdentity
    }

    /// Throws `.repeatedKey` when two rows of the page, or its last and the one read
    /// past it (that says more follow), hold the same sort value and configured key
    /// (rows in that order, such rows follow each other): a page read after that key
    /// would skip every other row that shares it (found by a break-it pass: a view keyed
    /// by a column of four values showed 400 of its 5,000 rows, then its end), and the
    /// rows' element ids, made of the key, would repeat. Only a view's configured key can.
    package func checkKeyTellsRowsApart(at limit: Int, of table: TableDescription) throws(ListStoreError) {
        guard let key = table.configuredKey else { return }
        let last = min(rows.count - 1, limit)
        guard last >= 1,
            (1...last).contains(where: { index in
                (sortValues.count <= index || sortValues[index - 1] == sortValues[index])
                    && Array(keys[index - 1]) == Array(keys[index])
            })
        else { return }
        throw ListStoreError(
            kind: .repeatedKey,
            message: "rows of \(table.name) share the values of its configured key (\(key.joined(separator: ", "))): "
                + "a page would skip them; configure a key that tells its rows apart")
    }

    /// Keeps the first `count` rows; the page has more when it held more.
    package mutating func keep(_ count: Int) {
        guard rows.count > count else { return }
        hasMore = true
        rows.removeRows(from: count)
        keys.removeRows(from: count)
        if sortValues.count > count { sortValues.removeSubrange(count...) }
        if rowids.count > count { rowids.removeSubrange(count...) }
        if ordinals.count > count { ordinals.removeSubrange(count...) }
    }

    /// Adds `other`'s rows after these.
    package mutating func append(_ other: RowPage) {
        // Cells are numbered row * width + column; the other page's rows come after these.
        let offset = rows.count * rows.width
        // Into an empty page (most reads) the set is shared, not hashed again cell by cell.
        if offset == 0 && clamped.isEmpty {
            clamped = other.clamped
        } else {
            for cell in other.clamped { clamped.insert(offset + cell) }
        }
        rows.append(contentsOf: other.rows)
        keys.append(contentsOf: other.keys)
        // Into an empty page (most reads), shared rather than copied value by value.
        if sortValues.isEmpty { sortValues = other.sortValues } else { sortValues += other.sortValues }
        rowids += other.rowids
    }

    /// Numbers the rows of each run of equal keys (``ordinals``); the first
    /// run goes on from `after` when it is the same. Counts the rows before the
    /// page too (``rowsBefore``: none before the first page), when `after` does.
    package mutating func countRuns(continuing after: RowPosition?) {
        rowsBefore = after == nil ? 0 : after?.rowNumber
        ordinals = []
        func same(_ a: some Collection<SQLValue>, _ b: some Collection<SQLValue>) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.isSameKey(as: $1) }
        }
        for index in keys.indices {
            if index > 0, same(keys[index], keys[index - 1]) {
                ordinals.append(ordinals[index - 1] + 1)
            } else if index == 0, let after, after.repeats > 0, same(keys[0], after.key) {
                ordinals.append(after.repeats + 1)
            } else {
                ordinals.append(1)
            }
        }
    }

    /// The position of the last row under `sort` (its sort column's value and
    /// its key): where the next page starts; nil for an empty page.
    public func lastPosition(in table: TableDescription, sort: ListSort?) -> RowPosition? {
        guard let key = keys.last else { return nil }
        // Sorted, or in relevance order (``RowPageQuery/ordersByRelevance``): the sort value is there.
        return RowPosition(
            sortValue: sortValues.last, key: Array(key), repeats: ordinals.last ?? 0,
            rowNumber: rowsBefore.map { $0 + rows.count }, rowid: rowids.last)
    }

    /// The last row's rowid in a rowid table (the last key value), else nil.
    public func lastRowid(in table: TableDescription) -> Int64? {
        guard table.kind == .table, table.rowidName != nil || table.primaryKeyIsRowid,
            case .integer(let rowid)? = keys.last?.last
        else { return nil }
        return rowid
    }
}

extension RowPage {
    /// Cuts a text longer than `limit` characters (Unicode scalars) or a blob
    /// longer than `limit` bytes to that length; whether it did.
    package static func clamp(_ value: inout SQLValue, to limit: Int = RowPage.clampLength) -> Bool {
        switch value {
        // Only the scalars kept are walked (a text of no more bytes than `limit` not at all).
        case .text(let text):
            guard let end = text.endOfScalars(limit) else { return false }
            value = .text(String(text[..<end]))
            return true
        case .blob(let bytes) where bytes.count > limit:
            value = .blob(Array(bytes.prefix(limit)))
            return true
        default:
            return false
        }
    }
}

extension RowPageQuery {
    /// The search's words as ``TableDescription/search`` matches them: runs
    /// of letters and digits for full-text search (the catalogue's rule:
    /// case-folded, a word that is a prefix of another dropped), else words
    /// between white space. Empty for no search, or a search of no word.
    public static func words(_ search: String?, for table: TableDescription) -> [String] {
        guard let search else { return [] }
        switch table.search {
        case .fullText, .textSearch: return SearchWords.of(search)
        case .substring: break
        }
        var words: [String] = []
        for word in search.split(whereSeparator: { $0.isWhitespace }).map(String.init) where !words.contains(word) {
            words.append(word)
        }
        return words
    }

    /// The search's literals (``SearchWords/literals(of:)``): for a full-text search only
    /// (a substring search matches every word literally).
    public static func literals(_ search: String?, for table: TableDescription) -> [SearchLiteral] {
        guard let search else { return [] }
        switch table.search {
        case .fullText, .textSearch: return SearchWords.literals(of: search)
        case .substring: return []
        }
    }

    /// The SQL conditions of the search and the filters: one `WHERE` for a page and its count.
    package var conditions: [SQLCondition] {
        var conditions: [SQLCondition] = []
        if let search {
            let words = Self.words(search, for: table)
            let literals = Self.literals(search, for: table)
            // A search of no word (only punctuation) matches nothing rather than everything.
            var matched =
                words.isEmpty && literals.isEmpty && search.contains(where: { !$0.isWhitespace })
                ? SQLCondition(table.dialect.never) : table.search.condition(words, literals: literals, label: searchedLabel, in: table)
            if let label = labelMatch, !labelInFullText {
                // The label starts with the search text (or is it): `bash`, `bash-completion`.
                let prefix = labelPrefix(label)
                matched = SQLCondition("((\(matched.sql)) OR \(prefix.sql))", matched.values + prefix.values)
            }
            if let named = searchAlternative {
                conditions.append(SQLCondition("((\(matched.sql)) OR (\(named.sql)))", matched.values + named.values))
            } else {
                conditions.append(matched)
            }
        }
        for filter in filters {
            guard let index = table.columnIndex(filter.column),
                let condition = filter.condition(on: table.columns[index], dialect: table.dialect)
            else { continue }
            conditions.append(condition)
        }
        return conditions
    }

    /// The label's prefix match. In SQLite, ranges of the label's own order, as typed and in
    /// ASCII lower case (`label >= 'bash' AND label < 'bash\u{10FFFF}'`), so an index on the label
    /// serves it beside the full-text match (a `LIKE`, case-insensitive, read every row of the
    /// table: 3 ms became 45 ms for `q=bash` on 60,000 rows); in PostgreSQL `ILIKE`.
    func labelPrefix(_ label: (column: String, exact: SQLValue, prefix: SQLValue)) -> SQLCondition {
        let column = quoteIdentifier(label.column)
        guard table.dialect == .sqlite, let search else { return SQLCondition(table.dialect.matches(column), [label.prefix]) }
        let typed = search.trimmingCharacters(in: .whitespacesAndNewlines)
        // Lower case as `LIKE` folds it: ASCII letters only (`Éclair` is not `éclair`).
        var starts = [typed]
        if typed.asciiLowercased != typed { starts.append(typed.asciiLowercased) }
        let ranges = starts.map { _ in "(\(column) >= ? AND \(column) < ?)" }
        return SQLCondition("(" + ranges.joined(separator: " OR ") + ")", starts.flatMap { [SQLValue.text($0), .text($0 + "\u{10FFFF}")] })
    }
}
