import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The JSON service of `station_service.py`, started on a free port for one test: told to
/// answer, answer slowly or empty (``set(_:)``), or stopped (``stop()``). It also stops when
/// the test process ends, whatever way (its standard input closes).
final class StationService: Sendable {
    let process: Process
    let input: Pipe
    let port: UInt16
    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "station_service.py")
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
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "station_service.py printed no port"])
        }
        self.port = port
    }

    /// Answers from now on as `mode` says: `answers`, `empty` or `slow`.
    func set(_ mode: String) async throws {
        let (_, response) = try await URLSession.shared.data(from: url.appending(path: "control").appending(queryItems: [.init(name: "mode", value: mode)]))
        precondition((response as? HTTPURLResponse)?.statusCode == 200)
    }

    /// Stops the service: its port refuses connections from now on.
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
