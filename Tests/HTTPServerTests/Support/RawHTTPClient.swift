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
    /// Whether the whole body arrived: false for a chunked body whose last
    /// chunk never came (the server broke the connection off).
    var isComplete = true

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
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            (response.body, response.isComplete) = try readChunks()
        } else if let length = response.header("Content-Length").flatMap(Int.init) {
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

    /// A chunked body (RFC 9112 §7.1), and whether its last chunk came before
    /// the connection closed; chunk extensions and trailers are skipped.
    private func readChunks() throws -> (body: [UInt8], complete: Bool) {
        var body: [UInt8] = []
        while true {
            guard let line = try readLine() else { return (body, false) }
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw RawClientError(description: "bad chunk size line: \(line)")
            }
            if size == 0 {
                while let trailer = try readLine(), !trailer.isEmpty {}
                return (body, true)
            }
            while buffer.count < size + 2 {
                if try !fill() {
                    body += buffer.prefix(size)
                    buffer = []
                    return (body, false)
                }
            }
            body += buffer[0..<size]
            buffer.removeFirst(size + 2)
        }
    }

    /// One line ended by CRLF, without it; nil when the connection closed first.
    private func readLine() throws -> String? {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            if try !fill() { return nil }
        }
    }

    /// Reads what has arrived (waiting for at least one byte); false when the peer closed.
    func readSome() throws -> Bool {
        try fill()
    }

    /// Reads until the peer closes (or resets); returns whatever arrived.
    /// Throws only when the receive timeout passes with the connection open.
    func readUntilClosed() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }
}
