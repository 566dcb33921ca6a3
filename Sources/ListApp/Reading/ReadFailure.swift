import ListState
import ListStore

/// What a failed read means for the answer, the same for every format: the one
/// mapping of a source's errors (``ListStore/ListStoreError``) to a ``ListState/SourceStatus``.
enum ReadFailure: Sendable, Equatable {
    /// A value the request gave that its column cannot read (`.invalidValue`): the request's fault, 400.
    case unreadableValue
    /// The search or filters ran past the source's time limit, in seconds: retrying the same soon will not help (503 without `Retry-After`).
    case searchTooSlow(timeLimit: Double)
    /// The source's state: unavailable (503 with `Retry-After`) or failed (500).
    case source(SourceStatus)

    /// The meaning of `error` for a read of `list` under `request` (nil: a row's read, which has no query).
    /// A schema that changed again under the second try is worth retrying too (found by QA under fast schema churn).
    init(_ error: ListStoreError, of list: ListDefinition, request: TableRequest?, retryAfterSeconds: Int) {
        if request != nil, error.kind == .invalidValue {
            self = .unreadableValue
        } else if let request, error.kind == .timedOut, request.query != nil || !request.filters.isEmpty {
            self = .searchTooSlow(timeLimit: list.source.queryTimeLimit)
        } else if error.isTransient || error.kind == .schemaChanged {
            self = .source(.unavailable(retryAfterSeconds: retryAfterSeconds))
        } else {
            self = .source(.failed)
        }
    }
}
