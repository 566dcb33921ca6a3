/// A list's rows read with Swift concurrency: a developer's own source, or a service
/// awaited over the network. While a page is read, the request's connection waits
/// suspended and no thread waits for it; at the deadline (``timeLimit`` after the
/// request arrived) the answer is a timeout (503 with `Retry-After`) whether or not the
/// read has returned, and the read is cancelled.
///
/// A list takes it as its rows through ``SuspendingRowSource``. The same rules as a
/// ``RowSource``'s hold: the continuation is opaque (``RowCursor/Start``, keyset: the sort
/// value and key of the last row shown), the capabilities say which sorts, filters and
/// searches a list offers, and failures are ``ListStoreError``s by their
/// ``ListStoreError/category``.
public protocol AsyncRowSource: Sendable {
    /// What the source can do beyond reading pages and rows (``RowSourceCapabilities``;
    /// `answersWithoutBlocking` is not read: its reads never hold a thread).
    var capabilities: RowSourceCapabilities { get }
    /// The longest a read may take, counted from the request's arrival.
    var timeLimit: Duration { get }

    /// One page of rows after `start` (see ``RowSource/page(_:continuing:)``): the page,
    /// or nil when the row `start` names is gone.
    func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) async -> Result<RowPage?, ListStoreError>

    /// The row whose address values are `address`; nil when there is none.
    func row(address: [SQLValue]) async -> Result<[SQLValue]?, ListStoreError>

    /// The number of rows `filters` keep, or nil when the source does not count.
    func count(filters: [RowFilter]) async -> Result<Int?, ListStoreError>

    /// What the data holds now (``DataVersion``), asked on the connection's thread before
    /// a kept answer is given: it must answer at once, without waiting on anything. Nil
    /// when the source cannot tell (no answer is kept).
    func dataVersion() -> Result<DataVersion?, ListStoreError>
}

extension AsyncRowSource {
    /// No count.
    public func count(filters: [RowFilter]) async -> Result<Int?, ListStoreError> { .success(nil) }
    /// No data version: no answer is kept.
    public func dataVersion() -> Result<DataVersion?, ListStoreError> { .success(nil) }
}
