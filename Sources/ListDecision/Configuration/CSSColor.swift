/// A colour a configuration may give a placeholder, validated so that nothing
/// but a colour can reach the generated stylesheet.
///
/// Accepted spellings (CSS Color Module Level 4 §5.2 and §4.2, a safe subset):
/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` and `rgb(r, g, b)` / `rgb(r g b)`
/// with integer components 0...255. Anything else — names, `var(…)`, `url(…)`,
/// semicolons, braces — is refused. The stylesheet always writes the colour
/// back as `#rrggbb` or `#rrggbbaa`.
public struct CSSColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) ... 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its components.
    ///
    /// - Parameters:
    ///   - red: Red, 0...255.
    ///   - green: Green, 0...255.
    ///   - blue: Blue, 0...255.
    ///   - alpha: Alpha, 0...255; default opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses one of the accepted spellings.
    ///
    /// - Parameter text: The colour as written, e.g. `#fff8e1` or `rgb(255, 248, 225)`.
    /// - Returns: The colour, or `nil` when `text` is not an accepted spelling.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "#") {
            let digits = bytes.dropFirst().map(Self.hexValue)
            guard digits.allSatisfy({ $0 != nil }) else { return nil }
            let values = digits.compactMap { $0 }
            switch values.count {
            case 3, 4:
                let expanded = values.map { $0 * 17 }
                self.init(
                    red: expanded[0], green: expanded[1], blue: expanded[2],
                    alpha: values.count == 4 ? expanded[3] : 255)
            case 6, 8:
                let pairs = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
                self.init(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: values.count == 8 ? pairs[3] : 255)
            default:
                return nil
            }
            return
        }
        guard text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(4).dropLast()
        let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 3, inner.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "," || $0 == " ") }) else {
            return nil
        }
        let numbers = parts.compactMap { $0.count <= 3 ? UInt8(String($0)) : nil }
        guard numbers.count == 3 else { return nil }
        self.init(red: numbers[0], green: numbers[1], blue: numbers[2])
    }

    /// The colour as CSS: `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in components {
            bytes.append(hex[Int(component >> 4)])
            bytes.append(hex[Int(component & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The relative luminance, 0 (black) ... 1 (white), WCAG 2.2 "relative luminance"
    /// (sRGB, alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : Self.power((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio with another colour, 1...21 (WCAG 2.2 "contrast ratio";
    /// SC 1.4.3 asks at least 4.5 for text).
    ///
    /// - Parameter other: The other colour.
    /// - Returns: `(L1 + 0.05) / (L2 + 0.05)` with L1 the lighter luminance.
    public func contrastRatio(with other: CSSColor) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `base` raised to `exponent` for 0 < base ≤ 1, without Foundation:
    /// exp(exponent · ln(base)) by series, accurate to well under 1e-9 here.
    static func power(_ base: Double, _ exponent: Double) -> Double {
        guard base > 0 else { return 0 }
        // ln(base) with base = m · 2^k, m in [0.5, 1): ln m by the atanh series.
        var m = base
        var k = 0.0
        while m < 0.5 {
            m *= 2
            k -= 1
        }
        let y = (m - 1) / (m + 1)
        var term = y
        var sum = 0.0
        var n = 1.0
        for _ in 0..<40 {
            sum += term / n
            term *= y * y
            n += 2
        }
        let ln = 2 * sum + k * 0.6931471805599453
        let x = exponent * ln
        // exp(x) for x ≤ 0: by halving, then the Taylor series, then squaring back.
        var reduced = x
        var squarings = 0
        while reduced < -0.5 {
            reduced /= 2
            squarings += 1
        }
        var result = 1.0
        var t = 1.0
        for i in 1...30 {
            t *= reduced / Double(i)
            result += t
        }
        for _ in 0..<squarings { result *= result }
        return result
    }
}
