/// Builds `application/x-www-form-urlencoded` query strings (WHATWG URL
/// Standard §5.2, "application/x-www-form-urlencoded serializing"), the form a
/// plain GET form submits, so links and forms agree.
package enum QueryString {
    /// `path` followed by `?` and the encoded items, or `path` alone when there are none.
    package static func link(_ path: String, _ items: [(name: String, value: String)]) -> String {
        items.isEmpty ? path : written(path, items)
    }

    /// `items` encoded and joined with `&`, without a leading `?` (empty for none).
    static func encoded(_ items: [(name: String, value: String)]) -> String {
        items.isEmpty ? "" : written(nil, items)
    }

    /// `path` (when not nil) and `?`, then `items` encoded and joined with `&`:
    /// written once into a string of the most bytes they can take (each byte
    /// encoded in three), where joining encoded parts made a `String` per part
    /// (a next-page link was 6.9 K instructions of the 50-row page's 199 K; callgrind).
    private static func written(_ path: String?, _ items: [(name: String, value: String)]) -> String {
        var capacity = (path?.utf8.count ?? 0) + 1
        for item in items { capacity += (item.name.utf8.count + item.value.utf8.count) * 3 + 2 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var length = 0
            if var path {
                path.withUTF8 { bytes in
                    _ = buffer[length..<length + bytes.count].initialize(from: bytes)
                    length += bytes.count
                }
                buffer[length] = UInt8(ascii: "?")
                length += 1
            }
            for (index, item) in items.enumerated() {
                if index > 0 {
                    buffer[length] = UInt8(ascii: "&")
                    length += 1
                }
                length = write(item.name, into: buffer, at: length)
                buffer[length] = UInt8(ascii: "=")
                length = write(item.value, into: buffer, at: length + 1)
            }
            return length
        }
    }

    /// `path` with the already encoded parts `before` and `after` (``encoded(_:)``) and,
    /// between them, `sort=VALUE` when `sort` is not nil: the sort links of one page,
    /// which differ in that item only, without encoding the rest again for each.
    static func link(_ path: String, before: String, sort: String?, after: String) -> String {
        var link = path
        link.reserveCapacity(path.utf8.count + before.utf8.count + after.utf8.count + (sort?.utf8.count ?? 0) + 8)
        var separator = "?"
        if !before.isEmpty {
            link += separator
            link += before
            separator = "&"
        }
        if let sort {
            link += separator
            link += "sort="
            link += encode(sort)
            separator = "&"
        }
        if !after.isEmpty {
            link += separator
            link += after
        }
        return link
    }

    /// Percent-encodes everything but `*-._` and ASCII alphanumerics; a space becomes `+`.
    ///
    /// Text with nothing to encode (most names and values: `lang`, `en`, a cursor) is
    /// returned as it is, without building a copy.
    static func encode(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains { !isUnreserved($0) } }) else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count * 3) { write(text, into: $0, at: 0) }
    }

    /// Writes `text` percent-encoded (``encode(_:)``) into `buffer` at `start`, which
    /// has room for three bytes per byte of it; returns where it ends.
    private static func write(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let hex: StaticString = "0123456789ABCDEF"
            var length = start
            for byte in bytes {
                if isUnreserved(byte) {
                    buffer[length] = byte
                    length += 1
                } else if byte == UInt8(ascii: " ") {
                    buffer[length] = UInt8(ascii: "+")
                    length += 1
                } else {
                    buffer[length] = UInt8(ascii: "%")
                    buffer[length + 1] = hex.utf8Start[Int(byte >> 4)]
                    buffer[length + 2] = hex.utf8Start[Int(byte & 0xF)]
                    length += 3
                }
            }
            return length
        }
    }

    /// Whether `byte` stands for itself: ASCII letters and digits, `*`, `-`, `.`, `_`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
