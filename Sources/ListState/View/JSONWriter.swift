import ListStore

/// Writes JSON text (RFC 8259) into bytes, values of a table losslessly:
/// integers as integer literals (exact beyond 2^53: a reader that keeps them
/// exact, such as Python's, gets them back), reals as the shortest decimal
/// that reads back as the same double, text as strings, NULL as `null`,
/// blobs as `{"$base64": "…"}` (RFC 4648 §4, padded), and the reals JSON
/// cannot hold (±Infinity) as `{"$real": "Infinity"}` / `{"$real": "-Infinity"}`;
/// a value a list page cut (``RowPage/clampLength``) as `{"$clamped": "text",
/// "prefix": "…"}` or `{"$clamped": "blob", "prefix": {"$base64": "…"}}`.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A string, escaped per RFC 8259 §7, and U+2028/U+2029 (for JavaScript
    /// readers) and `<`, `>`, `&` (as Go's encoding/json: no answer carries a
    /// tag or an entity a page might take in raw).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        append(text, inString: true)
        bytes.append(UInt8(ascii: "\""))
    }

    /// JSON text another program wrote (a PostgreSQL `json` column), with `<`, `>`,
    /// `&` and U+2028/U+2029 escaped: in JSON they stand only inside strings,
    /// where the escape reads back the same.
    mutating func json(_ text: String) {
        append(text, inString: false)
    }

    /// Copies `text` byte by byte, runs that need no escape whole; `inString`
    /// also escapes quotes, backslashes and control characters.
    @inline(__always)
    private mutating func append(_ text: String, inString: Bool) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var escape: StaticString?
                var control: UInt8?
                var width = 1
                switch byte {
                case UInt8(ascii: "<"): escape = "\\u003c"
                case UInt8(ascii: ">"): escape = "\\u003e"
                case UInt8(ascii: "&"): escape = "\\u0026"
                case UInt8(ascii: "\"") where inString: escape = "\\\""
                case UInt8(ascii: "\\") where inString: escape = "\\\\"
                case 0x0A where inString: escape = "\\n"
                case 0x0D where inString: escape = "\\r"
                case 0x09 where inString: escape = "\\t"
                case 0..<0x20 where inString: control = byte
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: break
                }
                guard escape != nil || control != nil else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                if let escape {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                } else if let control {
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(Self.hexDigits[Int(control >> 4)])
                    bytes.append(Self.hexDigits[Int(control & 0x0F)])
                }
                index += width
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
    }

    /// Lowercase hexadecimal digits, for `\u00XX`.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A value of a table, written as its column's `format` says: a boolean's
    /// 0 and 1 as `false` and `true`, a JSON column's text as that JSON (the
    /// database server wrote it, so it is JSON; see ``json(_:)``).
    mutating func value(_ value: SQLValue, format: TableDescription.ValueFormat = .plain) {
        switch (format, value) {
        case (.boolean, .integer(let number)): raw(number == 0 ? "false" : "true")
        case (.json, .text(let text)): json(text)
        case (_, .null): raw("null")
        case (_, .integer(let number)): raw(String(number))
        case (_, .real(let number)) where number.isFinite: raw(SQLValue.shortestText(number))
        case (_, .real(let number)) where number.isNaN: raw("{\"$real\": \"NaN\"}")
        case (_, .real(let number)): raw(number > 0 ? "{\"$real\": \"Infinity\"}" : "{\"$real\": \"-Infinity\"}")
        case (_, .text(let text)): string(text)
        case (_, .textBytes): string(value.plainText ?? "")
        case (_, .blob(let blob)):
            raw("{\"$base64\": \"")
            Self.appendBase64(blob, to: &bytes)
            raw("\"}")
        }
    }

    /// A value a list page cut: its class and the part it read.
    mutating func clamped(_ value: SQLValue) {
        raw("{\"$clamped\": ")
        string(value.storageClass)
        raw(", \"prefix\": ")
        self.value(value)
        raw("}")
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
        var output: [UInt8] = []
        appendBase64(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `input` in standard base64 with padding (RFC 4648 §4) to `output`.
    static func appendBase64(_ input: [UInt8], to output: inout [UInt8]) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let table = UnsafeBufferPointer(start: alphabet.utf8Start, count: 64)
        output.reserveCapacity(output.count + (input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(table[Int(value >> 18 & 0x3F)])
            output.append(table[Int(value >> 12 & 0x3F)])
            output.append(table[Int(value >> 6 & 0x3F)])
            output.append(table[Int(value & 0x3F)])
            index += 3
        }
        let rest = input.count - index
        if rest > 0 {
            let value = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
            output.append(table[Int(value >> 18 & 0x3F)])
            output.append(table[Int(value >> 12 & 0x3F)])
            output.append(rest == 2 ? table[Int(value >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
    }
}
