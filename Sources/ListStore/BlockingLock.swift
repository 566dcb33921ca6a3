#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock around a value that puts a waiting thread to sleep at once
/// (a plain `pthread_mutex_t`, no spinning).
///
/// Why not `Synchronization.Mutex`: on Linux it spins before it sleeps. The
/// server runs more request threads than cores (docs/design.md: a blocked query must
/// not stall the others), so a thread holding the lock is often preempted, and
/// the spinning waiters burned about 6 % of the server's CPU under `wrk`
/// (perf, BENCHMARKS.md). Critical sections here are a few instructions long.
package final class BlockingLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Makes a lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
