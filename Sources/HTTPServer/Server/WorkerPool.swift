#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads that run jobs in the order they were submitted,
/// answers before a stream's next pieces.
///
/// The server hands it the steps that may block (a query waiting on a lock)
/// while the connection waits suspended, so libmicrohttpd's threads keep
/// serving their other connections (docs/design.md, "HTTP and HTMX": a blocked
/// query must not delay the requests that never touch the data source).
/// The queue is unbounded: it holds at most one job per open connection.
/// A piece (a CSV export's, which may wait for a pooled connection) runs only
/// when no answer is queued, and on at most half the threads, so the requests
/// of pages always find a thread (found in use, issue 41: exports took every worker).
final class WorkerPool: @unchecked Sendable {
    /// A job; runs once on one of the pool's threads.
    typealias Job = @Sendable () -> Void

    /// Jobs in the order they came; taken from the front.
    private struct Queue {
        private var jobs: [Job] = []
        private var head = 0
        var isEmpty: Bool { head == jobs.count }
        mutating func append(_ job: @escaping Job) { jobs.append(job) }
        mutating func popFirst() -> Job? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head > 256, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var answers = Queue()
    private var pieces = Queue()
    private var runningPieces = 0
    private var isStopping = false
    private var running = 0
    /// The number of threads.
    let threadCount: Int
    /// The most threads running pieces at once.
    private var pieceLimit: Int { max(1, threadCount / 2) }

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
    /// - Parameter yielding: Whether the job is a stream's next piece, which gives way to answers.
    func submit(yielding: Bool = false, _ job: @escaping Job) {
        pthread_mutex_lock(mutex)
        if isStopping {
            pthread_mutex_unlock(mutex)
            job()
            return
        }
        if yielding { pieces.append(job) } else { answers.append(job) }
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

    /// A thread's loop: take the oldest answer, else the oldest piece while fewer
    /// than ``pieceLimit`` run, until stopped and empty.
    private func work() {
        pthread_mutex_lock(mutex)
        while true {
            if let job = answers.popFirst() {
                pthread_mutex_unlock(mutex)
                job()
                pthread_mutex_lock(mutex)
            } else if runningPieces < pieceLimit, let job = pieces.popFirst() {
                runningPieces += 1
                pthread_mutex_unlock(mutex)
                job()
                pthread_mutex_lock(mutex)
                runningPieces -= 1
                // A piece held back by the limit may go now.
                if !pieces.isEmpty { pthread_cond_signal(condition) }
            } else if isStopping && pieces.isEmpty {
                running -= 1
                pthread_mutex_unlock(mutex)
                return
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
    }
}
