import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client over a TCP socket: `GET` of `http://` URLs, `Connection: close`,
/// bodies delimited by `Content-Length`, chunked encoding or the end of the connection.
enum HTTPClient {
    /// Why a fetch failed.
    enum FetchError: Error, CustomStringConvertible {
        /// The URL is not an absolute `http://` URL with a host.
        case badURL(String)
        /// The host name could not be resolved.
        case unresolvable(String)
        /// No connection could be made.
        case unreachable(String, Int32)
        /// The connection broke or timed out.
        case io(Int32)
        /// The answer is not HTTP/1.x.
        case badResponse

        var description: String {
            switch self {
            case .badURL(let url): "'\(url)' is not an http:// URL"
            case .unresolvable(let host): "cannot resolve host '\(host)'"
            case .unreachable(let host, let code): "cannot connect to \(host): \(String(cString: strerror(code)))"
            case .io(let code): "the connection failed: \(String(cString: strerror(code)))"
            case .badResponse: "the server's answer is not HTTP/1.x"
            }
        }
    }

    /// A response.
    struct Response {
        /// The status code.
        var status: Int
        /// The header fields, names lowercased.
        var headers: [String: String]
        /// The body, decoded from chunked transfer encoding.
        var body: [UInt8]
    }

    /// Fetches `url` with `GET`.
    ///
    /// - Parameters:
    ///   - url: An `http://` URL.
    ///   - headers: Extra request header fields.
    ///   - timeout: Seconds to wait for the connection and each read.
    /// - Returns: The response.
    /// - Throws: `FetchError`.
    static func get(_ url: String, headers: [String: String], timeout: Int = 10) throws -> Response {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty
        else { throw FetchError.badURL(url) }
        let port = components.port ?? 80
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let descriptor = try connect(host: host, port: port, timeout: timeout)
        defer { close(descriptor) }

        var request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: text/html\r\nConnection: close\r\n"
        request += "User-Agent: liststate-check\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let requestBytes = Array(request.utf8)
        var sent = 0
        while sent < requestBytes.count {
            let count = requestBytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw FetchError.io(errno) }
            sent += count
        }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw FetchError.io(errno) }
            received += buffer[0..<count]
        }
        return try parse(received)
    }

    private static func connect(host: String, port: Int, timeout: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw FetchError.unresolvable(host)
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            var interval = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Glibc)
                let connected = Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
            #else
                let connected = Darwin.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
            #endif
            if connected == 0 { return descriptor }
            lastError = errno
            close(descriptor)
        }
        throw FetchError.unreachable("\(host):\(port)", lastError)
    }

    /// Splits a raw HTTP/1.x response into status, headers and body.
    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headerEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw FetchError.badResponse
        }
        let head = String(decoding: bytes[..<headerEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw FetchError.badResponse
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(headerEnd + 4)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = try dechunk(body)
        } else if let length = headers["content-length"].flatMap(Int.init), length < body.count {
            body = Array(body.prefix(length))
        }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var body: [UInt8] = []
        var offset = 0
        while offset < bytes.count {
            guard let lineEnd = bytes[offset...].firstIndex(of: 13), lineEnd + 1 < bytes.count else { throw FetchError.badResponse }
            let sizeText = String(decoding: bytes[offset..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw FetchError.badResponse
            }
            offset = lineEnd + 2
            if size == 0 { break }
            guard offset + size <= bytes.count else { throw FetchError.badResponse }
            body += bytes[offset..<(offset + size)]
            offset += size + 2
        }
        return body
    }
}
