/// Hex digits of a code point, written into a stack buffer and decoded once:
/// cheaper than `String(_:radix:)` plus concatenation, which allocate and
/// go through generic integer printing (measured with callgrind: about a
/// tenth of a 50-row page render).
package enum HexFormatting {
    /// `prefix`, then `value` in hex, zero-padded to `minimumDigits` (1...8).
    package static func string(prefix: StaticString, _ value: UInt32, minimumDigits: Int, uppercase: Bool) -> String {
        let prefixCount = prefix.utf8CodeUnitCount
        var digits = 1
        while digits < 8 && value >> (4 * UInt32(digits)) != 0 { digits += 1 }
        digits = max(digits, min(8, minimumDigits))
        let alphabet: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        return String(unsafeUninitializedCapacity: prefixCount + digits) { buffer in
            let source = UnsafeBufferPointer(start: prefix.utf8Start, count: prefixCount)
            for index in 0..<prefixCount { buffer[index] = source[index] }
            let table = alphabet.utf8Start
            var remaining = value
            var index = prefixCount + digits - 1
            while index >= prefixCount {
                buffer[index] = table[Int(remaining & 0xF)]
                remaining >>= 4
                index -= 1
            }
            return prefixCount + digits
        }
    }
}
