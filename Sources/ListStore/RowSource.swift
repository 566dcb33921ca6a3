/// Where one list's rows come from: the narrow seam between a list and its data. A
/// list makes one call per page (``page(_:continuing:)``) and one per row page
/// (``row(address:startedAt:)``); how the source finds where a page starts, orders,
/// filters and searches is its own (docs/design.md, "Row sources").
///
/// ``SQLRowSource`` is the implementation over a database (``ListSource``: SQLite or
/// PostgreSQL) and one of its tables; ``InMemoryRowSource`` keeps its rows in a Swift array.
///
/// Every call is bounded by the source's time limit (counted from the query's
/// `startedAt` where given) and fails with a ``ListStoreError``, whose
/// ``ListStoreError/category`` is what the answer makes of it (unavailable, timed out,
/// not found, bad request, failed).
public protocol RowSource: Sendable {
    /// What the source can do beyond reading pages and rows: which sorts, filters and
    /// searches it takes, and whether it counts, versions its data and answers without
    /// blocking. A list offers no sort, filter or search it does not declare.
    var capabilities: RowSourceCapabilities { get }

    /// One page of rows after `start`, under `query`'s sort, filters and search, within
    /// its time limit.
    /// - Parameters:
    ///   - query: The order, filters, search and limit (``RowPageQuery``); its `after` is
    ///     where the page starts when `start` is nil (an export's next piece).
    ///   - start: The opaque continuation a cursor carried (``RowCursor/Start``); nil for
    ///     the first page, or a page after `query.after`.
    /// - Returns: The page, or nil when the row `start` names is gone (the cursor named it
    ///   by something other than its values, and no row has that any more).
    func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError>

    /// The row whose address values (a row page's key segment, each as text, or a rowid)
    /// are `address`, its every value whole; nil when there is none.
    func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError>

    /// The number of rows `filters` keep, or nil when the count does not finish before
    /// `deadline` or the source does not count (``RowSourceCapabilities/counts``).
    func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError>

    /// The number of rows `query`'s search and filters keep (its order, position and limit
    /// aside), exact or, when the whole count does not finish before `deadline`, a lower
    /// bound; nil when nothing was counted or the source does not count.
    func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError>

    /// The values of `column` with how many of the rows `query`'s search and filters keep
    /// hold each, the most frequent first (ties by value), at most `limit` and whether there
    /// are more; nil when it did not finish before `deadline` or the source does not facet
    /// (``RowSourceCapabilities/facets``). Never waits on a lock.
    func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>

    /// What the data holds now (``DataVersion``): equal versions mean equal answers, so a
    /// rendered answer may be kept under it. Nil when the source cannot tell
    /// (``RowSourceCapabilities/hasDataVersion`` false: no answer is kept).
    func dataVersion() -> Result<DataVersion?, ListStoreError>
}

extension RowSource {
    /// ``count(filters:until:)`` when there is no search, as an exact count; nil for a search.
    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        guard query.search == nil else { return .success(nil) }
        return count(filters: query.filters, until: deadline).map { $0.map { RowCount($0) } }
    }

    /// No facet: a source that does not declare ``RowSourceCapabilities/facets``.
    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    { .success(nil) }
}
