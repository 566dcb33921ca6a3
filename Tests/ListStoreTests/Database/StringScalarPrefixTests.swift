import Testing

@testable import ListStore

/// A text's first Unicode scalars: what appending them one by one would give.
@Suite struct StringScalarPrefixTests {
    static func slow(_ text: String, _ count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(max(count, 0)))
        return String(scalars)
    }

    @Test(arguments: [
        "", "a", "plain ascii text", "e\u{301}e\u{301}", "日本語のテキスト", "😀👍🏽👨‍👩‍👧", "\u{0}\u{1F}\u{7F}",
        String(repeating: "x", count: 600), String(repeating: "é", count: 301) + "tail",
    ])
    func theFirstScalarsAreThoseAppendedOneByOne(_ text: String) {
        for count in [-1, 0, 1, 2, 3, 5, 299, 300, 301, 1000] {
            #expect(text.prefix(scalars: count) == Self.slow(text, count), "\(count) of \(text.debugDescription)")
            #expect(text.prefix(scalars: count).unicodeScalars.count == min(max(count, 0), text.unicodeScalars.count))
        }
    }

    /// Scalars, not characters: a cut may fall between a letter and its mark.
    @Test func aCutMayFallInsideACharacter() {
        #expect("e\u{301}x".prefix(scalars: 1) == "e")
        #expect("👨‍👩‍👧".prefix(scalars: 2) == "👨\u{200D}")
    }
}

/// Where the first scalars end: found walking only those (issue 48), nil when no more follow.
@Suite struct StringScalarEndTests {
    @Test(arguments: [
        "", "a", String(repeating: "x", count: 600), String(repeating: "é", count: 301), "😀👍🏽👨‍👩‍👧", String(repeating: "日", count: 300),
    ])
    func theEndIsAfterTheFirstScalars(_ text: String) {
        for count in [-1, 0, 1, 299, 300, 301, 1000] {
            let view = text.unicodeScalars
            let kept = max(count, 0)
            let expected = kept < view.count ? view.index(view.startIndex, offsetBy: kept) : nil
            #expect(text.endOfScalars(count) == expected, "\(count) of \(text.debugDescription)")
        }
    }

    @Test func aLongTextIsClampedToItsFirstScalars() {
        var value = SQLValue.text(String(repeating: "e\u{301}", count: 200))
        #expect(RowPage.clamp(&value, to: 300) && value == .text(String(repeating: "e\u{301}", count: 150)))
        var exact = SQLValue.text(String(repeating: "é", count: 300))
        #expect(!RowPage.clamp(&exact, to: 300))
    }
}
