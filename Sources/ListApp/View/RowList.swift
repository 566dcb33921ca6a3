import ListStore
import Mustache

/// The catalogue's rows as `character-row.mustache` sees them, one
/// `MustacheList` for the whole page (no value or allocation per row: see ``texts``).
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
    /// Each row's fields that are not text, and where its texts are in `texts`.
    let rows: [Row]
    /// The rows' texts as UTF-8, one after the other (each row's name, category,
    /// age and, when it is not the character itself, glyph): a field is copied
    /// from here without retaining anything. Read from a `CharacterRecord` per row,
    /// every field retained and released its `String`s, and the records were made
    /// from the page's values first: the 50-row page's render took 241 K
    /// instructions where it takes 222 K now, its view context 69 K and 73 K
    /// (callgrind, `liststate-bench --only page`).
    let texts: ByteBuffer
    let words: Words
    /// `?lang=…` for the rows' links, or "".
    let linkSuffix: PrintedText
    /// The start of every row's link: the list's path and `/U+`.
    let detailPrefix: String

    /// One row: its numbers and flags, and the ends of its texts in ``RowList/texts``
    /// (each text starts where the one before it ends: name, category, age, glyph).
    struct Row {
        let codePoint: UInt32
        let isEmoji: Bool
        /// How the glyph is drawn (`GlyphDisplay`); `character` for a character shown as itself.
        let glyphStyle: GlyphDisplay.Style
        /// Whether the glyph is the character itself (no glyph text is then kept).
        let glyphIsScalar: Bool
        /// Whether any of the row's texts has a byte HTML escapes (checked once as they
        /// are kept; most rows have none, and their texts are then copied as they are).
        let textsNeedEscaping: Bool
        /// The slot of the category's name (`Words.categoryIndex`), nil for a code that has none.
        let categorySlot: Int16?
        let start, nameEnd, categoryEnd, ageEnd, glyphEnd: Int32

        var name: Range<Int> { Int(start)..<Int(nameEnd) }
        var category: Range<Int> { Int(nameEnd)..<Int(categoryEnd) }
        var age: Range<Int> { Int(categoryEnd)..<Int(ageEnd) }
        var glyph: Range<Int> { Int(ageEnd)..<Int(glyphEnd) }
    }

    /// The rows and their texts, filled a row at a time (``appendRow(codePoint:name:category:age:isEmoji:)``);
    /// handed to one ``RowList`` once filled (the list shares its text buffer).
    struct Storage {
        private(set) var rows: [Row] = []
        let texts: ByteBuffer

        /// Storage for about `count` rows.
        init(capacity count: Int) {
            rows.reserveCapacity(count)
            texts = ByteBuffer(capacity: count * 40)
        }

        /// Where the next text starts.
        private var textCount: Int32 { Int32(texts.count) }

        /// Appends a text's UTF-8; returns where it ends.
        private mutating func appendText(_ text: String) -> Int32 {
            texts.append(text)
            return textCount
        }

        /// Appends a value's text (``ListStore/SQLValue/plainText``, nothing for NULL):
        /// a text's bytes as they are in the page; returns where it ends.
        private mutating func appendText(_ value: RowValues.Value) -> Int32 {
            if case .text(let utf8) = value {
                texts.append(utf8)
                return textCount
            }
            return appendText(value.value.plainText ?? "")
        }

        /// Appends a row: its name, category and age as the values' texts (a page's
        /// values in place), and its glyph, made here. An age of no characters is
        /// shown as `?` (unknown).
        mutating func appendRow(
            codePoint: UInt32, name: RowValues.Value, category: RowValues.Value, age: RowValues.Value, isEmoji: Bool
        ) {
            let start = textCount
            let nameEnd = appendText(name)
            let categoryEnd = appendText(category)
            var ageEnd = appendText(age)
            if ageEnd == categoryEnd {
                texts.append(UInt8(ascii: "?"))
                ageEnd = textCount
            }
            let category = texts[Int(nameEnd)..<Int(categoryEnd)]
            var glyph: GlyphDisplay?
            if !(Unicode.Scalar(codePoint).map { GlyphDisplay.isShownAsItself($0, categoryInitial: category.first) } ?? false) {
                // Marks, format characters, spaces…: the costliest part of such a row, made once here.
                let name = texts.string(Int(start)..<Int(nameEnd))
                glyph = GlyphDisplay(
                    CharacterRecord(
                        codePoint: codePoint, name: name, generalCategory: String(decoding: category, as: UTF8.self), age: "",
                        isEmoji: isEmoji, isEmojiPresentation: false))
            }
            let slot = category.count == 2 ? Words.categoryIndex(category[0], category[1]) : nil
            let glyphEnd = glyph.map { appendText($0.text) } ?? ageEnd
            rows.append(
                Row(
                    codePoint: codePoint, isEmoji: isEmoji, glyphStyle: glyph?.style ?? .character, glyphIsScalar: glyph == nil,
                    textsNeedEscaping: HTMLEscaping.needsEscaping(texts[Int(start)..<Int(glyphEnd)]),
                    categorySlot: slot.map { Int16($0) }, start: start, nameEnd: nameEnd, categoryEnd: categoryEnd,
                    ageEnd: ageEnd, glyphEnd: glyphEnd))
        }
    }

    /// The rows of `storage` in `language`, with links that keep
    /// `languageParameter` (nil: none), to pages under `listPath` (the list's path).
    init(
        _ storage: Storage, language: Language = .english, languageParameter: String? = nil,
        listPath: String = "/" + CatalogueList.name
    ) {
        self.detailPrefix = listPath + "/U+"
        self.rows = storage.rows
        self.texts = storage.texts
        self.words = Words.of(language)
        self.linkSuffix = PrintedText(QueryString.link("", languageParameter.map { [("lang", $0)] } ?? []))
    }

    /// The rows of `records` (see ``init(_:language:languageParameter:listPath:)-(Storage,_,_,_)``).
    convenience init(
        _ records: [CharacterRecord], language: Language = .english, languageParameter: String? = nil,
        listPath: String = "/" + CatalogueList.name
    ) {
        var storage = Storage(capacity: records.count)
        // The records' texts as a page holds them, read as a page's are.
        let texts = RowValues(records.map { [.text($0.name), .text($0.generalCategory), .text($0.age)] })
        texts.withUnsafeValues { values in
            for (index, record) in records.enumerated() {
                storage.appendRow(
                    codePoint: record.codePoint, name: values[index * 3], category: values[index * 3 + 1],
                    age: values[index * 3 + 2], isEmoji: record.isEmoji)
            }
        }
        self.init(storage, language: language, languageParameter: languageParameter, listPath: listPath)
    }

    var count: Int { rows.count }

    /// The words of one language every row uses, made once per language (a
    /// table per page cost a tenth of the page: callgrind, BENCHMARKS.md), each
    /// also HTML-escaped (``PrintedText``).
    /// The rows read them as spans (``PrintedText/Span``): no reference is
    /// counted per row on these objects, which every request shares.
    final class Words: @unchecked Sendable {
        /// Category names by two-letter code, at `categoryIndex(code)`.
        let categoryNames: [PrintedText.Span?]
        let emojiLabel: PrintedText.Span
        /// The words around the version in "Unicode 15.1" (`unicodeVersion`),
        /// nil when the sentence has no one place for it (each row then asks
        /// `version`).
        let versionAffixes: (prefix: PrintedText.Span, suffix: PrintedText.Span)?
        let version: @Sendable (String) -> String
        /// The texts the spans are of, kept here.
        private let texts: [PrintedText]

        /// The words of `strings`.
        init(_ strings: UIStrings) {
            var texts: [PrintedText] = []
            func printed(_ text: String) -> PrintedText.Span {
                let printed = PrintedText(text)
                texts.append(printed)
                return printed.span
            }
            var names = [PrintedText.Span?](repeating: nil, count: 26 * 26)
            for (code, name) in strings.categoryNames {
                if let index = Words.categoryIndex(code) { names[index] = printed(name) }
            }
            categoryNames = names
            emojiLabel = printed(strings.emoji)
            version = strings.unicodeVersion
            let parts = strings.unicodeVersion("\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
            versionAffixes = parts.count == 2 ? (printed(String(parts[0])), printed(String(parts[1]))) : nil
            self.texts = texts
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
            return code.withUTF8 { bytes in bytes.count == 2 ? categoryIndex(bytes[0], bytes[1]) : nil }
        }

        /// The slot of the two-letter code `first` `second` (see ``categoryIndex(_:)``).
        static func categoryIndex(_ first: UInt8, _ second: UInt8) -> Int? {
            guard (0x41...0x5A).contains(first), (0x61...0x7A).contains(second) else { return nil }
            return Int(first - 0x41) * 26 + Int(second - 0x61)
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
        if field == .isEmoji { return .bool(rows[index].isEmoji) }
        return .string(MustacheOutput.string { write(field, of: index, escaped: false, into: &$0) })
    }

    /// `{{#isEmoji}}` on every row, said without making the value; every other
    /// field prints text, and the renderer asks for it.
    func truthiness(at index: Int, field: Int) -> Bool? {
        field == Field.isEmoji.rawValue ? rows[index].isEmoji : nil
    }

    /// Every field is written straight into the page, without a `String` per field.
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        guard let field = Field(rawValue: field) else { return }
        write(field, of: index, escaped: escaped, into: &output)
    }

    /// Writes `steps` for row `index` as the default does, with the row read once
    /// for all its fields instead of once per field.
    func interpolate(row index: Int, _ steps: UnsafeBufferPointer<MustacheRowStep>, into output: inout MustacheOutput) {
        let row = rows[index]
        for step in steps {
            if let text = step.text {
                output.append(html: UnsafeBufferPointer(start: text, count: step.count))
            } else if let field = Field(rawValue: step.count) {
                write(field, of: row, escaped: step.escaped, into: &output)
            }
        }
    }

    /// Writes the bytes of `texts` at `range`, HTML-escaped when `escaped`.
    @inline(__always)
    private func write(_ range: Range<Int>, escaped: Bool, into output: inout MustacheOutput) {
        output.append(utf8: texts[range], escaped: escaped)
    }

    /// Writes what `{{field}}` prints for row `index` (`escaped`), or `{{{field}}}`.
    private func write(_ field: Field, of index: Int, escaped: Bool, into output: inout MustacheOutput) {
        write(field, of: rows[index], escaped: escaped, into: &output)
    }

    /// Writes what `{{field}}` prints for `row` (`escaped`), or `{{{field}}}`.
    @inline(__always)
    private func write(_ field: Field, of row: Row, escaped: Bool, into output: inout MustacheOutput) {
        // The row's own texts are copied as they are when escaping would change none of them.
        let textsEscaped = escaped && row.textsNeedEscaping
        switch field {
        case .id:
            output.append(literal: "char-")
            output.append(hex: row.codePoint, uppercase: false)
        case .glyph:
            if !row.glyphIsScalar {
                write(row.glyph, escaped: textsEscaped, into: &output)
            } else if let scalar = Unicode.Scalar(row.codePoint) {
                output.append(scalar, escaped: escaped)
            }
        case .glyphStyle:
            output.append(literal: row.glyphStyle.name)
        case .codePoint, .key:
            output.append(literal: "U+")
            output.append(hex: row.codePoint, minimumDigits: 4, uppercase: true)
        case .name:
            write(row.name, escaped: textsEscaped, into: &output)
        case .category:
            write(row.category, escaped: textsEscaped, into: &output)
        case .categoryName:
            if let slot = row.categorySlot, let name = words.categoryNames[Int(slot)] {
                name.write(escaped: escaped, into: &output)
            } else {
                write(row.category, escaped: textsEscaped, into: &output)
            }
        case .age:
            write(row.age, escaped: textsEscaped, into: &output)
        case .ageLabel:
            if let (prefix, suffix) = words.versionAffixes {
                prefix.write(escaped: escaped, into: &output)
                write(row.age, escaped: textsEscaped, into: &output)
                suffix.write(escaped: escaped, into: &output)
            } else {
                let age = texts.string(row.age)
                output.append(words.version(age), escaped: escaped)
            }
        case .isEmoji:
            output.append(.bool(row.isEmoji), escaped: escaped)
        case .emojiLabel:
            words.emojiLabel.write(escaped: escaped, into: &output)
        case .detailHref:
            // The list's path and CodePointAddress.canonicalSegment, written in place (the tests compare them).
            output.append(detailPrefix, escaped: false)
            output.append(hex: row.codePoint, minimumDigits: 4, uppercase: true)
            linkSuffix.write(escaped: escaped, into: &output)
        }
    }
}
