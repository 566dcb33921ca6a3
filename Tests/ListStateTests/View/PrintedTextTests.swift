import Mustache
import Testing

@testable import ListState

/// A text every row prints: its escaped bytes are made once, and its span (what a
/// list keeps of a shared text) prints exactly what the text does.
@Suite struct PrintedTextTests {
    static let texts = ["", "plain", "<b>&amp;\"'`=", "Unicode 15.1", "\u{1F600} café", String(repeating: "é<", count: 200)]

    @Test(arguments: texts)
    func printsWhatMustacheEscapingPrints(_ text: String) {
        let printed = PrintedText(text)
        #expect(Array(printed.escaped) == HTMLEscaping.escaped(text))
        #expect(MustacheOutput.string { printed.write(escaped: true, into: &$0) } == String(decoding: HTMLEscaping.escaped(text), as: UTF8.self))
        #expect(MustacheOutput.string { printed.write(escaped: false, into: &$0) } == text)
    }

    @Test(arguments: texts)
    func aSpanPrintsWhatItsTextPrints(_ text: String) {
        let printed = PrintedText(text)
        let span = printed.span
        for escaped in [true, false] {
            let fromText = MustacheOutput.string { printed.write(escaped: escaped, into: &$0) }
            let fromSpan = MustacheOutput.string { span.write(escaped: escaped, into: &$0) }
            #expect(fromSpan == fromText)
        }
        #expect(span.text === printed)
    }
}
