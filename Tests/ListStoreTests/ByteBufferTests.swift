import Testing

@testable import ListStore

/// The buffer a page's values and a view's texts are kept in: every text reads
/// back as written, across the growths of the buffer.
@Suite struct ByteBufferTests {
    @Test func textsReadBackAcrossGrowth() {
        let buffer = ByteBuffer(capacity: 1)
        var ranges: [(Range<Int>, String)] = []
        let texts = ["", "a", "SNOWMAN", "\u{25CC}\u{0301}", String(repeating: "é", count: 300), "<&>", "\u{1F600}", ""]
        for text in texts {
            let start = buffer.count
            buffer.append(text)
            ranges.append((start..<buffer.count, text))
        }
        buffer.append(UInt8(ascii: "?"))
        ranges.append((buffer.count - 1..<buffer.count, "?"))
        #expect(buffer.count == texts.map(\.utf8.count).reduce(0, +) + 1)
        for (range, text) in ranges {
            #expect(buffer.string(range) == text)
            #expect(Array(buffer[range]) == Array(text.utf8))
        }
    }

    @Test func anEmptyBufferHasNoBytes() {
        let buffer = ByteBuffer(capacity: 0)
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        #expect(buffer.count == 0 && buffer[0..<0].isEmpty && buffer.string(0..<0).isEmpty)
    }

    @Test func integersAreWrittenAsTheirDecimalDigits() {
        let buffer = ByteBuffer(capacity: 1)
        let numbers: [Int64] = [0, 7, -1, 9, 10, -10, 99, 100, 12_345, -9_999_999, .max, .min, .max - 1, .min + 1]
        var ranges: [(Range<Int>, Int64)] = []
        for number in numbers {
            let start = buffer.count
            buffer.append(decimal: number)
            ranges.append((start..<buffer.count, number))
        }
        for (range, number) in ranges {
            #expect(buffer.string(range) == String(number))
        }
    }
}
