import Testing

@testable import ListCatalogue
@testable import ListState

@Suite struct CodePointAddressTests {
    @Test(arguments: [
        ("U+2603", 0x2603), ("u+2603", 0x2603), ("2603", 0x2603), ("U+02603", 0x2603),
        ("U+0041", 0x41), ("41", 0x41), ("U+1F600", 0x1F600), ("u+1f600", 0x1F600),
        ("U+10FFFF", 0x10FFFF), ("U+0000", 0), ("00000041", 0x41),
    ])
    func readsEverySpellingOfACodePoint(_ segment: String, _ value: UInt32) {
        #expect(CodePointAddress(segment: segment)?.codePoint == value)
    }

    @Test(arguments: [
        "", "U+", "u+", "U+110000", "FFFFFFFF", "000000041", "U+2603x", "U+-1", "+2603", "U 2603",
        "U+260 3", "0x2603", "snowman", "U+٣", "U+\u{FF12}",
    ])
    func refusesMalformedSegments(_ segment: String) {
        #expect(CodePointAddress(segment: segment) == nil)
    }

    @Test(arguments: [(0x41, "U+0041"), (0x2603, "U+2603"), (0x1F600, "U+1F600"), (0x10FFFF, "U+10FFFF"), (0, "U+0000")])
    func canonicalFormIsUpperCaseWithAtLeastFourDigits(_ value: UInt32, _ segment: String) {
        #expect(CodePointAddress(codePoint: value).canonicalSegment == segment)
    }
}
