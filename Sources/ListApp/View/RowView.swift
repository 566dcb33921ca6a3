import ListStore
import Mustache

/// One row as the `row.mustache` template sees it.
///
/// Fields: `id` (the element id, `char-2603`), `glyph` and `glyphStyle` (see
/// `GlyphDisplay`), `codePoint` (`U+2603`), `name` (the Unicode name, English
/// in every language), `category` (`So`), `categoryName` (in the page
/// language), `age` (`1.1`), `ageLabel` (`Unicode 1.1`), `isEmoji`,
/// `emojiLabel`, `detailHref` (`/char/U+2603`, the
/// character's own page). A `MustacheObject` so no dictionary is built per row.
struct RowView: MustacheObject {
    let record: CharacterRecord
    let glyph: GlyphDisplay
    let categoryNames: [String: String]
    let emojiLabel: String
    let version: @Sendable (String) -> String
    /// The `lang` parameter the page's links carry, or nil.
    let languageParameter: String?

    init(_ record: CharacterRecord, categoryNames: [String: String] = UIStrings.english.categoryNames,
         emojiLabel: String = UIStrings.english.emoji, version: @escaping @Sendable (String) -> String = UIStrings.english.unicodeVersion,
         languageParameter: String? = nil) {
        self.record = record
        self.languageParameter = languageParameter
        self.glyph = GlyphDisplay(record)
        self.categoryNames = categoryNames
        self.emojiLabel = emojiLabel
        self.version = version
    }

    /// The element id of a row: `char-` and the lower-case hex code point.
    static func elementID(_ codePoint: UInt32) -> String {
        "char-" + String(codePoint, radix: 16)
    }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "id": .string(Self.elementID(record.codePoint))
        case "glyph": .string(glyph.text)
        case "glyphStyle": .string(glyph.style.rawValue)
        case "codePoint": .string(record.codePointLabel)
        case "name": .string(record.name)
        case "category": .string(record.generalCategory)
        case "categoryName": .string(categoryNames[record.generalCategory] ?? record.generalCategory)
        case "age": .string(record.age.isEmpty ? "?" : record.age)
        case "ageLabel": .string(version(record.age.isEmpty ? "?" : record.age))
        case "isEmoji": .bool(record.isEmoji)
        case "emojiLabel": .string(emojiLabel)
        case "detailHref":
            .string(QueryString.link(CodePointAddress(codePoint: record.codePoint).path, languageParameter.map { [("lang", $0)] } ?? []))
        default: nil
        }
    }
}
