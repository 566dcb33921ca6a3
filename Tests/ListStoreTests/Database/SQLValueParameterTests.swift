import Testing

@testable import ListStore

/// The value a request's text is bound as (``SQLValue/parameter(_:for:)``): in a
/// column without a declared type, a number where SQLite's own NUMERIC affinity would
/// read one (SQLite is the reference); `Infinity` as the infinite real in any column
/// that is not text.
@Suite struct SQLValueParameterTests {
    @Test func anUntypedColumnReadsANumberAsSQLiteDoes() throws {
        let database = try TestDatabase(rows: 1)
        defer { database.remove() }
        let texts = [
            "12", "-7", "+3", "+3.5", ".1", "-.5", "1.", "1.e3", "1e5", "1E+5", "2.5e-3", " 1", "1 ", "\t2\n", "007",
            "9223372036854775807", "9223372036854775808", ".", "+", "-", "e5", "1e", "1.5.2", "- 1", "0x10", "1_000",
            "12abc", "", " ", "Infinity", "inf", "NaN", "١٢",
        ]
        try database.write("CREATE TABLE n (v NUMERIC)")
        for text in texts {
            try database.write("DELETE FROM n; INSERT INTO n VALUES ('\(text)')")
            let stored = try #require(try database.rows("SELECT v FROM n").first?.first)
            let bound = SQLValue.parameter(text, for: .blob)
            switch (stored, bound) {
            case (.text(let a), .text(let b)): #expect(a == b && b == text, "\(text.debugDescription)")
            case (.integer(let a), .integer(let b)): #expect(a == b, "\(text.debugDescription)")
            // NUMERIC keeps a real that is a whole number as an integer; the bound real equals it.
            case (.integer(let a), .real(let b)): #expect(Double(a) == b, "\(text.debugDescription)")
            case (.real(let a), .real(let b)): #expect(a == b, "\(text.debugDescription)")
            default:
                // `Infinity` is the one text SQLite keeps that is bound as a number.
                #expect(text == "Infinity" && bound == .real(.infinity), "\(text.debugDescription): \(stored) \(bound)")
            }
        }
    }

    @Test func infinityIsTheInfiniteRealExceptInAColumnOfText() {
        for affinity in [TableDescription.Affinity.integer, .real, .numeric, .blob] {
            #expect(SQLValue.parameter("Infinity", for: affinity) == .real(.infinity))
            #expect(SQLValue.parameter("-Infinity", for: affinity) == .real(-.infinity))
        }
        #expect(SQLValue.parameter("Infinity", for: .text) == .text("Infinity"))
        #expect(SQLValue.parameter("12", for: .integer) == .text("12"))
        #expect(SQLValue.parameter("infinity", for: .real) == .text("infinity"))
    }
}
