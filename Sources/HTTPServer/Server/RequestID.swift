import Foundation

/// The id of a request, in the access log and the `X-Request-Id` response
/// header: the request's own `X-Request-Id` when a proxy set a usable one (1 to
/// 128 characters of `A-Z a-z 0-9 . _ : -`), else 16 random hex digits.
enum RequestID {
    /// The id for a request whose `X-Request-Id` field is `given`.
    static func `for`(_ given: String?) -> String {
        // A field value excludes the whitespace around it (RFC 9110 §5.5; found by QA).
        let given = given?.trimmingCharacters(in: .whitespaces)
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy(isIDByte) { return given }
        let value = UInt64.random(in: .min ... .max)
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
