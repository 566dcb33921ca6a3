import Testing

@testable import ListStore

/// Rows kept row after row in one array read back as the rows they were.
@Suite struct RowValuesTests {
    static let rows: [[SQLValue]] = [
        [.integer(1), .text("a"), .null], [.integer(2), .real(2.5), .blob([1, 2])], [.integer(3), .textBytes([0xFF]), .text("")],
    ]

    @Test func rowsReadBackAsAppended() {
        var values = RowValues()
        #expect(values.isEmpty && values.width == 0)
        for row in Self.rows { values.append(row) }
        #expect(values.count == 3 && values.width == 3)
        #expect(values.map(Array.init) == Self.rows)
        #expect(values[1] == [.integer(2), .real(2.5), .blob([1, 2])])
        #expect(values[2, 1] == .textBytes([0xFF]) && values[0, 2] == .null)
        #expect(Array(values[2].reversed()) == [.text(""), .textBytes([0xFF]), .integer(3)])
        #expect(values == RowValues(Self.rows) && values == [[.integer(1), .text("a"), .null], Self.rows[1], Self.rows[2]])
    }

    @Test func aRowReadValueByValueIsTheSame() {
        var values = RowValues()
        values.reserveCapacity(rows: 3, width: 3, bytes: 8)
        for row in Self.rows {
            for value in row { values.appendValue(value) }
            values.endRow(width: row.count)
        }
        #expect(values == RowValues(Self.rows))
        #expect(values.hashValue == RowValues(Self.rows).hashValue)
    }

    @Test func rowsAreKeptAndJoined() {
        var first = RowValues(Array(Self.rows.prefix(2)))
        first.append(contentsOf: RowValues([Self.rows[2]]))
        #expect(first == RowValues(Self.rows))
        first.append(contentsOf: RowValues())
        #expect(first.count == 3)
        var empty = RowValues()
        empty.append(contentsOf: first)
        #expect(empty == first)
        first.removeRows(from: 1)
        #expect(first.map(Array.init) == [Self.rows[0]])
        first.removeRows(from: 5)
        #expect(first.count == 1)
        first.removeRows(from: 0)
        #expect(first.isEmpty && first == RowValues() && first.hashValue == RowValues().hashValue)
    }

    /// Rows of no values (a page's keys where a table has none) are still counted.
    @Test func rowsOfNoValuesAreCounted() {
        var keys = RowValues()
        keys.append([SQLValue]())
        keys.endRow(width: 0)
        #expect(keys.count == 2 && keys.width == 0 && keys[1].isEmpty)
        #expect(keys != RowValues() && keys == RowValues([[], []]))
    }

    /// Texts read as UTF-8 bytes keep what `String(decoding:as:)` made of them:
    /// invalid sequences as U+FFFD, everything else as it was.
    @Test(arguments: [
        [UInt8](), Array("plain ASCII text".utf8), Array("naïve — 日本語 😀".utf8), [0x61, 0xFF, 0x62], [0xE2, 0x82], [0xC0, 0xAF, 0x41],
        Array("eight by".utf8) + [0xF0, 0x9F, 0x98],
    ])
    func textsReadAsBytesAreTheirDecodedText(_ utf8: [UInt8]) {
        var values = RowValues()
        utf8.withUnsafeBufferPointer { values.appendText(decoding: $0) }
        values.appendInteger(7)
        values.endRow(width: 2)
        let expected = String(decoding: utf8, as: UTF8.self)
        #expect(values[0, 0] == .text(expected) && values[0, 1] == .integer(7))
        let bytes: [UInt8]? = values.withUnsafeValues { inPlace in
            guard case .text(let bytes) = inPlace[0] else { return nil }
            return Array(bytes)
        }
        #expect(bytes == Array(expected.utf8))
    }

    /// A text cut while it is read keeps what cutting its decoded `String` kept
    /// (``RowPage/clamp(_:to:)``), for ASCII, other scalars and invalid bytes.
    @Test(arguments: [
        ("abcdefghij", 4), ("abcd", 4), ("abc", 4), ("ééééé", 4), ("éé", 4), ("ab😀😀😀cd", 3), ("日本語のテキスト", 5), ("a\u{301}b\u{301}c", 2),
        ("😀😀😀😀😀😀😀", 1), (String(repeating: "é", count: 10), 2),
    ])
    func aTextCutAsItIsReadIsItsCutText(_ text: String, _ limit: Int) {
        for utf8 in [Array(text.utf8), Array(text.utf8) + [0xFF, 0x41], [0x80] + Array(text.utf8)] {
            var values = RowValues()
            let cut = utf8.withUnsafeBufferPointer { values.appendText(decoding: $0, clampedTo: limit) }
            values.endRow(width: 1)
            var expected = SQLValue.text(String(decoding: utf8, as: UTF8.self))
            let expectedCut = RowPage.clamp(&expected, to: limit)
            #expect(values[0, 0] == expected && cut == expectedCut, "\(utf8) cut to \(limit)")
        }
    }

    /// A copy keeps its values when the other is appended to, cut or joined (the
    /// bytes are shared until one changes).
    @Test func aCopyKeepsItsValues() {
        let original = RowValues(Self.rows)
        var grown = original
        grown.append([.integer(4), .text("grown"), .blob([9])])
        var cut = original
        cut.removeRows(from: 1)
        cut.append([.integer(5), .text("after the cut"), .null])
        var joined = RowValues([Self.rows[0]])
        joined.append(contentsOf: original)
        #expect(original == RowValues(Self.rows) && original.count == 3)
        #expect(grown.map(Array.init) == Self.rows + [[.integer(4), .text("grown"), .blob([9])]])
        #expect(cut.map(Array.init) == [Self.rows[0], [.integer(5), .text("after the cut"), .null]])
        #expect(joined.map(Array.init) == [Self.rows[0]] + Self.rows)
    }

    /// Values read in place are the values a row gives.
    @Test func valuesInPlaceAreTheRowsValues() {
        let values = RowValues(Self.rows)
        values.withUnsafeValues { inPlace in
            #expect(inPlace.width == 3)
            for row in 0..<values.count {
                #expect(Array(inPlace.row(row)) == Array(values[row]))
                for column in 0..<3 { #expect(inPlace.row(row).inPlace(column).value == values[row, column]) }
            }
        }
    }
}
