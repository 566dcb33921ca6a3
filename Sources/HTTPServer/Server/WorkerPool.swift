#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads that run jobs in the order they were submitted.
///
/// The server hands it the steps that may block (a query waiting on a lock)
/// while the connection waits suspended, so libmicrohttpd's threads keep
/// serving their other connections (docs/design.md, "HTTP and HTMX": a blocked
/// query must not delay the requests that never touch the data source).
/// The queue is unbounded: it holds at most one job per open connection.
final class WorkerPool: @unchecked Sendable {
    /// A job; runs once on one of the pool's threads.
    typealias Job = @Sendable () -> Void

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var jobs: [Job] = []
    private var head = 0
    private var isStopping = false
    private var running = 0
    /// The number of threads.
    let threadCount: Int

    /// Starts `threads` threads (at least one).
    /// - Throws: ``HTTPServerError`` `.systemCall` when a thread cannot be created.
    init(threads: Int) throws(HTTPServerError) {
        threadCount = max(1, threads)
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<threadCount {
            var thread = pthread_t()
            let retained = Unmanaged.passRetained(self).toOpaque()
            let result = pthread_create(
                &thread, nil,
                { argument in
                    guard let argument else { return nil }
                    let pool = Unmanaged<WorkerPool>.fromOpaque(argument).takeRetainedValue()
                    pool.work()
                    return nil
                }, retained)
            guard result == 0 else {
                Unmanaged<WorkerPool>.fromOpaque(retained).release()
                stop()
                throw HTTPServerError(.systemCall, "pthread_create for a worker: error \(result)")
            }
            pthread_detach(thread)
            pthread_mutex_lock(mutex)
            running += 1
            pthread_mutex_unlock(mutex)
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues `job`; one waiting thread wakes for it. After ``stop()`` the job
    /// runs on the caller's thread instead (nothing is dropped).
    func submit(_ job: @escaping Job) {
        pthread_mutex_lock(mutex)
        if isStopping {
            pthread_mutex_unlock(mutex)
            job()
            return
        }
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Lets the threads finish the jobs queued and end; does not wait for them.
    func stop() {
        pthread_mutex_lock(mutex)
        isStopping = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// A thread's loop: take the oldest job, run it, until stopped and empty.
    private func work() {
        pthread_mutex_lock(mutex)
        while true {
            if head < jobs.count {
                let job = jobs[head]
                head += 1
                if head > 256, head * 2 > jobs.count {
                    jobs.removeFirst(head)
                    head = 0
                }
                pthread_mutex_unlock(mutex)
                job()
                pthread_mutex_lock(mutex)
            } else if isStopping {
                running -= 1
                pthread_mutex_unlock(mutex)
                return
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
    }
}
