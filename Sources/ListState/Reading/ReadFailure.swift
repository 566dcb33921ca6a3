import ListDecision
import ListStore

/// What a failed read means for the answer, the same for every format: the one
/// mapping of a source's errors (``ListStore/ListStoreError``) to a ``ListDecision/SourceStatus``.
enum ReadFailure: Sendable, Equatable {
    /// A value the request gave that its column cannot read (`.invalidValue`): the request's fault, 400.
    case unreadableValue
    /// The search or filters ran past the source's time limit, in seconds: retrying the same soon will not help (503 without `Retry-After`).
    case searchTooSlow(timeLimit: Double)
    /// What was asked for is not there, as the source says (``ListStore/ListStoreError/Kind/notFound``): 404.
    case notFound
    /// The source's state: unavailable (503 with `Retry-After`), another service's time-out
    /// (504 with `Retry-After`), fault (502) or unusable answer (502), or failed (500).
    case source(SourceStatus)

    /// The longest `Retry-After` a source's service may have passed on, in seconds.
    static let longestRetryAfter = 300

    /// The meaning of `error` for a read of `list` under `request` (nil: a row's read, which has no query),
    /// by its ``ListStore/ListStoreError/category``: a bad request is a 400 for a page's query and the
    /// source failing for a row's; a time-out of a search or filters is theirs, any other the source's.
    /// What is not found still after the second try (a schema that changed again under it) is worth
    /// retrying too (found by QA under fast schema churn). Another service's silence is a gateway
    /// time-out whatever the request: the service's fault, which a search cannot be said to cause.
    init(_ error: ListStoreError, of list: ListDefinition, request: TableRequest?, retryAfterSeconds: Int) {
        switch error.category {
        case .badRequest where request != nil:
            self = .unreadableValue
        case .timedOut where request.map { $0.query != nil || !$0.filters.isEmpty } ?? false:
            self = .searchTooSlow(timeLimit: list.source.queryTimeLimit)
        case .notFound:
            self = .notFound
        case .unavailable, .timedOut, .schemaChanged:
            self = .source(.unavailable(retryAfterSeconds: Self.retryAfter(error, otherwise: retryAfterSeconds)))
        case .gatewayTimeout:
            self = .source(.gatewayTimeout(retryAfterSeconds: Self.retryAfter(error, otherwise: retryAfterSeconds)))
        case .badGateway:
            self = .source(.badGateway)
        case .invalidUpstream:
            self = .source(.invalidUpstream)
        case .badRequest, .failed:
            self = .source(.failed)
        }
    }

    /// The source's service's own delay where it gave one, within reason (1 s to 5 minutes); else `otherwise`.
    private static func retryAfter(_ error: ListStoreError, otherwise: Int) -> Int {
        error.retryAfterSeconds.map { min(max($0, 1), longestRetryAfter) } ?? otherwise
    }
}
