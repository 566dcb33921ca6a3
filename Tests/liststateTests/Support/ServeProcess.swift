import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `liststate serve` running as a child process, started in a folder other
/// than the repository (so the built-in templates must come from the binary).
final class ServeProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The URL the server printed once it was ready.
    private(set) var url: String = ""
    /// Everything the server printed to standard error so far (after `stop`).
    private(set) var errorText = ""
    /// What it printed to standard output after its URL line (after `stop`): the access log.
    private(set) var outputText = ""

    /// Starts the server with `arguments` after `serve --port 0` (and
    /// `environment` added to this process's) and waits (at most `timeout`
    /// seconds) for the line that gives its URL.
    init(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws {
        let binary = try #require(CLIRun.executable)
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var printed = ""
        let handle = output.fileHandleForReading
        while Date() < deadline, process.isRunning {
            let data = handle.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
            if let line = printed.split(separator: "\n").first(where: { $0.contains("listening on ") }),
                let start = line.range(of: "http://")
            {
                url = String(line[start.lowerBound...])
                break
            }
        }
        try #require(!url.isEmpty, "the server printed no URL: \(printed)")
    }

    /// The port from the printed URL.
    var port: UInt16 {
        UInt16(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0
    }

    /// Sends `signal` and waits for the exit status; a server still running
    /// 30 s later is killed (SIGKILL, status 9), so a failing test ends.
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus
    }

    /// A GET over a fresh connection to the server (`Connection: close`); the
    /// whole answer as text, or nil when the connection failed.
    func get(_ target: String) -> String? {
        guard case .success(let descriptor) = LoopbackSocket.connect(port: port) else { return nil }
        defer { close(descriptor) }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received.isEmpty ? nil : String(decoding: received, as: UTF8.self)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// A catalogue built once for the serve tests.
enum SharedCatalogue {
    static let folder: String = {
        TemporaryFolder.make("serve")
    }()
    static var path: String { folder + "/catalogue.sqlite" }
}
