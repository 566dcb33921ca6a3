import Foundation
import TestSupport

/// A minimal HTTP/1.1 client over a loopback TCP socket, for tests: one
/// request per connection (`Connection: close`), the whole answer read until EOF.
struct HTTPTestClient {
    /// An answer: status, header fields (names lower-cased) and body bytes.
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        /// Whether the whole body arrived: false for a chunked body whose last chunk never came.
        var isComplete = true

        /// The first value of a header field, by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.name == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let port: UInt16

    /// Sends `method target` with extra header lines, returns the answer.
    func send(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) throws -> Answer {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let raw = try exchange(Array(request.utf8))
        return try Self.parse(raw, method: method)
    }

    /// Writes raw bytes and reads until the server closes the connection.
    func exchange(_ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor: Int32
        switch LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 20) {
        case .success(let connected): descriptor = connected
        case .failure(let error): throw Failure(description: error.description)
        }
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Parses one answer with a Content-Length (or no body for HEAD).
    static func parse(_ raw: [UInt8], method: String) throws -> Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw Failure(description: "no header end in \(raw.count) bytes")
        }
        let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(head[0])")
        }
        var headers: [(name: String, value: String)] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var answer = Answer(status: status, headers: headers, body: Array(raw[(end + 4)...]))
        if answer.header("transfer-encoding") == "chunked" { (answer.body, answer.isComplete) = dechunked(answer.body) }
        return answer
    }

    /// A chunked body's content (RFC 9112 §7.1), and whether its last chunk came.
    static func dechunked(_ raw: [UInt8]) -> (body: [UInt8], complete: Bool) {
        var body: [UInt8] = []
        var index = 0
        while let lineEnd = raw[index...].indices.dropLast().first(where: { raw[$0] == 13 && raw[$0 + 1] == 10 }) {
            let sizeText = String(decoding: raw[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { break }
            if size == 0 { return (body, true) }
            let start = lineEnd + 2
            guard start + size + 2 <= raw.count else {
                body += raw[start..<min(raw.count, start + size)]
                break
            }
            body += raw[start..<(start + size)]
            index = start + size + 2
        }
        return (body, false)
    }
}
