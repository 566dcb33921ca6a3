import Dispatch

/// Where suspending steps (``Answer/suspending(_:)``) run: a concurrent Dispatch queue of
/// the server's own rather than Swift's cooperative pool, which has one thread per core:
/// code elsewhere in the process that blocks those threads cannot keep an answer waiting.
final class AnswerExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = AnswerExecutor()
    private let queue = DispatchQueue(label: "liststate.answers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
