import CLibPQ
import ListStore

/// The rows of one result, each value decoded from PostgreSQL's text output
/// by its column's type into a ``SQLValue``:
///
/// | type (OID) | value |
/// | --- | --- |
/// | `smallint`, `integer`, `bigint`, `oid` | `.integer` |
/// | `real`, `double precision` | `.real` (`Infinity`, `-Infinity`, `NaN` too) |
/// | `boolean` | `.integer` 1 or 0 |
/// | `bytea` (hex output, datatype-binary.html) | `.blob` |
/// | anything else | `.text`, as the server writes it |
///
/// Types shown as text are read as text by the statement itself
/// (``PostgreSQLTypes``), so their values never depend on session settings
/// other than the ones the connection sets.
struct PostgreSQLRows {
    /// The rows, one value per column.
    var rows: [[SQLValue]] = []
    /// The number of columns.
    var columnCount = 0

    init() {}

    /// Decodes every row of `result` (a `PGRES_TUPLES_OK` result in text format).
    init(_ result: OpaquePointer) {
        let count = Int(PQntuples(result))
        columnCount = Int(PQnfields(result))
        let decoders = (0..<Int32(columnCount)).map { Decoder(type: PQftype(result, $0)) }
        rows.reserveCapacity(count)
        for row in 0..<Int32(count) {
            var values: [SQLValue] = []
            values.reserveCapacity(columnCount)
            for column in 0..<Int32(columnCount) {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, row, column))
                let bytes = UnsafeRawBufferPointer(start: PQgetvalue(result, row, column), count: length)
                values.append(decoders[Int(column)].decode(bytes.bindMemory(to: UInt8.self)))
            }
            rows.append(values)
        }
    }

    /// How one column's text is read.
    enum Decoder {
        case integer, real, boolean, bytes, text

        /// The decoder for the type with OID `type` (pg_type.dat).
        init(type: Oid) {
            switch type {
            case 20, 21, 23, 26: self = .integer
            case 700, 701: self = .real
            case 16: self = .boolean
            case 17: self = .bytes
            default: self = .text
            }
        }

        func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLValue {
            let text = String(decoding: bytes, as: UTF8.self)
            switch self {
            case .integer:
                return Int64(text).map(SQLValue.integer) ?? .text(text)
            case .real:
                switch text {
                case "Infinity": return .real(.infinity)
                case "-Infinity": return .real(-.infinity)
                case "NaN": return .real(.nan)
                default: return Double(text).map(SQLValue.real) ?? .text(text)
                }
            case .boolean:
                return .integer(text == "t" ? 1 : 0)
            case .bytes:
                return Self.hexBytes(bytes).map(SQLValue.blob) ?? .text(text)
            case .text:
                return .text(text)
            }
        }

        /// The bytes of `bytea`'s hex output (`\x` then two digits a byte), nil for other text.
        static func hexBytes(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else { return nil }
            func digit(_ byte: UInt8) -> UInt8? {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: nil
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity((text.count - 2) / 2)
            var index = 2
            while index < text.count {
                guard let high = digit(text[index]), let low = digit(text[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            return bytes
        }
    }
}
