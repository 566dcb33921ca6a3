import Foundation
import ListStore

/// An upstream's JSON, as Foundation reads it: the value at a dotted path, and a JSON
/// value as a list's value, keeping its kind (integers exact, reals, text; `true` and
/// `false` as text; objects and arrays as compact JSON text; null as NULL).
enum UpstreamJSON {
    /// The value at `path` in `body` (the body itself for an empty path); nil when a step is missing.
    static func value(at path: [String], in body: Any) -> Any? {
        var value: Any? = body
        for step in path {
            guard let object = value as? [String: Any] else { return nil }
            value = object[step]
        }
        return value
    }

    /// `value` as a list's value.
    static func sqlValue(_ value: Any?) -> SQLValue {
        switch value {
        case nil, is NSNull: return .null
        case let text as String: return .text(text)
        case let number as NSNumber:
            // JSONSerialization's storage type tells a boolean (`c`), an integer and a real apart.
            switch String(cString: number.objCType) {
            case "c", "B": return .text(number.boolValue ? "true" : "false")
            case "i", "l", "q", "s", "I", "L", "S", "C": return .integer(number.int64Value)
            case "Q": return Int64(exactly: number.uint64Value).map { .integer($0) } ?? .real(number.doubleValue)
            default: return .real(number.doubleValue)
            }
        case let nested?:
            let data = try? JSONSerialization.data(withJSONObject: nested, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
            return .text(data.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
    }

    /// A key or cursor as the text sent back to the upstream; nil for null, objects and arrays.
    static func text(_ value: Any?) -> String? {
        if value is [Any] || value is [String: Any] { return nil }
        switch sqlValue(value) {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        default: return nil
        }
    }
}
