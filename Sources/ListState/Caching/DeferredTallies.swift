import Dispatch
import Synchronization

/// Tallies (a list's count) that a first page could not finish within its share of the
/// page's own time, finished off the request path, one at a time, for the next visit to
/// find kept (``CountCache``). A tally already waiting is not taken twice; past
/// ``maximumWaiting`` none is taken (the next visit tries again).
final class DeferredTallies: Sendable {
    /// The most tallies waiting or running at once.
    static let maximumWaiting = 64
    private let queue = DispatchQueue(label: "liststate.deferred-tallies", qos: .utility)
    private let waiting = Mutex<Set<String>>([])

    /// Runs `work` for `key` on this object's own thread; whether it was taken.
    @discardableResult
    func run(_ key: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard take(key) else { return false }
        queue.async {
            work()
            self.release(key)
        }
        return true
    }

    /// Awaits `work` for `key` (a source that suspends) in a task of its own; whether it was taken.
    @discardableResult
    func runAwaited(_ key: String, _ work: @escaping @Sendable () async -> Void) -> Bool {
        guard take(key) else { return false }
        Task {
            await work()
            self.release(key)
        }
        return true
    }

    /// The tallies waiting or running now.
    var waitingCount: Int { waiting.withLock { $0.count } }

    private func take(_ key: String) -> Bool {
        waiting.withLock { waiting in
            guard waiting.count < Self.maximumWaiting, !waiting.contains(key) else { return false }
            waiting.insert(key)
            return true
        }
    }

    private func release(_ key: String) {
        _ = waiting.withLock { $0.remove(key) }
    }
}
