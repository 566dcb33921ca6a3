import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Work done off the request path, for a later request to find (a count, a facet, a kept sort
/// order): one piece at a time, on a thread of low priority (``niceness``) that runs while any
/// waits, so it takes little of the processor time requests need. A piece whose key is already
/// waiting is not taken twice; past ``maximumWaiting`` none is taken (the next request asks again).
package final class BackgroundWork<Key: Hashable & Sendable>: Sendable {
    /// The thread's nice value: about a tenth of a request thread's share of a busy processor.
    package static var niceness: Int32 { 10 }

    private struct Waiting {
        var keys: Set<Key> = []
        var work: [(key: Key, run: @Sendable () -> Void)] = []
        var isRunning = false
    }
    private let waiting = Mutex(Waiting())
    /// The most pieces waiting or running at once.
    package let maximumWaiting: Int

    /// Work of at most `maximumWaiting` pieces at once.
    package init(maximumWaiting: Int) {
        self.maximumWaiting = maximumWaiting
    }

    /// Runs `work` for `key` on this object's own thread; whether it was taken.
    @discardableResult
    package func run(_ key: Key, _ work: @escaping @Sendable () -> Void) -> Bool {
        let startsThread = waiting.withLock { waiting -> Bool? in
            guard waiting.keys.count < maximumWaiting, waiting.keys.insert(key).inserted else { return nil }
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
    package func runAwaited(_ key: Key, _ work: @escaping @Sendable () async -> Void) -> Bool {
        let taken = waiting.withLock { waiting in
            waiting.keys.count < maximumWaiting && waiting.keys.insert(key).inserted
        }
        guard taken else { return false }
        Task(priority: .background) {
            await work()
            _ = self.waiting.withLock { $0.keys.remove(key) }
        }
        return true
    }

    /// The pieces waiting or running now.
    package var waitingCount: Int { waiting.withLock { $0.keys.count } }

    /// Runs the waiting pieces in turn until none is left, then lets the thread end.
    private func drain() {
        #if canImport(Glibc)
            // This thread alone (Linux keeps a nice value per thread). Not SCHED_IDLE: starved
            // for seconds under load while holding a PostgreSQL connection, its query's deadline
            // passed unseen and the connection was taken for an unresponsive server.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        #endif
        while let next = waiting.withLock({ waiting -> (key: Key, run: @Sendable () -> Void)? in
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
