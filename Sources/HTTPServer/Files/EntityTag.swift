/// Strong entity tags (RFC 9110 §8.8.3) computed from content bytes, and the
/// `If-None-Match` evaluation (RFC 9110 §13.1.2).
public enum EntityTag {
    /// A strong tag for `bytes`: `"<byte count in hex>-<FNV-1a 64 in hex>"`,
    /// quoted. Equal bytes always give equal tags; a change of content changes
    /// the tag except for a 64-bit hash collision at the same length.
    /// - Complexity: O(n).
    public static func strong(for bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
    }

    /// Whether an `If-None-Match` field value matches `tag`, i.e. the
    /// condition is false and a GET/HEAD gets 304 (RFC 9110 §13.1.2): `*`
    /// matches any current representation; otherwise a comma-separated list
    /// compared with the weak comparison (a `W/` prefix is ignored).
    /// - Parameters:
    ///   - fieldValue: The field value, possibly a list.
    ///   - tag: The current strong tag, quoted.
    /// - Complexity: O(n).
    public static func ifNoneMatch(_ fieldValue: String, matches tag: String) -> Bool {
        for member in fieldValue.split(separator: ",") {
            var candidate = member.trimmingASCIIWhitespace()
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            if candidate == tag { return true }
        }
        return false
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    func trimmingASCIIWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
