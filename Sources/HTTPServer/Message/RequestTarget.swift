/// A raw request target (RFC 9112 §3.2) split and decoded: path, path segments
/// and query items.
struct RequestTarget: Sendable, Equatable {
    /// The percent-decoded path, starting with `/`.
    var path: String
    /// The raw path split at `/` (after the leading one), each part decoded.
    var pathSegments: [String]
    /// The decoded query pairs, in order.
    var queryItems: [QueryItem]

    /// Parses origin-form (`/path?query`) and absolute-form
    /// (`http://host/path?query`, whose scheme and authority are dropped).
    /// A fragment (`#...`) is not part of a target and is rejected.
    /// - Parameter target: The target as sent.
    /// - Returns: `nil` when it is not origin- or absolute-form, or any part has
    ///   malformed percent-encoding or invalid UTF-8.
    /// - Complexity: O(n).
    init?(parsing target: String) {
        self.init(parsing: Array(target.utf8))
    }

    /// Parses a target given as its bytes, as ``init(parsing:)`` does.
    /// - Parameter bytes: The target's bytes as sent.
    init?(parsing bytes: [UInt8]) {
        var bytes = bytes
        if !bytes.starts(with: [UInt8(ascii: "/")]) {
            // absolute-form: scheme "://" authority path-abempty [ "?" query ]
            guard let schemeEnd = Self.range(of: Array("://".utf8), in: bytes) else { return nil }
            let scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self).lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            let afterAuthority = bytes[(schemeEnd + 3)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            if let afterAuthority {
                bytes = Array(bytes[afterAuthority...])
                if bytes.first == UInt8(ascii: "?") { bytes.insert(UInt8(ascii: "/"), at: 0) }
            } else {
                bytes = [UInt8(ascii: "/")]
            }
        }
        guard !bytes.contains(UInt8(ascii: "#")) else { return nil }
        let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = bytes[..<(questionMark ?? bytes.endIndex)]
        guard let path = PercentDecoding.decode(rawPath, plusIsSpace: false) else { return nil }
        // Each segment decoded where it lies (`split` made an array of them first: perf).
        var segments: [String] = []
        var segmentStart = rawPath.startIndex + 1
        while true {
            let segmentEnd = rawPath[segmentStart...].firstIndex(of: UInt8(ascii: "/")) ?? rawPath.endIndex
            guard let segment = PercentDecoding.decode(rawPath[segmentStart..<segmentEnd], plusIsSpace: false) else { return nil }
            segments.append(segment)
            guard segmentEnd < rawPath.endIndex else { break }
            segmentStart = segmentEnd + 1
        }
        var items: [QueryItem] = []
        if let questionMark {
            let query = bytes[(questionMark + 1)...]
            for pair in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let rawName = pair[..<(equals ?? pair.endIndex)]
                let rawValue = equals.map { pair[($0 + 1)...] } ?? pair[pair.endIndex...]
                guard let name = PercentDecoding.decode(rawName, plusIsSpace: true),
                    let value = PercentDecoding.decode(rawValue, plusIsSpace: true)
                else { return nil }
                items.append(QueryItem(name: name, value: value))
            }
        }
        self.path = path
        self.pathSegments = segments
        self.queryItems = items
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
