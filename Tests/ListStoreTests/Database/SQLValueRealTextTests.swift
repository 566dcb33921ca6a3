import Foundation
import Testing

@testable import ListStore

/// A real's text: the fast path for short decimals (``SQLValue/shortDecimalText(_:)``)
/// writes exactly what Swift's `description` writes, and the text parses back to the value.
@Suite struct SQLValueRealTextTests {
    /// What `shortestText` wrote before the fast path: `description`, with `.0` when unmarked.
    private func reference(_ value: Double) -> String {
        let text = value.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// Compares the fast path with `description` for `value`; returns whether it took the value.
    @discardableResult
    private func check(_ value: Double) -> Bool {
        guard let text = SQLValue.shortDecimalText(value) else { return false }
        #expect(text == reference(value), "\(value.bitPattern)")
        return true
    }

    @Test func writesWhatDescriptionWritesForDecimalsOfUpToSixPlaces() {
        var random = SeededRandom(seed: 18)
        var taken = 0
        for _ in 0..<150_000 {
            // A decimal as data holds it: up to 9 integer digits and 0 to 8 decimals.
            let decimals = random.next(9)
            let digits = UInt64(random.next(1_000_000_000)) * UInt64(random.next(1_000)) + UInt64(random.next(1_000))
            var value = Double(digits) / pow(10, Double(decimals))
            if random.next(2) == 0 { value = -value }
            if check(value) { taken += 1 }
            // Its neighbours, which most decimals are not.
            check(value.nextUp)
            check(value.nextDown)
        }
        // Most of them take the fast path (those with at most six decimals, under 10⁹).
        #expect(taken > 50_000)
        for text in ["123.45", "-0.5", "7.0", "0.0001", "0.000999", "999999999.999999", "0.1", "1.1", "2.675", "1e-4"] {
            let value = Double(text)!
            #expect(check(value), "\(text)")
        }
    }

    @Test func writesWhatDescriptionWritesForAnyDoubleItTakes() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<150_000 {
            // Any bit pattern, and any double between 10⁻⁵ and 10¹⁰ (most are not short).
            check(Double(bitPattern: random.next()))
            check(Double.random(in: 0.00001..<1e10, using: &random))
        }
        // The ends of the range, sums that are not what they look like, and the zeros.
        for value in [0.0001, 0.0001.nextDown, 1e9, 1e9.nextDown, 999_999_999.5, 0.1 + 0.2, 1 / 3.0, 0.0, -0.0, 1e-7] {
            check(value)
        }
        #expect(SQLValue.shortDecimalText(0.0) == "0.0" && SQLValue.shortDecimalText(-0.0) == "-0.0")
        #expect(SQLValue.shortDecimalText(1e-5) == nil && SQLValue.shortDecimalText(1e9) == nil)
        #expect(SQLValue.shortDecimalText(0.1 + 0.2) == nil)
    }

    @Test func shortestTextParsesBack() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            #expect(Double(SQLValue.shortestText(value)) == value, "\(value.bitPattern)")
        }
        #expect(SQLValue.shortestText(.nan) == "NaN" && SQLValue.shortestText(-.infinity) == "-Infinity")
        #expect(SQLValue.shortestText(1e16) == "1e+16" && SQLValue.shortestText(12.5) == "12.5")
    }
}
