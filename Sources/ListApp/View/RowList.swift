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

    /// The fields a row template reads, numbered for ``MustacheList``.
    enum Field: Int {
        case id, glyph, glyphStyle, codePoint, name, category, categoryName, age, ageLabel, isEmoji, emojiLabel,
             detailHref

        /// The field called `key`, nil for any other name.
        init?(_ key: String) {
            switch key {
            case "id": self = .id
            case "glyph": self = .glyph
            case "glyphStyle": self = .glyphStyle
            case "codePoint": self = .codePoint
            case "name": self = .name
            case "category": self = .category
            case "categoryName": self = .categoryName
            case "age": self = .age
            case "ageLabel": self = .ageLabel
            case "isEmoji": self = .isEmoji
            case "emojiLabel": self = .emojiLabel
            case "detailHref": self = .detailHref
            default: return nil
            }
        }
    }

    func field(named key: String) -> Int? {
        Field(key)?.rawValue
    }

    func mustacheValue(at index: Int, field: Int) -> MustacheValue {
        guard let field = Field(rawValue: field) else { return .null }
        if field == .isEmoji { return .bool(records[index].isEmoji) }
        return .string(MustacheOutput.string { write(field, of: index, escaped: false, into: &$0) })
    }

    /// Every field is written straight into the page, without a `String` per field.
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        guard let field = Field(rawValue: field) else { return }
        write(field, of: index, escaped: escaped, into: &output)
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
            output.append(literal: glyphs[index].style.name)
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
