import Testing

@testable import ListState

/// A cell's text that is a web address is its link: printable ASCII is told by its bytes
/// (issue 48), any other text by its code points' properties, with the same answer.
@Suite struct WebAddressTests {
    @Test(arguments: [
        ("https://example.org/projects/x/", true), ("http://a.b/?q=1&r=2", true), ("https://a b.org/", false),
        ("https://a.org/\tx", false), ("https://a.org/\u{1}", false), ("https://exämple.org/", true),
        ("https://a.org/\u{3000}x", false), ("https://a.org/\u{A0}", false), ("ftp://a.org/", false), ("https:/", false),
        ("hxxps://a.org/", false), ("http://", true),
    ])
    func anAddressIsToldAsItsCodePointsSay(_ text: String, _ expected: Bool) {
        #expect(RecordCells.isWebAddress(text) == expected, "\(text.debugDescription)")
        // The rule the ASCII shortcut must agree with.
        let byProperties =
            (text.hasPrefix("https://") || text.hasPrefix("http://"))
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
        #expect(byProperties == expected)
    }

    @Test func aLongAddressIsNoLink() {
        #expect(!RecordCells.isWebAddress("https://a.org/" + String(repeating: "x", count: 2048)))
    }
}
