// liststate check: validate HTML files, standard input or http:// URLs with
// MarkupValidation and print the problems the way a compiler does.
import Foundation
import MarkupValidation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `liststate check [--fragment [list-items|region|body]] FILE|URL|- ...`: validates pages and
/// fragments and prints `path:line:col: error: message [code]` for every problem.
///
/// Exit status: 0 when nothing is wrong (warnings alone are fine), 1 when any error was found, 2
/// for bad arguments, an unreadable file or an unreachable URL (the other inputs are still checked).
enum CheckCommand {
    /// The help text.
    static let usage = """
    usage: liststate check [--fragment [list-items|region|body]] FILE|URL|- ...

    Validates HTML5 documents and fragments (ListState's own templates' output, or
    overrides of them) and prints every problem as path:line:col: error: message [code].

      FILE            an HTML file, checked as a whole document
      -               standard input
      http://...      fetched twice: as a page (checked as a document), and with
                      'HX-Request: true' (checked as a fragment, see below)
      --fragment [C]  check files and standard input as fragments in context C:
                        list-items  a run of <li> checked inside <ol> (continuation)
                        region      the #list element where it stands (region fragment)
                        body        generic flow content
                      without C, input that starts with <li is list-items, else region
      -h, --help      show this help

    Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad arguments or
    input that could not be read or fetched.

    """

    /// What to check an input as.
    enum Mode: Equatable {
        /// A whole document.
        case document
        /// A fragment in the given context, or nil to guess it from the first tag.
        case fragment(MarkupValidator.FragmentContext?)
    }

    /// Runs the subcommand with its arguments (without the command name); returns the exit status.
    ///
    /// - Parameter arguments: The command line after `check`.
    /// - Returns: `ExitStatus.ok`, `.failure` or `.usage`.
    static func run(_ arguments: [String]) -> Int32 {
        var mode = Mode.document
        var inputs: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help":
                write(usage, to: .standardOutput)
                return ExitStatus.ok
            case "--fragment":
                mode = .fragment(nil)
                if index < arguments.count, let context = MarkupValidator.FragmentContext(rawValue: arguments[index]) {
                    mode = .fragment(context)
                    index += 1
                }
            case let option where option.hasPrefix("--fragment="):
                guard let context = MarkupValidator.FragmentContext(rawValue: String(option.dropFirst("--fragment=".count))) else {
                    return usageError("unknown fragment context in '\(option)' (use list-items, region or body)")
                }
                mode = .fragment(context)
            case "--":
                inputs += arguments[index...]
                index = arguments.count
            case let option where option.hasPrefix("-") && option != "-":
                return usageError("unknown option '\(option)'")
            default:
                inputs.append(argument)
            }
        }
        guard !inputs.isEmpty else { return usageError("no FILE or URL given") }

        let validator = MarkupValidator()
        var status = ExitStatus.ok
        for input in inputs {
            let inputStatus = check(input, mode: mode, with: validator)
            status = max(status, inputStatus)
        }
        return status
    }

    // MARK: Inputs

    private static func check(_ input: String, mode: Mode, with validator: MarkupValidator) -> Int32 {
        let lowercased = input.lowercased()
        if lowercased.hasPrefix("http://") {
            return checkURL(input, mode: mode, with: validator)
        }
        if lowercased.hasPrefix("https://") {
            write("liststate check: \(input): only http:// URLs can be fetched\n", to: .standardError)
            return ExitStatus.usage
        }
        let bytes: [UInt8]
        let label: String
        if input == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            label = "<stdin>"
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: input) else {
                write("liststate check: \(input): cannot read the file\n", to: .standardError)
                return ExitStatus.usage
            }
            bytes = [UInt8](data)
            label = input
        }
        return report(validate(bytes, mode: mode, with: validator), label: label)
    }

    private static func checkURL(_ url: String, mode: Mode, with validator: MarkupValidator) -> Int32 {
        do {
            let page = try HTTPClient.get(url, headers: [:])
            var status = report(validate(page.body, mode: mode == .document ? .document : mode, with: validator), label: url)
            let fragment = try HTTPClient.get(url, headers: ["HX-Request": "true"])
            let fragmentMode = mode == .document ? Mode.fragment(nil) : mode
            status = max(status, report(validate(fragment.body, mode: fragmentMode, with: validator), label: "\(url)[HX-Request]"))
            return status
        } catch {
            write("liststate check: \(url): \(error)\n", to: .standardError)
            return ExitStatus.usage
        }
    }

    /// Validates `bytes` as a document or as a fragment (guessing the context when not given).
    static func validate(_ bytes: [UInt8], mode: Mode, with validator: MarkupValidator) -> [Diagnostic] {
        switch mode {
        case .document:
            return validator.validateDocument(utf8: bytes)
        case .fragment(let context):
            return validator.validateFragment(utf8: bytes, context: context ?? guessContext(bytes))
        }
    }

    /// A fragment whose first tag is `<li` is a continuation (list items); anything else is a region.
    static func guessContext(_ bytes: [UInt8]) -> MarkupValidator.FragmentContext {
        var text = Substring(String(decoding: bytes.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop(while: \.isWhitespace)
            guard text.hasPrefix("<!--"), let end = text.range(of: "-->") else { break }
            text = text[end.upperBound...]
        }
        return text.lowercased().hasPrefix("<li") ? .listItems : .region
    }

    private static func report(_ diagnostics: [Diagnostic], label: String) -> Int32 {
        var output = ""
        for diagnostic in diagnostics {
            output += "\(label):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
        }
        if !output.isEmpty { write(output, to: .standardOutput) }
        return diagnostics.contains { $0.severity == .error } ? ExitStatus.failure : ExitStatus.ok
    }

    private static func usageError(_ message: String) -> Int32 {
        write("liststate check: \(message)\n\n\(usage)", to: .standardError)
        return ExitStatus.usage
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}

// MARK: - HTTP

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
              let host = components.host, !host.isEmpty else { throw FetchError.badURL(url) }
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
