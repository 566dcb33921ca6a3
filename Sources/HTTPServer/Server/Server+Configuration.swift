#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Server {
    /// How strictly libmicrohttpd checks clients (`MHD_OPTION_STRICT_FOR_CLIENT`).
    public enum ClientDiscipline: Int32, Sendable {
        /// `-1`: as tolerant as possible (also spaces in header names).
        case lenient = -1
        /// `0`: libmicrohttpd's default.
        case standard = 0
        /// `1`: HTTP/1.1 requests without `Host` are rejected with 400 (RFC
        /// 9112 §3.2 requires it) and a request line with a space in the
        /// target gets no answer (the connection is closed).
        case strict = 1
    }

    /// Everything a ``Server`` is started with. Every limit is set on purpose:
    /// libmicrohttpd's own defaults (no timeout, no per-IP limit) are unsafe for
    /// a public server.
    public struct Configuration: Sendable {
        /// The address to bind: a numeric IPv4 or IPv6 address, or
        /// `localhost` (127.0.0.1). Default `127.0.0.1`; `0.0.0.0` or `::`
        /// for every interface.
        public var host: String = "127.0.0.1"

        /// The TCP port; `0` lets the OS pick a free one (read it back from
        /// ``Server/port``). Default 8080.
        public var port: UInt16 = 8080

        /// Threads in libmicrohttpd's pool (`MHD_OPTION_THREAD_POOL_SIZE`).
        /// Each connection stays on the thread that accepted it, so anything
        /// that blocks there also delays that thread's other connections:
        /// handlers that may block run on ``workerThreads`` instead.
        ///
        /// Default: one per active core, at least 2 (as nginx's
        /// `worker_processes auto`). With blocking work on the workers, a
        /// connection thread only parses, answers from memory and sends, and
        /// more threads than cores only take turns on them: on 2 cores with
        /// wrk at 64 connections (Benchmarks/p99-sweep.sh, 3 rounds), 2 threads
        /// served as many requests per second as 8 (≈ 50,000) at half the p99
        /// (3.1–3.5 ms against 4.7–7.6 ms).
        public var threads: Int = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

        /// Threads that run the handlers which may block (``Answer/onWorker(_:)``,
        /// routes added with `mayBlock: true`) while their connection waits
        /// suspended (`MHD_suspend_connection`), so a query waiting on a lock
        /// never holds up requests that do not touch the data source on the
        /// same connection thread. `0` runs them on the connection's thread.
        /// Default: 4 × active cores, at least 8 (a worker waiting on a lock
        /// uses no CPU; the query time limit bounds each wait).
        public var workerThreads: Int = max(8, 4 * Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

        /// Open connections accepted at once (`MHD_OPTION_CONNECTION_LIMIT`);
        /// more are closed at accept. Default 4096 (libmicrohttpd divides it
        /// among the pool's threads, and one thread may take most accepts).
        /// Each takes one file descriptor (the server raises its soft
        /// open-file limit at start) and at most ``memoryPerConnectionBytes``.
        public var connectionLimit: Int = 4096

        /// Open connections accepted at once from one IP address
        /// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`); `0` means no limit.
        /// Default 256. A browser opens about 6, but libmicrohttpd counts a
        /// closed connection until its thread has cleaned it up, so a client
        /// making short requests back to back holds many more: with 64, 35
        /// such clients from one address already had connections reset
        /// (found by QA). Use 0 behind a reverse proxy, where every client
        /// shares the proxy's address.
        public var perIPConnectionLimit: Int = 256

        /// Seconds a connection may stay idle before it is closed
        /// (`MHD_OPTION_CONNECTION_TIMEOUT`; inactivity only: every byte
        /// resets it; closes silently). Default 30.
        public var connectionTimeoutSeconds: Int = 30

        /// Bytes of memory per connection (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
        /// This bounds the request line and headers: a request line that does
        /// not fit is answered 414 (RFC 9110 §15.5.15), headers that do not fit
        /// 431 (RFC 6585 §5), by libmicrohttpd itself and so without
        /// ``defaultHeaders``. Default 32 KiB.
        public var memoryPerConnectionBytes: Int = 32 * 1024

        /// The listen queue length passed to `listen(2)` (the kernel caps it at
        /// `net.core.somaxconn`). Default 511.
        public var listenBacklog: Int = 511

        /// How strictly libmicrohttpd holds clients to the protocol. Default
        /// ``ClientDiscipline/standard``: under `strict` a raw space in the
        /// target got no answer at all, while with `standard` such a target
        /// reaches the server, which answers 400 with its own page (RFC 9112
        /// §3.2); the server itself refuses an HTTP/1.1 request without `Host`
        /// (see `framingProblem`), which `strict` did.
        public var clientDiscipline: ClientDiscipline = .standard

        /// The largest request body accepted, in bytes. A larger declared
        /// `Content-Length` is answered 413 (RFC 9110 §15.5.14) at once,
        /// without reading the body, and the connection closed; a chunked body
        /// growing past it is read to its end and discarded, then answered 413
        /// (libmicrohttpd 0.9.75 accepts no response in mid-body). Default 1 MiB.
        public var maxRequestBodyBytes: Int = 1 << 20

        /// The longest request target the server takes, in bytes; a longer one
        /// is answered 414 (RFC 9110 §15.5.15) by the server, with
        /// ``defaultHeaders`` and the ``refusedForSize`` page, and the
        /// connection closed. RFC 9112 §3 recommends supporting at least 8,000
        /// octets. Keep it under ``memoryPerConnectionBytes``: a request line
        /// that does not fit there (about 30 KiB of the default 32 KiB) is
        /// answered by libmicrohttpd itself, without our headers. Default 26 KiB:
        /// the longest list cursor (24 KiB, a view paged by all its columns
        /// that hold long texts) with its list's other parameters.
        public var maxTargetBytes: Int = 26 * 1024

        /// The most bytes of header fields the server takes (each field's name
        /// and value, plus 4 for `: ` and CRLF); more is answered 431 (RFC 6585
        /// §5) as ``maxTargetBytes`` says. libmicrohttpd needs about twice the
        /// header bytes in its pool, so with the default pool it answers header
        /// fields over about 15 KiB itself. Default 8 KiB (nginx's default buffers).
        public var maxHeaderBytes: Int = 8 * 1024

        /// Header fields added to every response the server sends through
        /// libmicrohttpd's handler, its own 400/404/405/413/500 included, when
        /// the response has no field of the same name (the response's own
        /// field wins). E.g. `Content-Security-Policy`,
        /// `X-Content-Type-Options: nosniff`, `Referrer-Policy`. Default none.
        public var defaultHeaders: HTTPHeaders = HTTPHeaders()

        /// Called once per answered request, after the response was sent (on
        /// a server thread; keep it quick). Default `nil` (no access log).
        public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil

        /// Answers a request whose target cannot be decoded (a byte outside
        /// visible ASCII, a bad `%` escape, invalid UTF-8; RFC 9112 §3.2,
        /// RFC 3986 §2.1), given its header fields and its raw target (nil when
        /// the request's framing was refused before the target mattered), so
        /// the application can explain the problem in its own page (or in the
        /// form the address asks for). It should answer 400. Default: a bare 400.
        public var malformedTarget: (@Sendable (HTTPHeaders, String?) -> Response)? = nil

        /// Answers a request refused for its size (414 for the target, 431 for
        /// the header fields: see ``maxTargetBytes``), given the status, the
        /// request's header fields and its raw target, so the application can
        /// explain it in its own page (or in the form the address asks for).
        /// The server sets the status. Default: a bare text answer.
        public var refusedForSize: (@Sendable (Int, HTTPHeaders, String) -> Response)? = nil

        /// Receives the server's own diagnostics (libmicrohttpd's messages, a
        /// refused header, a shutdown timeout), one line each, no newline.
        /// Default: written to standard error.
        public var errorLog: @Sendable (String) -> Void = Server.writeToStandardError

        /// Whether ``Server/start()`` raises the soft open-file limit
        /// (`RLIMIT_NOFILE`) to the hard limit. Default `true`.
        public var raisesOpenFileLimit: Bool = true

        /// How long ``Server/shutdown(timeout:)`` waits for requests in
        /// flight by default. Default 10 seconds.
        public var shutdownTimeout: Duration = .seconds(10)

        /// Creates the default configuration; set fields afterwards.
        public init() {}

        /// Checks the values against what libmicrohttpd accepts.
        /// - Throws: ``HTTPServerError`` of kind `.invalidConfiguration`.
        func validate() throws(HTTPServerError) {
            func require(_ condition: Bool, _ message: String) throws(HTTPServerError) {
                if !condition { throw HTTPServerError(.invalidConfiguration, message) }
            }
            try require((1...1024).contains(threads), "threads must be 1...1024, got \(threads)")
            try require((0...1024).contains(workerThreads), "workerThreads must be 0...1024, got \(workerThreads)")
            try require((1...Int(UInt32.max)).contains(connectionLimit), "connectionLimit must be positive, got \(connectionLimit)")
            try require((0...Int(UInt32.max)).contains(perIPConnectionLimit), "perIPConnectionLimit must be >= 0, got \(perIPConnectionLimit)")
            try require((0...86_400).contains(connectionTimeoutSeconds), "connectionTimeoutSeconds must be 0...86400, got \(connectionTimeoutSeconds)")
            try require((4096...(16 << 20)).contains(memoryPerConnectionBytes), "memoryPerConnectionBytes must be 4 KiB...16 MiB, got \(memoryPerConnectionBytes)")
            try require((1...65_535).contains(listenBacklog), "listenBacklog must be 1...65535, got \(listenBacklog)")
            try require(maxRequestBodyBytes >= 0, "maxRequestBodyBytes must be >= 0")
        }
    }

    /// Writes `message` and a newline to file descriptor 2.
    /// - Parameter message: One line.
    @Sendable public static func writeToStandardError(_ message: String) {
        var bytes = Array("\(message)\n".utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
