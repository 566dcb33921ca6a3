import Dispatch
import Synchronization

/// How a request is answered: at once on the connection's thread, by a step that
/// may block, run on one of the server's workers while the connection waits
/// suspended (``Server/Configuration/workerThreads``), or by a step that awaits
/// (Swift concurrency), during which the connection waits suspended with no thread
/// held for it.
public enum Answer: Sendable {
    /// The response, made without blocking.
    case now(Response)
    /// A step that may block (a data source waiting on a lock): it runs on a
    /// worker thread, or on the connection's thread when the server has no workers.
    case onWorker(@Sendable () -> Response)
    /// A step that suspends rather than blocks (a data source read with `async`):
    /// it runs as a task; the connection is resumed with its response. It must
    /// bound its own wait (the server sets no deadline on it).
    case suspending(@Sendable () async -> Response)

    /// The response, running the step here if there is one (blocking this thread; a
    /// suspending step's task is awaited). Never call it from a task of Swift's
    /// cooperative pool, which it could exhaust.
    public func respondHere() -> Response {
        switch self {
        case .now(let response): response
        case .onWorker(let step): step()
        case .suspending(let step): Self.awaiting(step)
        }
    }

    /// The response, awaited without blocking the caller's thread: a step that may block runs
    /// on a Dispatch queue, a suspending one on the server's own executor (``AnswerExecutor``),
    /// so neither waits for a thread of Swift's cooperative pool that other code may hold.
    public func response() async -> Response {
        switch self {
        case .now(let response): response
        case .onWorker(let step):
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: step()) }
            }
        case .suspending(let step): await withTaskExecutorPreference(AnswerExecutor.shared) { await step() }
        }
    }

    /// Runs `step` as a task and blocks this thread until it returns.
    private static func awaiting(_ step: @escaping @Sendable () async -> Response) -> Response {
        let result = Mutex<Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: AnswerExecutor.shared) {
            let response = await step()
            result.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? Response.status(500)
    }
}
