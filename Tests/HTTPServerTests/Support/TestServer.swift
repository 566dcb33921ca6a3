import Foundation
import Synchronization

@testable import HTTPServer

/// Collects values from server threads.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }

    /// Waits (bounded) until `condition` holds for the recorded values; the
    /// bound is a safety net, not a timing assertion.
    func wait(until condition: ([Value]) -> Bool) -> [Value] {
        for _ in 0..<1000 {
            let current = all
            if condition(current) { return current }
            usleep(5_000)
        }
        return all
    }
}

/// A configuration for tests: loopback, port 0, a small pool.
func testConfiguration(_ adjust: (inout Server.Configuration) -> Void = { _ in }) -> Server.Configuration {
    var configuration = Server.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.threads = 3
    configuration.errorLog = { _ in }
    adjust(&configuration)
    return configuration
}

/// Starts a real server on port 0, runs `body` with its port, stops it.
func withServer(
    router: Router,
    configuration: Server.Configuration = testConfiguration(),
    _ body: (Server, UInt16) throws -> Void
) throws {
    let server = Server(configuration: configuration, router: router)
    try server.start()
    guard let port = server.port else { throw RawClientError(description: "no port") }
    do {
        try body(server, port)
    } catch {
        try? server.shutdown(timeout: .seconds(5))
        throw error
    }
    // Every request context was released (the completion callback ran for
    // each request, refused ones included): shutdown finds none in flight.
    try server.shutdown(timeout: .seconds(5))
}

/// The router most tests use.
func sampleRouter() throws -> Router {
    var router = Router()
    try router.get("/") { _, _ in .text("home") }
    try router.get("/chars/:codepoint") { _, parameters in .text("char \(parameters["codepoint"] ?? "?")") }
    try router.post("/chars/:codepoint") { request, parameters in
        .text("posted \(parameters["codepoint"] ?? "?") \(request.body.count)")
    }
    try router.get("/echo") { request, _ in
        var lines = request.queryItems.map { "\($0.name)=\($0.value)" }
        lines.append("hx=\(request.headers["hx-request"] ?? "-")")
        lines.append("path=\(request.path)")
        return .text(lines.joined(separator: "\n"))
    }
    try router.get("/files/:name/*") { _, parameters in
        .text("\(parameters["name"] ?? "?")|\(parameters.remainder.joined(separator: "|"))")
    }
    try router.get("/own-csp") { _, _ in .text("own", headers: ["Content-Security-Policy": "default-src 'none'"]) }
    try router.get("/bad-header") { _, _ in .text("secret-value", headers: ["X-Bad": "a\r\nSet-Cookie: x=1"]) }
    router.notFound = { request in .text("custom not found: \(request.path)", status: 404) }
    return router
}
