#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The syntax of a `Host` field value (RFC 9112 §3.2): `uri-host [ ":" port ]`,
/// where `uri-host` is RFC 3986's `host` (§3.2.2) and `port` is `*DIGIT` (§3.2.3).
enum HostField {
    /// Whether `value` is `uri-host [ ":" port ]`: an IP literal in brackets (an
    /// IPv6 address as `inet_pton(3)` reads it, or `v` 1*HEXDIG `.` 1*(unreserved /
    /// sub-delims / `:`)), or a reg-name or IPv4 address (unreserved, sub-delims
    /// and `%` HEXDIG HEXDIG; no `:`), then an optional `:` and digits. An empty
    /// value is valid (RFC 9112 §3.2: a target without an authority).
    /// - Complexity: O(n).
    static func isValid(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isValid(bytes: $0) }
    }

    private static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(bytes[1..<close]) else { return false }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard isRegName(bytes[..<hostEnd]) else { return false }
        }
        guard hostEnd < bytes.count else { return true }
        guard bytes[hostEnd] == UInt8(ascii: ":") else { return false }
        hostEnd += 1
        return bytes[hostEnd...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// reg-name (and so IPv4address): unreserved / pct-encoded / sub-delims.
    private static func isRegName(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, URICharacters.isHexDigit(bytes[index + 1]), URICharacters.isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard URICharacters.isUnreserved(byte) || URICharacters.isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// What is between `[` and `]`: IPv6address or IPvFuture.
    private static func isIPLiteral(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            let rest = bytes.dropFirst()
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot > rest.startIndex,
                rest[..<dot].allSatisfy(URICharacters.isHexDigit), dot + 1 < rest.endIndex
            else { return false }
            return rest[(dot + 1)...].allSatisfy { URICharacters.isUnreserved($0) || URICharacters.isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        // inet_pton reads exactly RFC 4291's text forms, the ones RFC 3986's IPv6address allows.
        guard bytes.count <= 45, bytes.allSatisfy({ URICharacters.isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
        var text = Array(bytes).map { CChar(bitPattern: $0) }
        text.append(0)
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}
