import Mustache
import Testing

/// Records an issue when `condition` is false: for checks in hot loops, where
/// `#expect`'s bookkeeping per call would dominate a debug test's time.
func check(_ condition: Bool, _ message: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    if !condition { Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation) }
}

/// A small deterministic generator (SplitMix64), so a failing generated case is the
/// same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The reference: HTML escaping byte by byte, written the obvious way.
enum ReferenceEscaping {
    static func entity(_ byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): Array("&amp;".utf8)
        case UInt8(ascii: "<"): Array("&lt;".utf8)
        case UInt8(ascii: ">"): Array("&gt;".utf8)
        case UInt8(ascii: "\""): Array("&quot;".utf8)
        case UInt8(ascii: "'"): Array("&#39;".utf8)
        case UInt8(ascii: "`"): Array("&#96;".utf8)
        case UInt8(ascii: "="): Array("&#61;".utf8)
        default: nil
        }
    }

    static func escape(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in bytes { result += entity(byte) ?? [byte] }
        return result
    }

    static func escape(_ string: String) -> String {
        String(decoding: escape(Array(string.utf8)), as: UTF8.self)
    }
}

/// `bytes` HTML-escaped by the engine, byte for byte (``HTMLEscaping`` goes through
/// the same word-at-a-time escaper as ``MustacheOutput``).
private func engineEscaped(_ bytes: [UInt8]) -> [UInt8] {
    var buffer: [UInt8] = []
    bytes.withUnsafeBufferPointer { HTMLEscaping.append(escaping: $0, to: &buffer) }
    return buffer
}

/// What `MustacheOutput` holds after `body`, with its byte count.
private func written(_ body: (inout MustacheOutput) -> Void) -> (text: String, count: Int) {
    var count = 0
    let text = MustacheOutput.string { output in
        body(&output)
        count = output.count
    }
    return (text, count)
}

/// Bytes around a candidate: every escaped byte, the false positive `?`, and bytes
/// one bit away from them (the word test's borrows and masks).
private let interestingBytes: [UInt8] = [
    0x00, 0x01, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x2F, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F,
    0x40, 0x41, 0x5F, 0x60, 0x61, 0x62, 0x7E, 0x7F, 0x80, 0xA2, 0xA6, 0xA7, 0xBC, 0xBE, 0xBF, 0xE0, 0xFF,
]

