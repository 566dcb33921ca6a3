import Foundation

/// What `JSONSerialization` does not say about a configuration file: a name an
/// object holds twice (it keeps the last one silently, so a second `"products"`
/// undid the first one's `hiddenColumns`; found by a break-it pass), and where in
/// the file a syntax error is (it says "around character 41").
enum JSONStructure {
    /// A name an object of the file holds twice.
    struct RepeatedName: Equatable {
        /// The object's dotted path from the top (`lists.products`; empty for the top).
        var path: String
        /// The name.
        var name: String
        /// The 1-based line of its second appearance.
        var line: Int
    }

    /// The first name an object in `bytes` (valid JSON) holds twice, comparing names
    /// as JSON reads them (`"a\u0062"` is `"ab"`), nil when every object's names
    /// differ (RFC 8259 §4: they "SHOULD be unique").
    /// - Complexity: O(n) in the bytes.
    static func firstRepeatedName(in bytes: [UInt8]) -> RepeatedName? {
        // Each open container: its path, and for an object the names seen so far.
        var open: [(path: String, names: Set<String>?)] = []
        // The name read last in the innermost object: the path of a container it opens.
        var lastName = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let parent = open.last
                let path =
                    parent == nil ? "" : parent?.names == nil ? parent!.path : joined(parent!.path, lastName)
                open.append((path, byte == UInt8(ascii: "{") ? [] : nil))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !open.isEmpty { open.removeLast() }
                index += 1
            case UInt8(ascii: "\""):
                let end = stringEnd(bytes, from: index)
                var next = end
                while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ":"), open.last?.names != nil {
                    let name = text(of: bytes[index..<end])
                    if open[open.count - 1].names!.insert(name).inserted == false {
                        return RepeatedName(path: open[open.count - 1].path, name: name, line: line(at: index, in: bytes))
                    }
                    lastName = name
                }
                index = end
            default:
                index += 1
            }
        }
        return nil
    }

    /// "line L, column C" (both from 1) of the byte where `error`, thrown by
    /// `JSONSerialization` reading `bytes`, says it stopped ("around character N",
    /// N from 0); nil when it names no place.
    static func place(of error: any Error, in bytes: [UInt8]) -> String? {
        let description = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard let range = description.range(of: "character "),
            let offset = Int(description[range.upperBound...].prefix { $0.isNumber }), offset <= bytes.count
        else { return nil }
        let column = offset - (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line(at: offset, in: bytes)), column \(column)"
    }

    /// The line (from 1) of the byte at `offset`.
    private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The index after the string that starts at `start` (a `"`), its escapes skipped.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The string token `token` (quotes included) as JSON reads it.
    private static func text(of token: ArraySlice<UInt8>) -> String {
        guard token.contains(UInt8(ascii: "\\")) else { return String(decoding: token.dropFirst().dropLast(), as: UTF8.self) }
        let decoded = try? JSONSerialization.jsonObject(with: Data(token), options: [.fragmentsAllowed]) as? String
        return decoded ?? String(decoding: token, as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func joined(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }
}
