/// One line's worth of facts about one answered request, handed to
/// ``Server/Configuration/accessLog`` after the response has been sent.
public struct AccessLogEntry: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The raw request target as sent (not decoded, so logs show what arrived).
    public var target: String
    /// The status code sent.
    public var status: Int
    /// Body bytes sent (0 for HEAD and 304).
    public var bodyBytes: Int
    /// Milliseconds from the request line's arrival to the end of sending.
    public var durationMilliseconds: Double
    /// The client's numeric IP address, when known.
    public var remoteAddress: String?

    /// Creates an entry (the server does this; tests of a log sink may too).
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The raw request target.
    ///   - status: The status code sent.
    ///   - bodyBytes: Body bytes sent.
    ///   - durationMilliseconds: Milliseconds from request line to end of sending.
    ///   - remoteAddress: The client's numeric IP address.
    public init(method: HTTPMethod, target: String, status: Int, bodyBytes: Int, durationMilliseconds: Double, remoteAddress: String?) {
        self.method = method
        self.target = target
        self.status = status
        self.bodyBytes = bodyBytes
        self.durationMilliseconds = durationMilliseconds
        self.remoteAddress = remoteAddress
    }

    /// A common one-line form: `127.0.0.1 "GET /x" 200 12B 0.41ms`.
    public var line: String {
        let milliseconds = (durationMilliseconds * 100).rounded() / 100
        return "\(remoteAddress ?? "-") \"\(method) \(target)\" \(status) \(bodyBytes)B \(milliseconds)ms"
    }
}
