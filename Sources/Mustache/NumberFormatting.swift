// NumberFormatting: how interpolation prints numbers.

/// Number printing for interpolation (spec "Interpolation": "Basic Integer",
/// "Basic Decimal").
enum NumberFormatting {
    /// Appends an integer's decimal digits.
    static func append(_ number: Int, to buffer: inout MustacheOutput) {
        if number == Int.min {
            buffer.append("-9223372036854775808")
            return
        }
        var magnitude = number < 0 ? -number : number
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 19 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            let digits = UnsafeRawBufferPointer(rebasing: scratch[(24 - count)...])
            buffer.append(digits.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Appends a double in its shortest exact form, without a trailing `.0`
    /// (`1.21`, `10`, `0`, `-2.5`, `1e+20`).
    ///
    /// Integral values print as integers. Values with up to four decimals take a fast
    /// path (the first scale whose digits read back as exactly this double is the
    /// shortest); anything else falls back to Swift's shortest round-trip `description`.
    static func append(_ number: Double, to buffer: inout MustacheOutput) {
        if number.isFinite && abs(number) < 1e15 {
            if number == number.rounded() {
                append(Int(number), to: &buffer)
                return
            }
            if abs(number) < 1e9 {
                var scale = 1.0
                var digits = 0
                while digits < 4 {
                    scale *= 10
                    digits += 1
                    let scaled = (number * scale).rounded()
                    if scaled / scale == number {
                        appendScaled(Int(scaled), digits: digits, to: &buffer)
                        return
                    }
                }
            }
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { buffer.append($0) }
    }

    /// Appends `scaled / 10^digits` in decimal, trailing fractional zeros dropped.
    static func appendScaled(_ scaled: Int, digits: Int, to buffer: inout MustacheOutput) {
        var divisor = 1
        for _ in 0..<digits { divisor *= 10 }
        let magnitude = scaled < 0 ? -scaled : scaled
        if scaled < 0 { buffer.append(UInt8(ascii: "-")) }
        append(magnitude / divisor, to: &buffer)
        var fraction = magnitude % divisor
        var width = digits
        while width > 0 && fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        guard width > 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var place = 1
        for _ in 1..<width { place *= 10 }
        while place > 0 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(fraction / place % 10))
            place /= 10
        }
    }
}
