/// Why a fetch gave no response. Each case says what went wrong in its
/// ``description``, ready for a log line or a command's error message.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL cannot be parsed, or has no host.
    case badURL(String)
    /// The URL (the request's or a redirect's) has a scheme other than `http` or `https`.
    case unsupportedScheme(String)
    /// A request header field's name or value is empty or holds CR, LF or NUL; nothing was sent.
    case badHeaderField(String)
    /// The host name did not resolve.
    case cannotResolve(String)
    /// No connection could be made (refused, unreachable); curl's words.
    case cannotConnect(String)
    /// The connection or the whole fetch took longer than the request allows.
    case timedOut(String)
    /// The server redirected more than `limit` times; `url` is the last URL fetched, which redirected once more.
    case tooManyRedirects(limit: Int, url: String)
    /// The TLS handshake or the server's certificate failed verification; curl's words.
    case tls(String)
    /// The body is larger than the request allows.
    case bodyTooLarge(limit: Int)
    /// The server's answer is not HTTP, or the connection broke during the transfer; curl's words.
    case transferFailed(String)

    public var description: String {
        switch self {
        case .badURL(let url): "'\(url)' is not a valid URL"
        case .unsupportedScheme(let url): "'\(url)' is not an http:// or https:// URL"
        case .badHeaderField(let name): "the request header field '\(name)' is empty or holds a line break or NUL"
        case .cannotResolve(let message): "cannot resolve the host: \(message)"
        case .cannotConnect(let message): "cannot connect: \(message)"
        case .timedOut(let message): "timed out: \(message)"
        case .tooManyRedirects(let limit, let url): "stopped after \(limit) redirects (\(url) redirected again)"
        case .tls(let message): "TLS failed: \(message)"
        case .bodyTooLarge(let limit): "the body is larger than \(limit) bytes"
        case .transferFailed(let message): "the transfer failed: \(message)"
        }
    }
}
