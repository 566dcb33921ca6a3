/// An opaque keyset cursor: "the rows after this one" in code-point order.
///
/// Encoded as unpadded base64url (RFC 4648 §5) of five bytes: a format version
/// (1) and the code point of the last row shown, big-endian. Keyset pagination
/// keeps a page stable when rows are inserted before it and costs the same at
/// any depth. Decoding is strict: anything that does not re-encode to the same
/// text (wrong alphabet, length, version, padding bits, a value past U+10FFFF)
/// is rejected, so a tampered cursor is never taken for a valid one.
public struct PageCursor: Sendable, Hashable, CustomStringConvertible {
    /// The code point of the last row already shown; the page starts after it.
    public var afterCodePoint: UInt32

    /// Makes a cursor that starts after `afterCodePoint`.
    public init(afterCodePoint: UInt32) {
        self.afterCodePoint = afterCodePoint
    }

    /// Decodes a cursor from its text, or nil when the text is not one we made.
    public init?(encoded text: String) {
        guard text.utf8.count == 7, let bytes = Base64URL.decode(text), bytes.count == 5, bytes[0] == 1
        else { return nil }
        let value = bytes[1...4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard value <= 0x10FFFF else { return nil }
        self.afterCodePoint = value
        guard encoded == text else { return nil }
    }

    /// The cursor's text, safe in a URL query without escaping.
    public var encoded: String {
        let value = afterCodePoint
        return Base64URL.encode([
            1, UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF),
            UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }

    public var description: String { encoded }
}

/// Unpadded base64url, RFC 4648 §5.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes bytes without padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = UInt32(0)
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * UInt32(offset)) }
            for position in 0...chunk.count {
                output.append(alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes unpadded base64url, or nil on any byte outside the alphabet or an impossible length.
    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer = UInt32(0)
        var bits = 0
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard text.utf8.count % 4 != 1 else { return nil }
        return output
    }
}
