import Testing

@testable import ListState

/// Where a list page cuts a long text (issue 48): after as many characters as the
/// standard library's walk counts, found without walking the whole value.
@Suite struct CharacterCutTests {
    /// The standard library's answer: the end of the first `count` characters when more follow.
    static func expected(_ text: String, _ count: Int) -> Int? {
        guard let end = text.index(text.startIndex, offsetBy: count, limitedBy: text.endIndex), end < text.endIndex
        else { return nil }
        return text.utf8.distance(from: text.utf8.startIndex, to: end)
    }

    static func cut(_ text: String, _ count: Int) -> Int? {
        var text = text
        return text.withUTF8 { CharacterCut.end(of: $0, after: count) }
    }

    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    @Test(arguments: [
        String(repeating: "x", count: 2000),
        String(repeating: "é", count: 400),
        String(repeating: "日本語", count: 150),
        String(repeating: "e\u{301}", count: 400),
        String(repeating: "a", count: 299) + "e\u{301}\u{302}\u{303}" + "tail",
        String(repeating: "a", count: 300) + "\u{301}b",
        String(repeating: "a", count: 300) + "\u{301}",
        String(repeating: family, count: 301),
        String(repeating: "a", count: 299) + family,
        String(repeating: "a", count: 300),
        String(repeating: "a", count: 301),
        String(repeating: "\r\n", count: 400),
        String(repeating: "a", count: 299) + "\r\n" + "b",
        String(repeating: "a", count: 299) + "\r" + "\u{301}b",
        String(repeating: "\u{1F1EB}\u{1F1F7}", count: 301),
        "a" + String(repeating: "\u{301}", count: 3000) + "b",
        String(repeating: "word ", count: 80) + "\u{1F44D}\u{1F3FD}" + String(repeating: "x", count: 300),
        "", "x", "e\u{301}",
    ])
    func theCutIsTheStandardLibrarys(_ text: String) {
        for count in [0, 1, 2, 299, 300, 301, 1000] {
            #expect(Self.cut(text, count) == Self.expected(text, count), "\(count) of \(text.prefix(20).debugDescription)…")
            let index = CharacterCut.end(of: text, after: count)
            #expect(index.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } == Self.expected(text, count))
        }
    }

    /// Random texts from ASCII, line ends, marks, joiners, emoji and CJK: the same cut.
    @Test func randomTextsAreCutAsTheStandardLibraryWalks() {
        let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "é", "\u{301}", "\u{200D}", "\u{1F468}", "\u{1F3FD}", "日", "\u{1F1EB}", "\u{0915}\u{094D}"]
        var generator = SplitMix(seed: 48)
        for _ in 0..<300 {
            let length = Int(generator.next() % 700)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for count in [0, 1, 7, 300] {
                #expect(Self.cut(text, count) == Self.expected(text, count), "\(count) of \(text.debugDescription)")
            }
        }
    }

    /// The cell a list page shows: at most 300 characters and "…", never inside one.
    @Test func aCellIsCutAfterItsCharacters() {
        let long = String(repeating: "e\u{301}", count: 301)
        #expect(RecordCells.needsClamp(.text(long)))
        #expect(RecordCells.text(.text(long), clamp: true, isClamped: false, bytes: { "\($0)" }) == String(repeating: "e\u{301}", count: 300) + "…")
        let exact = String(repeating: "\u{1F1EB}\u{1F1F7}", count: 300)
        #expect(!RecordCells.needsClamp(.text(exact)))
        #expect(RecordCells.text(.text(exact), clamp: true, isClamped: false, bytes: { "\($0)" }) == exact)
        // Cut by the source already: "…" even when what is left is short.
        #expect(RecordCells.text(.text("abc"), clamp: true, isClamped: true, bytes: { "\($0)" }) == "abc…")
    }

    /// A small deterministic generator (SplitMix64).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
