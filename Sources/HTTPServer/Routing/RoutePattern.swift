/// A parsed route pattern: `/`-separated literal segments, `:name` segments
/// that capture one non-empty segment, and an optional trailing `*` that
/// matches any remaining segments (zero or more).
struct RoutePattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The pattern as written, e.g. `/chars/:codepoint`.
    let text: String
    let segments: [Segment]
    let hasWildcard: Bool

    /// Parses a pattern.
    /// - Returns: `nil` when it does not start with `/`, has an empty
    ///   parameter name, or a `*` anywhere but the last segment.
    init?(_ text: String) {
        guard text.hasPrefix("/") else { return nil }
        var parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var wildcard = false
        if parts.last == "*" {
            wildcard = true
            parts.removeLast()
        }
        var segments: [Segment] = []
        for part in parts {
            if part == "*" { return nil }
            if part.hasPrefix(":") {
                let name = String(part.dropFirst())
                guard !name.isEmpty else { return nil }
                segments.append(.parameter(name))
            } else {
                segments.append(.literal(part))
            }
        }
        self.text = text
        self.segments = segments
        self.hasWildcard = wildcard
    }

    /// Matches decoded path segments.
    /// - Returns: The captures, or `nil` when the path does not match.
    /// - Complexity: O(segments).
    @inline(__always)  // In the router's loop: called, each route tried retained its pattern's parts.
    func match(_ path: [String]) -> RouteParameters? {
        if hasWildcard {
            guard path.count >= segments.count else { return nil }
        } else {
            guard path.count == segments.count else { return nil }
        }
        var captures: [(name: String, value: String)] = []
        // By index (a `zip` of the two retained and released the pattern's segments,
        // which every request's routing shares, for each route tried: perf).
        for index in 0..<segments.count {
            switch segments[index] {
            case .literal(let literal):
                guard literal == path[index] else { return nil }
            case .parameter(let name):
                guard !path[index].isEmpty else { return nil }
                captures.append((name, path[index]))
            }
        }
        return RouteParameters(captures: captures, remainder: Array(path.dropFirst(segments.count)))
    }
}
