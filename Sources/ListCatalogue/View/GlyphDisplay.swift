import ListStore

/// How a character is shown in its row so it can never reorder, hide or swallow
/// the page around it.
///
/// - Marks (Mn, Mc, Me) sit on U+25CC DOTTED CIRCLE, the Unicode Standard's
///   convention for showing a combining mark alone (§2.11, "Combining Characters").
/// - Format characters (Cf: bidi controls, joiners, tags ...), separators Zl/Zp
///   and every Default_Ignorable_Code_Point are shown by their abbreviation
///   ("RLO", "ZWJ") instead of raw, since raw they are invisible or reorder text.
/// - Spaces (Zs) and controls (Cc) are shown by a visible symbol from the
///   Control Pictures block (U+2400...U+2426) or, for other spaces, their abbreviation.
/// - Everything else is the scalar itself; the template wraps it in `<bdi>` so a
///   right-to-left letter is isolated from the text around it (HTML §4.5.23).
public struct GlyphDisplay: Sendable, Hashable {
    /// How the glyph text is meant: the character, a mark on a dotted circle, an abbreviation, or a symbol standing for it.
    public enum Style: String, Sendable, Hashable {
        /// The character itself.
        case character
        /// A combining mark on U+25CC DOTTED CIRCLE.
        case mark
        /// An abbreviation such as "ZWJ", in place of an invisible character.
        case abbreviation
        /// A visible symbol standing for a space or control (U+2420 SYMBOL FOR SPACE).
        case symbol

        /// `rawValue` as static text, for writing without a `String`.
        var name: StaticString {
            switch self {
            case .character: "character"
            case .mark: "mark"
            case .abbreviation: "abbreviation"
            case .symbol: "symbol"
            }
        }
    }

    /// The text to show (never contains a raw format, control or separator character).
    public var text: String
    /// What the text is.
    public var style: Style

    /// The display of `record`.
    public init(_ record: CharacterRecord) {
        guard let scalar = record.scalar else {
            self.init(text: Self.fallbackAbbreviation(record.name), style: .abbreviation)
            return
        }
        let value = scalar.value
        if let abbreviation = Self.abbreviations[value] {
            let isSpace = record.generalCategory == "Zs" || record.generalCategory == "Cc"
            self.init(text: abbreviation, style: isSpace && abbreviation.unicodeScalars.count == 1 ? .symbol : .abbreviation)
            return
        }
        if let itself = Self.shownAsItself(record) {
            self.init(text: String(Character(itself)), style: .character)
            return
        }
        // The two letters of the category as one number: a switch over them is
        // one comparison each, where `String` cases call into the runtime.
        let code = record.generalCategory.utf8.reduce(UInt16(0)) { $0 << 8 | UInt16($1) }
        func category(_ name: StaticString) -> UInt16 { UInt16(name.utf8Start[0]) << 8 | UInt16(name.utf8Start[1]) }
        switch code {
        case category("Cc") where value < 0x20:
            self.init(text: String(Character(Unicode.Scalar(0x2400 + value) ?? "?")), style: .symbol)
        case category("Cc"), category("Zs"), category("Zl"), category("Zp"), category("Cf"), category("Cs"),
            category("Co"), category("Cn"):
            self.init(text: Self.fallbackAbbreviation(record.name), style: .abbreviation)
        case _ where scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isWhitespace:
            self.init(text: Self.fallbackAbbreviation(record.name), style: .abbreviation)
        case category("Mn"), category("Mc"), category("Me"):
            self.init(text: "\u{25CC}" + String(Character(scalar)), style: .mark)
        default:
            self.init(text: String(Character(scalar)), style: .character)
        }
    }

    /// The scalar of `record` when it is shown as itself and is a letter, number,
    /// punctuation or symbol (most rows), found without the category comparisons
    /// and the two property lookups of `init` (a binary search each; together most
    /// of a row's cost); nil for everything else, which `init` sorts out.
    ///
    /// No named scalar of L, N, P or S is Default_Ignorable or White_Space except
    /// the four Hangul fillers, which the abbreviation table holds (checked over
    /// every scalar of the runtime's Unicode data; the others are Mn, Cf, Zs, Zl, Zp;
    /// the tests check that no other letter, number, punctuation or symbol is in
    /// the table).
    static func shownAsItself(_ record: CharacterRecord) -> Unicode.Scalar? {
        guard let scalar = record.scalar, isShownAsItself(scalar, categoryInitial: record.generalCategory.utf8.first) else {
            return nil
        }
        return scalar
    }

