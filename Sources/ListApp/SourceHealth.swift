import ListStore
import Synchronization

/// What the most recent queries said about the data source, for `/-/readyz`
/// (which must answer without touching the source).
final class SourceHealth: Sendable {
    private let lastFailure = Mutex<ListStoreError?>(nil)
    /// Whether `lastFailure` holds an error; written only under its lock. Every
    /// request records a success: reading this flag spares them the lock, which
    /// spins when contended (measured under wrk, BENCHMARKS.md).
    private let hasFailure = Atomic<Bool>(false)

    /// Records the outcome of a query.
    func record<T>(_ result: Result<T, ListStoreError>) {
        switch result {
        case .success:
            guard hasFailure.load(ordering: .acquiring) else { return }
            lastFailure.withLock {
                $0 = nil
                hasFailure.store(false, ordering: .releasing)
            }
        case .failure(let error):
            lastFailure.withLock {
                $0 = error
                hasFailure.store(true, ordering: .releasing)
            }
        }
    }

    /// The failure of the most recent query, or nil when it succeeded (or none ran yet).
    var failure: ListStoreError? { lastFailure.withLock { $0 } }
}
