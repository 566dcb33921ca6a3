import Testing

@testable import ListState

/// `VisibleText`: its ASCII shortcuts agree with its Unicode rules (`isAcceptableParameter`
/// refuses General_Category Cc and what is shown escaped; `escape` leaves printable ASCII).
@Suite struct VisibleTextTests {
    @Test func theASCIIShortcutAgreesWithTheUnicodeRule() {
        for byte in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(byte)
            let byRule = scalar.properties.generalCategory != .control && !VisibleText.needsEscape(scalar)
            #expect(VisibleText.isAcceptableParameter("a" + String(scalar) + "b") == byRule, "U+\(byte)")
        }
        #expect(VisibleText.isAcceptableParameter("price_eur-2"))
        #expect(!VisibleText.isAcceptableParameter("é\u{202E}x") && !VisibleText.isAcceptableParameter("é\u{85}"))
        #expect(VisibleText.isAcceptableParameter("名前"))
    }

    @Test func printableASCIIIsToldByteByByte() {
        #expect(VisibleText.isPrintableASCII("") && VisibleText.isPrintableASCII("a b~"))
        #expect(VisibleText.isPrintableASCII(String(repeating: "x", count: 100)))
        #expect(!VisibleText.isPrintableASCII("a\tb") && !VisibleText.isPrintableASCII("é") && !VisibleText.isPrintableASCII("\u{7F}"))
        #expect(VisibleText.escape("a\u{0}b") == "a\u{2400}b" && VisibleText.escape("plain") == "plain")
    }

    /// The eight-bytes-at-a-time check against the byte rule: every byte value at every
    /// position of runs from 1 to 17 bytes (inside a word, across two, in the tail).
    @Test func printableASCIIWordByWordAgreesWithTheByteRule() {
        for count in 1...17 {
            for position in 0..<count {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    bytes[position] = byte
                    let told = bytes.withUnsafeBufferPointer(VisibleText.isPrintableASCII)
                    #expect(told == (0x20...0x7E).contains(byte), "byte \(byte) at \(position) of \(count)")
                }
            }
        }
    }

    /// Found by a break-it pass: a cell cut at 300 code points cut a family emoji
    /// (five code points, one character) down to a man, and cut a text of exactly 300
    /// characters that needed no cut. Texts are counted and cut by characters.
    @Test func textsAreCountedAndCutByCharacters() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let exact = String(repeating: "a", count: 299) + family
        #expect(!VisibleText.hasMoreCharacters(exact, than: 300))
        #expect(!RecordCells.needsClamp(.text(exact)))
        #expect(RecordCells.text(.text(exact), clamp: true, isClamped: false, bytes: { "\($0)" }) == exact)
        let long = String(repeating: family, count: 301)
        #expect(RecordCells.needsClamp(.text(long)))
        let shown = RecordCells.text(.text(long), clamp: true, isClamped: false, bytes: { "\($0)" })
        #expect(shown == String(repeating: family, count: 300) + "…")
        // Combining marks stay on their letter; a text of as many code points as the limit is whole.
        let accented = String(repeating: "e\u{301}", count: 200)
        #expect(!RecordCells.needsClamp(.text(accented)) && VisibleText.hasMoreCharacters(accented, than: 199))
        #expect(!VisibleText.hasMoreCharacters(String(repeating: "x", count: 300), than: 300))
        #expect(VisibleText.hasMoreCharacters(String(repeating: "x", count: 301), than: 300))
        #expect(!VisibleText.hasMoreCharacters("", than: 0) && VisibleText.hasMoreCharacters("x", than: 0))
        // An echoed parameter too.
        let echoed = VisibleText.echo(String(repeating: family, count: VisibleText.maximumEcho + 1))
        #expect(echoed == String(repeating: family, count: VisibleText.maximumEcho - 1) + "…")
    }
}
