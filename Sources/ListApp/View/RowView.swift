import ListStore
import Mustache

/// One row as the `row.mustache` template sees it.
///
/// Fields: `id` (the element id, `char-2603`), `glyph` and `glyphStyle` (see
/// `GlyphDisplay`), `codePoint` (`U+2603`), `name` (the Unicode name, English
/// in every language), `category` (`So`), `categoryName` (in the page
/// language), `age` (`1.1`), `ageLabel` (`Unicode 1.1`), `isEmoji`,
/// `emojiLabel`, `detailHref` (`/char/U+2603`, the character's own page). A
/// `MustacheObject` so no dictionary is built per row; a final class so the
/// engine's `any MustacheObject` holds one reference instead of a boxed copy
/// of the fields.
final class RowView: MustacheObject {
    let record: CharacterRecord
    let glyph: GlyphDisplay
    let labels: Labels

    /// What every row of a page shares: the words of the page language and the
    /// `lang` the links keep. Made once per page, so a row holds one reference.
    final class Labels: Sendable {
        let categoryNames: [String: String]
        let emojiLabel: String
        let version: @Sendable (String) -> String
        /// `?lang=…` for the rows' links, or "".
        let linkSuffix: String

        /// The labels of `strings`, for links that keep `languageParameter` (nil: none).
        init(_ strings: UIStrings = UIStrings.english, languageParameter: String? = nil) {
            categoryNames = strings.categoryNames
            emojiLabel = strings.emoji
            version = strings.unicodeVersion
            linkSuffix = QueryString.link("", languageParameter.map { [("lang", $0)] } ?? [])
        }
    }

    init(_ record: CharacterRecord, labels: Labels = Labels()) {
        self.record = record
        self.glyph = GlyphDisplay(record)
        self.labels = labels
    }

    /// The element id of a row: `char-` and the lower-case hex code point.
    static func elementID(_ codePoint: UInt32) -> String {
        CharacterRecord(codePoint: codePoint, name: "", generalCategory: "", age: "", isEmoji: false, isEmojiPresentation: false)
            .hexCode(prefix: "char-")
    }

    // Keys are told apart by length first, so about one comparison settles a lookup (a
    // failed `String ==` is a call into the runtime, and a page asks nine
    // fields of every row: measured with callgrind, see BENCHMARKS.md).
    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key.utf8.count {
        case 2 where key == "id": .string(record.hexCode(prefix: "char-"))
        case 5 where key == "glyph": .string(glyph.text)
        case 10 where key == "glyphStyle": .string(glyph.style.rawValue)
        case 9 where key == "codePoint": .string(record.codePointLabel)
        case 4 where key == "name": .string(record.name)
        case 8 where key == "category": .string(record.generalCategory)
        case 12 where key == "categoryName": .string(labels.categoryNames[record.generalCategory] ?? record.generalCategory)
        case 3 where key == "age": .string(record.age.isEmpty ? "?" : record.age)
        case 8 where key == "ageLabel": .string(labels.version(record.age.isEmpty ? "?" : record.age))
        case 7 where key == "isEmoji": .bool(record.isEmoji)
        case 10 where key == "emojiLabel": .string(labels.emojiLabel)
        case 10 where key == "detailHref":
            .string(labels.linkSuffix.isEmpty
                ? CodePointAddress(codePoint: record.codePoint).path
                : CodePointAddress(codePoint: record.codePoint).path + labels.linkSuffix)
        default: nil
        }
    }
}