@Suite struct OutputEscapingTests {
    @Test func everyByteAtEveryPositionOfTheFirstTwoWords() {
        // 0...255 alone and with filler on either side, so the byte falls at each
        // position of a word, in the word loop and in the byte-by-byte tail.
        for byte in UInt8.min...UInt8.max {
            for length in 1...17 {
                for position in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    let got = engineEscaped(bytes)
                    if got != ReferenceEscaping.escape(bytes) {
                        Issue.record("byte \(byte) at \(position) of \(length): \(got)")
                        return
                    }
                }
            }
        }
    }

    @Test func everyByteThroughTheOutputBuffer() {
        for byte in UInt8.min...UInt8.max {
            for escaped in [true, false] {
                let bytes: [UInt8] = Array("0123456789".utf8) + [byte] + Array("abc".utf8)
                let expected = escaped ? ReferenceEscaping.escape(bytes) : bytes
                let got = written { output in bytes.withUnsafeBufferPointer { output.append(utf8: $0, escaped: escaped) } }
                check(got.count == expected.count && got.text == String(decoding: expected, as: UTF8.self), "byte \(byte) escaped \(escaped)")
            }
        }
    }

    @Test func everyEntity() {
        let pairs: [(String, String)] = [
            ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"), ("`", "&#96;"), ("=", "&#61;"),
        ]
        for (character, entity) in pairs {
            #expect(HTMLEscaping.escape(character) == entity)
            #expect(written { $0.append(character, escaped: true) }.text == entity)
            #expect(written { $0.append(character, escaped: false) }.text == character)
            #expect(written { $0.append(character.unicodeScalars.first!, escaped: true) }.text == entity)
            // In every position of a word, and as a whole word of entities.
            for length in 1...24 {
                let run = String(repeating: character, count: length)
                #expect(HTMLEscaping.escape(run) == String(repeating: entity, count: length))
                for position in 0..<length {
                    var characters = Array(repeating: Character("x"), count: length)
                    characters[position] = Character(character)
                    let string = String(characters)
                    check(HTMLEscaping.escape(string) == ReferenceEscaping.escape(string), "\(string)")
                }
            }
        }
    }

    @Test func twoCandidatesInOneWord() {
        // The word test only promises the lowest flagged byte; a second candidate (or
        // a false positive above it) must be found again from the next byte on.
        for first in interestingBytes {
            for second in interestingBytes {
                for gap in 1...8 {
                    for start in [0, 5] {
                        var bytes = [UInt8](repeating: UInt8(ascii: "m"), count: 20)
                        bytes[start] = first
                        bytes[start + gap] = second
                        let got = engineEscaped(bytes)
                        if got != ReferenceEscaping.escape(bytes) {
                            Issue.record("\(first), \(second) gap \(gap) at \(start): \(got)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func randomBytesAgainstTheReference() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<1000 {
            let length = Int.random(in: 0...140, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? interestingBytes.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            let got = engineEscaped(bytes)
            if got != ReferenceEscaping.escape(bytes) {
                Issue.record("\(bytes) → \(got)")
                return
            }
        }
    }
}

@Suite struct OutputAppendTests {
    /// Strings of every length 0...80 (the byte loop, the word copy with its
    /// overlapping last word, and the `memcpy` path above 64), plain and with a
    /// special character at each position.
    static func samples() -> [String] {
        var samples: [String] = []
        for length in 0...80 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            samples.append(plain)
            for position in 0..<length {
                var characters = Array(plain)
                characters[position] = ["<", "&", "\"", "'", "`", "=", ">", "?"][position % 8]
                samples.append(String(characters))
            }
        }
        return samples
    }

    @Test func everyLengthAloneAndAfterEveryOffset() {
        let samples = Self.samples()
        for string in samples {
            for escaped in [true, false] {
                let expected = escaped ? ReferenceEscaping.escape(string) : string
                let got = written { $0.append(string, escaped: escaped) }
                check(got.text == expected && got.count == expected.utf8.count, "\(string.debugDescription) → \(got)")
                var utf8 = Array(string.utf8)
                let viaBuffer = written { output in utf8.withUnsafeMutableBufferPointer { output.append(utf8: UnsafeBufferPointer($0), escaped: escaped) } }
                check(viaBuffer.text == expected, "\(string.debugDescription) → \(viaBuffer)")
            }
        }
    }

    @Test func manyAppendsInOneBufferMatchTheConcatenation() {
        // Growth from 64 bytes on, with every earlier append left intact by the word
        // stores (the last word of a copy overlaps, never runs past the end).
        let samples = Self.samples()
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            var expected = ""
            let pieces = (0..<300).map { _ in (samples.randomElement(using: &generator)!, Bool.random(using: &generator)) }
            let got = written { output in
                for (string, escaped) in pieces { output.append(string, escaped: escaped) }
            }
            for (string, escaped) in pieces { expected += escaped ? ReferenceEscaping.escape(string) : string }
            #expect(got.text == expected)
            #expect(got.count == expected.utf8.count)
        }
    }

    @Test func longAndMultibyteStrings() {
        for repeatCount in [1, 7, 8, 9, 63, 64, 65, 1000] {
            for unit in ["é", "😀", "<é>", "a&b", "\u{0}", "日本語"] {
                let string = String(repeating: unit, count: repeatCount)
                #expect(written { $0.append(string, escaped: true) }.text == ReferenceEscaping.escape(string))
                #expect(written { $0.append(string, escaped: false) }.text == string)
            }
        }
    }

    @Test func literals() {
        #expect(written { $0.append(literal: "") }.text == "")
        #expect(written { $0.append(literal: "char-") }.text == "char-")
        #expect(written { $0.append(literal: "U+<&>") }.text == "U+<&>")
        #expect(
            written { $0.append(literal: "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz") }.text
                == "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz")
        #expect(written { $0.append(literal: "é😀") }.text == "é😀")
        #expect(MustacheOutput.string { _ in } == "")
    }

    @Test func scalarsOfOneToFourBytes() {
        var scalars: [Unicode.Scalar] = (0...0x7F).map { Unicode.Scalar(UInt8($0)) }
        let boundaries: [UInt32] = [
            0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF,
            0x1_0000, 0x1_F600, 0xF_FFFF, 0x10_0000, 0x10_FFFF,
        ]
        scalars += boundaries.compactMap(Unicode.Scalar.init)
        var value: UInt32 = 0x80
        while value <= 0x10_FFFF {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            value += 251
        }
        for scalar in scalars {
            let string = String(Character(scalar))
            check(string.utf8.count == (scalar.value < 0x80 ? 1 : scalar.value < 0x800 ? 2 : scalar.value < 0x1_0000 ? 3 : 4))
            for escaped in [true, false] {
                let expected = escaped ? ReferenceEscaping.escape(string) : string
                let got = written { $0.append(scalar, escaped: escaped) }
                check(got.text == expected && got.count == expected.utf8.count, "U+\(String(scalar.value, radix: 16))")
            }
        }
        // Many scalars in one buffer (growth while writing 4 bytes at a time).
        let mixed = scalars.prefix(2000)
        var expected = ""
        for scalar in mixed { expected += ReferenceEscaping.escape(String(Character(scalar))) }
        #expect(written { output in for scalar in mixed { output.append(scalar, escaped: true) } }.text == expected)
    }

    @Test func hexWithEveryMinimumDigits() {
        var values: [UInt32] = [
            0, 1, 9, 0xA, 0xF, 0x10, 0xFF, 0x100, 0xABC, 0x2603, 0xFFFF, 0x1_0000, 0x1_F600, 0x10_FFFF,
            0x7FFF_FFFF, 0x8000_0000, 0xDEAD_BEEF, UInt32.max,
        ]
        for shift in 0..<32 { values += [1 << shift, (1 << shift) - 1, (1 << shift) | 1] }
        for value in values {
            for minimumDigits in -1...10 {
                for uppercase in [false, true] {
                    var digits = String(value, radix: 16, uppercase: uppercase)
                    let width = min(8, max(0, minimumDigits))
                    if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
                    let got = written { $0.append(hex: value, minimumDigits: minimumDigits, uppercase: uppercase) }
                    check(got.text == digits && got.count == digits.utf8.count, "\(value) min \(minimumDigits) upper \(uppercase): \(got)")
                }
            }
            #expect(written { $0.append(hex: value, uppercase: false) }.text == String(value, radix: 16))
        }
        #expect(written { $0.append(hex: 0x2603, minimumDigits: 4, uppercase: true) }.text == "2603")
        #expect(written { $0.append(hex: 0xA, minimumDigits: 4, uppercase: true) }.text == "000A")
        #expect(written { $0.append(hex: UInt32.max, minimumDigits: 8, uppercase: false) }.text == "ffffffff")
        // After other text, and many in a row (growth).
        #expect(
            written {
                $0.append(literal: "char-")
                $0.append(hex: 0x1F600, uppercase: false)
            }.text == "char-1f600")
        var expected = ""
        for value in values { expected += String(value, radix: 16) + "," }
        #expect(
            written { output in
                for value in values {
                    output.append(hex: value, uppercase: false)
                    output.append(literal: ",")
                }
            }.text == expected)
    }

    @Test func decimals() {
        var numbers: [Int] = [0, 1, -1, 9, 10, -9, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1, Int(Int32.max), Int(Int32.min)]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power, power - 1, power + 1, -power, -power + 1, -power - 1]
        }
        var generator = SeededGenerator(seed: 3)
        numbers += (0..<500).map { _ in Int.random(in: Int.min...Int.max, using: &generator) }
        for number in numbers {
            check(written { $0.append(decimal: number) }.text == String(number), "\(number)")
            check(written { $0.append(.int(number), escaped: true) }.text == String(number), "\(number)")
        }
        #expect(written { $0.append(decimal: Int.min) }.text == "-9223372036854775808")
        #expect(written { $0.append(decimal: Int.max) }.text == "9223372036854775807")
        let all = numbers.map(String.init).joined(separator: " ")
        #expect(
            written { output in
                for (index, number) in numbers.enumerated() {
                    if index > 0 { output.append(literal: " ") }
                    output.append(decimal: number)
                }
            }.text == all)
    }

    private struct Thing: MustacheObject {
        func mustacheValue(forKey key: String) -> MustacheValue? { .string("<x>") }
    }

    private struct Rows: MustacheList {
        var count: Int { 2 }
        func field(named key: String) -> Int? { 0 }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue { "<row>" }
    }

    @Test func valuesPrintAsInterpolationDoes() throws {
        let cases: [(MustacheValue, String, String)] = [
            (.string("a<b>&'c'"), "a&lt;b&gt;&amp;&#39;c&#39;", "a<b>&'c'"),
            (.string(""), "", ""),
            (.int(0), "0", "0"), (.int(7), "7", "7"), (.int(10), "10", "10"), (.int(-1), "-1", "-1"),
            (.int(Int.min), "-9223372036854775808", "-9223372036854775808"),
            (.double(1.21), "1.21", "1.21"), (.double(10), "10", "10"), (.double(-2.5), "-2.5", "-2.5"),
            (.double(0), "0", "0"), (.double(1e20), "1e+20", "1e+20"),
            (.bool(true), "true", "true"), (.bool(false), "false", "false"),
            (.null, "", ""), (["a", "b"], "", ""), (["k": "v"], "", ""), (.object(Thing()), "", ""),
            (.list(Rows()), "", ""), (.listElement(MustacheListBox(Rows()), 1), "", ""),
        ]
        for (value, escaped, raw) in cases {
            #expect(written { $0.append(value, escaped: true) }.text == escaped, "\(value)")
            #expect(written { $0.append(value, escaped: false) }.text == raw, "\(value)")
            // And what the template prints for it.
            #expect(try render("{{v}}|{{{v}}}", ["v": value]) == escaped + "|" + raw, "\(value)")
        }
    }
}
