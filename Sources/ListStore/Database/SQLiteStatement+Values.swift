import CSQLite

extension SQLiteStatement {
    /// The number of columns a row of this statement has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of result column `index` (the `AS` name, else SQLite's choice).
    func columnName(_ index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// Column `index` of the current row with its storage class.
    func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(text(index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    /// Binds `values` to parameters 1...n, each with its own storage class.
    /// - Throws: `ListStoreError` when SQLite refuses one (too big, out of memory).
    func bind(values: [SQLValue]) throws(ListStoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text) where text.isEmpty:
                code = sqlite3_bind_text(handle, index, "", 0, nil)
            case .text(let text):
                // By byte count, so a NUL inside the text is bound, not an end.
                var text = text
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_bind_text64(
                            handle, index, chars.baseAddress, sqlite3_uint64(chars.count),
                            liststate_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob64(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                        sqlite3_uint64(buffer.count), liststate_sqlite_transient())
                }
            }
            guard code == SQLITE_OK else {
                throw connection.error(code: code, message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
            }
        }
    }
}
