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
