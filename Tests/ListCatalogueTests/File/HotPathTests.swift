import Testing

@testable import ListCatalogue

/// The shortcuts the benchmark's profiles led to give the same results as
/// the plain code they replace.
@Suite struct HotPathTests {
    @Test func codePointLabelsAndHexCodes() {
        let cases: [(UInt32, String, String)] = [
            (0, "U+0000", "0"), (0x41, "U+0041", "41"), (0x2603, "U+2603", "2603"),
            (0xFFFF, "U+FFFF", "ffff"), (0x1F600, "U+1F600", "1f600"), (0x10FFFF, "U+10FFFF", "10ffff"),
        ]
        for (codePoint, label, hex) in cases {
            let record = CharacterRecord(codePoint: codePoint, name: "", generalCategory: "", age: "", isEmoji: false, isEmojiPresentation: false)
            #expect(record.codePointLabel == label)
            #expect(record.hexCode() == hex)
            #expect(record.hexCode(prefix: "char-") == "char-" + hex)
        }
    }

    @Test func categoryNamesMatchTheTable() {
        for entry in GeneralCategory.all {
            #expect(GeneralCategory.name(forCode: entry.code) == entry.name)
        }
        for code in ["", "L", "Lux", "lu", "XX", "ü"] {
            #expect(GeneralCategory.name(forCode: code) == nil)
        }
    }
}
