import ListStore

/// Writes JSON text (RFC 8259) into bytes, values of a table losslessly:
/// integers as integer literals (exact beyond 2^53: a reader that keeps them
/// exact, such as Python's, gets them back), reals as the shortest decimal
/// that reads back as the same double, text as strings, NULL as `null`,
/// blobs as `{"$base64": "…"}` (RFC 4648 §4, padded), and the reals JSON
/// cannot hold (±Infinity) as `{"$real": "Infinity"}` / `{"$real": "-Infinity"}`.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A string, escaped per RFC 8259 §7 (and U+2028/U+2029, for JavaScript readers).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            case "\t": raw("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A value of a table.
    mutating func value(_ value: SQLValue) {
        switch value {
        case .null: raw("null")
        case .integer(let number): raw(String(number))
        case .real(let number) where number.isFinite: raw(SQLValue.shortestText(number))
        case .real(let number): raw(number > 0 ? "{\"$real\": \"Infinity\"}" : "{\"$real\": \"-Infinity\"}")
        case .text(let text): string(text)
        case .blob(let blob):
            raw("{\"$base64\": \"")
            raw(Self.base64(blob))
            raw("\"}")
        }
    }

    /// `"key": ` before a member's value.
    mutating func key(_ name: String) {
        string(name)
        raw(": ")
    }

    /// An array of strings.
    mutating func strings(_ items: [String]) {
        raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { raw(", ") }
            string(item)
        }
        raw("]")
    }

    /// Standard base64 with padding (RFC 4648 §4).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = UInt32(0)
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * UInt32(offset)) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
