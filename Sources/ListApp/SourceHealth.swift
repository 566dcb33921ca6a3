import ListStore
import Synchronization

/// What the most recent queries said about the data source, for `/-/readyz`
/// (which must answer without touching the source).
final class SourceHealth: Sendable {
    private let lastFailure = Mutex<ListStoreError?>(nil)

    /// Records the outcome of a query.
    func record<T>(_ result: Result<T, ListStoreError>) {
        switch result {
        case .success: lastFailure.withLock { if $0 != nil { $0 = nil } }
        case .failure(let error): lastFailure.withLock { $0 = error }
        }
    }

    /// The failure of the most recent query, or nil when it succeeded (or none ran yet).
    var failure: ListStoreError? { lastFailure.withLock { $0 } }
}
