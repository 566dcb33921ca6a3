import Testing

@testable import ListState

/// Whole numbers with their digits grouped as English and Chinese write them, whatever the server's locale.
@Suite struct GroupedNumberTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (-1000, "-1,000"), (12345, "12,345"), (65536, "65,536"),
        (123_456, "123,456"), (1_234_567, "1,234,567"), (-999, "-999"), (Int.max, "9,223,372,036,854,775,807"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func digitsAreGroupedByThrees(_ number: Int, _ text: String) {
        #expect(GroupedNumber.grouped(number) == text)
    }

    @Test func blobSizesAndRowCountsUseIt() {
        #expect(TableWords.english.bytes(65536) == "65,536 bytes" && TableWords.english.bytes(1) == "1 byte")
        #expect(TableWords.english.rowCount(1_000_000) == "1,000,000 rows")
    }

    /// Found by a break-it pass: Chinese pages wrote "65536 字节" (CLDR's zh and zh-Hant group digits by threes with commas too).
    @Test func chinesePagesGroupThemToo() {
        #expect(TableWords.simplifiedChinese.bytes(65536) == "65,536 字节")
        #expect(TableWords.traditionalChinese.bytes(65536) == "65,536 位元組")
        #expect(TableWords.simplifiedChinese.rowCount(155_455) == "155,455 行")
        #expect(TableWords.traditionalChinese.rowCount(155_455) == "155,455 列")
        #expect(TableWords.simplifiedChinese.bytes(2) == "2 字节" && TableWords.traditionalChinese.rowCount(nil) == "很多列")
    }
}
