import Foundation

/// A developer's own rows, read with Swift concurrency: an array, an ORM, a call to another
/// service that can be down, slow or empty. A list takes it as its rows through
/// ``SuspendingRowSource``; while a page is read, the request's connection waits
/// suspended and no thread waits for it.
///
/// - **Columns and key.** ``columns`` describe one value per column, in order; those with a
///   ``TableDescription/Column/primaryKeyPosition`` above 0 are the key (at least one): the
///   key tells rows apart and addresses each row's page (`/NAME/KEY`).
/// - **Pages.** ``rows(_:)`` answers up to ``RowRequest/limit`` rows after
///   ``RowRequest/after`` (nil: from the first) in the list's order: by the sort column when
///   ``RowRequest/sort`` is set (NULLs last in both directions), ties broken by the key in
///   the sort's direction; by the key without a sort. Continuing after a position (a sort
///   value and a key) rather than at an offset is what keeps a row from showing twice when
///   rows are added between pages.
/// - **What it offers.** ``capabilities`` says which sorts, filters and search it answers;
///   the pages offer nothing more (no sort link, filter or search box it does not declare),
///   and a request for more is refused (400) before the source is asked. The default: key
///   order alone, no filter, no search, no count.
/// - **Time.** Each read has ``timeLimit`` (2 s by default), counted from the request's
///   arrival. At the deadline the answer is 503 with `Retry-After` whether or not the read
///   has returned, and its task is cancelled (`Task.isCancelled`, `CancellationError`).
/// - **Failures.** What it throws becomes a state (``ListStoreError/init(thrown:)``):
///   unreachable or timed out → unavailable (503 with `Retry-After`); the service called
///   gave no answer in time (`URLError.timedOut`, `.gatewayTimeout`) → unavailable (504 with
///   `Retry-After`); its own fault (`.badGateway`) → unavailable (502); its answer unusable
///   (`.invalidUpstream`) → error (502); ``ListStoreError`` made with `.notFound` → not
///   found (404); with `.badRequest` → 400; anything else → error (500): the page says no
///   more than that, the log keeps the error's description.
public protocol AsyncRowSource: Sendable {
    /// The columns, one per value of a row, in order; the key's have a primary key position.
    var columns: [TableDescription.Column] { get }
    /// Which sorts, filters and search it answers, and whether it counts or versions its data.
    var capabilities: RowSourceCapabilities { get }
    /// The longest a read may take, counted from the request's arrival.
    var timeLimit: Duration { get }

    /// Up to `request.limit` rows after `request.after`, in the list's order, filtered and
    /// searched as `request` says; `hasMore` when rows follow them.
    /// - Throws: Anything: it becomes the list's state (see the protocol's "Failures").
    func rows(_ request: RowRequest) async throws -> RowBatch

    /// The row whose key values are `key` (in key order; a row page's address, each value
    /// read as its column's kind), or nil when there is none (404).
    func row(key: [SQLValue]) async throws -> [SQLValue]?

    /// The number of rows `filters` keep, or nil when the source does not count.
    func count(filters: [RowFilter]) async throws -> Int?

    /// The number of rows `filters` and `search` (as ``RowRequest/search``) keep, or nil
    /// when the source does not count them. A list asks it for the count above its rows
    /// when ``capabilities`` declares `counts`; by default ``count(filters:)`` without a search.
    func count(filters: [RowFilter], search: String?) async throws -> Int?

    /// What the data holds now: equal versions mean equal answers, so a rendered answer may
    /// be kept under it. Asked on the connection's thread before a kept answer is given: it
    /// must answer at once, without waiting. Nil: no answer is kept.
    func dataVersion() -> DataVersion?
}

extension AsyncRowSource {
    /// Key order alone: no sort, filter, search or count.
    public var capabilities: RowSourceCapabilities {
        RowSourceCapabilities(sortableColumns: [], filterOperations: [:], searches: false)
    }
    /// Two seconds.
    public var timeLimit: Duration { .seconds(2) }
    /// No count.
    public func count(filters: [RowFilter]) async throws -> Int? { nil }
    /// ``count(filters:)`` without a search; nil (not counted) with one.
    public func count(filters: [RowFilter], search: String?) async throws -> Int? {
        search == nil ? try await count(filters: filters) : nil
    }
    /// No data version: no answer is kept.
    public func dataVersion() -> DataVersion? { nil }
}

/// What one page of an ``AsyncRowSource`` is asked for: the order, filters, search, the
/// number of rows and where the page starts. It asks only for what the source declares
/// (``AsyncRowSource/capabilities``).
public struct RowRequest: Sendable, Hashable {
    /// The sort column and direction; nil for key order.
    public var sort: ListSort?
    /// The filters every row must pass (``RowFilter``: a column, an operation, a value).
    public var filters: [RowFilter]
    /// The search as the visitor typed it (at most 200 characters); nil for none.
    public var search: String?
    /// The most rows the page shows (1...100; 20 unless asked otherwise).
    public var limit: Int
    /// The last row shown before this page: its sort value (when sorted) and key values;
    /// nil for the first page, and for a page after a ``continuation``.
    public var after: RowPosition?
    /// Where this page starts by the source's own paging: the ``RowBatch/next`` of the page
    /// before, as the source gave it; nil for the first page and for a source that pages
    /// by ``after``.
    public var continuation: String?

    /// Makes a request.
    public init(
        sort: ListSort? = nil, filters: [RowFilter] = [], search: String? = nil, limit: Int = 20, after: RowPosition? = nil,
        continuation: String? = nil
    ) {
        (self.sort, self.filters, self.search, self.limit, self.after) = (sort, filters, search, limit, after)
        self.continuation = continuation
    }
}

/// One page of an ``AsyncRowSource``'s rows.
public struct RowBatch: Sendable, Hashable {
    /// The rows, one value per column each (``AsyncRowSource/columns``), in the list's order.
    public var rows: [[SQLValue]]
    /// Whether rows follow these.
    public var hasMore: Bool
    /// Where the next page starts by the source's own paging (a service's next URL, cursor
    /// or page number), given back as the next request's ``RowRequest/continuation``; nil:
    /// the next page is asked for after this page's last row (``RowRequest/after``). Any
    /// length: one longer than a cursor carries is kept on the server under a short token
    /// for an hour (an expired one asks the reader to start over). A page with `next` is
    /// shown whole, even past the request's limit (the service's page size).
    public var next: String?
    /// When these rows were read, for a page kept from before and shown because the source
    /// cannot answer now (RFC 5861's stale-if-error): the page says they are from then and the
    /// answer is not kept (`Cache-Control: no-store`). Nil: read for this request.
    public var readAt: Date?

    /// Makes a page of `rows`; `readAt` for rows read earlier (see ``readAt``).
    public init(rows: [[SQLValue]], hasMore: Bool, next: String? = nil, readAt: Date? = nil) {
        (self.rows, self.hasMore, self.next, self.readAt) = (rows, hasMore, next, readAt)
    }
}
