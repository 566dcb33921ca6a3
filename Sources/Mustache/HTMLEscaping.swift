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
    public static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 ? (lowMask >> UInt64(byte)) & 1 != 0 : byte == 0x60
    }

    /// A word with the high bit set in (at least) the lowest byte of `word` that may
    /// need escaping; 0 when no byte can. Exact for the lowest flagged byte's
    /// position (bits above it may be false positives, never below).
    @inlinable @inline(__always)
    public static func candidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        return zeroBytes((word & 0xFCFC_FCFC_FCFC_FCFC) ^ 0x3C3C_3C3C_3C3C_3C3C)  // < = > ?
            | zeroBytes((word & 0xFEFE_FEFE_FEFE_FEFE) ^ 0x2626_2626_2626_2626)  // & '
            | zeroBytes(word ^ 0x2222_2222_2222_2222)  // "
            | zeroBytes(word ^ 0x6060_6060_6060_6060)  // `
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

    /// Whether any byte of `bytes` needs escaping: when none does, escaping them
    /// copies them as they are, and a text checked once may be copied from then on.
    /// Eight bytes at a time, as ``MustacheOutput/appendEscaped(_:)`` looks for them.
    /// - Complexity: O(n) in the number of bytes.
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = bytes.baseAddress else { return false }
        let count = bytes.count
        if count < 8 {
            // A code or a version: byte by byte, where padding a word called memcpy.
            for byte in bytes where needsEscaping(byte) { return true }
            return false
        }
        var index = 0
        while index < count {
            // Eight bytes, or the last eight, overlapping some already looked at.
            let word = UnsafeRawPointer(source + min(index, count - 8)).loadUnaligned(as: UInt64.self)
            let value = UInt64(littleEndian: word)
            let mask = candidates(value)
            if mask != 0 {
                // The lowest flagged byte is exact; the ones above it may be false positives.
                for offset in (mask.trailingZeroBitCount >> 3)..<8
                where needsEscaping(UInt8(truncatingIfNeeded: value >> UInt64(offset * 8))) {
                    return true
                }
            }
            index += 8
        }
        return false
    }

    /// Whether any byte of `string`'s UTF-8 needs escaping (see ``needsEscaping(_:)-(UnsafeBufferPointer<UInt8>)``).
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func needsEscaping(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { needsEscaping($0) }
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
