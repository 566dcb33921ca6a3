import CSQLite

/// A prepared statement (`sqlite3_stmt *`) owned by one `SQLiteConnection`.
/// See https://www.sqlite.org/c3ref/stmt.html
package final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let connection: SQLiteConnection
    /// The statement's SQL, for error messages.
    let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and clears its bindings.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds parameters 1... in order: `Int`, `Int64`, `String`, `Bool` or `nil` (NULL).
    /// - Throws: `ListStoreError` when a value cannot be bound.
    package func bind(_ values: [(any Sendable)?]) throws(ListStoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case nil: code = sqlite3_bind_null(handle, index)
            case let value as Int: code = sqlite3_bind_int64(handle, index, Int64(value))
            case let value as Int64: code = sqlite3_bind_int64(handle, index, value)
            case let value as Bool: code = sqlite3_bind_int64(handle, index, value ? 1 : 0)
            case let value as String: code = sqlite3_bind_text(handle, index, value, -1, liststate_sqlite_transient())
            default:
                throw ListStoreError(kind: .other, message: "unsupported binding \(type(of: value))", sql: sql)
            }
            guard code == SQLITE_OK else {
                throw connection.error(code: code, message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
            }
        }
    }

    /// Steps once: `true` while a row is available, `false` when done.
    /// - Throws: `ListStoreError` (busy, interrupted, corrupt, ...).
    package func step() throws(ListStoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let message = String(cString: sqlite3_errmsg(connection.handle))
            sqlite3_reset(handle)
            throw connection.error(code: code, message: message, sql: sql)
        }
    }

    /// Runs the statement to completion, ignoring rows.
    package func run() throws(ListStoreError) { while try step() {} }

    /// Column `index` (0-based) of the current row as an integer (NULL is 0).
    package func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` (0-based) of the current row as text (NULL is "").
    func text(_ index: Int32) -> String {
        String(decoding: storedText(index), as: UTF8.self)
    }

    /// The bytes SQLite holds for column `index` of the current row read as text
    /// (empty for NULL), valid until the statement steps or is reset.
    func storedText(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// The bytes SQLite holds for column `index` of the current row read as a blob
    /// (empty for NULL or no bytes), valid until the statement steps or is reset.
    func storedBlob(_ index: Int32) -> UnsafeRawBufferPointer {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }
}
