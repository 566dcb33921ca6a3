// The text of a real: shortest round-trip, with a fast path for short decimals.

extension SQLValue {
    /// The shortest decimal text that parses back to `value` (Swift's
    /// `description` is shortest round-trip), always with a `.` or an exponent
    /// so a reader does not take it for an integer; `Infinity`, `-Infinity` and
    /// `NaN` as PostgreSQL, JSON twins and CSV write them (Swift's `inf` read oddly
    /// on a page: found by QA), which Swift's `Double(_:)` and PostgreSQL read back.
    ///
    /// A value of at most six decimals between 0.0001 and 10⁹ (most stored prices,
    /// measures and ratios) is written by ``shortDecimalText(_:)``, the same text
    /// without `description`'s general algorithm, which cost about 630 instructions
    /// a value (callgrind, uncached `/items`: 12.5 K for its page's 20 prices).
    public static func shortestText(_ value: Double) -> String {
        if let text = shortDecimalText(value) { return text }
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        var text = value.description
        // Read as contiguous bytes: a generic walk of the view took a third of the time `description` did.
        let isMarked = text.withUTF8 { $0.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") } }
        return isMarked ? text : text + ".0"
    }

    /// `value`'s shortest round-trip text when it has at most six decimals and
    /// 0.0001 ≤ |value| < 10⁹ (or is zero), written as `description` writes it
    /// (`123.45`, `-0.5`, `7.0`, `0.0001`); nil for any other value.
    ///
    /// For the fewest decimals `k` (0…6) for which the integer `n` nearest to
    /// |value| × 10ᵏ gives back |value| as n ÷ 10ᵏ, the decimal n × 10⁻ᵏ round-trips:
    /// both are exact doubles and IEEE 754 division rounds correctly (§4.3), as
    /// parsing the decimal does. It is the text `description` gives: no decimal with
    /// fewer digits round-trips (smaller `k` were tried), and it is the only one with
    /// `k` decimals that does, since a double under 10⁹ is at most 2⁻²³ from the next
    /// (half of 10⁻⁶ is more). The product's rounding error (under 0.12 below 10¹⁵)
    /// and the decimal's distance from the value (half that step, times 10ᵏ: under
    /// 0.06) cannot move the nearest integer. Between 0.0001 and 10⁹ `description`
    /// writes no exponent. SQLValueRealTextTests compares the two on millions of values.
    static func shortDecimalText(_ value: Double) -> String? {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        let magnitude = value.magnitude
        guard magnitude >= 0.0001, magnitude < 1e9 else { return nil }  // also NaN and the infinities
        var scale = 1.0
        for decimals in 0...6 {
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude {
                return decimalText(UInt64(scaled), decimals: decimals, negative: value < 0)
            }
            scale *= 10
        }
        return nil
    }

    /// `number` × 10^-`decimals` in decimal, `-` first when `negative`, with at
    /// least one digit on each side of the point (`.0` when `decimals` is 0).
    private static func decimalText(_ number: UInt64, decimals: Int, negative: Bool) -> String {
        // At most 18 digits (n < 10¹⁵), a point, a sign and a zero: 21 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = buffer.count
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            var remaining = number
            if decimals == 0 {
                put(UInt8(ascii: "0"))
            } else {
                for _ in 0..<decimals {
                    put(UInt8(ascii: "0") + UInt8(remaining % 10))
                    remaining /= 10
                }
            }
            put(UInt8(ascii: "."))
            repeat {
                put(UInt8(ascii: "0") + UInt8(remaining % 10))
                remaining /= 10
            } while remaining > 0
            if negative { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }
}
