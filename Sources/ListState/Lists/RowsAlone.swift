import ListStore

/// What a list whose rows come from a row source alone (no database: rows in memory, a
/// developer's own, an awaited source) stands in its database's place: a `ListSource` of
/// one table whose schema never changes and whose every read is its row source's, so the
/// health record, readiness and the log name it like any source.
final class RowsAlone: ListSource {
    let name: String
    let queryTimeLimit: Double
    let table: TableDescription
    let rows: any RowSource

    init(name: String, table: TableDescription, rows: any RowSource, timeLimit: Double) {
        self.name = name
        self.table = table
        self.rows = rows
        queryTimeLimit = timeLimit
    }

    func tables() -> Result<[TableDescription], ListStoreError> { .success([table]) }

    func schemaVersion(waiting: Bool) -> Result<Int, ListStoreError> { .success(0) }

    func dataVersion() -> Result<DataVersion?, ListStoreError> { rows.dataVersion() }

    func page(_ query: RowPageQuery) -> Result<RowPage, ListStoreError> {
        rows.page(query, continuing: nil).map { $0 ?? RowPage(rows: [], keys: [], hasMore: false) }
    }

    /// A row source's continuations start where their values say (``RowCursor/Start/position(_:)``):
    /// nothing is looked up by rowid, key or number.
    func position(
        ofRowid rowid: Int64, in table: TableDescription, sort: ListSort?, startedAt: ContinuousClock.Instant?
    ) -> Result<RowPosition?, ListStoreError> { .success(nil) }

    func position(
        ofKey key: [SQLValue], in table: TableDescription, sort: ListSort?, startedAt: ContinuousClock.Instant?
    ) -> Result<RowPosition?, ListStoreError> { .success(nil) }

    func position(of row: RowNumber, in query: RowPageQuery) -> Result<RowPosition?, ListStoreError> { .success(nil) }

    func row(
        in table: TableDescription, address: [SQLValue], startedAt: ContinuousClock.Instant?
    ) -> Result<[SQLValue]?, ListStoreError> {
        rows.row(address: address, startedAt: startedAt)
    }

    func count(
        _ table: TableDescription, filters: [RowFilter], until deadline: ContinuousClock.Instant
    ) -> Result<Int?, ListStoreError> {
        rows.count(filters: filters, until: deadline)
    }

    func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        rows.count(query, until: deadline)
    }
}
