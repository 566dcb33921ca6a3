/// One SQLite value with its storage class (https://www.sqlite.org/datatype3.html §2).
///
/// Values keep their class end to end: the JSON twin writes them losslessly,
/// cursors carry them, and a comparison bound from one compares as SQLite's
/// own type order does (NULL < INTEGER and REAL < TEXT < BLOB, §4.1).
public enum SQLValue: Sendable, Hashable {
    /// NULL.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double (SQLite stores no NaN: it reads back as NULL).
    case real(Double)
    /// UTF-8 text. Bytes that are not valid UTF-8 are read as U+FFFD.
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// Text whose bytes are not valid UTF-8, as stored: how a key or sort value
    /// is read (``SQLiteStatement/keyValue(_:)``), so that a cursor names the very
    /// value SQLite compares (the text with U+FFFD in place of the bad bytes is
    /// another value: paging by it repeated or skipped rows, found by QA). Shown,
    /// it is that text (``plainText``); bound, the bytes as text.
    case textBytes([UInt8])

    /// The storage class as SQLite's `typeof()` names it.
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text, .textBytes: "text"
        case .blob: "blob"
        }
    }

    /// Whether `other` is the same value to SQLite's `IS` under BINARY
    /// collation with the same storage class: the same class and, for text,
    /// the same bytes (Swift's `==` on strings takes canonically equivalent
    /// texts, `é` and `e` + U+0301, as equal; SQLite does not).
    public func isSameKey(as other: SQLValue) -> Bool {
        switch (self, other) {
        case (.text(let a), .text(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.textBytes(let a), .textBytes(let b)): return a == b
        case (.text, .textBytes), (.textBytes, .text): return false
        default: return self == other
        }
    }

    /// Whether the value is NULL.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The value as plain text for a URL or a label: integers in decimal,
    /// reals as the shortest decimal that reads back as the same double,
    /// text as itself, blobs as lower-case hex, NULL as nil.
    public var plainText: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .real(let value): SQLValue.shortestText(value)
        case .text(let value): value
        case .textBytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .blob(let bytes): bytes.map { HexFormatting.string(prefix: "", UInt32($0), minimumDigits: 2, uppercase: false) }.joined()
        }
    }

    /// The value to bind for text a request gave (a filter's value, a key in a
    /// path) compared with a column of `affinity`. SQLite converts text to a
    /// number for a column of INTEGER, REAL or NUMERIC affinity itself
    /// (datatype3.html §4.2), but not for one without a declared type (BLOB
    /// affinity, a view's computed column): there a text that reads as a
    /// number is bound as that number (found by QA: `n__gt=10` on `count(*)`
    /// compared text with integers), read as SQLite reads one (`+3`, `.1`, `1.`,
    /// spaces around it: found by a break-it pass, which SQLite's columns of
    /// NUMERIC affinity read and this did not).
    ///
    /// `Infinity` and `-Infinity`, how a page and the JSON twin write an infinite
    /// real (``shortestText(_:)``), are bound as that real for any column but one of
    /// TEXT affinity: SQLite reads neither as a number, so a row whose key is an
    /// infinite real had a link that answered 404 (found by a break-it pass).
    public static func parameter(_ text: String, for affinity: TableDescription.Affinity) -> SQLValue {
        if affinity != .text, text == "Infinity" || text == "-Infinity" { return .real(text == "Infinity" ? .infinity : -.infinity) }
        guard affinity == .blob else { return .text(text) }
        // SQLite's white space around a number (sqlite3AtoF): space, \t, \n, \v, \f, \r.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else {
            return .text(text)
        }
        let trimmed = Substring(utf8[start...last])
        guard let first = trimmed.utf8.first, "+-.".utf8.contains(first) || (0x30...0x39).contains(first) else {
            return .text(text)
        }
        if let integer = Int64(trimmed) { return .integer(integer) }
        if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }), let real = Double(trimmed),
            real.isFinite
        {
            return .real(real)
        }
        return .text(text)
    }
}
