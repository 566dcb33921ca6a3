import ListStore
import Testing

@testable import ListCatalogue
@testable import ListState

@Suite struct GlyphDisplayTests {
    private func display(_ value: UInt32) throws -> GlyphDisplay {
        let scalar = try #require(Unicode.Scalar(value))
        let name = scalar.properties.name ?? "UNNAMED"
        let category = ListCatalogue.GeneralCategory.code(scalar.properties.generalCategory)
        return GlyphDisplay(
            CharacterRecord(
                codePoint: value, name: name, generalCategory: category,
                age: "", isEmoji: false, isEmojiPresentation: false))
    }

    @Test func combiningMarksSitOnADottedCircle() throws {
        #expect(try display(0x0301) == GlyphDisplay(text: "\u{25CC}\u{0301}", style: .mark))
        #expect(try display(0x20DD).style == .mark)
    }

    @Test(arguments: [
        (UInt32(0x202E), "RLO"), (0x200D, "ZWJ"), (0x2066, "LRI"), (0xFEFF, "ZWNBSP"),
        (0x00AD, "SHY"), (0x2028, "LSEP"), (0x00A0, "NBSP"),
    ])
    func formatCharactersShowTheirAbbreviation(_ value: UInt32, _ abbreviation: String) throws {
        #expect(try display(value) == GlyphDisplay(text: abbreviation, style: .abbreviation))
    }

    @Test func spaceIsAVisibleSymbol() throws {
        #expect(try display(0x20) == GlyphDisplay(text: "\u{2420}", style: .symbol))
    }

    @Test func otherFormatCharactersGetInitials() throws {
        let tag = try display(0xE0041)  // TAG LATIN CAPITAL LETTER A
        #expect(tag.style == .abbreviation && tag.text == "TLCLA")
        #expect(try display(0x3164).style == .abbreviation)  // HANGUL FILLER: default ignorable letter
    }

    @Test func ordinaryCharactersAreThemselves() throws {
        #expect(try display(0x2603) == GlyphDisplay(text: "\u{2603}", style: .character))
        #expect(try display(0x05D0) == GlyphDisplay(text: "\u{05D0}", style: .character))
    }

    /// No row ever shows a raw format, control, separator or ignorable character.
    @Test func noDisplayHoldsAnInvisibleOrReorderingScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
            let category = ListCatalogue.GeneralCategory.code(scalar.properties.generalCategory)
            let shown = GlyphDisplay(
                CharacterRecord(
                    codePoint: value, name: name, generalCategory: category,
                    age: "", isEmoji: false, isEmojiPresentation: false))
            // The shortcut rows take agrees with the whole rule, and never skips a
            // character the abbreviation table names.
            if GlyphDisplay.shownAsItself(
                CharacterRecord(
                    codePoint: value, name: name, generalCategory: category, age: "",
                    isEmoji: false, isEmojiPresentation: false)) != nil
            {
                if shown != GlyphDisplay(text: String(Character(scalar)), style: .character) || GlyphDisplay.abbreviations[value] != nil {
                    Issue.record("U+\(String(value, radix: 16)) is shown as itself by the shortcut, \(shown) by the rule")
                    return
                }
            }
            for part in shown.text.unicodeScalars {
                let properties = part.properties
                let unsafe =
                    properties.isDefaultIgnorableCodePoint || properties.isBidiControl
                    || [.format, .control, .lineSeparator, .paragraphSeparator, .spaceSeparator].contains(properties.generalCategory)
                if unsafe {
                    Issue.record("U+\(String(value, radix: 16)) shows \(part.value)")
                    return
                }
            }
        }
    }
}

extension GlyphDisplayTests {
    @Test func ignorableMarksAndVariationSelectorsAreAbbreviated() throws {
        #expect(try display(0xFE0F) == GlyphDisplay(text: "VS16", style: .abbreviation))
        #expect(try display(0x17B4).style == .abbreviation)
    }
}
