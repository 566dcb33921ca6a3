import Foundation
import Testing

@testable import ListDecision

/// The placeholder configuration model: colours, contrast, validation.
@Suite struct ConfigurationModelTests {
    @Test(arguments: [
        ("#fff", "#ffffff"), ("#FFF8E1", "#fff8e1"), ("#0000", "#00000000"), ("#12345678", "#12345678"),
        ("rgb(255, 248, 225)", "#fff8e1"), ("rgb(0 0 0)", "#000000"),
    ])
    func coloursParseAndPrintAsHex(_ text: String, _ printed: String) throws {
        #expect(try #require(CSSColor(parsing: text)).description == printed)
    }

    @Test(arguments: [
        "", "#", "#ff", "#fffff", "#ggg", "red", "rgb(256, 0, 0)", "rgb(1,2)", "rgb(-1, 0, 0)", "var(--x)",
        "#fff;}", "rgb(1, 2, 3); color: red", "url(x)", "rgba(0,0,0,0)",
    ])
    func anythingElseIsRefused(_ text: String) {
        #expect(CSSColor(parsing: text) == nil)
    }

    @Test func contrastFollowsWCAG() throws {
        let black = CSSColor(red: 0, green: 0, blue: 0)
        let white = CSSColor(red: 255, green: 255, blue: 255)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-6)
        #expect(abs(white.contrastRatio(with: white) - 1) < 1e-9)
        for value in stride(from: 0.001, through: 1.0, by: 0.013) {
            #expect(abs(CSSColor.power(value, 2.4) - pow(value, 2.4)) < 1e-9)
        }
        // #767676 on white is the classic 4.54:1.
        #expect(abs(CSSColor(red: 0x76, green: 0x76, blue: 0x76).contrastRatio(with: white) - 4.54) < 0.01)
    }

    @Test func problemsNameTheirKeys() {
        // Any non-empty name is a list's name (a list over a table is named by the table).
        #expect(ListConfiguration("").problems().map(\.key) == [""])
        #expect(ListConfiguration("Big Things_2").problems().isEmpty)
        let bad = ListConfiguration("characters")
            .forceDisplay(.offline)
            .placeholder(.noData) { $0.image("/etc/passwd", width: 0).spacing(-1).fill(insets: .init(top: 999)).verticalOffset(5) }
        let keys = bad.problems().map(\.key)
        #expect(keys.contains("forceDisplay"))
        for key in ["image.src", "image.width", "spacing", "insets.top", "verticalOffset"] {
            #expect(keys.contains("placeholders.noData.\(key)"), "\(key)")
        }
        #expect(ListConfiguration("characters").placeholder(.noData) { $0.centered(offset: -40) }.problems().isEmpty)
    }
}
