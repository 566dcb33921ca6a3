// HTML escaping at the byte level.

/// HTML escaping of interpolated values (`{{x}}`), byte by byte over UTF-8.
///
/// Escaped: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`,
/// `'` → `&#39;`, and also `` ` `` → `&#96;` and `=` → `&#61;`, so a value can end
/// neither a quoted attribute nor an unquoted one (the same set Handlebars escapes).
/// Every other byte, including all non-ASCII UTF-8, is copied as is. Each character
/// is escaped exactly once: the input is never treated as already escaped, so `&#39;`
/// in a value prints as `&amp;#39;`, which a browser shows as the value's own text.
public enum HTMLEscaping {
    /// Bits 0-63: which bytes below 64 need escaping (`"`, `&`, `'`, `<`, `=`, `>`);
    /// the only other one is the backtick, 0x60.
    @usableFromInline static let lowMask: UInt64 = (1 << 0x22) | (1 << 0x26) | (1 << 0x27) | (1 << 0x3C) | (1 << 0x3D) | (1 << 0x3E)

    /// Whether `byte` needs escaping.
    @inlinable @inline(__always)
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 ? (lowMask >> UInt64(byte)) & 1 != 0 : byte == 0x60
    }

    /// The entity for a byte that needs escaping.
    @inline(__always)
    static func entity(_ byte: UInt8) -> StaticString {
        switch byte {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22: return "&quot;"
        case 0x27: return "&#39;"
        case 0x60: return "&#96;"
        default: return "&#61;"
        }
    }

    /// Appends `bytes` to `buffer`, escaped.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        var output = MustacheOutput(capacity: bytes.count * 6 + 8)
        output.appendEscaped(bytes)
        buffer.append(contentsOf: output.bytes)
    }

    /// Appends `string`'s UTF-8 to `buffer`, escaped.
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func append(escaping string: String, to buffer: inout [UInt8]) {
        var string = string
        string.withUTF8 { append(escaping: $0, to: &buffer) }
    }

    /// `string`'s UTF-8 escaped as ``escape(_:)`` escapes it, for text written
    /// many times (``MustacheOutput/append(html:)``).
    public static func escaped(_ string: String) -> [UInt8] {
        var buffer: [UInt8] = []
        append(escaping: string, to: &buffer)
        return buffer
    }

    /// `string` escaped, as a new string.
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func escape(_ string: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(string.utf8.count + 16)
        append(escaping: string, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
