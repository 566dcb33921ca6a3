import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Tallies (a list's count) that a first page could not finish within its share of the
/// page's own time, finished off the request path for the next visit to find kept
/// (``CountCache``): one at a time, on a thread of the lowest priority (Linux's `SCHED_IDLE`)
/// that runs while any waits, so they take only the processor time requests leave. A tally already
/// waiting is not taken twice; past ``maximumWaiting`` none is taken (the next visit asks again).
final class DeferredTallies: Sendable {
    /// The most tallies waiting or running at once.
    static let maximumWaiting = 64

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
            // This thread alone: Linux's SCHED_IDLE runs it only on processor time nothing else wants.
            // (5: sched(7); Glibc's module declares SCHED_IDLE only with _GNU_SOURCE.)
            let idle: Int32 = 5
            var parameters = sched_param(sched_priority: 0)
            _ = pthread_setschedparam(pthread_self(), idle, &parameters)
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
