/// Whole numbers as an English or Chinese sentence writes them: digits grouped
/// by threes with commas (`1,234,567`; `-1,234`; `999`; CLDR's `#,##0` for `en`,
/// `zh` and `zh-Hant`).
///
/// Foundation's `formatted()` took about 6 K instructions a number (a page of
/// blobs wrote one per cell: callgrind) and followed the server's locale, so an
/// English page on a server set to German read `1.234 bytes`.
package enum GroupedNumber {
    /// `number` with its digits grouped by threes.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        guard digits.utf8.count > 3 else { return number < 0 ? "-" + digits : digits }
        var text = number < 0 ? "-" : ""
        text.reserveCapacity(digits.utf8.count * 4 / 3 + 1)
        let leading = digits.utf8.count % 3
        for (index, digit) in digits.enumerated() {
            if index > 0, (index - leading) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
