import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Tallies (a list's count, its facets) that a first page could not finish within its share of the
/// page's own time, finished off the request path for the next visit to find kept
/// (``VersionedTallies``): one at a time, on a thread of low priority (``niceness``) that runs
/// while any waits, so they take little of the processor time requests need. A tally already
/// waiting is not taken twice; past ``maximumWaiting`` none is taken (the next visit asks again).
final class DeferredTallies: Sendable {
    /// The most tallies waiting or running at once.
    static let maximumWaiting = 64
    /// The thread's nice value: about a tenth of a request thread's share of a busy processor.
    static let niceness: Int32 = 10

    private struct Waiting {
        var keys: Set<String> = []
        var work: [(key: String, run: @Sendable () -> Void)] = []
        var isRunning = false
    }
    private let waiting = Mutex(Waiting())

    /// Runs `work` for `key` on this object's own thread; whether it was taken.
    @discardableResult
    func run(_ key: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        let startsThread = waiting.withLock { waiting -> Bool? in
            guard waiting.keys.count < Self.maximumWaiting, waiting.keys.insert(key).inserted else { return nil }
            waiting.work.append((key, work))
            defer { waiting.isRunning = true }
            return !waiting.isRunning
        }
        guard let startsThread else { return false }
        if startsThread { Thread.detachNewThread { [self] in drain() } }
        return true
    }

    /// Awaits `work` for `key` (a source that suspends) in a task of its own; whether it was taken.
    @discardableResult
    func runAwaited(_ key: String, _ work: @escaping @Sendable () async -> Void) -> Bool {
        let taken = waiting.withLock { waiting in
            waiting.keys.count < Self.maximumWaiting && waiting.keys.insert(key).inserted
        }
        guard taken else { return false }
        Task(priority: .background) {
            await work()
            _ = self.waiting.withLock { $0.keys.remove(key) }
        }
        return true
    }

    /// The tallies waiting or running now.
    var waitingCount: Int { waiting.withLock { $0.keys.count } }

    /// Runs the waiting tallies in turn until none is left, then lets the thread end.
    private func drain() {
        #if canImport(Glibc)
            // This thread alone (Linux keeps a nice value per thread). Not SCHED_IDLE: starved
            // for seconds under load while holding a PostgreSQL connection, its query's deadline
            // passed unseen and the connection was taken for an unresponsive server.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        #endif
        while let next = waiting.withLock({ waiting -> (key: String, run: @Sendable () -> Void)? in
            guard !waiting.work.isEmpty else {
                waiting.isRunning = false
                return nil
            }
            return waiting.work.removeFirst()
        }) {
            next.run()
            _ = waiting.withLock { $0.keys.remove(next.key) }
        }
    }
}
