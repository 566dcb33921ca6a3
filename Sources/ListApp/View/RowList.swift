import ListStore
import Mustache

/// The catalogue's rows as `character-row.mustache` sees them, one
/// `MustacheList` for the whole page (no value or allocation per row).
///
/// Fields of each row: `id` (the element id, `char-2603`), `glyph` and
/// `glyphStyle` (see `GlyphDisplay`), `codePoint` (`U+2603`), `name` (the
/// Unicode name, English in every language), `category` (`So`),
/// `categoryName` (in the page language), `age` (`1.1`), `ageLabel`
/// (`Unicode 1.1`), `isEmoji`, `emojiLabel`, `detailHref` (`/char/U+2603`,
/// the character's own page). Interpolated fields are written straight into
/// the page, without a `String` per field. A final class: the renderer holds
/// it as `any MustacheList`, and a reference fits the existential's inline
/// buffer where this struct's fields would be boxed and projected per field.
final class RowList: MustacheList {
    let records: [CharacterRecord]
    /// The display of each row that is not shown as itself (`GlyphDisplay.shownAsItself`
    /// is nil: marks, format characters, spaces…), made once here: both `glyph` and
    /// `glyphStyle` need it, and it is the costliest part of such a row.
    let glyphs: [GlyphDisplay?]
    let words: Words
    /// `?lang=…` for the rows' links, or "".
    let linkSuffix: PrintedText
    /// The start of every row's link: the list's path and `/U+`.
    let detailPrefix: String

    /// The rows of `records` in `language`, with links that keep
    /// `languageParameter` (nil: none), to pages under `listPath` (the list's path).
    init(
        _ records: [CharacterRecord], language: Language = .english, languageParameter: String? = nil,
        listPath: String = "/" + CatalogueList.name
    ) {
        self.detailPrefix = listPath + "/U+"
        self.records = records
        self.glyphs = records.map { GlyphDisplay.shownAsItself($0) == nil ? GlyphDisplay($0) : nil }
        self.words = Words.of(language)
        self.linkSuffix = PrintedText(QueryString.link("", languageParameter.map { [("lang", $0)] } ?? []))
    }

    var count: Int { records.count }

    /// The words of one language every row uses, made once per language (a
    /// table per page cost a tenth of the page: callgrind, BENCHMARKS.md), each
    /// also HTML-escaped (``PrintedText``).
    final class Words: Sendable {
        /// Category names by two-letter code, at `categoryIndex(code)`.
        let categoryNames: [PrintedText?]
        let emojiLabel: PrintedText
        /// The words around the version in "Unicode 15.1" (`unicodeVersion`),
        /// nil when the sentence has no one place for it (each row then asks
        /// `version`).
        let versionAffixes: (prefix: PrintedText, suffix: PrintedText)?
        let version: @Sendable (String) -> String

        /// The words of `strings`.
        init(_ strings: UIStrings) {
            var names = [PrintedText?](repeating: nil, count: 26 * 26)
            for (code, name) in strings.categoryNames {
                if let index = Words.categoryIndex(code) { names[index] = PrintedText(name) }
            }
            categoryNames = names
            emojiLabel = PrintedText(strings.emoji)
            version = strings.unicodeVersion
            let parts = strings.unicodeVersion("\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
            versionAffixes = parts.count == 2 ? (PrintedText(String(parts[0])), PrintedText(String(parts[1]))) : nil
        }

        /// The words of each language, made at first use.
        private static let byLanguage: [Language: Words] = Dictionary(
            uniqueKeysWithValues: Language.allCases.map { ($0, Words(UIStrings.of($0))) })

        /// The words of `language`.
        static func of(_ language: Language) -> Words {
            byLanguage[language] ?? Words(UIStrings.of(language))
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

        /// The category's name in this language; nil when it has none.
        func categoryName(_ code: String) -> PrintedText? {
            Words.categoryIndex(code).flatMap { categoryNames[$0] }
        }
    }

    /// The element id of a row: `char-` and the lower-case hex code point.
    static func elementID(_ codePoint: UInt32) -> String {
        CharacterRecord(codePoint: codePoint, name: "", generalCategory: "", age: "", isEmoji: false, isEmojiPresentation: false)
            .hexCode(prefix: "char-")
    }

    /// The fields a row template reads, by name; a field's number for
    /// ``MustacheList`` is its raw value.
    enum Field: Int, CaseIterable {
        case id, glyph, glyphStyle, codePoint, name, category, categoryName, age, ageLabel, isEmoji, emojiLabel,
            detailHref, key

        /// The fields' numbers by name, made once (a row template asks for each name once per library).
        static let byName = fieldNumbers(Field.self)
    }

    func field(named key: String) -> Int? { Field.byName[key] }

    /// Every page's rows have the same fields: the row template is planned once per library.
    static var fieldsAreTheTypes: Bool { true }

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
            if let glyph = glyphs[index] {
                output.append(glyph.text, escaped: escaped)
            } else if let scalar = records[index].scalar {
                output.append(scalar, escaped: escaped)
            }
        case .glyphStyle:
            output.append(literal: (glyphs[index]?.style ?? .character).name)
        case .codePoint, .key:
            output.append(literal: "U+")
            output.append(hex: records[index].codePoint, minimumDigits: 4, uppercase: true)
        case .name:
            output.append(records[index].name, escaped: escaped)
        case .category:
            output.append(records[index].generalCategory, escaped: escaped)
        case .categoryName:
            let code = records[index].generalCategory
            if let name = words.categoryName(code) {
                name.write(escaped: escaped, into: &output)
            } else {
                output.append(code, escaped: escaped)
            }
        case .age:
            output.append(records[index].displayedAge, escaped: escaped)
        case .ageLabel:
            let age = records[index].displayedAge
            if let (prefix, suffix) = words.versionAffixes {
                prefix.write(escaped: escaped, into: &output)
                output.append(age, escaped: escaped)
                suffix.write(escaped: escaped, into: &output)
            } else {
                output.append(words.version(age), escaped: escaped)
            }
        case .isEmoji:
            output.append(.bool(records[index].isEmoji), escaped: escaped)
        case .emojiLabel:
            words.emojiLabel.write(escaped: escaped, into: &output)
        case .detailHref:
            // The list's path and CodePointAddress.canonicalSegment, written in place (the tests compare them).
            output.append(detailPrefix, escaped: false)
            output.append(hex: records[index].codePoint, minimumDigits: 4, uppercase: true)
            linkSuffix.write(escaped: escaped, into: &output)
        }
    }
}

extension CharacterRecord {
    /// The Unicode version that assigned the character, `?` when unknown.
    fileprivate var displayedAge: String { age.isEmpty ? "?" : age }
}
