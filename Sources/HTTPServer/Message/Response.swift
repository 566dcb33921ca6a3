/// An HTTP response as a plain value: status, ordered header fields, body bytes.
///
/// The server adds `Content-Length` (from ``body``) and `Date` itself; a
/// `Content-Length` or `Transfer-Encoding` field set here is ignored (see
/// ``Server`` for the framing rules). Header values may not contain CR or LF:
/// a response with such a value is replaced by a bare 500 and logged.
public struct Response: Sendable {
    /// The status code, 100...599 (RFC 9110 §15). Anything else is sent as 500.
    public var status: Int { didSet { shared = nil } }
    /// The header fields in order; the server's default headers are added for
    /// names not present here.
    public var headers: HTTPHeaders { didSet { shared = nil } }
    /// The body bytes. For HEAD the server sends the headers of this body
    /// (including its `Content-Length`) and no body (RFC 9110 §9.3.2).
    public var body: [UInt8] { didSet { shared = nil } }
    /// One libmicrohttpd response for every request this response answers
    /// (``SharedResponse``: no copy, no header allocation per request; no
    /// `X-Request-Id`); nil for a response made for one request. Any change to
    /// the status, headers, body or stream drops it.
    public var shared: SharedResponse?
    /// The rest of the body, made while it is sent (``ResponseStream``), after
    /// ``body``; nil for a body that is all in ``body``. A streamed response has
    /// no `Content-Length` (it is sent chunked).
    public var stream: ResponseStream? { didSet { shared = nil } }

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code; default 200.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a `text/plain; charset=utf-8` response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - text: The body, encoded as UTF-8.
    ///   - headers: Further header fields.
    /// - Returns: The response.
    public static func text(_ text: String, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> Response {
        var response = Response(status: status, headers: headers, body: Array(text.utf8))
        if !response.headers.contains("Content-Type") {
            response.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        return response
    }

    /// Creates a `text/html; charset=utf-8` response from bytes already
    /// rendered (and escaped) by the caller.
    /// - Parameters:
    ///   - body: UTF-8 HTML bytes.
    ///   - status: The status code.
    ///   - headers: Further header fields.
    /// - Returns: The response.
    public static func html(_ body: [UInt8], status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> Response {
        var response = Response(status: status, headers: headers, body: body)
        if !response.headers.contains("Content-Type") {
            response.headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        }
        return response
    }

    /// The short plain-text response the server itself uses for 400, 404,
    /// 405, 413 and 500: `"<status> <reason>\n"`, no details.
    /// - Parameter status: The status code.
    /// - Returns: The response.
    public static func status(_ status: Int) -> Response {
        .text("\(status) \(reasonPhrase(status))\n", status: status)
    }

    /// The reason phrase for common status codes (RFC 9110 §15), or `"Error"`.
    /// - Parameter status: The status code.
    /// - Returns: The phrase, e.g. `"Not Found"`.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }
}
