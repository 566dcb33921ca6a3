import ListState
import ListStore
import Mustache

/// The catalogue's rows drawn as characters (``CatalogueList``'s presenter):
/// each row of its `characters` table read as a `CharacterRecord`, drawn by
/// `character-row.mustache` (``RowList``) and, on its own page, by `character.mustache`
/// (``CharacterView``).
struct CatalogueRows: RowPresenter {
    /// The places of the table's columns a record is read from.
    let codePoint, name, category, age, isEmoji, isEmojiPresentation: Int

    /// The presenter of `table`; nil when it lacks one of the catalogue's columns.
    init?(_ table: TableDescription) {
        guard let codePoint = table.columnIndex("code_point"), let name = table.columnIndex("name"),
            let category = table.columnIndex("category"), let age = table.columnIndex("age"),
            let isEmoji = table.columnIndex("is_emoji"), let isEmojiPresentation = table.columnIndex("is_emoji_presentation")
        else { return nil }
        (self.codePoint, self.name, self.category, self.age) = (codePoint, name, category, age)
        (self.isEmoji, self.isEmojiPresentation) = (isEmoji, isEmojiPresentation)
    }

    /// The record a row holds; nil for a row whose code point is not one (the builder writes none).
    func record(_ row: [SQLValue]) -> CharacterRecord? {
        guard let value = Self.codePoint(row[codePoint]) else { return nil }
        func text(_ index: Int) -> String { row[index].plainText ?? "" }
        return CharacterRecord(
            codePoint: value, name: text(name), generalCategory: text(category), age: text(age),
            isEmoji: Self.flag(row[isEmoji]), isEmojiPresentation: Self.flag(row[isEmojiPresentation]))
    }

    /// The page's rows as ``RowList`` draws them: their texts read where the page
    /// keeps them, with no `CharacterRecord` (and so no `String`) per row; a row whose
    /// code point is not one is left out, as ``record(_:)`` does.
    func rows(_ page: RowPage, of list: ListDefinition, language: Language, languageParameter: String?) -> any MustacheList {
        var storage = RowList.Storage(capacity: page.rows.count, page: page.rows)
        page.rows.withUnsafeValues { values in
            for start in stride(from: 0, to: page.rows.count * values.width, by: values.width) {
                guard case .integer(let number) = values[start + codePoint], let value = Self.codePoint(number) else { continue }
                storage.appendRow(
                    codePoint: value, name: start + name, category: start + category, age: start + age,
                    isEmoji: Self.flag(values[start + isEmoji]), of: values)
            }
        }
        return RowList(storage, language: language, languageParameter: languageParameter, listPath: list.path)
    }

    /// The code point a row's `code_point` value names; nil for a value that is not one.
    private static func codePoint(_ value: SQLValue) -> UInt32? {
        guard case .integer(let number) = value else { return nil }
        return codePoint(number)
    }

    /// The code point `number` names; nil for a number that is not one, or that is a
    /// surrogate (no character: found by a break-it pass, `U+D800` of a hand-made
    /// catalogue had a page).
    private static func codePoint(_ number: Int64) -> UInt32? {
        guard let value = UInt32(exactly: number), Unicode.Scalar(value) != nil else { return nil }
        return value
    }

    /// Whether an integer flag is set.
    private static func flag(_ value: SQLValue) -> Bool { if case .integer(let flag) = value { flag != 0 } else { false } }

    /// Whether an integer flag of a page's values, in place, is set.
    private static func flag(_ value: RowValues.Value) -> Bool { if case .integer(let flag) = value { flag != 0 } else { false } }

    /// A row whose code point is not one (``record(_:)`` nil) is neither drawn nor
    /// given a page (found by a break-it pass: `/characters/-5` of a hand-made
    /// catalogue answered 200 with an empty page).
    func draws(_ row: [SQLValue]) -> Bool { record(row) != nil }

    func detail(_ row: [SQLValue], of list: ListDefinition, language: Language, languageParameter: String?) -> MustacheFields {
        guard let record = record(row) else { return [:] }
        let view = CharacterView(record: record, language: language.tag, languageParameter: languageParameter, listPath: list.path)
        guard case .dictionary(let fields) = view.context else { return [:] }
        return fields
    }

    /// The characters a search text names, as the condition on their rows: one
    /// character pasted (`☃`; `☃️` with its variation selector is the same character),
    /// or a code point spelled `U+2603`, found besides the names its words match
    /// (found by break-it passes: pasting a character found nothing, as `U+` and
    /// digits are no name's words). A character a reader sees as one but made of
    /// several code points (`👍🏽`, `🇫🇷`, `e` and U+0301) names each of them; nil
    /// for any other text.
    static let searchedCharacter: @Sendable (String) -> SQLCondition? = { text in
        guard let codePoints = codePoints(searchedFor: text) else { return nil }
        let values = codePoints.map { SQLValue.integer(Int64($0)) }
        return values.count == 1
            ? SQLCondition("\"code_point\" = ?", values)
            : SQLCondition("\"code_point\" IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")", values)
    }

    /// The most code points one pasted character names (a longer cluster, such as a
    /// letter under dozens of marks, names none).
    static let maxSearchedCodePoints = 16

    /// The code points of ``searchedCharacter``, each once and in order, white space
    /// around the text ignored (Unicode White_Space, as the search itself trims it:
    /// Foundation's `.whitespacesAndNewlines` also took U+200B ZERO WIDTH SPACE, which
    /// then found nothing; found by a break-it pass).
    static func codePoints(searchedFor text: String) -> [UInt32]? {
        let text = text.trimmingWhitespace
        if text.hasPrefix("U+") || text.hasPrefix("u+") { return CodePointAddress(segment: text).map { [$0.codePoint] } }
        // One extended grapheme cluster (UAX #29): what a reader takes for one character.
        guard text.count == 1 else { return nil }
        var codePoints: [UInt32] = []
        for scalar in text.unicodeScalars where !codePoints.contains(scalar.value) { codePoints.append(scalar.value) }
        // A variation selector after a character asks for text (U+FE0E) or emoji (U+FE0F)
        // presentation of the same character: it is not looked for besides it.
        let selectors: [UInt32] = [0xFE0E, 0xFE0F]
        if codePoints.count > 1 { codePoints.removeAll { selectors.contains($0) } }
        return codePoints.count <= maxSearchedCodePoints ? codePoints : nil
    }

    /// The catalogue's address spelling: `U+2603` (``CodePointAddress``; `u+2603` and
    /// `U+02603` lead there too, as does the code point in decimal, the shared spelling;
    /// the former `/char/2603` read bare digits as hexadecimal).
    static let addressFormat = RowAddressFormat(
        segment: { address in
            guard case .integer(let number)? = address.first, address.count == 1, let value = UInt32(exactly: number) else {
                return nil
            }
            return CodePointAddress(codePoint: value).canonicalSegment
        },
        address: { segment in
            guard segment.hasPrefix("U+") || segment.hasPrefix("u+"), let address = CodePointAddress(segment: String(segment)) else {
                return nil
            }
            return [.integer(Int64(address.codePoint))]
        },
        former: { segment in
            // `/char/2603` was U+2603: bare hex digits were a code point there.
            CodePointAddress(segment: String(segment)).map { [.integer(Int64($0.codePoint))] }
        })
}
