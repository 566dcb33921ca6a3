import ListStore
import Testing

@testable import ListState

/// The texts a table page's cells keep (``ListStore/ByteBuffer``, ListState's extension).
@Suite struct ByteBufferPrintableASCIITests {
    /// A cell's text goes in as it is only when it is short printable ASCII; any other
    /// text leaves the buffer as it was, for the caller to write it shown (escaped, cut).
    @Test func onlyShortPrintableASCIIIsAppendedAsItIs() {
        let buffer = ByteBuffer(capacity: 1)
        #expect(buffer.appendIfPrintableASCII("plain text ~", maximumBytes: 300))
        #expect(buffer.appendIfPrintableASCII("", maximumBytes: 300))
        #expect(buffer.appendIfPrintableASCII(String(repeating: "x", count: 300), maximumBytes: 300))
        let kept = buffer.count
        for refused in [String(repeating: "x", count: 301), "tab\there", "café", "\u{7F}", "a\u{0}", "line\n"] {
            #expect(!buffer.appendIfPrintableASCII(refused, maximumBytes: 300), "\(refused.debugDescription)")
        }
        #expect(buffer.count == kept && kept == 12 + 300)
        #expect(buffer.string(0..<12) == "plain text ~")
    }
}
