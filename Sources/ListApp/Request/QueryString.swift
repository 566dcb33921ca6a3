/// Builds `application/x-www-form-urlencoded` query strings (WHATWG URL
/// Standard §5.2, "application/x-www-form-urlencoded serializing"), the form a
/// plain GET form submits, so links and forms agree.
enum QueryString {
    /// `path` followed by `?` and the encoded items, or `path` alone when there are none.
    static func link(_ path: String, _ items: [(name: String, value: String)]) -> String {
        guard !items.isEmpty else { return path }
        return path + "?" + items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes everything but `*-._` and ASCII alphanumerics; a space becomes `+`.
    static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
                 UInt8(ascii: "."), UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
