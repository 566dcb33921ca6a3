/// An ``AsyncRowSource`` as a list's rows (``RowSource``). A list page, fragment or JSON
/// twin reads it suspended (``awaitedPage(_:continuing:)``: the route awaits it within its
/// deadline); the reads that run on a worker (a row's page, a CSV export's pieces, the
/// index's counts) wait for it there, bounded by the same time limit.
public struct SuspendingRowSource: RowSource {
    /// The source awaited.
    public let awaiting: any AsyncRowSource
    /// Its columns and key as a table (a `WITHOUT ROWID` one, named as the list).
    public let table: TableDescription
    /// The key columns' indices, in key order.
    private let keyColumns: [Int]
    /// The source's own continuations too long for a cursor (``RowBatch/next``).
    private let continuations = ContinuationStore()

    /// The rows of `source`, described as a table named `name`.
    /// - Throws: `.wrongSchema` when no column is a key column.
    public init(_ source: any AsyncRowSource, name: String) throws(ListStoreError) {
        awaiting = source
        let columns = source.columns
        table = TableDescription(name: name, kind: .withoutRowid, columns: columns)
        keyColumns = columns.indices.filter { columns[$0].primaryKeyPosition > 0 }
            .sorted { columns[$0].primaryKeyPosition < columns[$1].primaryKeyPosition }
        guard !keyColumns.isEmpty else {
            throw ListStoreError(kind: .wrongSchema, message: "\(name) has no key column (a primary key position)")
        }
    }

    public var capabilities: RowSourceCapabilities {
        var capabilities = awaiting.capabilities
        // A blocking wait on the connection's thread is what suspension is there to avoid.
        capabilities.answersWithoutBlocking = false
        capabilities.awaits = true
        // Awaited reads give no facet (``RowSource/facet(_:of:limit:until:)``'s default).
        capabilities.facets = false
        return capabilities
    }

    /// When a read that began at `start` (now when nil) must have answered.
    public func deadline(from start: ContinuousClock.Instant?) -> ContinuousClock.Instant {
        (start ?? .now) + awaiting.timeLimit
    }

    /// The answer of a read still running at its deadline: another service's silence for a
    /// gateway (``GatewayRowSource``: 504), else a source over its time limit (503).
    package var late: ListStoreError {
        guard awaiting is any GatewayRowSource else { return AwaitedRead.late }
        return ListStoreError(kind: .gatewayTimeout, message: "the service did not answer in time")
    }

    /// The page `query` asks for after `start`, awaited (no deadline here: the caller's).
    package func awaitedPage(_ query: RowPageQuery, continuing start: RowCursor.Start?) async -> Result<RowPage?, ListStoreError> {
        do {
            let sortColumn = query.sort.flatMap { table.columnIndex($0.column) }
            var after = query.after
            var continuation: String?
            switch start {
            case nil: break
            case .continuation(let bytes)?:
                // One made for another search, or kept and forgotten: the reader starts over.
                guard let text = continuations.continuation(bytes, search: query.search, filters: query.filters) else {
                    return .success(nil)
                }
                continuation = text
            case .position(let position)?: after = position
            case .key(let key)?:
                guard let row = try await awaiting.row(key: key), row.count == table.columns.count else { return .success(nil) }
                after = RowPosition(sortValue: sortColumn.map { row[$0] }, key: key)
            case .rowid?, .rowNumber?:
                // Made only for rowid tables and keys that do not tell rows apart: never for these rows.
                return .success(nil)
            }
            let request = RowRequest(
                sort: query.sort, filters: query.filters, search: query.search, limit: query.limit,
                after: continuation == nil ? after : nil, continuation: continuation)
            let batch = try await awaiting.rows(request)
            return .success(try page(of: batch, query: query, sortColumn: sortColumn))
        } catch {
            return .failure(ListStoreError(thrown: error))
        }
    }

    /// `batch` as a page: each row's key and sort value kept for the next cursor, values
    /// clamped as a database's page clamps them unless read whole.
    private func page(of batch: RowBatch, query: RowPageQuery, sortColumn: Int?) throws(ListStoreError) -> RowPage {
        // A page of a source's own paging is shown whole: its next page starts where it
        // says, so rows cut from this one would never show.
        let kept = batch.next == nil ? max(1, query.limit) : max(1, query.limit, batch.rows.count)
        var page = RowPage(rows: [], keys: [], hasMore: batch.hasMore || batch.rows.count > kept)
        page.readAt = batch.readAt
        if let next = batch.next, batch.rows.count <= kept {
            page.continuation = continuations.bytes(for: next, search: query.search, filters: query.filters)
        }
        var keys: Set<[SQLValue]> = []
        for row in batch.rows.prefix(kept) {
            guard row.count == table.columns.count else {
                throw ListStoreError(
                    kind: .other, message: "\(table.name): a row of \(row.count) values for \(table.columns.count) columns")
            }
            // Two rows of one key would be one address and one element id on the page.
            guard keys.insert(keyColumns.map { row[$0] }).inserted else {
                throw ListStoreError(kind: .repeatedKey, message: "\(table.name): two rows of one page have the key \(keyColumns.map { row[$0] })")
            }
            var shown = row
            for column in shown.indices where !query.wholeValues && RowPage.clamp(&shown[column]) {
                page.clamped.insert(page.rows.count * shown.count + column)
            }
            page.rows.append(shown)
            page.keys.append(keyColumns.map { row[$0] })
            if let sortColumn { page.sortValues.append(row[sortColumn]) }
        }
        return page
    }

    public func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
        AwaitedRead.blocking(until: deadline(from: query.startedAt), late: late) { [self] in
            await awaitedPage(query, continuing: start)
        }
    }

    public func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
        guard address.count == keyColumns.count else { return .success(nil) }
        // An address comes as text, read as each key column's kind reads it.
        let key = zip(keyColumns, address).map { index, value in
            guard case .text(let text) = value else { return value }
            return InMemoryRowSource.bound(text, for: table.columns[index].affinity)
        }
        return AwaitedRead.blocking(until: deadline(from: startedAt), late: late) { [awaiting] in
            do {
                return .success(try await awaiting.row(key: key))
            } catch {
                return .failure(ListStoreError(thrown: error))
            }
        }
    }

    public func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        AwaitedRead.blocking(until: deadline, late: late) { [awaiting] in
            do {
                return .success(try await awaiting.count(filters: filters))
            } catch {
                return .failure(ListStoreError(thrown: error))
            }
        }
        .flatMapError { $0.kind == .timedOut || $0.kind == .gatewayTimeout ? .success(nil) : .failure($0) }
    }

    public func count(_ query: RowPageQuery, until deadline: ContinuousClock.Instant) -> Result<RowCount?, ListStoreError> {
        AwaitedRead.blocking(until: deadline) { await awaitedCount(query) }
            .flatMapError { $0.kind == .timedOut ? .success(nil) : .failure($0) }
    }

    /// The rows `query`'s search and filters keep, as the source counts them (exact), read
    /// suspended; nil when it does not count. The caller bounds the wait.
    public func awaitedCount(_ query: RowPageQuery) async -> Result<RowCount?, ListStoreError> {
        guard awaiting.capabilities.counts else { return .success(nil) }
        do {
            return .success(try await awaiting.count(filters: query.filters, search: query.search).map { RowCount($0) })
        } catch {
            return .failure(ListStoreError(thrown: error))
        }
    }

    public func dataVersion() -> Result<DataVersion?, ListStoreError> { .success(awaiting.dataVersion()) }
}
