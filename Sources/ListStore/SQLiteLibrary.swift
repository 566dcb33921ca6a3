import CSQLite

/// The SQLite library the data sources run on.
public enum SQLiteLibrary {
    /// Its version as it reports it at run time (`sqlite3_libversion`), e.g. `3.40.1`.
    public static var version: String { String(cString: sqlite3_libversion()) }
}
