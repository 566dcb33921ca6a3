import Testing

@testable import ListStore

@Suite struct RowCursorTests {
    static let values: [SQLValue] = [
        .null, .integer(0), .integer(.min), .integer(.max), .integer(9_007_199_254_740_993), .real(-0.0), .real(0.1),
        .real(.infinity), .text(""), .text("a/b,c~é日本\u{0}"), .blob([]), .blob([0, 255, 1]),
    ]

    @Test(arguments: values)
    func roundTripsEveryStorageClass(_ value: SQLValue) throws {
        let sort = ListSort(column: "c", descending: true)
        let position = RowPosition(sortValue: value, key: [value, .integer(42)], repeats: 1_234)
        let cursor = RowCursor(after: position, rowid: 42, list: "t", sort: sort)
        let text = cursor.encoded
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        let decoded = try #require(RowCursor(encoded: text, list: "t", sort: sort, keyCount: 2))
        #expect(decoded.start == .position(position))
    }

    @Test func aSourcesOwnContinuationRoundTripsWithinTheBound() throws {
        let sort = ListSort(column: "c")
        for bytes in [[], [0, 1, 2, 255], Array(repeating: UInt8(7), count: RowCursor.maximumContinuationLength)] {
            let text = try #require(RowCursor(continuation: bytes, list: "t", sort: sort)).encoded
            #expect(text.utf8.count <= RowCursor.maximumLength)
            #expect(RowCursor(encoded: text, list: "t", sort: sort, keyCount: 1)?.start == .continuation(bytes))
            #expect(RowCursor(encoded: text, list: "u", sort: sort, keyCount: 1) == nil, "another list's")
            #expect(RowCursor(encoded: text, list: "t", sort: nil, keyCount: 1) == nil, "another sort's")
        }
        #expect(RowCursor(continuation: Array(repeating: 7, count: RowCursor.maximumContinuationLength + 1), list: "t", sort: nil) == nil)
        // A length that claims more bytes than follow is refused, not read past the end.
        #expect(RowCursor(encoded: Base64URL.encode([2, 5] + [0, 0, 0, 0] + [9, 1]), list: "t", sort: nil, keyCount: 1) == nil)
    }

    /// PostgreSQL stores NaN (found by QA: paging by a float column stopped with a 400 at it).
    @Test func aNaNRoundTrips() throws {
        let sort = ListSort(column: "c")
        let position = RowPosition(sortValue: .real(.nan), key: [.real(.nan), .integer(5)])
        let text = RowCursor(after: position, rowid: nil, list: "t", sort: sort).encoded
        let decoded = try #require(RowCursor(encoded: text, list: "t", sort: sort, keyCount: 2))
        guard case .position(let read) = decoded.start, case .real(let value)? = read.sortValue, case .real(let key) = read.key[0]
        else {
            Issue.record("not a position with reals: \(decoded.start)")
            return
        }
        #expect(value.isNaN && key.isNaN)
        #expect(read.key[1] == .integer(5))
    }

    @Test func isBoundByUsingTheRowidForLongValues() throws {
        let long = SQLValue.text(String(repeating: "x", count: 10_000))
        let cursor = RowCursor(
            after: RowPosition(sortValue: long, key: [.integer(7)]), rowid: 7, list: "t",
            sort: ListSort(column: "c"))
        #expect(cursor.encoded.utf8.count <= RowCursor.maximumLength)
        #expect(cursor.start == .rowid(7))
        let decoded = try #require(RowCursor(encoded: cursor.encoded, list: "t", sort: ListSort(column: "c"), keyCount: 1))
        #expect(decoded.start == .rowid(7))
    }

