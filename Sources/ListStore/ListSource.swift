/// A database whose tables and views are served as lists: SQLite
/// (``DatabaseSource``) or a database server (PostgreSQL, in its own module).
/// Every answer is plain rows of typed values (``SQLValue``), never a type per
/// list, so the routes, the decision and the templates are the same whatever
/// the source (docs/design.md, "Sources").
///
/// Every call is bounded by ``queryTimeLimit`` (counted from `startedAt` where
/// given) and fails with a ``ListStoreError`` whose kind the routes map to a
/// source status: `.busy`, `.timedOut` and `.cannotOpen` to 503 with
/// Retry-After, the others to 500 (docs/design.md, "Data source faults").
public protocol ListSource: AnyObject, Sendable {
    /// The source as logs and messages name it: a file's path, or a server's
    /// address without its password.
    var name: String { get }
    /// The most a query may take, in seconds, waiting on locks included.
    var queryTimeLimit: Double { get }

    /// Every table and view a list can show, read now; one whose columns cannot
    /// be read is left out and logged.
    func tables() -> Result<[TableDescription], ListStoreError>

    /// A number that changes with every change to the schema (tables and views
    /// added, altered, dropped): the lists are read again when it moves.
    /// - Parameter waiting: Whether to wait on a held lock (`false`: fail as `.busy` at once).
    func schemaVersion(waiting: Bool) -> Result<Int, ListStoreError>

    /// What the data holds now, as a token (``DataVersion``): equal tokens mean
    /// equal answers, so a rendered answer may be kept under it. Nil when the
    /// source cannot tell now (no answer is kept then).
    func dataVersion() -> Result<DataVersion?, ListStoreError>

    /// One page of `query.table` in its order (``RowPageQuery``).
    func page(_ query: RowPageQuery) -> Result<RowPage, ListStoreError>

    /// The position of the row with `rowid` under `sort` (a cursor made by
    /// rowid), nil when the row is gone or the source has no rowids.
    func position(
        ofRowid rowid: Int64, in table: TableDescription, sort: ListSort?,
        startedAt: ContinuousClock.Instant?
    ) -> Result<RowPosition?, ListStoreError>

    /// The position of the row whose key values are `key` under `sort` (a
    /// cursor made by key: its sort value is looked up), nil when no row has
    /// that key any more.
    func position(
        ofKey key: [SQLValue], in table: TableDescription, sort: ListSort?,
        startedAt: ContinuousClock.Instant?
    ) -> Result<RowPosition?, ListStoreError>

    /// The position of `row` in `query`'s list, search and filters applied: the
    /// row within ``RowNumber/window`` of its number whose values have its digest
    /// (the nearest), with its `repeats` and its number now; nil when no such row
    /// is there any more. Reads past the rows before it (`OFFSET`).
    func position(of row: RowNumber, in query: RowPageQuery) -> Result<RowPosition?, ListStoreError>

    /// The row of `table` whose address columns (``TableDescription/addressColumns``,
    /// or the rowid when ``TableDescription/addressedByRowid``) equal
    /// `address`, given as text from a URL; nil when there is none.
    func row(
        in table: TableDescription, address: [SQLValue],
        startedAt: ContinuousClock.Instant?
    ) -> Result<[SQLValue]?, ListStoreError>

    /// The number of rows of `table` that `filters` keep, or nil when counting
    /// does not finish before `deadline`; never waits on a lock.
    func count(
        _ table: TableDescription, filters: [RowFilter],
        until deadline: ContinuousClock.Instant
    ) -> Result<Int?, ListStoreError>

    /// The rows `query`'s search and filters keep (the page's own `WHERE`), exact or, when
    /// the whole count does not finish before `deadline`, a lower bound; nil when nothing
    /// was counted. Never waits on a lock.
    func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError>

    /// The values of `column` with how many of the rows `query`'s search and filters keep
    /// hold each (``KeysetQuery/facet(_:column:limit:)``), at most `limit`; nil when it did
    /// not finish before `deadline`. Never waits on a lock.
    func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
}

extension ListSource {
    /// The rows `query`'s search and filters keep, or nil when counting does not finish
    /// before `deadline`; a source that counts no search gives nil for one. Never waits on a lock.
    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        guard query.search == nil else { return .success(nil) }
        return count(query.table, filters: query.filters, until: deadline).map { $0.map { RowCount($0) } }
    }

    /// No facet by default.
    public func facet(_ column: String, of query: RowPageQuery, limit: Int, until deadline: ContinuousClock.Instant)
        -> Result<ColumnFacet?, ListStoreError>
    { .success(nil) }

    /// ``schemaVersion(waiting:)``, waiting on a held lock.
    public func schemaVersion() -> Result<Int, ListStoreError> { schemaVersion(waiting: true) }

    /// ``count(_:filters:until:)`` of every row.
    public func count(_ table: TableDescription, until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        count(table, filters: [], until: deadline)
    }
}
