import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the raw test client.
struct RawClientError: Error, CustomStringConvertible {
    let description: String
}

/// One HTTP/1.1 response as read off the wire.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of a header, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The header fields but those that differ from request to request (`Date`,
    /// which may tick between two responses, and `X-Request-Id`), names lower-cased.
    var comparableHeaders: [String] {
        headers.filter { !["date", "x-request-id"].contains($0.name.lowercased()) }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// A tiny HTTP/1.1 client over a raw loopback socket, so tests control every
/// byte: keep-alive sequences, malformed targets, oversized headers.
final class RawHTTPClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` with a 10 s receive timeout (a safety net
    /// against hangs, not an assertion).
    init(port: UInt16) throws {
        switch LoopbackSocket.connect(port: port) {
        case .success(let connected): descriptor = connected
        case .failure(let error): throw RawClientError(description: error.description)
        }
    }

    deinit { close(descriptor) }

    /// Sends text as is (write CRLFs yourself).
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends bytes; throws when the peer has closed or reset.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw RawClientError(description: "send failed: errno \(errno)")
            }
            offset += sent
        }
    }

    /// Sends `GET <target>` (or another method) with a Host header.
    func request(_ method: String = "GET", _ target: String, headers: [String] = [], body: String = "") throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
        for header in headers { text += header + "\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try send(text)
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return false }
                throw RawClientError(description: "recv failed: errno \(errno)")
            }
            if count == 0 { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    /// Reads one response. `bodyless` for answers to HEAD (RFC 9110 §9.3.2).
    func readResponse(bodyless: Bool = false) throws -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if buffer.count >= 4 {
                headerEnd = (0...(buffer.count - 4)).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
            }
            if headerEnd == nil, try !fill() { throw RawClientError(description: "closed before the headers ended") }
        }
        guard let headerEnd else { throw RawClientError(description: "unreachable") }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawClientError(description: "bad status line: \(head)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
        if bodyless || status == 204 || status == 304 || (100..<200).contains(status) { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length {
                if try !fill() { throw RawClientError(description: "closed inside the body") }
            }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// Reads until the peer closes (or resets); returns whatever arrived.
    /// Throws only when the receive timeout passes with the connection open.
    func readUntilClosed() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }
}
