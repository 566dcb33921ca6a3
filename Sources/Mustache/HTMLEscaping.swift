// HTML escaping at the byte level.

/// HTML escaping of interpolated values (`{{x}}`), byte by byte over UTF-8.
///
/// Escaped: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`,
/// `'` → `&#39;`, and also `` ` `` → `&#96;` and `=` → `&#61;`, so a value can end
/// neither a quoted attribute nor an unquoted one (the same set Handlebars escapes).
/// Every other byte, including all non-ASCII UTF-8, is copied as is. Each character
/// is escaped exactly once: the input is never treated as already escaped, so `&#39;`
/// in a value prints as `&amp;#39;`, which a browser shows as the value's own text.
public enum HTMLEscaping {
    /// Entities indexed by byte; `nil` for bytes copied as is.
    static let entities: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: 256)
        table[Int(UInt8(ascii: "&"))] = Array("&amp;".utf8)
        table[Int(UInt8(ascii: "<"))] = Array("&lt;".utf8)
        table[Int(UInt8(ascii: ">"))] = Array("&gt;".utf8)
        table[Int(UInt8(ascii: "\""))] = Array("&quot;".utf8)
        table[Int(UInt8(ascii: "'"))] = Array("&#39;".utf8)
        table[Int(UInt8(ascii: "`"))] = Array("&#96;".utf8)
        table[Int(UInt8(ascii: "="))] = Array("&#61;".utf8)
        return table
    }()

    /// Whether a byte needs escaping (a flat table so the scan loop stays branch-light).
    static let needsEscaping: [Bool] = entities.map { $0 != nil }

    /// Appends `bytes` to `buffer`, escaped.
    ///
    /// Runs of bytes that need no escaping are copied with one `append(contentsOf:)`.
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    public static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        appendEscaped(bytes, to: &buffer)
    }

    @usableFromInline
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return }
        needsEscaping.withUnsafeBufferPointer { flags in
            var runStart = 0
            var index = 0
            while index < count {
                let byte = base[index]
                if flags[Int(byte)] {
                    if runStart < index {
                        buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    }
                    if let entity = entities[Int(byte)] { buffer.append(contentsOf: entity) }
                    runStart = index + 1
                }
                index += 1
            }
            if runStart < count {
                buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
            }
        }
    }

    /// Appends `string`'s UTF-8 to `buffer`, escaped.
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func append(escaping string: String, to buffer: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: &buffer) }
    }

    /// `string` escaped, as a new string.
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func escape(_ string: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(string.utf8.count + 16)
        append(escaping: string, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
