// MustacheValue from JSON (Foundation's JSONSerialization), for `liststate render`.
import Foundation

extension MustacheValue {
    /// Creates a value from JSON text: objects become `.dictionary`, arrays `.array`,
    /// strings `.string`, `true`/`false` `.bool`, `null` `.null`; a number without a
    /// fraction or exponent that fits in `Int` becomes `.int`, any other number `.double`
    /// (so `1.210` prints `1.21` and `10.0` prints `10`).
    ///
    /// - Parameter jsonData: UTF-8 JSON; any top-level value is accepted.
    /// - Throws: Foundation's error from `JSONSerialization` when the data is not JSON.
    public init(jsonData: Data) throws {
        let object = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
        self.init(jsonObject: object)
    }

    /// Creates a value from the output of `JSONSerialization.jsonObject(with:)`
    /// (`NSDictionary`/`[String: Any]`, `NSArray`/`[Any]`, `NSString`, `NSNumber`, `NSNull`).
    ///
    /// Anything else (not produced by `JSONSerialization`) becomes `.null`.
    /// - Complexity: O(n) in the size of the object tree.
    public init(jsonObject: Any) {
        switch jsonObject {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = MustacheValue.fromJSONNumber(number)
        case let array as [Any]:
            self = .array(array.map { MustacheValue(jsonObject: $0) })
        case let dictionary as [String: Any]:
            // In name order: JSONSerialization gives no order of its own.
            var fields = MustacheFields()
            for key in dictionary.keys.sorted() { fields[key] = dictionary[key].map { MustacheValue(jsonObject: $0) } }
            self = .dictionary(fields)
        default:
            self = .null
        }
    }

    /// Maps a JSON number by its storage type: `JSONSerialization` stores `true`/`false`
    /// as `c` (char), integers as `i`/`l`/`q`/`s` and everything else as `d` (or `Q`
    /// for integers above `Int.max`).
    private static func fromJSONNumber(_ number: NSNumber) -> MustacheValue {
        let type = String(cString: number.objCType)
        switch type {
        case "c", "B":
            return .bool(number.boolValue)
        case "i", "l", "q", "s", "I", "L", "S", "C":
            return .int(number.intValue)
        case "Q":
            if let value = Int(exactly: number.uint64Value) { return .int(value) }
            return .double(number.doubleValue)
        default:
            return .double(number.doubleValue)
        }
    }
}
