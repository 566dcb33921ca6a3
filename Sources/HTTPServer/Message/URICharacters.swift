/// RFC 3986's character classes (§2), as bytes: what a URI's parts may hold as they are.
enum URICharacters {
    /// ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (RFC 3986 §2.2).
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// HEXDIG: 0-9, A-F, a-f (RFC 3986 §2.1, as RFC 5234's, in either case).
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
