import Dispatch

/// Where the tasks of an awaited read (``AwaitedRead``) run: a concurrent Dispatch queue
/// rather than Swift's cooperative pool (one thread per core), so a read's deadline and
/// result are not kept waiting by code elsewhere in the process that blocks those threads
/// (an upstream's wait for a connection's deadline too, ``UpstreamGate``).
package final class ReadExecutor: TaskExecutor, @unchecked Sendable {
    package static let shared = ReadExecutor()
    private let queue = DispatchQueue(label: "liststate.reads", attributes: .concurrent)

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
