import CSQLite

extension SQLiteStatement {
    /// The number of columns a row of this statement has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Appends column `index` of the current row to the row `rows` is being written,
    /// with its storage class: a text or blob longer than `limit` characters or bytes
    /// cut to its first `limit` (``RowPage/clamp(_:to:)``), whole for a nil `limit`.
    /// - Returns: Whether it was cut, and the bytes of the text or blob kept (0 for
    ///   another value), which a ``ByteBudget`` counts.
    ///
    /// Cut here rather than in SQL: `CASE WHEN typeof(c) IN ('text', 'blob') AND
    /// length(c) > N THEN substr(c, 1, N + 1) ELSE c END` made SQLite build a text
    /// value per cell for `typeof`, and cost more than the rest of a 20-row page's
    /// query (callgrind, BENCHMARKS.md). A text's bytes are copied from SQLite's
    /// into the page's (``RowValues/appendText(decoding:clampedTo:)``), with no
    /// `String` made.
    ///
    /// The value is read through `sqlite3_column_value` once and its parts from there:
    /// each `sqlite3_column_*` call checks the statement and its row again, about 60
    /// instructions, three for a text (callgrind). Its value is "unprotected" (no
    /// mutex held for it: https://www.sqlite.org/c3ref/column_blob.html), which is
    /// safe here: a connection is opened without mutexes and used by one thread at a
    /// time (``ConnectionPool``), and the value is read before the statement steps.
    ///
    /// With `keepingStoredText`, a text that is not UTF-8 and is not cut is appended as its
    /// stored bytes (``SQLValue/textBytes(_:)``, as ``keyValue(_:)`` reads it): a column that
    /// refers to another table's key, whose link must name the value stored.
    ///
    /// With `shownCharacters` (a column a page shows the start of: ``ShownPrefix``), a text
    /// whose first characters are plain ASCII is kept as those characters, marked cut.
    func appendValue(
        _ index: Int32, clampedTo limit: Int?, keepingStoredText: Bool = false, shownCharacters: Int? = nil,
        to rows: inout RowValues
    ) -> (clamped: Bool, length: Int) {
        guard let value = sqlite3_column_value(handle, index) else {
            rows.appendNull()
            return (false, 0)
        }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            rows.appendInteger(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            rows.appendReal(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // The text first, then its length in bytes (the order the SQLite manual gives).
            let text = sqlite3_value_text(value)
            let stored = UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_value_bytes(value)))
            if let shownCharacters, let kept = ShownPrefix.kept(of: stored, characters: shownCharacters) {
                rows.appendASCII(UnsafeBufferPointer(rebasing: stored[..<kept]))
                return (true, kept)
            }
            if keepingStoredText, stored.count <= limit ?? .max, !RowValues.isASCII(stored),
                String(validating: stored, as: UTF8.self) == nil
            {
                rows.appendValue(.textBytes(Array(stored)))
                return (false, stored.count)
            }
            guard let limit else {
                rows.appendText(decoding: stored)
                return (false, rows.lastLength)
            }
            let clamped = rows.appendText(decoding: stored, clampedTo: limit)
            return (clamped, rows.lastLength)
        case SQLITE_BLOB:
            let blob = sqlite3_value_blob(value)
            let count = blob == nil ? 0 : Int(sqlite3_value_bytes(value))
            let kept = limit.map { min($0, count) } ?? count
            rows.appendBlob(UnsafeRawBufferPointer(start: count == 0 ? nil : blob, count: kept))
            return (kept < count, kept)
        default:
            rows.appendNull()
        }
        return (false, 0)
    }

    /// Column `index` of the current row with its storage class.
    package func value(_ index: Int32) -> SQLValue {
        value(index, type: sqlite3_column_type(handle, index))
    }

    /// Column `index` of the current row, whose storage class `type` (`sqlite3_column_type`)
    /// the caller has read: asked again, it cost every number of a page a second call.
    private func value(_ index: Int32, type: Int32) -> SQLValue {
        switch type {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(text(index))
        case SQLITE_BLOB:
            return .blob(Array(storedBlob(index)))
        default:
            return .null
        }
    }

    /// Column `index` of the current row as a key or sort value: as ``value(_:)``,
    /// but text that is not valid UTF-8 as its stored bytes (``SQLValue/textBytes(_:)``).
    func keyValue(_ index: Int32) -> SQLValue {
        let type = sqlite3_column_type(handle, index)
        guard type == SQLITE_TEXT else { return value(index, type: type) }
        let stored = storedText(index)
        return String(validating: stored, as: UTF8.self).map { .text($0) } ?? .textBytes(Array(stored))
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
            case .textBytes(let bytes):
                // The stored bytes as they were (never empty: no bytes is valid UTF-8).
                code = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_bind_text64(
                            handle, index, chars.baseAddress, sqlite3_uint64(chars.count), liststate_sqlite_transient(),
                            UInt8(SQLITE_UTF8))
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
