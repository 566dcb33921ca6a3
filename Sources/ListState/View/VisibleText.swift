import ListStore
import Mustache

/// A user's text made visible and safe in a page: code points that would be
/// invisible, reorder what follows or break the markup are shown as what
/// they are (HTML Standard §13.2.5 treats U+0000 and other controls in text
/// as parse errors; UAX #9 §2 lists the bidirectional embedding, override
/// and isolate controls; Unicode §23.7 the noncharacters).
///
/// - C0 controls but tab, line feed and carriage return, and DEL: their
///   Control Pictures (U+2400 ␀ … U+241F, U+2421 ␡).
/// - C1 controls, bidi embeddings, overrides and isolates (U+202A–U+202E,
///   U+2066–U+2069) and noncharacters: `[U+202E]`.
///
/// The JSON twin keeps the value exactly; only pages show it this way.
enum VisibleText {
    /// The most Unicode scalars of a request's parameter a page echoes (in a
    /// placeholder's sentence, the status region and the active filters); a
    /// longer value is cut there and ends with "…". The search text is the
    /// exception: it is shown whole, as typed, and is itself at most
    /// `ListRequest.maximumQueryLength` (200) scalars.
    static let maximumEcho = 64

    /// `text` with every such code point shown; `text` itself when it has none.
    static func escape(_ text: String) -> String {
        // Printable ASCII needs nothing (most cells): one pass over the bytes, no scalar properties.
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F: result.append("\u{2421}")
            default:
                let code = HexFormatting.string(prefix: "U+", scalar.value, minimumDigits: 4, uppercase: true)
                result.append(contentsOf: ("[" + code + "]").unicodeScalars)
            }
        }
        return String(result)
    }

    /// `text` as a page echoes a request's parameter: escaped (``escape(_:)``)
    /// and cut after ``maximumEcho`` characters with "…" (never inside one:
    /// ``hasMoreCharacters(_:than:)``).
    static func echo(_ text: String) -> String {
        guard hasMoreCharacters(text, than: maximumEcho) else { return escape(text) }
        return escape(String(text.prefix(maximumEcho - 1))) + "…"
    }

    /// Whether `text` has more than `count` characters (extended grapheme clusters,
    /// UAX #29: what a reader counts as one; a family emoji of five code points is one),
    /// walking at most `count` of them (``CharacterCut``; none when it has no more bytes).
    static func hasMoreCharacters(_ text: String, than count: Int) -> Bool {
        CharacterCut.end(of: text, after: count) != nil
    }

    /// Whether a request's parameter value may be taken as it is: it holds no
    /// control character (General_Category Cc: tab and line breaks too, NUL
    /// included) and nothing ``escape(_:)`` would show escaped. A parameter
    /// that does is refused with 400 (`ListRequest.Reason.invisibleCharacter`).
    static func isAcceptableParameter(_ value: String) -> Bool {
        // ASCII (column names, most values): only the C0 controls and DEL are refused,
        // without looking up Unicode properties (that was a tenth of a page's view context).
        if value.utf8.allSatisfy({ $0 < 0x80 }) { return !value.utf8.contains { $0 < 0x20 || $0 == 0x7F } }
        return !value.unicodeScalars.contains { $0.properties.generalCategory == .control || needsEscape($0) }
    }

    /// Whether every byte of `text` is printable ASCII (0x20...0x7E), read from its
    /// contiguous UTF-8 (a generic loop over the view cost a list page's cells a tenth
    /// of their drawing: callgrind).
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether every byte of `bytes` is printable ASCII (0x20...0x7E), eight bytes
    /// at a time: in a byte's low seven bits, adding 0x01 carries into its top bit
    /// for 0x7F and adding 0x60 does for 0x20 and above (no carry leaves the byte),
    /// and a byte of 0x80 or above has its top bit already.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var needsEscaping = false
        return scanPrintableASCII(bytes, needsEscaping: &needsEscaping, lookingForEscapes: false)
    }

    /// ``isPrintableASCII(_:)-(UnsafeBufferPointer<UInt8>)``, and, when it is, whether
    /// any byte needs HTML escaping (``Mustache/HTMLEscaping``), found in the same visit
    /// of the bytes: nil when they are not printable ASCII.
    static func printableASCIINeedsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var needsEscaping = false
        return scanPrintableASCII(bytes, needsEscaping: &needsEscaping, lookingForEscapes: true) ? needsEscaping : nil
    }

    /// The one loop of the two above (`lookingForEscapes` is a constant at each, so
    /// each gets its own copy).
    @inline(__always)
    private static func scanPrintableASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, needsEscaping: inout Bool, lookingForEscapes: Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let low = word & 0x7F7F_7F7F_7F7F_7F7F
            let bad = (word | (low &+ 0x0101_0101_0101_0101) | ~(low &+ 0x6060_6060_6060_6060)) & 0x8080_8080_8080_8080
            if bad != 0 { return false }
            // A candidate (`?` is one too) is checked byte by byte.
            if lookingForEscapes, !needsEscaping, HTMLEscaping.candidates(UInt64(littleEndian: word)) != 0 {
                needsEscaping = (index..<index + 8).contains { HTMLEscaping.needsEscaping(base[$0]) }
            }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte >= 0x7F { return false }
            if lookingForEscapes, HTMLEscaping.needsEscaping(byte) { needsEscaping = true }
            index += 1
        }
        return true
    }

    /// Whether `text` shows anything: a character that is neither white space nor
    /// invisible (Default_Ignorable_Code_Point, UAX #44: U+200B, U+FEFF, joiners,
    /// variation selectors…). A caption or a link's text must (a link whose text shows
    /// nothing has no name to read out, WCAG 2.4.4); printable ASCII other than a space
    /// settles it without Unicode properties.
    static func showsSomething(_ text: some StringProtocol) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        return text.unicodeScalars.contains { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint }
    }

    /// Whether `scalar` is shown escaped.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFDD0...0xFDEF: return true
        default: return scalar.value & 0xFFFE == 0xFFFE
        }
    }
}

/// `text` between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
/// ISOLATE (UAX #9 §2.7), with its own embedding, override and isolate
/// controls (U+202A...U+202E, U+2066...U+2069) removed: whatever direction it
/// has stays inside, and it cannot close the isolate early (found by QA:
/// U+2069 U+202E reversed the sentence around the query).
func isolated(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) })
    return "\u{2068}" + String(scalars) + "\u{2069}"
}
