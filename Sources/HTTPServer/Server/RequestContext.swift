import Foundation
import Synchronization

/// What the server keeps about one request between libmicrohttpd's callbacks
/// (its `*con_cls`). Created by the URI log callback, released by the
/// completion callback; touched only by the thread that owns the connection,
/// so it needs no lock and is deliberately not `Sendable` — but for the
/// hand-over to a worker: while the connection is suspended only the worker
/// writes ``workerResponse``, then ``handOver`` decides (atomically) who
/// resumes the connection, and libmicrohttpd's resume orders the write before
/// the connection thread's read.
final class RequestContext {
    /// The states of a hand-over to a worker (``handOver``).
    enum HandOver {
        /// The worker is running; the connection is suspended.
        static let working = 0
        /// The worker finished: ``workerResponse`` is set, the worker resumed the connection.
        static let answered = 1
        /// The server stopped first and resumed the connection; the worker's answer is dropped.
        static let abandoned = 2
    }
    /// The request target bytes exactly as received.
    let rawTarget: [UInt8]
    /// When the request line arrived.
    let started: ContinuousClock.Instant
    /// When the request line arrived, by the wall clock, when there is an access log to write it.
    let startedAt: Date?
    /// The request's header fields, read once when they are complete (reading them
    /// makes a string of every name and value).
    var headers = HTTPHeaders()
    /// The request's id (``RequestID``), made from its header fields when an answer or
    /// the access log first names it (a kept answer names none: ``SharedResponse``).
    lazy var requestID = RequestID.for(headers["X-Request-Id"])
    /// The request line's version, for the access log and a streamed body.
    var httpVersion = "HTTP/1.1"
    /// The client's numeric address, if known.
    let remoteAddress: String?
    /// Whether the first access-handler call (headers complete) has happened.
    var headersReceived = false
    /// Whether the request is counted in `requestsInFlight`: from the moment it
    /// is complete (headers and body) and handed to the responder until it is done.
    var isCounted = false
    /// Request body collected so far.
    var body: [UInt8] = []
    /// Whether the body went over the limit (the rest is discarded).
    var bodyTooLarge = false
    /// The method, once known.
    var method: HTTPMethod = .get
    /// The status queued, once a response was queued.
    var status: Int?
    /// Body bytes queued (0 for HEAD and 304).
    var bodyBytes = 0
    /// Whether the answer was handed to a worker (the connection was suspended).
    var isWithWorker = false
    /// The worker's response, written by the worker before it resumes the connection.
    var workerResponse: Response?
    /// ``HandOver`` state of a request handed to a worker.
    let handOver = Atomic<Int>(HandOver.working)

    init(rawTarget: [UInt8], remoteAddress: String?, logged: Bool) {
        self.rawTarget = rawTarget
        self.started = ContinuousClock.now
        self.startedAt = logged ? Date() : nil
        self.remoteAddress = remoteAddress
    }

    /// The raw target as text (ASCII for any target the server accepts).
    var targetText: String { String(decoding: rawTarget, as: UTF8.self) }
}
