/// An HTTP request method (RFC 9110 §9), compared case-sensitively as the RFC
/// requires ("GET" and "get" are different methods).
///
/// Any token is allowed; the common ones have static constants.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method token as sent on the request line, e.g. `"GET"`.
    public var rawValue: String

    /// Creates a method from its token.
    /// - Parameter rawValue: The token, e.g. `"PATCH"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a method from a string literal, e.g. `let m: HTTPMethod = "GET"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The token.
    public var description: String { rawValue }

    /// `GET` (RFC 9110 §9.3.1).
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD` (RFC 9110 §9.3.2): a GET without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST` (RFC 9110 §9.3.3).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT` (RFC 9110 §9.3.4).
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE` (RFC 9110 §9.3.5).
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS` (RFC 9110 §9.3.7).
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH` (RFC 5789).
    public static let patch = HTTPMethod(rawValue: "PATCH")
}
