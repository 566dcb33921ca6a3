import ListStore
import Mustache

/// One row as the `row.mustache` template sees it.
///
/// Fields: `id` (the element id, `char-2603`), `glyph` and `glyphStyle` (see
/// `GlyphDisplay`), `codePoint` (`U+2603`), `name`, `category` (`So`),
/// `categoryName` (`Other Symbol`), `age` (`1.1`), `isEmoji`, `detailHref`
/// (`/char/U+2603`, the character's own page). A `MustacheObject`
/// so no dictionary is built per row.
struct RowView: MustacheObject {
    let record: CharacterRecord
    let glyph: GlyphDisplay

    init(_ record: CharacterRecord) {
        self.record = record
        self.glyph = GlyphDisplay(record)
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
        case "categoryName": .string(ListStore.GeneralCategory.name(forCode: record.generalCategory) ?? record.generalCategory)
        case "age": .string(record.age.isEmpty ? "?" : record.age)
        case "isEmoji": .bool(record.isEmoji)
        case "detailHref": .string(CodePointAddress(codePoint: record.codePoint).path)
        default: nil
        }
    }
}
