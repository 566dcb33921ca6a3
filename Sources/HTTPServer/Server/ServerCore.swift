import Synchronization

/// The part of a ``Server`` that libmicrohttpd's callbacks reach through their
/// `cls` pointer: configuration, the responder and the counters. Every stored
/// property is immutable or atomic, so it is `Sendable` as checked by the
/// compiler, which is what makes handing it to C threads sound.
final class ServerCore: Sendable {
    let configuration: Server.Configuration
    let responder: @Sendable (Request) -> Response
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

    init(configuration: Server.Configuration, responder: @escaping @Sendable (Request) -> Response) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Runs the responder for a complete request, or answers a malformed
    /// target with 400 and an oversized body with 413.
    func response(for context: RequestContext, headers: HTTPHeaders) -> Response {
        if context.bodyTooLarge {
            var response = Response.status(413)
            response.headers.replaceOrAdd(name: "Connection", value: "close")
            return response
        }
        // RFC 9112 §3.2: the target is visible ASCII; anything else is refused
        // before decoding.
        guard !context.rawTarget.isEmpty,
              context.rawTarget.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
              let parsed = RequestTarget(parsing: context.targetText) else {
            return configuration.malformedTarget?(headers) ?? Response.status(400)
        }
        let request = Request(
            method: context.method, target: context.targetText, parsed: parsed,
            headers: headers, body: context.body, remoteAddress: context.remoteAddress)
        return responder(request)
    }

    /// Applies the server's rules to a response before it is sent: a valid
    /// status, the default headers, `Connection: close` while draining.
    func finalize(_ response: Response) -> Response {
        var response = response
        if !(100...599).contains(response.status) {
            configuration.errorLog("response status \(response.status) is not 100...599; sent 500 instead")
            response = Response.status(500)
        }
        response.headers.addMissing(configuration.defaultHeaders)
        if isDraining.load(ordering: .relaxed) {
            response.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        return response
    }
}
