/// An HTTP request as the server received it: a plain value, safe to pass
/// between threads.
///
/// The path and query are decoded by HTTPServer itself from the raw request
/// target (libmicrohttpd passes invalid escapes through and truncates at `%00`);
/// a target that does not decode is answered with 400 before any handler runs.
public struct Request: Sendable {
    /// The method, e.g. ``HTTPMethod/get``.
    public var method: HTTPMethod
    /// The request target exactly as sent (RFC 9112 §3.2), e.g. `"/a%20b?q=1"`.
    public var target: String
    /// The percent-decoded path, e.g. `"/a b"`. A decoded `%2F` shows as `/`
    /// here; use ``pathSegments`` when that matters.
    public var path: String
    /// The path split at each raw `/`, then each segment percent-decoded:
    /// `"/a/b%2Fc"` → `["a", "b/c"]`, `"/"` → `[""]`, `"/a/"` → `["a", ""]`.
    public var pathSegments: [String]
    /// The query string's pairs in order, percent-decoded, repeated names kept.
    public var queryItems: [QueryItem]
    /// The header fields in order; look-ups ignore case: `headers["hx-request"]`.
    public var headers: HTTPHeaders
    /// The request body (empty for most GETs), bounded by
    /// ``Server/Configuration/maxRequestBodyBytes``.
    public var body: [UInt8]
    /// The client's numeric IP address (`"127.0.0.1"`, `"::1"`), when known.
    public var remoteAddress: String?
    /// When the request line arrived (the server's clock): time limits that
    /// count from the request, the wait for a worker thread included, start here.
    public let received: ContinuousClock.Instant

    /// Creates a request (the server does this; tests and callers may too).
    /// - Parameters:
    ///   - method: The method.
    ///   - target: The raw request target; must be decodable.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    ///   - remoteAddress: The client's address.
    /// - Throws: ``HTTPServerError`` of kind `.malformedRequestTarget` when
    ///   `target` has malformed percent-encoding or invalid UTF-8.
    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], remoteAddress: String? = nil) throws(HTTPServerError) {
        guard let parsed = RequestTarget(parsing: target) else {
            throw HTTPServerError(.malformedRequestTarget, "request target does not decode: \(target)")
        }
        self.init(method: method, target: target, parsed: parsed, headers: headers, body: body, remoteAddress: remoteAddress)
    }

    init(
        method: HTTPMethod, target: String, parsed: RequestTarget, headers: HTTPHeaders, body: [UInt8], remoteAddress: String?,
        received: ContinuousClock.Instant = .now
    ) {
        self.received = received
        self.method = method
        self.target = target
        self.path = parsed.path
        self.pathSegments = parsed.pathSegments
        self.queryItems = parsed.queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The value of the first query item named `name`, or `nil`.
    /// - Parameter name: The decoded name, compared exactly.
    /// - Complexity: O(n) in the number of query items.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every value of the query items named `name`, in order.
    /// - Parameter name: The decoded name, compared exactly.
    /// - Returns: The values; empty when absent.
    /// - Complexity: O(n).
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// This request with `prefix` (`/lists`: segments, no trailing `/`) taken
    /// off the front of its path, target and segments; nil when its path does
    /// not start with `prefix` followed by `/`.
    public func removingPathPrefix(_ prefix: String) -> Request? {
        let segments = prefix.split(separator: "/").map(String.init)
        guard path.hasPrefix(prefix + "/"), pathSegments.count > segments.count,
            Array(pathSegments.prefix(segments.count)) == segments
        else { return nil }
        var inside = self
        inside.path = String(path.dropFirst(prefix.count))
        inside.pathSegments.removeFirst(segments.count)
        if target.hasPrefix(prefix + "/") { inside.target = String(target.dropFirst(prefix.count)) }
        return inside
    }
}
