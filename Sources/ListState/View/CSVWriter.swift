import ListStore

/// Writes rows as CSV (RFC 4180): fields separated by `,`, records ended by
/// CRLF, a field holding `,`, `"`, CR or LF quoted with each `"` doubled; UTF-8
/// without a byte-order mark.
///
/// Values: NULL as an empty field (as an empty text is: CSV has no NULL; a
/// record of one empty field is written `""`, so it is not an empty line);
/// integers exact; reals as the shortest decimal that reads back as the same
/// double (`Infinity`, `-Infinity`, and PostgreSQL's `NaN`); a boolean column's
/// values `true` and `false`; text as it
/// is, never changed (a text starting with `=`, `+`, `-` or `@` is not
/// escaped: a spreadsheet may take it for a formula, see docs/design.md,
/// "CSV"); blobs in standard base64 (RFC 4648 §4).
struct CSVWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Adds one record of `fields`, written as `formats` says (one per field; none: all plain).
    mutating func record(_ fields: some Collection<SQLValue>, formats: [TableDescription.ValueFormat] = []) {
        // A record of one empty field is `""`: an empty line is no record to most readers (found by QA).
        if fields.count == 1, let only = fields.first, only.isNull || only == .text("") {
            bytes.append(contentsOf: Array("\"\"\r\n".utf8))
            return
        }
        for (index, value) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if index < formats.count, formats[index] == .boolean, case .integer(let number) = value {
                bytes.append(contentsOf: (number == 0 ? "false" : "true").utf8)
                continue
            }
            field(value)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Adds the header record: the columns' names.
    mutating func header(_ names: [String]) {
        record(names.map { .text($0) })
    }

    /// Takes the bytes written so far, leaving the writer empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    private mutating func field(_ value: SQLValue) {
        switch value {
        case .null: break
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .real(let number) where number.isFinite: bytes.append(contentsOf: SQLValue.shortestText(number).utf8)
        case .real(let number) where number.isNaN: bytes.append(contentsOf: "NaN".utf8)
        case .real(let number): bytes.append(contentsOf: (number > 0 ? "Infinity" : "-Infinity").utf8)
        case .text(let text): quoted(text)
        case .textBytes: quoted(value.plainText ?? "")
        case .blob(let blob): bytes.append(contentsOf: JSONWriter.base64(blob).utf8)
        }
    }

    /// `text`, quoted when it holds a byte that would end the field or the record.
    private mutating func quoted(_ text: String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
