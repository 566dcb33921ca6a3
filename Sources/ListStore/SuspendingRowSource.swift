/// An ``AsyncRowSource`` as a list's rows (``RowSource``). A list page, fragment or JSON
/// twin reads it suspended (``awaiting``: the route sees it and awaits the page within
/// its deadline); the reads that run on a worker (a row's page, a CSV export's pieces,
/// the index's counts) wait for it there, bounded by the same time limit.
public struct SuspendingRowSource: RowSource {
    /// The source awaited.
    public let awaiting: any AsyncRowSource

    /// The rows of `source`.
    public init(_ source: any AsyncRowSource) { awaiting = source }

    public var capabilities: RowSourceCapabilities {
        var capabilities = awaiting.capabilities
        // A blocking wait on the connection's thread is what suspension is there to avoid.
        capabilities.answersWithoutBlocking = false
        capabilities.awaits = true
        return capabilities
    }

    /// When a read that began at `start` (now when nil) must have answered.
    public func deadline(from start: ContinuousClock.Instant?) -> ContinuousClock.Instant {
        (start ?? .now) + awaiting.timeLimit
    }

    public func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
        AwaitedRead.blocking(until: deadline(from: query.startedAt)) { [awaiting] in
            await awaiting.page(query, continuing: start)
        }
    }

    public func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
        AwaitedRead.blocking(until: deadline(from: startedAt)) { [awaiting] in await awaiting.row(address: address) }
    }

    public func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
        AwaitedRead.blocking(until: deadline) { [awaiting] in await awaiting.count(filters: filters) }
            .flatMapError { $0.kind == .timedOut ? .success(nil) : .failure($0) }
    }

    public func dataVersion() -> Result<DataVersion?, ListStoreError> { awaiting.dataVersion() }
}
