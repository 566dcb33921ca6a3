import Testing

@testable import ListStore

@Suite struct PageCursorTests {
    @Test(arguments: [UInt32(0), 0x41, 0x2603, 0xFFFF, 0x1F600, 0x10FFFF])
    func roundTrips(_ value: UInt32) throws {
        let cursor = PageCursor(afterCodePoint: value)
        #expect(cursor.encoded.utf8.count == 7)
        #expect(cursor.encoded.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(PageCursor(encoded: cursor.encoded) == cursor)
    }

    /// C-09: tampered cursors are rejected, never taken for a valid one.
    @Test(arguments: [
        "", "0", "%%", "AQAAJgM!", "AQAAJgM=", "AQAAJgMA", "AQAAJg", "AQAAJgN",
        "AgAAJgM",  // version 2
        "AREAAAA",  // U+110000, past the last scalar
        "AQAAJgM\u{0}", "ÄQAAJgM", "AQAA Jg",
    ])
    func rejectsTamperedText(_ text: String) {
        #expect(PageCursor(encoded: text) == nil)
    }

    @Test func validTextIsAccepted() {
        #expect(PageCursor(encoded: "AQAAJgM")?.afterCodePoint == 0x2603)
    }

    @Test func base64URLMatchesRFC4648Vectors() {
        #expect(Base64URL.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64URL.encode(Array("fo".utf8)) == "Zm8")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("Z") == nil)
    }
}
