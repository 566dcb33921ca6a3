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
    /// Search and filter conditions, all required.
    public var conditions: [SQLCondition]
    /// When the request arrived: the query time limit counts from then; nil for now.
    public var startedAt: ContinuousClock.Instant?

    /// Makes a query.
    public init(table: TableDescription, sort: ListSort? = nil, after: RowPosition? = nil, limit: Int = 20,
                conditions: [SQLCondition] = [], startedAt: ContinuousClock.Instant? = nil) {
        self.table = table
        self.sort = sort
        self.after = after
        self.limit = limit
        self.conditions = conditions
        self.startedAt = startedAt
    }
}

/// One page of a table's rows, each value with its storage class.
public struct RowPage: Sendable, Hashable {
    /// The rows: one value per column of the table (``TableDescription/columns``), in order.
    public var rows: [[SQLValue]]
    /// Each row's key values (``TableDescription/keyExpressions``), parallel to `rows`.
    public var keys: [[SQLValue]]
    /// Whether rows follow this page.
    public var hasMore: Bool
    /// The file the rows were read from, when the source can tell.
    public var fileIdentity: FileIdentity?

    /// Makes a page.
    public init(rows: [[SQLValue]], keys: [[SQLValue]], hasMore: Bool, fileIdentity: FileIdentity? = nil) {
        self.rows = rows
        self.keys = keys
        self.hasMore = hasMore
        self.fileIdentity = fileIdentity
    }

    /// The position of the last row under `sort` (its sort column's value and
    /// its key): where the next page starts; nil for an empty page.
    public func lastPosition(in table: TableDescription, sort: ListSort?) -> RowPosition? {
        guard let row = rows.last, let key = keys.last else { return nil }
        let sortValue = sort.flatMap { table.columnIndex($0.column) }.map { row[$0] }
        return RowPosition(sortValue: sortValue, key: key)
    }

    /// The last row's rowid in a rowid table (the last key value), else nil.
    public func lastRowid(in table: TableDescription) -> Int64? {
        guard table.kind == .table, table.rowidName != nil || table.primaryKeyIsRowid,
              case .integer(let rowid)? = keys.last?.last else { return nil }
        return rowid
    }
}
