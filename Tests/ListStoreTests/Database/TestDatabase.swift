import Foundation
import TestSupport

@testable import ListStore

/// A generated database with the shapes keyset paging must get right: ties
/// and NULLs in sort columns, a column mixing storage classes, compound and
/// text keys, a rowid table whose primary key holds NULL, a view, an FTS5
/// table. Made in a temporary folder the caller removes (``remove()``).
struct TestDatabase {
    let folder: String
    var path: String { folder + "/data.sqlite" }

    /// Builds the database; `seed` makes the random values repeatable.
    init(seed: UInt64 = 7, rows: Int = 120) throws {
        let folder = TemporaryFolder.make("database")
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            try Self.fill(folder + "/data.sqlite", seed: seed, rows: rows)
        } catch {
            // Nothing is left behind when the database cannot be made.
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Creates and fills the database at `path`.
    private static func fill(_ path: String, seed: UInt64, rows: Int) throws {
        let connection = try SQLiteConnection(path: path, readOnly: false)
        var random = SeededRandom(seed: seed)
        var sql = """
            CREATE TABLE items (id INTEGER PRIMARY KEY, grp INTEGER, mixed, label TEXT COLLATE NOCASE, big INTEGER);
            CREATE TABLE pairs (part TEXT, n INTEGER, v REAL, PRIMARY KEY (part, n)) WITHOUT ROWID;
            CREATE TABLE codes (code TEXT PRIMARY KEY, v INTEGER);
            CREATE TABLE loose (a, b);
            CREATE TABLE empty (x TEXT);
            CREATE VIEW grouped AS SELECT grp, label FROM items WHERE id % 3 = 0;
            CREATE VIRTUAL TABLE items_search USING fts5 (label, content = 'items', content_rowid = 'id');
            BEGIN;
            """
        let mixed = ["NULL", "1", "2", "1.5", "-0.25", "'a'", "'B'", "'1'", "X'00FF'", "X''", "9007199254740993"]
        let labels = ["NULL", "'apple'", "'Apple'", "'pear'", "'é'", "'日本'", "''", "'a,b/c%d?e#f&g..h'"]
        for id in 1...rows {
            let grp = random.next(7) == 0 ? "NULL" : String(random.next(5))
            sql +=
                "INSERT INTO items VALUES (\(id), \(grp), \(mixed[random.next(mixed.count)]), "
                + "\(labels[random.next(labels.count)]), \(random.next(3) == 0 ? "NULL" : String(Int64.max - Int64(random.next(4)))));\n"
        }
        let parts = ["a/b", "a,b", "%20", "é", "~", "..", "x y", "?#&"]
        for index in 0..<(rows / 2) {
            sql +=
                "INSERT OR IGNORE INTO pairs VALUES ('\(parts[index % parts.count])', \(random.next(4)), "
                + "\(random.next(5) == 0 ? "NULL" : String(Double(random.next(9)) / 4)));\n"
        }
        for index in 0..<(rows / 3) {
            let code = index % 5 == 0 ? "NULL" : "'c\(index)'"
            sql += "INSERT INTO codes VALUES (\(code), \(random.next(3)));\n"
        }
        for _ in 0..<(rows / 4) {
            sql += "INSERT INTO loose VALUES (\(random.next(3)), \(mixed[random.next(mixed.count)]));\n"
        }
        sql += "INSERT INTO items_search (items_search) VALUES ('rebuild');\nCOMMIT;"
        try connection.execute(sql)
    }

    /// Deletes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `sql`'s rows, every column with its storage class, read by SQLite itself.
    func rows(_ sql: String) throws -> [[SQLValue]] {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let statement = try connection.statement(sql)
        var rows: [[SQLValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value($0) })
        }
        return rows
    }

    /// Runs `sql` on a writable connection.
    func write(_ sql: String) throws {
        try SQLiteConnection(path: path, readOnly: false).execute(sql)
    }
}

/// SplitMix64: the same numbers for the same seed on every machine.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
