/// What to fetch and within which limits: a `GET` of an `http://` or `https://` URL.
///
/// The defaults suit a client inside a server: a few seconds to connect, a bounded
/// whole transfer, a bounded body, up to 5 redirects.
public struct FetchRequest: Sendable, Equatable {
    /// The request method.
    public enum Method: String, Sendable, Equatable {
        /// `GET`.
        case get = "GET"
    }

    /// The absolute URL to fetch; its scheme must be `http` or `https`.
    public var url: String
    /// The request method.
    public var method: Method = .get
    /// Header fields sent with the request, in order. Names and values must not contain
    /// CR, LF or NUL. `Authorization` and `Cookie` are not sent on to another host after a redirect.
    public var headers: [FetchHeaderField] = []
    /// The longest wait for a connection (name resolution and TLS handshake included).
    public var connectTimeout: Duration = .seconds(10)
    /// The longest the whole fetch may take, redirects included.
    public var totalTimeout: Duration = .seconds(30)
    /// The largest body accepted, in bytes (after any content coding is undone).
    public var maximumBodyBytes: Int = 16 << 20
    /// How many redirects are followed; one more is ``FetchError/tooManyRedirects(limit:url:)``.
    /// 0 returns a redirect as the response.
    public var maximumRedirects: Int = 5
    /// A PEM file of the certificate authorities trusted for this request's TLS (CURLOPT_CAINFO),
    /// in place of the system's; nil: the system's trust store. Verification is never turned off.
    public var caFile: String?

    /// A `GET` of `url` with the default limits, sending `headers`.
    public init(url: String, headers: [FetchHeaderField] = []) {
        self.url = url
        self.headers = headers
    }
}