    /// C-09 for lists over tables: tampered text, another list, another sort,
    /// another key width are all refused.
    @Test func refusesCursorsOfOtherListsSortsAndTamperedText() {
        let position = RowPosition(sortValue: .text("m"), key: [.integer(3)])
        let text = RowCursor(after: position, rowid: 3, list: "t", sort: ListSort(column: "c")).encoded
        #expect(RowCursor(encoded: text, list: "t", sort: ListSort(column: "c"), keyCount: 1) != nil)
        #expect(RowCursor(encoded: text, list: "u", sort: ListSort(column: "c"), keyCount: 1) == nil)
        #expect(RowCursor(encoded: text, list: "t", sort: ListSort(column: "c", descending: true), keyCount: 1) == nil)
        #expect(RowCursor(encoded: text, list: "t", sort: ListSort(column: "d"), keyCount: 1) == nil)
        #expect(RowCursor(encoded: text, list: "t", sort: nil, keyCount: 1) == nil)
        #expect(RowCursor(encoded: text, list: "t", sort: ListSort(column: "c"), keyCount: 2) == nil)
        for tampered in [text + "!", text + "A", String(text.dropLast()), "0", "%%", "", "AQAAJgM", text.lowercased()]
        where tampered != text {
            #expect(RowCursor(encoded: tampered, list: "t", sort: ListSort(column: "c"), keyCount: 1) == nil, "\(tampered)")
        }
    }

    /// A view's cursor counts rows (form 3: the values and the row's number) and, after
    /// a row too long to carry, names the row by its number and digest (form 4); both
    /// decode to what was made, and a changed byte or a row number 0 is refused.
    @Test func aViewsCursorCarriesTheRowNumberAndNamesALongRowByIt() throws {
        let sort = ListSort(column: "body")
        let short = RowPosition(sortValue: .text("a"), key: [.text("a"), .text("text")], repeats: 2, rowNumber: 41)
        let byValue = RowCursor(after: short, rowid: nil, list: "v", sort: sort)
        #expect(byValue.start == .position(short))
        #expect(try #require(RowCursor(encoded: byValue.encoded, list: "v", sort: sort, keyCount: 2)).start == .position(short))
        let longText = SQLValue.text(String(repeating: "y", count: 5000))
        let long = RowPosition(sortValue: longText, key: [longText, .text("text")], repeats: 3, rowNumber: 70_000)
        let byNumber = RowCursor(after: long, rowid: nil, list: "v", sort: sort)
        #expect(byNumber.start == .rowNumber(RowNumber(number: 70_000, repeats: 3, digest: long.digest)))
        #expect(byNumber.encoded.utf8.count < 40)
        #expect(try #require(RowCursor(encoded: byNumber.encoded, list: "v", sort: sort, keyCount: 2)).start == byNumber.start)
        #expect(RowCursor(encoded: byNumber.encoded, list: "v", sort: nil, keyCount: 2) == nil, "another sort")
        #expect(long.digest != RowPosition(sortValue: longText, key: [longText, .text("blob")]).digest)
        let zero = RowCursor(after: RowPosition(sortValue: longText, key: [longText], rowNumber: 0), rowid: nil, list: "v", sort: sort)
        #expect(RowCursor(encoded: zero.encoded, list: "v", sort: sort, keyCount: 1) == nil, "no row 0")
        // Found by QA: "row 1, the 0th of its run" was read as a position; every row counted is at least the 1st.
        for position in [long, short] {
            var noRun = position
            noRun.repeats = 0
            let forged = RowCursor(after: noRun, rowid: nil, list: "v", sort: sort).encoded
            #expect(RowCursor(encoded: forged, list: "v", sort: sort, keyCount: 2) == nil, "\(forged)")
        }
        // Found by QA: a row number past 2^28 was refused.
        var far = long
        far.rowNumber = 300_000_000
        let deep = RowCursor(after: far, rowid: nil, list: "v", sort: sort)
        #expect(try #require(RowCursor(encoded: deep.encoded, list: "v", sort: sort, keyCount: 2)).start == deep.start)
        for tampered in [String(byNumber.encoded.dropLast()), byNumber.encoded + "A"] {
            #expect(RowCursor(encoded: tampered, list: "v", sort: sort, keyCount: 2) == nil, "\(tampered)")
        }
    }
}
