import Foundation
import HTTPFetch
import TestSupport

/// The fake upstream of Tests/upstream/upstream_server.py, started on a free port for one
/// test: switched into a mode (``control(_:)``), asked what it received (``requests()``) and
/// stopped (``stop()``). It also stops when the test process ends (its standard input closes).
final class TestUpstream: Sendable {
    let process: Process
    let input: Pipe
    let port: UInt16
    /// The certificate it serves HTTPS with; nil: it serves HTTP.
    let certificate: TestCertificate?
    /// `http://127.0.0.1:PORT`, or `https://…` with a certificate.
    var origin: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)" }

    /// The upstream over HTTP, or over HTTPS with `certificate`.
    init(certificate: TestCertificate? = nil) throws {
        self.certificate = certificate
        (process, input, port) = try startUpstreamServer(arguments: certificate.map { ["--tls", $0.certificate, $0.key] } ?? [])
    }

    /// One GET of `target` (a path and query) on the upstream, on a thread of its own (libcurl blocks).
    func get(_ target: String) async throws -> FetchResponse {
        var request = FetchRequest(url: origin + target)
        request.caFile = certificate?.certificate
        return try await onOwnThread { [request] in try Fetcher().fetch(request) }
    }

    /// Switches the upstream's mode: `mode=status&code=429`, … (the query of `/-/control`).
    func control(_ query: String) async throws {
        let status = try await get("/-/control?" + query).status
        guard status == 204 else { throw FetchError.cannotConnect("/-/control?\(query) answered \(status)") }
    }

    /// The API requests it received, oldest first: their path and query, and their
    /// `authorization`, `cookie` and `x-token` headers.
    func requests() async throws -> [(path: String, headers: [String: String])] {
        try await log().map { (($0["path"] as? String) ?? "", ($0["headers"] as? [String: String]) ?? [:]) }
    }

    /// The number of the TCP connection each API request came on, oldest first.
    func connections() async throws -> [Int] {
        try await log().map { ($0["connection"] as? Int) ?? 0 }
    }

    private func log() async throws -> [[String: Any]] {
        let body = try await get("/-/requests").body
        return try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]] ?? []
    }

    /// Stops it: its port refuses connections from now on.
    func stop() {
        try? input.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        // Polled: `waitUntilExit()` runs a run loop, which can wait for ever on a task's thread.
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    deinit { stop() }
}
