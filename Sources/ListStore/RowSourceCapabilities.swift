/// What a ``RowSource`` declares it can do beyond reading pages and rows. A list's
/// sort links, sort headers and filter parsing follow it: no link for a sort the source
/// cannot do, and a `sort` or filter parameter it cannot do is a 400.
public struct RowSourceCapabilities: Sendable, Hashable {
    /// The columns (by ``TableDescription/Column/name``) it can sort by, each in both directions.
    public var sortableColumns: Set<String>
    /// The filter operations it can apply, by column name; a column it does not name has none.
    public var filterOperations: [String: Set<RowFilter.Operation>]
    /// Whether it matches a search text (`q`).
    public var searches: Bool
    /// Whether ``RowSource/count(filters:until:)`` counts (else it gives nil).
    public var counts: Bool
    /// Whether ``RowSource/facet(_:of:limit:until:)`` counts a column's values (else it gives nil).
    public var facets = false
    /// Whether ``RowSource/dataVersion()`` gives versions, so answers may be kept.
    public var hasDataVersion: Bool
    /// Whether a page may be asked for without blocking (``RowPageQuery/attemptWork`` set:
    /// no wait on a lock, a bounded amount of work), so the connection's own thread may
    /// try it before handing the request to a worker.
    public var answersWithoutBlocking: Bool
    /// Whether its reads are awaited rather than run on a thread (``SuspendingRowSource``,
    /// over an ``AsyncRowSource``): a list page is then answered with the connection suspended.
    public var awaits = false

    /// Makes a declaration.
    public init(
        sortableColumns: Set<String>, filterOperations: [String: Set<RowFilter.Operation>], searches: Bool,
        counts: Bool = false, hasDataVersion: Bool = false, answersWithoutBlocking: Bool = false
    ) {
        self.sortableColumns = sortableColumns
        self.filterOperations = filterOperations
        self.searches = searches
        self.counts = counts
        self.hasDataVersion = hasDataVersion
        self.answersWithoutBlocking = answersWithoutBlocking
    }

    /// The operations that compare by order (`__gt`, `__gte`, `__lt`, `__lte`): a list
    /// takes them only on a column it sorts by.
    public static let rangeOperations: Set<RowFilter.Operation> = [.gt, .gte, .lt, .lte]

    /// Whether it can sort by `column` (either direction).
    public func sorts(by column: String) -> Bool { sortableColumns.contains(column) }

    /// Whether it can filter `column` with `operation`.
    public func filters(_ column: String, with operation: RowFilter.Operation) -> Bool {
        filterOperations[column]?.contains(operation) ?? false
    }
}
