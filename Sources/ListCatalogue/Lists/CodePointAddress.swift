import ListStore

/// The code point named by the key segment of a character's page
/// (`/characters/U+2603`, ``CatalogueRows/addressFormat``).
///
/// The canonical form is `U+` followed by upper-case hexadecimal digits, at
/// least four and no leading zeros beyond four (`U+2603`, `U+0041`, `U+1F600`),
/// the notation of the Unicode Standard (Appendix A). Other spellings of the
/// same number are accepted and redirected to the canonical one: a lower-case
/// `u+` or hex digits, no prefix at all (`2603`, read as hexadecimal), and extra
/// leading zeros (`U+02603`).
///
/// Anything else — no digits, a non-hex character, more than eight digits, a
/// value above U+10FFFF — is malformed. Surrogates (U+D800...U+DFFF) parse, but
/// are not scalars and so are never characters.
struct CodePointAddress: Sendable, Hashable {
    /// The number the segment names, 0...0x10FFFF.
    var codePoint: UInt32

    /// Reads a path segment (already percent-decoded).
    /// - Returns: nil when the segment is malformed.
    init?(segment: String) {
        var digits = Substring(segment)
        if digits.hasPrefix("U+") || digits.hasPrefix("u+") { digits = digits.dropFirst(2) }
        guard !digits.isEmpty, digits.utf8.count <= 8,
            digits.utf8.allSatisfy({ Self.isHexDigit($0) }),
            let value = UInt32(digits, radix: 16), value <= 0x10FFFF
        else { return nil }
        codePoint = value
    }

    /// Makes the address of `codePoint`.
    init(codePoint: UInt32) {
        self.codePoint = codePoint
    }

    /// The canonical segment: `U+2603`.
    var canonicalSegment: String {
        HexFormatting.string(prefix: "U+", codePoint, minimumDigits: 4, uppercase: true)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
