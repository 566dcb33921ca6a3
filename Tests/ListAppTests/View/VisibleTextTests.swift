import Testing

@testable import ListApp

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
}