    /// Whether `scalar`, of the general category whose code starts with the
    /// byte `categoryInitial` (nil for an empty code), is shown as itself
    /// (see ``shownAsItself(_:)``).
    static func isShownAsItself(_ scalar: Unicode.Scalar, categoryInitial: UInt8?) -> Bool {
        switch categoryInitial {
        case UInt8(ascii: "L"), UInt8(ascii: "N"), UInt8(ascii: "P"), UInt8(ascii: "S"):
            !hangulFillers.contains(scalar.value)
        default:
            false
        }
    }

    /// The Hangul fillers (Lo, Default_Ignorable): HCF, HJF, HF, HWHF.
    static let hangulFillers: [UInt32] = [0x115F, 0x1160, 0x3164, 0xFFA0]

    /// Makes a display directly.
    public init(text: String, style: Style) {
        self.text = text
        self.style = style
    }

    /// An abbreviation made of the initials of the name's words, at most six
    /// letters ("ARABIC LETTER MARK" → "ALM"); words that are hex numbers stay whole.
    static func fallbackAbbreviation(_ name: String) -> String {
        asciiAbbreviation(name) ?? graphemeAbbreviation(name)
    }

    /// `fallbackAbbreviation` over the bytes of a printable-ASCII name (every
    /// Unicode character name is one), or nil for any other name. The same result
    /// as `graphemeAbbreviation` for those names at a small part of its cost:
    /// splitting into `Substring`s and testing `Character` properties took about
    /// 18,000 instructions per row (callgrind), which made a page of variation
    /// selectors three times as costly as a page of letters.
    static func asciiAbbreviation(_ name: String) -> String? {
        let result: String?? = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            // At most eight bytes come out: they are gathered in one word.
            var packed: UInt64 = 0
            var count = 0
            var index = 0
            while index < bytes.count && count < 8 {
                while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x2D) { index += 1 }
                let start = index
                var isHex = true
                var hasDigit = false
                while index < bytes.count && bytes[index] != 0x20 && bytes[index] != 0x2D {
                    let byte = bytes[index]
                    let isDigit = byte >= 0x30 && byte <= 0x39
                    hasDigit = hasDigit || isDigit
                    isHex = isHex && (isDigit || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66))
                    index += 1
                }
                guard index > start else { break }
                let end = index - start <= 5 && isHex && hasDigit ? index : start + 1
                for position in start..<end where count < 8 {
                    packed |= UInt64(bytes[position]) << UInt64(8 * count)
                    count += 1
                }
            }
            guard count > 0 else { return "?" }
            return withUnsafeBytes(of: packed.littleEndian) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
        return result ?? nil
    }

    /// `fallbackAbbreviation` for any name, by extended grapheme clusters.
    static func graphemeAbbreviation(_ name: String) -> String {
        let words = name.split { $0 == " " || $0 == "-" }
        let letters = words.map { word -> String in
            word.count <= 5 && word.allSatisfy(\.isHexDigit) && word.contains(where: \.isNumber) ? String(word) : String(word.prefix(1))
        }
        let text = letters.joined()
        return text.isEmpty ? "?" : String(text.prefix(8))
    }

    /// The customary abbreviations (UnicodeData name aliases of type
    /// "abbreviation", NameAliases.txt) and symbols of the characters that most
    /// need them.
    static let abbreviations: [UInt32: String] = [
        0x0020: "\u{2420}", 0x00A0: "NBSP", 0x00AD: "SHY", 0x034F: "CGJ", 0x061C: "ALM",
        0x115F: "HCF", 0x1160: "HJF", 0x180B: "FVS1", 0x180C: "FVS2", 0x180D: "FVS3", 0x180E: "MVS", 0x180F: "FVS4",
        0x2000: "NQSP", 0x2001: "MQSP", 0x2002: "ENSP", 0x2003: "EMSP", 0x2004: "3/MSP", 0x2005: "4/MSP",
        0x2006: "6/MSP", 0x2007: "FSP", 0x2008: "PSP", 0x2009: "THSP", 0x200A: "HSP",
        0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x200E: "LRM", 0x200F: "RLM",
        0x2028: "LSEP", 0x2029: "PSEP",
        0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO", 0x202F: "NNBSP",
        0x205F: "MMSP", 0x2060: "WJ", 0x2061: "FA", 0x2062: "IT", 0x2063: "IS", 0x2064: "IP",
        0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI",
        0x3000: "IDSP", 0x3164: "HF", 0xFEFF: "ZWNBSP", 0xFFA0: "HWHF",
    ]
}
