import Foundation

/// Runs `body` on a thread of its own and awaits it. A test that blocks (a socket read, a
/// semaphore) while a task it waits for must run would hold a thread of Swift's
/// cooperative pool, which has one per core: with two such tests at once the task never
/// runs. Blocking work goes here instead.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Runs `body` with its tasks on Dispatch threads of their own rather than Swift's
/// cooperative pool: a test that times an awaited answer measures the answer, not how long
/// other tests held the pool's threads (one per core) before its task could resume.
public func onOwnExecutor<Value: Sendable>(_ body: () async throws -> Value) async rethrows -> Value {
    try await withTaskExecutorPreference(OwnExecutor.shared) { try await body() }
}

/// A task executor over a concurrent Dispatch queue (``onOwnExecutor(_:)``).
final class OwnExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = OwnExecutor()
    private let queue = DispatchQueue(label: "tests.own-executor", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
