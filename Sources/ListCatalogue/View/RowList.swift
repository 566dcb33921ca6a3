import ListState
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
    /// Each row's fields that are not text, and where its texts are.
    let rows: [Row]
    /// The page's texts (``ListStore/RowValues/textBuffer``): the name, category
    /// and age of most rows are written from there, with nothing copied or retained
    /// per row. Copied into a buffer of their own first, the 50-row page's render took
    /// 5 K more instructions (195.4 K; callgrind, `liststate-bench --only page`), and
    /// read from a `CharacterRecord` per row, 19 K more than that.
    let pageTexts: ByteBuffer
    /// The texts made here: each glyph that is not the character itself, and the
    /// texts of a row with a value that is not a text or an age of no characters.
    let ownTexts: ByteBuffer
    /// Where ``pageTexts``' and ``ownTexts``' bytes start: read with no reference
    /// counted per field. Both buffers are kept here and never change once the list
    /// is made (a change to the page's values copies its buffer first).
    nonisolated(unsafe) private let pageBytes, ownBytes: UnsafePointer<UInt8>
    let words: Words
    /// The start of every row's link (the list's path and `/U+`) and its end
    /// (`?lang=…`, or ""), kept here and written from their spans (no call and no
    /// reference counted per row).
    private let detailPrefix, linkSuffix: PrintedText
    private let detailPrefixSpan, linkSuffixSpan: PrintedText.Span

    /// One row: its numbers and flags, and where its texts are.
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
        /// Whether the name, category and age are in ``RowList/pageTexts``; in
        /// ``RowList/ownTexts`` when not. The glyph is always in ``RowList/ownTexts``.
        let textsInPage: Bool
        /// The slot of the category's name (`Words.categoryIndex`), nil for a code that has none.
        let categorySlot: Int16?
        let nameStart, nameEnd, categoryStart, categoryEnd, ageStart, ageEnd, glyphStart, glyphEnd: Int32

        var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
        var category: Range<Int> { Int(categoryStart)..<Int(categoryEnd) }
        var age: Range<Int> { Int(ageStart)..<Int(ageEnd) }
        var glyph: Range<Int> { Int(glyphStart)..<Int(glyphEnd) }
    }

    /// The rows and their texts, filled a row at a time from a page's values
    /// (``appendRow(codePoint:name:category:age:isEmoji:of:)``); handed to one
    /// ``RowList`` once filled (the list shares both text buffers).
    struct Storage {
        private(set) var rows: [Row] = []
        let pageTexts: ByteBuffer
        let ownTexts = ByteBuffer(capacity: 64)

        /// Storage for about `count` rows of `page`, whose texts the rows point into.
        init(capacity count: Int, page: RowValues) {
            rows.reserveCapacity(count)
            pageTexts = page.textBuffer
        }

        /// Appends a value's text to ``ownTexts`` (``ListStore/SQLValue/plainText``,
        /// nothing for NULL); returns where it starts and ends.
        private func appendOwnText(_ value: RowValues.Value) -> (Int32, Int32) {
            let start = Int32(ownTexts.count)
            if case .text(let utf8) = value { ownTexts.append(utf8) } else { ownTexts.append(value.value.plainText ?? "") }
            return (start, Int32(ownTexts.count))
        }

        /// Appends a row: its name, category and age are the values at `name`,
        /// `category` and `age` of `values` (the page's, in place: where they are when
        /// all three are texts, copied otherwise), and its glyph is made here. An age
        /// of no characters is shown as `?` (unknown).
        mutating func appendRow(
            codePoint: UInt32, name: Int, category: Int, age: Int, isEmoji: Bool, of values: RowValues.UnsafeValues
        ) {
            var ranges: (name: Range<Int>, category: Range<Int>, age: Range<Int>)
            let textsInPage: Bool
            if let name = values.textRange(name), let category = values.textRange(category),
                let age = values.textRange(age), !age.isEmpty
            {
                ranges = (name, category, age)
                textsInPage = true
            } else {
                let name = appendOwnText(values[name])
                let category = appendOwnText(values[category])
                var age = appendOwnText(values[age])
                if age.0 == age.1 {
                    ownTexts.append(UInt8(ascii: "?"))
                    age.1 += 1
                }
                ranges = (Int(name.0)..<Int(name.1), Int(category.0)..<Int(category.1), Int(age.0)..<Int(age.1))
                textsInPage = false
            }
            let texts = textsInPage ? pageTexts : ownTexts
            let category = texts[ranges.category]
            var glyph: GlyphDisplay?
            if !(Unicode.Scalar(codePoint).map { GlyphDisplay.isShownAsItself($0, categoryInitial: category.first) } ?? false) {
                // Marks, format characters, spaces…: the costliest part of such a row, made once here.
                glyph = GlyphDisplay(
                    CharacterRecord(
                        codePoint: codePoint, name: texts.string(ranges.name),
                        generalCategory: String(decoding: category, as: UTF8.self), age: "", isEmoji: isEmoji,
                        isEmojiPresentation: false))
            }
            let slot = category.count == 2 ? Words.categoryIndex(category[0], category[1]) : nil
            let glyphStart = Int32(ownTexts.count)
            if let glyph { ownTexts.append(glyph.text) }
            let glyphEnd = Int32(ownTexts.count)
            // Name, category and age one after the other (the catalogue's columns, or
            // copied here) are looked at in one pass; a category with a slot is two
            // letters; a glyph is most often the character itself.
            let textsNeedEscaping =
                if ranges.name.upperBound == ranges.category.lowerBound && ranges.category.upperBound == ranges.age.lowerBound {
                    HTMLEscaping.needsEscaping(texts[ranges.name.lowerBound..<ranges.age.upperBound])
                } else {
                    HTMLEscaping.needsEscaping(texts[ranges.name]) || HTMLEscaping.needsEscaping(texts[ranges.age])
                        || (slot == nil && HTMLEscaping.needsEscaping(category))
                }
            let needsEscaping =
                textsNeedEscaping || (glyph != nil && HTMLEscaping.needsEscaping(ownTexts[Int(glyphStart)..<Int(glyphEnd)]))
            rows.append(
                Row(
                    codePoint: codePoint, isEmoji: isEmoji, glyphStyle: glyph?.style ?? .character, glyphIsScalar: glyph == nil,
                    textsNeedEscaping: needsEscaping, textsInPage: textsInPage, categorySlot: slot.map { Int16($0) },
                    nameStart: Int32(ranges.name.lowerBound), nameEnd: Int32(ranges.name.upperBound),
                    categoryStart: Int32(ranges.category.lowerBound), categoryEnd: Int32(ranges.category.upperBound),
                    ageStart: Int32(ranges.age.lowerBound), ageEnd: Int32(ranges.age.upperBound), glyphStart: glyphStart,
                    glyphEnd: glyphEnd))
        }
    }

    /// The rows of `storage` in `language`, with links that keep
    /// `languageParameter` (nil: none), to pages under `listPath` (the list's path).
    init(
        _ storage: Storage, language: Language = .english, languageParameter: String? = nil,
        listPath: String = "/" + CatalogueList.name
    ) {
        detailPrefix = PrintedText(listPath + "/U+")
        detailPrefixSpan = detailPrefix.span
        self.rows = storage.rows
        self.pageTexts = storage.pageTexts
        self.ownTexts = storage.ownTexts
        (pageBytes, ownBytes) = (storage.pageTexts.buffer.baseAddress!, storage.ownTexts.buffer.baseAddress!)
        self.words = Words.of(language)
        linkSuffix = PrintedText(QueryString.link("", languageParameter.map { [("lang", $0)] } ?? []))
        linkSuffixSpan = linkSuffix.span
    }

    /// The rows of `records` (see ``init(_:language:languageParameter:listPath:)-(Storage,_,_,_)``).
    convenience init(
        _ records: [CharacterRecord], language: Language = .english, languageParameter: String? = nil,
        listPath: String = "/" + CatalogueList.name
    ) {
        // The records' texts as a page holds them, read as a page's are.
        let texts = RowValues(records.map { [.text($0.name), .text($0.generalCategory), .text($0.age)] })
        var storage = Storage(capacity: records.count, page: texts)
        texts.withUnsafeValues { values in
            for (index, record) in records.enumerated() {
                storage.appendRow(
                    codePoint: record.codePoint, name: index * 3, category: index * 3 + 1, age: index * 3 + 2,
                    isEmoji: record.isEmoji, of: values)
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
        init(_ strings: CatalogueWords) {
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
            uniqueKeysWithValues: Language.allCases.map { ($0, Words(CatalogueWords.of($0))) })

        /// The words of `language`.
        static func of(_ language: Language) -> Words {
            byLanguage[language] ?? Words(CatalogueWords.of(language))
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

    /// Writes the bytes at `range` of `texts`, HTML-escaped when `escaped`.
    @inline(__always)
    private static func write(
        _ range: Range<Int>, of texts: UnsafePointer<UInt8>, escaped: Bool, into output: inout MustacheOutput
    ) {
        output.append(utf8: UnsafeBufferPointer(start: texts + range.lowerBound, count: range.count), escaped: escaped)
    }

    /// Writes what `{{field}}` prints for row `index` (`escaped`), or `{{{field}}}`.
    private func write(_ field: Field, of index: Int, escaped: Bool, into output: inout MustacheOutput) {
        write(field, of: rows[index], escaped: escaped, into: &output)
    }

    /// Writes what `{{field}}` prints for `row` (`escaped`), or `{{{field}}}`.
    @inline(__always)
    private func write(_ field: Field, of row: Row, escaped: Bool, into output: inout MustacheOutput) {
        let texts = row.textsInPage ? pageBytes : ownBytes
        // The row's own texts are copied as they are when escaping would change none of them.
        let textsEscaped = escaped && row.textsNeedEscaping
        switch field {
        case .id:
            output.append(literal: "char-")
            output.append(hex: row.codePoint, uppercase: false)
        case .glyph:
            if !row.glyphIsScalar {
                Self.write(row.glyph, of: ownBytes, escaped: textsEscaped, into: &output)
            } else if let scalar = Unicode.Scalar(row.codePoint) {
                output.append(scalar, escaped: escaped)
            }
        case .glyphStyle:
            output.append(literal: row.glyphStyle.name)
        case .codePoint, .key:
            output.append(literal: "U+")
            output.append(hex: row.codePoint, minimumDigits: 4, uppercase: true)
        case .name:
            Self.write(row.name, of: texts, escaped: textsEscaped, into: &output)
        case .category:
            Self.write(row.category, of: texts, escaped: textsEscaped, into: &output)
        case .categoryName:
            if let slot = row.categorySlot, let name = words.categoryNames[Int(slot)] {
                name.write(escaped: escaped, into: &output)
            } else {
                Self.write(row.category, of: texts, escaped: textsEscaped, into: &output)
            }
        case .age:
            Self.write(row.age, of: texts, escaped: textsEscaped, into: &output)
        case .ageLabel:
            if let (prefix, suffix) = words.versionAffixes {
                prefix.write(escaped: escaped, into: &output)
                Self.write(row.age, of: texts, escaped: textsEscaped, into: &output)
                suffix.write(escaped: escaped, into: &output)
            } else {
                let age = String(decoding: UnsafeBufferPointer(start: texts + row.age.lowerBound, count: row.age.count), as: UTF8.self)
                output.append(words.version(age), escaped: escaped)
            }
        case .isEmoji:
            output.append(.bool(row.isEmoji), escaped: escaped)
        case .emojiLabel:
            words.emojiLabel.write(escaped: escaped, into: &output)
        case .detailHref:
            // The list's path and CodePointAddress.canonicalSegment, written in place (the tests compare them).
            detailPrefixSpan.write(escaped: escaped, into: &output)
            output.append(hex: row.codePoint, minimumDigits: 4, uppercase: true)
            linkSuffixSpan.write(escaped: escaped, into: &output)
        }
    }
}
