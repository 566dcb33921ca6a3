import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The fake upstream of Tests/upstream/upstream_server.py as a child process for one test,
/// asked over a raw socket for the requests it received; ``stop()`` ends it (as does the end
/// of the test process: its standard input closes).
final class UpstreamProcess {
    let process: Process
    private let input: Pipe
    let port: UInt16

    init() throws {
        (process, input, port) = try startUpstreamServer()
    }

    /// The paths of the API requests it received, oldest first (a proxied one in absolute form).
    func paths() throws -> [String] {
        guard case .success(let descriptor) = LoopbackSocket.connect(port: port) else { return [] }
        defer { close(descriptor) }
        let request = Array("GET /-/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else { return [] }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        // Content-Length framed: the body is all after the blank line.
        guard let end = received.firstRange(of: Array("\r\n\r\n".utf8)) else { return [] }
        let log = try JSONSerialization.jsonObject(with: Data(received[end.upperBound...])) as? [[String: Any]] ?? []
        return log.map { ($0["path"] as? String) ?? "" }
    }

    /// Ends it (stdin closed, then SIGTERM), waiting at most 5 s.
    func stop() {
        try? input.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    deinit { stop() }
}
