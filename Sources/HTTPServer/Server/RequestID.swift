import Synchronization

/// The id of a request, in the access log and the `X-Request-Id` response
/// header: the request's own `X-Request-Id` when a proxy set a usable one (1 to
/// 128 characters of `A-Z a-z 0-9 . _ : -`), else 16 hex digits made here.
///
/// A made id is a counter mixed with a random key drawn once per process
/// (SplitMix64's finaliser, a bijection of 64-bit values): unique within the
/// process, unrelated between processes with near certainty, and without a
/// `getrandom(2)` per request (that call showed in the cached path's profile).
/// An id is a label for logs, not a secret.
enum RequestID {
    /// The random key (drawn at the first id) and the counter.
    private static let key = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)

    /// The id for a request whose `X-Request-Id` field is `given`.
    static func `for`(_ given: String?) -> String {
        if let given {
            // A field value excludes the whitespace around it (OWS: RFC 9110 §5.5; found by QA).
            let isWhitespace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            let bytes = given.utf8
            let start = bytes.firstIndex { !isWhitespace($0) } ?? bytes.endIndex
            let end = bytes[start...].lastIndex { !isWhitespace($0) }.map { bytes.index(after: $0) } ?? start
            let trimmed = bytes[start..<end]
            if (1...128).contains(trimmed.count), trimmed.allSatisfy(isIDByte) {
                return trimmed.count == bytes.count ? given : String(decoding: trimmed, as: UTF8.self)
            }
        }
        return hex(mix(counter.wrappingAdd(1, ordering: .relaxed).newValue &+ key))
    }

    /// SplitMix64's output function (Steele, Lea, Flood 2014): a bijection that spreads every bit.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `value` as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<16 {
                let nibble = Int((value >> UInt64(60 - 4 * index)) & 0xF)
                buffer[index] = digits.utf8Start[nibble]
            }
            return 16
        }
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
