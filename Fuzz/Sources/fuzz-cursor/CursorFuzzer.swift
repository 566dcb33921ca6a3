// fuzz-cursor: RowCursor (Sources/ListStore/Database/RowCursor.swift, the
// cursor of every list, the catalogue's included) and Base64URL, its alphabet.
//
// Properties:
// - the catalogue's cursors: for every code point value x (0...0x10FFFF), the
//   cursor after the row of key x reads back as that key, in base64url;
// - Base64URL: decode(encode(bytes)) == bytes for any bytes;
// - RowCursor: any text it accepts (for any key width 0...3, sorted or not)
//   re-encodes to exactly itself, and is refused for another list or sort;
//   a position made from the input's bytes round-trips through its text.
import FuzzSupport

@testable import ListStore

private let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCursor(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let text = String(decoding: bytes, as: UTF8.self)

    // The catalogue's cursor (key order, the code point as key) after a value taken from the first four bytes.
    if bytes.count >= 4 {
        let value = Int64(bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } % 0x11_0000)
        let position = RowPosition(sortValue: nil, key: [.integer(value)])
        let made = RowCursor(after: position, rowid: nil, list: "characters", sort: nil).encoded
        fuzzCheck(made.utf8.allSatisfy(alphabet.contains), "encoded \(value) as \(made)")
        let read = RowCursor(encoded: made, list: "characters", sort: nil, keyCount: 1)
        fuzzCheck(read?.start == .position(position), "\(value) -> \(made) does not decode back")
    }

    // Base64URL on arbitrary bytes.
    let encoded = Base64URL.encode(bytes)
    fuzzCheck(encoded.utf8.allSatisfy(alphabet.contains), "Base64URL.encode gave \(encoded)")
    fuzzCheck(encoded.utf8.count == (bytes.count * 4 + 2) / 3, "Base64URL.encode length \(encoded.utf8.count) for \(bytes.count) bytes")
    fuzzCheck(Base64URL.decode(encoded) == bytes, "Base64URL round trip failed for \(bytes)")

    // RowCursor: strict on any text, for every key width and with or without a sort.
    let sort = ListSort(column: "c", descending: bytes.first.map { $0 & 1 == 1 } ?? false)
    for keyCount in 0...3 {
        for sorted in [nil, sort] {
            guard let cursor = RowCursor(encoded: text, list: "t", sort: sorted, keyCount: keyCount) else { continue }
            fuzzCheck(cursor.encoded == text, "RowCursor accepted \(text), which re-encodes as \(cursor.encoded)")
            fuzzCheck(
                RowCursor(encoded: text, list: "u", sort: sorted, keyCount: keyCount) == nil,
                "RowCursor \(text) of list t accepted for list u")
        }
    }
    // A position made from the bytes: values of every storage class.
    var values: [SQLValue] = []
    var rest = bytes[...]
    while let tag = rest.popFirst(), values.count < 4 {
        let payload = Array(rest.prefix(Int(tag >> 3)))
        rest = rest.dropFirst(payload.count)
        switch tag % 5 {
        case 0: values.append(.null)
        case 1: values.append(.integer(payload.reduce(Int64(0)) { $0 << 8 | Int64($1) }))
        case 2:
            let real = Double(bitPattern: payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            values.append(real.isNaN ? .null : .real(real))
        case 3: values.append(.text(String(decoding: payload, as: UTF8.self)))
        default: values.append(.blob(payload))
        }
    }
    if let first = values.first {
        let position = RowPosition(sortValue: first, key: Array(values.dropFirst()), repeats: bytes.count)
        let made = RowCursor(after: position, rowid: nil, list: "t", sort: sort)
        let read = RowCursor(encoded: made.encoded, list: "t", sort: sort, keyCount: values.count - 1)
        fuzzCheck(read?.start == .position(position), "RowCursor round trip failed for \(position)")
    }
    return 0
}
