extension SourceScanner {
    /// Reports every control character and noncharacter in the input with its
    /// line and column (WHATWG HTML §13.2.3.5, preprocessing the input stream:
    /// each is a parse error wherever it stands; U+0000 is one in the
    /// tokenizer, §13.2.5). Bytes that are not UTF-8 are left to libxml2's
    /// `invalid-encoding`.
    ///
    /// - Complexity: O(n) in the length of the input.
    mutating func checkCodePoints() {
        var offset = 0
        let bytes = self.bytes
        while offset < bytes.count {
            let lead = bytes[offset]
            if lead < 0x80 {
                if Self.isForbiddenControl(UInt32(lead)) { reportCodePoint(UInt32(lead), at: offset) }
                offset += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard length > 1, offset + length <= bytes.count,
                bytes[(offset + 1)..<(offset + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            else {
                offset += 1
                continue
            }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for continuation in bytes[(offset + 1)..<(offset + length)] {
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            // An overlong form (`C0 80` for U+0000), a surrogate or a value past U+10FFFF
            // is not UTF-8: left to `invalid-encoding` (found by QA).
            let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard value >= shortest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                offset += length
                continue
            }
            if Self.isForbiddenControl(value) || Self.isNoncharacter(value) { reportCodePoint(value, at: offset) }
            offset += length
        }
    }

    /// Controls other than ASCII whitespace, NUL included (WHATWG Infra, "control" and "ASCII whitespace").
    static func isForbiddenControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane (Unicode §23.7).
    static func isNoncharacter(_ value: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(value) || (value & 0xFFFE == 0xFFFE && value <= 0x10FFFF)
    }

    private mutating func reportCodePoint(_ value: UInt32, at offset: Int) {
        let name = "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4)
        if Self.isNoncharacter(value) {
            report(.noncharacter, at: offset, "\(name) is a noncharacter; it has no place in a page.")
        } else {
            report(
                .controlCharacter, at: offset,
                "\(name) is a control character; browsers report it as a parse error"
                    + (value == 0 ? " and drop or replace it." : "."))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
