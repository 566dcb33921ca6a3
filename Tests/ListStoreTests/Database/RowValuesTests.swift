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
        values.reserveCapacity(rows: 3, width: 3)
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
}
