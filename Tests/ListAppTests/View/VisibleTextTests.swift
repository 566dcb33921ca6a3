import Testing

@testable import ListApp

/// `VisibleText.isAcceptableParameter`: its ASCII shortcut refuses exactly what the
/// Unicode rule does (General_Category Cc and what is shown escaped).
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
}
