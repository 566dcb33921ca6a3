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
    /// `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../upstream/upstream_server.py").standardized
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Its first line is its port.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line += more
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            try? input.fileHandleForWriting.close()
            process.terminate()
            throw FetchError.cannotConnect("upstream_server.py printed no port")
        }
        self.port = port
    }

    /// One GET of `target` (a path and query) on the upstream, on a thread of its own (libcurl blocks).
    func get(_ target: String) async throws -> FetchResponse {
        let url = origin + target
        return try await onOwnThread { try Fetcher().fetch(FetchRequest(url: url)) }
    }

    /// Switches the upstream's mode: `mode=status&code=429`, … (the query of `/-/control`).
    func control(_ query: String) async throws {
        let status = try await get("/-/control?" + query).status
        guard status == 204 else { throw FetchError.cannotConnect("/-/control?\(query) answered \(status)") }
    }

    /// The API requests it received, oldest first: their path and query, and their
    /// `authorization`, `cookie` and `x-token` headers.
    func requests() async throws -> [(path: String, headers: [String: String])] {
        let body = try await get("/-/requests").body
        let log = try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]] ?? []
        return log.map { (($0["path"] as? String) ?? "", ($0["headers"] as? [String: String]) ?? [:]) }
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
