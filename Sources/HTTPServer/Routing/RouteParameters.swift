/// The values a route pattern captured from a request path.
///
/// For the pattern `/chars/:codepoint` and the path `/chars/U%2B0041`,
/// `parameters["codepoint"] == "U+0041"`. For a pattern ending in `*`,
/// ``remainder`` holds the decoded segments it matched.
public struct RouteParameters: Sendable, Equatable {
    /// The named captures in pattern order, each one decoded path segment.
    public private(set) var captures: [(name: String, value: String)]
    /// The decoded segments matched by a trailing `*` (empty when none).
    public var remainder: [String]

    /// Creates parameters.
    /// - Parameters:
    ///   - captures: Named captures in order.
    ///   - remainder: Segments matched by a trailing `*`.
    public init(captures: [(name: String, value: String)] = [], remainder: [String] = []) {
        self.captures = captures
        self.remainder = remainder
    }

    /// The value captured by `:name`, or `nil`.
    /// - Complexity: O(n) in the number of captures.
    public subscript(name: String) -> String? {
        captures.first { $0.name == name }?.value
    }

    /// Equality of captures (in order) and remainder.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.remainder == rhs.remainder
            && lhs.captures.count == rhs.captures.count
            && zip(lhs.captures, rhs.captures).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
