/// Builds `application/x-www-form-urlencoded` query strings (WHATWG URL
/// Standard §5.2, "application/x-www-form-urlencoded serializing"), the form a
/// plain GET form submits, so links and forms agree.
enum QueryString {
    /// `path` followed by `?` and the encoded items, or `path` alone when there are none.
    static func link(_ path: String, _ items: [(name: String, value: String)]) -> String {
        items.isEmpty ? path : path + "?" + encoded(items)
    }

    /// `items` encoded and joined with `&`, without a leading `?` (empty for none).
    static func encoded(_ items: [(name: String, value: String)]) -> String {
        var text = ""
        text.reserveCapacity(items.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        for item in items {
            if !text.isEmpty { text += "&" }
            text += encode(item.name)
            text += "="
            text += encode(item.value)
        }
        return text
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
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        let hex: StaticString = "0123456789ABCDEF"
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else if byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return String(decoding: output, as: UTF8.self)
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
