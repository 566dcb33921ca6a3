import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `liststate serve` whose standard output cannot take what it writes
/// (Tests/reliability/faults.py, "standard output"): the server serves on.
@Suite(.serialized) struct StandardOutputTests {
    /// A loopback port free right now (the server's URL line cannot be read here).
    func freePort() throws -> UInt16 {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
            }
        }
        try #require(bound)
        return UInt16(bigEndian: address.sin_port)
    }

    /// One `GET target` on a fresh connection: the status, or nil without an answer.
    func status(port: UInt16, _ target: String) -> Int? {
        guard case .success(let socket) = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 5) else { return nil }
        defer { close(socket) }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        let head = String(decoding: received.prefix(12), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(head.dropFirst(9).prefix(3))
    }

    /// Starts `serve` on `port` with standard output on the write end of a new
    /// pipe; returns the process and the pipe's read end (close-on-exec, so the
    /// child never holds it).
    func serve(port: UInt16) throws -> (Process, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let binary: URL = try #require(CLIRun.executable)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", String(port), "--db", SharedCatalogue.path]
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(ends[1])
        return (process, ends[0])
    }

    /// Waits until `/-/livez` answers (the catalogue may be built first).
    func waitUntilUp(_ process: Process, port: UInt16) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            if status(port: port, "/-/livez") == 200 { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Found by faults.py: with standard output a pipe whose reader had gone
    /// (`liststate serve | head -1`, a log collector restarted), the first
    /// line the server wrote killed it with SIGPIPE.
    @Test func aPipeWhoseReaderIsGoneDoesNotKillTheServer() throws {
        let port = try freePort()
        let (process, reader) = try serve(port: port)
        close(reader)
        #expect(waitUntilUp(process, port: port), "the server serves with nobody reading its output")
        for _ in 0..<20 { #expect(status(port: port, "/?limit=5") == 200) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "exit \(process.terminationStatus), \(process.terminationReason == .uncaughtSignal ? "killed by a signal" : "exited")")
    }

    /// Found by faults.py: with standard output a pipe nobody reads, the
    /// access log filled it (64 KiB, about 1,600 requests) and every request
    /// thread then blocked in write(2): the server stopped answering, and its
    /// stop ran into the drain limit.
    @Test func aFullPipeDoesNotStopTheServer() throws {
        let port = try freePort()
        let (process, reader) = try serve(port: port)
        defer { close(reader) }
        try #require(waitUntilUp(process, port: port))
        var answered = 0
        for index in 0..<4000 {
            guard status(port: port, index % 2 == 0 ? "/-/livez" : "/?limit=5") == 200 else { break }
            answered += 1
        }
        #expect(answered == 4000, "answered \(answered) of 4000 with nobody reading the access log")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // What got through is whole lines; the lines that did not fit were counted.
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var text: [UInt8] = []
        let flags = fcntl(reader, F_GETFL)
        _ = fcntl(reader, F_SETFL, flags | O_NONBLOCK)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            text += buffer[0..<count]
        }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the output ends with a whole line")
        #expect(
            lines.dropLast().allSatisfy {
                $0.hasPrefix("127.0.0.1 - - [") || $0.hasPrefix("ListState is listening") || $0.hasPrefix("liststate: ")
            },
            "only whole lines: \(lines.prefix(3)) … \(lines.suffix(3))")
    }
}
