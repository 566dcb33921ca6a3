/// How a request is answered: at once on the connection's thread, or by a
/// step that may block, run on one of the server's workers while the
/// connection waits suspended (``Server/Configuration/workerThreads``).
public enum Answer: Sendable {
    /// The response, made without blocking.
    case now(Response)
    /// A step that may block (a data source waiting on a lock): it runs on a
    /// worker thread, or on the connection's thread when the server has no workers.
    case onWorker(@Sendable () -> Response)

    /// The response, running the step here if there is one (blocking this thread).
    public func respondHere() -> Response {
        switch self {
        case .now(let response): response
        case .onWorker(let step): step()
        }
    }
}
