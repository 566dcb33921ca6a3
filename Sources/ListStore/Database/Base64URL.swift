/// Unpadded base64url (RFC 4648 §5), the alphabet of cursors (`RowCursor`).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes bytes without padding: each three bytes as four characters, a last one
    /// or two as two or three, written straight into the string's storage.
    static func encode(_ bytes: [UInt8]) -> String {
        let whole = bytes.count / 3
        let rest = bytes.count % 3
        let length = whole * 4 + (rest == 0 ? 0 : rest + 1)
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { output in
            bytes.withUnsafeBufferPointer { input in
                alphabet.withUnsafeBufferPointer { table in
                    @inline(__always) func character(_ value: UInt32, _ shift: UInt32) -> UInt8 {
                        table[Int(value >> shift & 0x3F)]
                    }
                    var at = 0
                    for group in 0..<whole {
                        let start = group * 3
                        let value = UInt32(input[start]) << 16 | UInt32(input[start + 1]) << 8 | UInt32(input[start + 2])
                        output[at] = character(value, 18)
                        output[at + 1] = character(value, 12)
                        output[at + 2] = character(value, 6)
                        output[at + 3] = character(value, 0)
                        at += 4
                    }
                    guard rest > 0 else { return }
                    let start = whole * 3
                    var value = UInt32(input[start]) << 16
                    if rest == 2 { value |= UInt32(input[start + 1]) << 8 }
                    output[at] = character(value, 18)
                    output[at + 1] = character(value, 12)
                    if rest == 2 { output[at + 2] = character(value, 6) }
                }
            }
            return length
        }
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
