import HTTPServer
import Synchronization
import Testing

/// An HTTPServer on 127.0.0.1, port 0, for `check URL` tests: it records the
/// `HX-Request` field of every request it answers.
final class CheckTestServer {
    private let server: Server
    private let seen: Recorder
    /// "http://127.0.0.1:PORT".
    let base: String

    /// The `HX-Request` value of each request answered so far (nil when absent).
    var hxRequests: [String?] { seen.values.withLock { $0 } }

    /// Starts a server answering with `router`.
    init(_ router: Router) throws {
        var configuration = Server.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configuration.errorLog = { _ in }
        let seen = Recorder()
        server = Server(configuration: configuration) { request in
            seen.values.withLock { $0.append(request.headers["HX-Request"]) }
            return router.respond(to: request)
        }
        self.seen = seen
        try server.start()
        base = "http://127.0.0.1:\(try #require(server.port))"
    }

    /// Stops the server; its port refuses connections when this returns.
    func stop() {
        try? server.shutdown(timeout: .seconds(5))
    }
}

/// The `HX-Request` values a ``CheckTestServer`` saw, filled from its threads.
private final class Recorder: Sendable {
    let values = Mutex<[String?]>([])
}
