/// Datasette's tilde encoding of names and keys in paths
/// (docs.datasette.io, "Tilde encoding"): every byte of the UTF-8 text outside
/// `A-Za-z0-9_-` becomes `~` and two upper-case hex digits. Unlike `%XX`, it
/// survives proxies that decode `%2F` into `/`, and a `.` is never bare, so
/// `/NAME.json` cannot be misread.
enum TildeEncoding {
    /// The address segment of a row whose one key value is the empty text: `~`, which
    /// ``decode(_:)`` answers for no segment (an encoded byte has two hex digits), where
    /// the empty encoding would leave `/list/` (the list's path with a slash) as its address.
    static let emptyText = "~"

    /// `text` encoded: `a b.c` → `a~20b~2Ec`.
    static func encode(_ text: String) -> String {
        // Nothing to encode (most names and keys): the text itself, without a copy.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return encode(bytes: text.utf8)
    }

    /// `bytes` encoded, whatever they are: the stored bytes of a text that is not
    /// UTF-8 (``SQLValue/textBytes(_:)``) are named by themselves, `61 FF` → `a~FF`.
    static func encode(bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "~"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text `segment` encodes, or nil when it is not the canonical
    /// encoding of some UTF-8 text (see ``decodeBytes(_:)``; and bytes that are
    /// not UTF-8): one name has one address, compared byte for byte.
    static func decode(_ segment: Substring) -> String? {
        decodeBytes(segment).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The bytes `segment` encodes, or nil when it is not their canonical
    /// encoding: a `~` without two upper-case hex digits, an encoded byte that
    /// needs none, a bare byte that needs one.
    static func decodeBytes(_ segment: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "~") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                let decoded = high << 4 | low
                guard !isUnreserved(decoded) else { return nil }
                bytes.append(decoded)
            } else {
                guard isUnreserved(byte) else { return nil }
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// `A-Za-z0-9_-`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x41 + value - 10
    }

    /// An upper-case hex digit's value.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
