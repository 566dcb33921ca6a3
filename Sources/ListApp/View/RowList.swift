import ListStore
import Mustache

/// The rows of a page as the `row.mustache` template sees them, one
/// `MustacheList` for the whole page (no value or allocation per row).
///
/// Fields of each row: `id` (the element id, `char-2603`), `glyph` and
/// `glyphStyle` (see `GlyphDisplay`), `codePoint` (`U+2603`), `name` (the
/// Unicode name, English in every language), `category` (`So`),
/// `categoryName` (in the page language), `age` (`1.1`), `ageLabel`
/// (`Unicode 1.1`), `isEmoji`, `emojiLabel`, `detailHref` (`/char/U+2603`,
/// the character's own page). Interpolated fields are written straight into
/// the page, without a `String` per field.
struct RowList: MustacheList {
    let records: [CharacterRecord]
    let glyphs: [GlyphDisplay]
    let labels: Labels

    /// The rows of `records`, drawn with `labels`.
    init(_ records: [CharacterRecord], labels: Labels = Labels()) {
        self.records = records
        self.glyphs = records.map(GlyphDisplay.init)
        self.labels = labels
    }

    var count: Int { records.count }

    /// What every row of a page shares: the words of the page language and the
    /// `lang` the links keep. Made once per page, so a row holds one reference.
    final class Labels: Sendable {
        /// Category names by two-letter code, at `categoryIndex(code)`.
        let categoryNames: [String?]
        let emojiLabel: String
        /// The words around the version in "Unicode 15.1" (`strings.unicodeVersion`),
        /// found once per page; nil when the sentence has no one place for it, and
        /// each row then asks `version`.
        let versionAffixes: (prefix: String, suffix: String)?
        let version: @Sendable (String) -> String
        /// `?lang=…` for the rows' links, or "".
        let linkSuffix: String

        /// The labels of `strings`, for links that keep `languageParameter` (nil: none).
        init(_ strings: UIStrings = UIStrings.english, languageParameter: String? = nil) {
            var names = [String?](repeating: nil, count: 26 * 26)
            for (code, name) in strings.categoryNames {
                if let index = Labels.categoryIndex(code) { names[index] = name }
            }
            categoryNames = names
            emojiLabel = strings.emoji
            version = strings.unicodeVersion
            let parts = strings.unicodeVersion("\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
            versionAffixes = parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            linkSuffix = QueryString.link("", languageParameter.map { [("lang", $0)] } ?? [])
        }

        /// The slot of a general category code (`Lu`: upper-case letter then
        /// lower-case letter, Unicode §4.5), nil for anything else.
        static func categoryIndex(_ code: String) -> Int? {
            var code = code
            return code.withUTF8 { bytes in
                guard bytes.count == 2, (0x41...0x5A).contains(bytes[0]), (0x61...0x7A).contains(bytes[1]) else { return nil }
                return Int(bytes[0] - 0x41) * 26 + Int(bytes[1] - 0x61)
            }
        }

        /// The category's name in the page language; the code when it has none.
        func categoryName(_ code: String) -> String {
            Labels.categoryIndex(code).flatMap { categoryNames[$0] } ?? code
        }
    }

    /// The element id of a row: `char-` and the lower-case hex code point.
    static func elementID(_ codePoint: UInt32) -> String {
        CharacterRecord(codePoint: codePoint, name: "", generalCategory: "", age: "", isEmoji: false, isEmojiPresentation: false)
            .hexCode(prefix: "char-")
    }

    /// The fields a row template reads.
    enum Field {
        case id, glyph, glyphStyle, codePoint, name, category, categoryName, age, ageLabel, isEmoji, emojiLabel,
             detailHref

        // Keys are told apart by length first, so about one comparison settles a
        // lookup (a failed `String ==` is a call into the runtime, and a page asks
        // eleven fields of every row: measured with callgrind, see BENCHMARKS.md).
        init?(_ key: String) {
            switch key.utf8.count {
            case 2 where key == "id": self = .id
            case 5 where key == "glyph": self = .glyph
            case 10 where key == "glyphStyle": self = .glyphStyle
            case 9 where key == "codePoint": self = .codePoint
            case 4 where key == "name": self = .name
            case 8 where key == "category": self = .category
            case 12 where key == "categoryName": self = .categoryName
            case 3 where key == "age": self = .age
            case 8 where key == "ageLabel": self = .ageLabel
            case 7 where key == "isEmoji": self = .isEmoji
            case 10 where key == "emojiLabel": self = .emojiLabel
            case 10 where key == "detailHref": self = .detailHref
            default: return nil
            }
        }
    }

    func mustacheValue(at index: Int, forKey key: String) -> MustacheValue? {
        guard let field = Field(key) else { return nil }
        if field == .isEmoji { return .bool(records[index].isEmoji) }
        return .string(MustacheOutput.string { write(field, of: index, escaped: false, into: &$0) })
    }

    func interpolate(at index: Int, _ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool {
        guard let field = Field(key) else { return false }
        write(field, of: index, escaped: escaped, into: &output)
        return true
    }

    /// Writes what `{{field}}` prints for row `index` (`escaped`), or `{{{field}}}`.
    private func write(_ field: Field, of index: Int, escaped: Bool, into output: inout MustacheOutput) {
        switch field {
        case .id:
            output.append(literal: "char-")
            output.append(hex: records[index].codePoint, uppercase: false)
        case .glyph:
            output.append(glyphs[index].text, escaped: escaped)
        case .glyphStyle:
            output.append(glyphs[index].style.rawValue, escaped: escaped)
        case .codePoint:
            output.append(literal: "U+")
            output.append(hex: records[index].codePoint, minimumDigits: 4, uppercase: true)
        case .name:
            output.append(records[index].name, escaped: escaped)
        case .category:
            output.append(records[index].generalCategory, escaped: escaped)
        case .categoryName:
            output.append(labels.categoryName(records[index].generalCategory), escaped: escaped)
        case .age:
            output.append(records[index].displayedAge, escaped: escaped)
        case .ageLabel:
            let age = records[index].displayedAge
            if let (prefix, suffix) = labels.versionAffixes {
                output.append(prefix, escaped: escaped)
                output.append(age, escaped: escaped)
                output.append(suffix, escaped: escaped)
            } else {
                output.append(labels.version(age), escaped: escaped)
            }
        case .isEmoji:
            output.append(.bool(records[index].isEmoji), escaped: escaped)
        case .emojiLabel:
            output.append(labels.emojiLabel, escaped: escaped)
        case .detailHref:
            // CodePointAddress.path, written in place.
            output.append(literal: "/char/U+")
            output.append(hex: records[index].codePoint, minimumDigits: 4, uppercase: true)
            output.append(labels.linkSuffix, escaped: escaped)
        }
    }
}

extension CharacterRecord {
    /// The Unicode version that assigned the character, `?` when unknown.
    fileprivate var displayedAge: String { age.isEmpty ? "?" : age }
}
