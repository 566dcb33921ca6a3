import Dispatch
import Synchronization

/// A read that suspends rather than blocks (a source read with Swift concurrency),
/// bounded by its deadline whether or not the source honours cancellation: at the
/// deadline the answer is a timeout (503 with `Retry-After`, as a database over its
/// time limit), the read is cancelled and its late result dropped.
package enum AwaitedRead {
    /// The answer of a read its deadline beat: a source over its time limit (503).
    package static let late = ListStoreError(kind: .timedOut, message: "the source did not answer in time")

    /// `read`'s result, or `late` when `deadline` comes first.
    package static func result<Value: Sendable>(
        until deadline: ContinuousClock.Instant, late: ListStoreError = Self.late,
        _ read: @escaping @Sendable () async -> Result<Value, ListStoreError>
    ) async -> Result<Value, ListStoreError> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, ListStoreError>, Never>) in
            let race = Race(continuation)
            let timer = Task(executorPreference: ReadExecutor.shared) {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled {
                    race.finish(.failure(late))
                }
            }
            race.reading(
                Task(executorPreference: ReadExecutor.shared) {
                    let result = await read()
                    timer.cancel()
                    race.finish(result)
                })
        }
    }

    /// Who answers first: the read or the deadline. The loser's answer is dropped, and a
    /// read the deadline beat is cancelled.
    private final class Race<Value: Sendable>: Sendable {
        private let state: Mutex<(continuation: CheckedContinuation<Value, Never>?, read: Task<Void, Never>?)>

        init(_ continuation: CheckedContinuation<Value, Never>) { state = Mutex((continuation, nil)) }

        /// Keeps the read's task, to cancel it should the deadline come first.
        func reading(_ task: Task<Void, Never>) {
            let isOver = state.withLock { state in
                state.read = task
                return state.continuation == nil
            }
            if isOver { task.cancel() }
        }

        /// Answers with `value` unless an answer was given.
        func finish(_ value: Value) {
            let (continuation, read) = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.read)
            }
            guard let continuation else { return }
            read?.cancel()
            continuation.resume(returning: value)
        }
    }
}

extension AwaitedRead {
    /// ``result(until:late:_:)`` for a caller that may block (a worker thread): waits for it
    /// on this thread. Never call it from a task of Swift's cooperative pool.
    package static func blocking<Value: Sendable>(
        until deadline: ContinuousClock.Instant, late: ListStoreError = Self.late,
        _ read: @escaping @Sendable () async -> Result<Value, ListStoreError>
    ) -> Result<Value, ListStoreError> {
        let answer = Mutex<Result<Value, ListStoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: ReadExecutor.shared) {
            let result = await Self.result(until: deadline, late: late, read)
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? .failure(ListStoreError(kind: .other, message: "the read gave no answer"))
    }
}
