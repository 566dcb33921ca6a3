import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server over libmicrohttpd: an internal polling thread with
/// epoll and a thread pool; each request is handed, as a ``Request`` value, to
/// an answerer (usually a ``Router``) on one of the pool's threads. A step
/// that may block (``Answer/onWorker(_:)``: a route added with `mayBlock`)
/// runs on one of ``Configuration/workerThreads`` while the connection waits
/// suspended, so it holds up none of that thread's other connections.
///
/// ```swift
/// Server.blockTerminationSignals()          // before any thread starts
/// let server = Server(configuration: configuration, router: router)
/// try server.start()
/// _ = Server.waitForTerminationSignal()
/// try server.shutdown()
/// ```
///
/// What the server does on its own:
/// - decodes the raw request target itself; malformed percent-encoding,
///   invalid UTF-8 or bytes outside visible ASCII → 400;
/// - adds ``Configuration/defaultHeaders`` to every response it produces;
/// - sends `Content-Length` from the body and, for HEAD, no body
///   (RFC 9110 §9.3.2);
/// - replaces a response whose header field libmicrohttpd refuses (CR/LF)
///   by a bare 500 and logs it.
///
/// Responses libmicrohttpd generates itself (414, 431, other protocol errors)
/// carry none of the default headers.
public final class Server: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration

    private let core: ServerCore
    private let state = Mutex<State>(.created)

    private enum State {
        case created
        case running(Daemon)
        case stopping
        case stopped
    }

    /// The running daemon and what must be released after it stops.
    private struct Daemon {
        let handle: OpaquePointer
        let port: UInt16
        let retainedCore: Unmanaged<ServerCore>
        let logger: UnsafeMutablePointer<liststate_mhd_logger>
        let notifier: UnsafeMutablePointer<liststate_connection_notifier>
        /// The listening socket (owned by libmicrohttpd until quiesced).
        let listenDescriptor: Int32
    }

    /// Creates a server; nothing is bound until ``start()``.
    /// - Parameters:
    ///   - configuration: Address, limits, default headers, logs.
    ///   - responder: Answers every decoded request, on a pool thread; it may
    ///     block (it holds that thread meanwhile).
    public convenience init(configuration: Configuration = Configuration(), responder: @escaping @Sendable (Request) -> Response) {
        self.init(configuration: configuration, answerer: { .now(responder($0)) })
    }

    /// Creates a server whose answers may hand a blocking step to a worker
    /// thread (``Answer/onWorker(_:)``) while the connection waits suspended.
    /// - Parameters:
    ///   - configuration: Address, limits, worker threads, default headers, logs.
    ///   - answerer: Answers every decoded request on a connection thread; it
    ///     must not block there (blocking work goes into `.onWorker`).
    public init(configuration: Configuration = Configuration(), answerer: @escaping @Sendable (Request) -> Answer) {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, answerer: answerer)
    }

    /// Creates a server that answers with a router.
    /// - Parameters:
    ///   - configuration: Address, limits, default headers, logs.
    ///   - router: The routes; copied (later changes to the caller's router
    ///     do not reach the server).
    public convenience init(configuration: Configuration = Configuration(), router: Router) {
        self.init(configuration: configuration, answerer: { router.answer($0) })
    }

    deinit {
        // A server dropped while running stops at once (no draining).
        state.withLock { state in
            if case .running(let daemon) = state {
                Self.stop(daemon, core: core)
            }
            state = .stopped
        }
    }

    /// The port the server listens on (the real one after binding port 0),
    /// or `nil` when not running.
    public var port: UInt16? {
        state.withLock { state in
            if case .running(let daemon) = state { return daemon.port }
            return nil
        }
    }

    /// Requests received and not yet completed (request line seen, response
    /// not fully sent). Read by ``shutdown(timeout:)``.
    public var requestsInFlight: Int {
        core.requestsInFlight.load(ordering: .relaxed)
    }

    /// Whether the server is draining: ``beginDraining()`` or
    /// ``shutdown(timeout:)`` was called. While draining, every response
    /// carries `Connection: close`, so clients reconnect (elsewhere, behind a
    /// load balancer) instead of reusing the connection.
    public var isDraining: Bool {
        core.isDraining.load(ordering: .relaxed)
    }

    /// Starts draining without stopping: new connections are still accepted
    /// and answered, but every response carries `Connection: close`. Call it
    /// when a termination signal arrives, wait the grace period (so a load
    /// balancer that polls readiness sees it), then ``shutdown(timeout:)``.
    /// Idempotent.
    public func beginDraining() {
        core.isDraining.store(true, ordering: .relaxed)
    }

    /// Binds the address and starts libmicrohttpd's threads.
    ///
    /// Raises the soft open-file limit to the hard limit first (if
    /// ``Configuration/raisesOpenFileLimit``). Call
    /// ``blockTerminationSignals()`` before this, so the new threads inherit
    /// the blocked mask.
    /// - Throws: ``HTTPServerError``: `.addressInUse` when the port is taken,
    ///   `.invalidAddress`, `.invalidConfiguration`, `.systemCall`,
    ///   `.daemonStartFailed`, or `.invalidState` when already started.
    public func start() throws(HTTPServerError) {
        try configuration.validate()
        try state.withLock { (state: inout State) throws(HTTPServerError) in
            guard case .created = state else {
                throw HTTPServerError(.invalidState, "start() called on a server that was already started")
            }
            if configuration.raisesOpenFileLimit { try Self.raiseOpenFileLimit() }
            let socket = try ListenSocket(host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog)
            let retained = Unmanaged.passRetained(core)
            let cls = retained.toOpaque()
            let logger = UnsafeMutablePointer<liststate_mhd_logger>.allocate(capacity: 1)
            logger.initialize(to: liststate_mhd_logger(callback: serverDaemonLogCallback, cls: cls))
            let notifier = UnsafeMutablePointer<liststate_connection_notifier>.allocate(capacity: 1)
            notifier.initialize(to: liststate_connection_notifier(callback: serverConnectionCallback, cls: cls))
            // Suspension with or without workers: a suspending answer (``Answer/suspending(_:)``) needs it too.
            let flags =
                MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
                | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            let handle = liststate_mhd_start(
                UInt32(flags), socket.descriptor,
                serverAccessHandler, cls,
                serverCompletedCallback, cls,
                serverURILogCallback, cls,
                logger, notifier,
                UInt32(configuration.threads),
                UInt32(configuration.connectionLimit),
                UInt32(configuration.perIPConnectionLimit),
                UInt32(configuration.connectionTimeoutSeconds),
                configuration.memoryPerConnectionBytes,
                configuration.clientDiscipline.rawValue)
            guard let handle else {
                close(socket.descriptor)
                logger.deallocate()
                notifier.deallocate()
                retained.release()
                let reason = core.lastDaemonMessage.withLock { $0 } ?? "no reason given"
                throw HTTPServerError(.daemonStartFailed, "libmicrohttpd did not start on \(configuration.host):\(socket.port): \(reason)")
            }
            state = .running(
                Daemon(
                    handle: handle, port: socket.port, retainedCore: retained, logger: logger,
                    notifier: notifier, listenDescriptor: socket.descriptor))
        }
    }

    /// Stops gracefully: takes the connections already waiting in the
    /// kernel's accept queue, then stops accepting (new connections are
    /// refused), lets requests in flight finish — those in the responder and
    /// those that arrived on open connections but were not read yet
    /// (responses sent meanwhile carry `Connection: close`), then stops
    /// libmicrohttpd's threads and closes every connection. Returns at once when not running.
    ///
    /// Requests handed to a worker count as in flight until answered; at the
    /// deadline their connections are resumed and closed (libmicrohttpd must
    /// not stop with a suspended connection: it would abort the process).
    /// - Parameter timeout: The longest wait for requests in flight; default
    ///   ``Configuration/shutdownTimeout``.
    /// - Throws: ``HTTPServerError`` `.shutdownTimedOut` when requests were
    ///   still in flight at the deadline; the server is stopped regardless.
    public func shutdown(timeout: Duration? = nil) throws(HTTPServerError) {
        let taken: Daemon? = state.withLock { state in
            switch state {
            case .running(let daemon):
                state = .stopping
                return daemon
            case .created:
                state = .stopped
                return nil
            case .stopping:
                state = .stopping
                return nil
            case .stopped:
                state = .stopped
                return nil
            }
        }
        guard let daemon = taken else { return }
        core.isDraining.store(true, ordering: .relaxed)
        let clock = ContinuousClock()
        let deadline = clock.now + (timeout ?? configuration.shutdownTimeout)
        // Connections the kernel accepted but libmicrohttpd did not take yet
        // (every thread busy) would be reset when the socket closes: let it
        // take them first (found by Tests/reliability/drain.py: 23 of 32
        // requests behind a held lock were reset).
        while liststate_listen_queue_length(daemon.listenDescriptor) > 0, clock.now < deadline {
            usleep(5_000)
        }
        let listening = MHD_quiesce_daemon(daemon.handle)
        if listening >= 0 {
            _ = Glibc.shutdown(listening, Int32(SHUT_RDWR))
            close(listening)
        }
        // Then wait until nothing is owed: no request in the responder and no
        // connection with a request that arrived but was not read yet (its
        // thread was busy). Two quiet looks in a row, since a thread reads a
        // request a moment before it counts it as in flight. A half-sent
        // request was read already and does not hold the stop up.
        var quietLooks = 0
        while quietLooks < 2, clock.now < deadline {
            if core.requestsInFlight.load(ordering: .relaxed) > 0 || hasUnreadRequests() {
                quietLooks = 0
            } else {
                quietLooks += 1
            }
            if quietLooks < 2 { usleep(5_000) }
        }
        // Only a wait cut short by the deadline counts as a failure (a request
        // that arrives on an idle connection after two quiet looks is cut off
        // like any connection at a stop).
        let remaining =
            quietLooks < 2
            ? core.requestsInFlight.load(ordering: .relaxed) + (hasUnreadRequests() ? 1 : 0) : 0
        Self.stop(daemon, core: core)
        state.withLock { $0 = .stopped }
        if remaining > 0 {
            let message = "shutdown: request(s) still in flight or unread at the deadline were cut off (\(remaining))"
            configuration.errorLog(message)
            throw HTTPServerError(.shutdownTimedOut, message)
        }
    }

    /// Whether an open connection has bytes waiting that were not read yet.
    private func hasUnreadRequests() -> Bool {
        core.openConnections.withLock { connections in
            connections.contains { liststate_unread_bytes($0) > 0 }
        }
    }

    private static func stop(_ daemon: Daemon, core: ServerCore) {
        core.abandonSuspended()
        MHD_stop_daemon(daemon.handle)
        core.workers?.stop()
        daemon.logger.deallocate()
        daemon.notifier.deallocate()
        daemon.retainedCore.release()
    }

    /// Raises `RLIMIT_NOFILE`'s soft limit to its hard limit.
    private static func raiseOpenFileLimit() throws(HTTPServerError) {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else {
            throw HTTPServerError(.systemCall, "getrlimit(RLIMIT_NOFILE): \(ListenSocket.lastError())")
        }
        guard limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        guard setrlimit(resource, &limit) == 0 else {
            throw HTTPServerError(.systemCall, "setrlimit(RLIMIT_NOFILE, \(limit.rlim_max)): \(ListenSocket.lastError())")
        }
    }
}
