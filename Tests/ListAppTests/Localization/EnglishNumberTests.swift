import Testing

@testable import ListApp

/// Whole numbers with their digits grouped as English writes them, whatever the server's locale.
@Suite struct EnglishNumberTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (-1000, "-1,000"), (12345, "12,345"), (65536, "65,536"),
        (123_456, "123,456"), (1_234_567, "1,234,567"), (-999, "-999"), (Int.max, "9,223,372,036,854,775,807"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func digitsAreGroupedByThrees(_ number: Int, _ text: String) {
        #expect(EnglishNumber.grouped(number) == text)
    }

    @Test func blobSizesAndRowCountsUseIt() {
        #expect(TableWords.english.bytes(65536) == "65,536 bytes" && TableWords.english.bytes(1) == "1 byte")
        #expect(TableWords.english.rowCount(1_000_000) == "1,000,000 rows")
    }
}
