import CMicroHTTPD
import Synchronization

/// The part of a ``Server`` that libmicrohttpd's callbacks reach through their
/// `cls` pointer: configuration, the responder and the counters. Every stored
/// property is immutable or atomic, so it is `Sendable` as checked by the
/// compiler, which is what makes handing it to C threads sound.
final class ServerCore: Sendable {
    let configuration: Server.Configuration
    let answerer: @Sendable (Request) -> Answer
    /// The threads that run blocking steps; nil when ``Server/Configuration/workerThreads`` is 0.
    let workers: WorkerPool?
    /// The requests handed to a worker whose connection is still suspended, so a
    /// stop can resume them first (libmicrohttpd must not stop with a suspended connection).
    let suspended = Mutex<[ObjectIdentifier: SuspendedRequest]>([:])

    /// A request waiting on a worker, with its suspended connection.
    struct SuspendedRequest: @unchecked Sendable {
        let context: RequestContext
        let connection: OpaquePointer
    }
    /// Requests whose request line arrived and whose completion has not been
    /// reported yet.
    let requestsInFlight = Atomic<Int>(0)
    /// Set during shutdown: responses then carry `Connection: close`.
    let isDraining = Atomic<Bool>(false)
    /// The sockets of the open connections (MHD_OPTION_NOTIFY_CONNECTION),
    /// read by a graceful shutdown to find requests that arrived but were not
    /// read yet (their thread was busy). Touched once per connection, not per
    /// request.
    let openConnections = Mutex<Set<Int32>>([])
    /// The last message libmicrohttpd logged (for start failures).
    let lastDaemonMessage = Mutex<String?>(nil)

    init(configuration: Server.Configuration, answerer: @escaping @Sendable (Request) -> Answer) {
        self.configuration = configuration
        self.answerer = answerer
        if configuration.workerThreads > 0 {
            do {
                workers = try WorkerPool(threads: configuration.workerThreads)
            } catch {
                configuration.errorLog("no worker threads (\(error)); blocking handlers run on the connection threads")
                workers = nil
            }
        } else {
            workers = nil
        }
    }

    deinit { workers?.stop() }

    /// Resumes every connection still waiting on a worker, dropping the
    /// worker's answer when it comes (the connection is closed by the stop
    /// that follows). Called right before libmicrohttpd stops.
    func abandonSuspended() {
        let waiting = suspended.withLock { table in
            defer { table.removeAll() }
            return Array(table.values)
        }
        for request in waiting
        where request.context.handOver.compareExchange(
            expected: RequestContext.HandOver.working, desired: RequestContext.HandOver.abandoned,
            ordering: .acquiringAndReleasing
        ).exchanged {
            MHD_resume_connection(request.connection)
        }
    }

    /// Asks the answerer about a complete request, or answers a malformed
    /// target with 400 and an oversized body with 413.
    func answer(for context: RequestContext, headers: HTTPHeaders) -> Answer {
        if context.bodyTooLarge {
            var response = Response.status(413)
            response.headers.replaceOrAdd(name: "Connection", value: "close")
            return .now(response)
        }
        // RFC 9112 §3.2: the target is visible ASCII; anything else is refused
        // before decoding.
        guard !context.rawTarget.isEmpty,
            context.rawTarget.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let parsed = RequestTarget(parsing: context.rawTarget)
        else {
            return .now(configuration.malformedTarget?(headers, context.targetText) ?? Response.status(400))
        }
        let request = Request(
            method: context.method, target: context.targetText, parsed: parsed,
            headers: headers, body: context.body, remoteAddress: context.remoteAddress, received: context.started)
        return answerer(request)
    }

    /// Applies the server's rules to a response before it is sent: a valid
    /// status, the default headers, `Connection: close` while draining.
    func finalize(_ response: Response) -> Response {
        // A shared response already made was made from a finalized one, which is sent
        // as it was made (adding the default headers again was 3 % of a cached answer's
        // instructions; callgrind). While draining it is not shared (below).
        if let share = response.shared, share.isMade.load(ordering: .acquiring), !isDraining.load(ordering: .relaxed) {
            return response
        }
        var response = response
        if !(100...599).contains(response.status) {
            configuration.errorLog("response status \(response.status) is not 100...599; sent 500 instead")
            response = Response.status(500)
        }
        // The default headers are the same for every request: a shared response
        // made from a finalized one stays what this makes, so its share is kept.
        let share = response.shared
        response.headers.addMissing(configuration.defaultHeaders)
        if isDraining.load(ordering: .relaxed) {
            response.headers.replaceOrAdd(name: "Connection", value: "close")
        } else {
            response.shared = share
        }
        return response
    }
}
