import Foundation
import Testing

@testable import ListStore

/// docs/design.md, "Data source faults", for any database: a file replaced at
/// its path is opened within about a second and never mixed with the old one;
/// a deleted file goes on serving from open connections and is never created.
@Suite struct DatabaseFileChangeTests {
    static func database(_ values: [String], in folder: String, name: String) throws -> String {
        let path = folder + "/" + name
        try SQLiteConnection(path: path, readOnly: false).execute(
            "CREATE TABLE t (v TEXT);" + values.map { "INSERT INTO t VALUES ('\($0)');" }.joined())
        return path
    }

    static func values(_ source: DatabaseSource) throws -> [SQLValue] {
        let table = try #require(try source.tables().get().first)
        return try source.page(RowPageQuery(table: table)).get().rows.map { $0[0] }
    }

    @Test func aReplacementIsOpenedWithinASecondAndADeletedFileKeepsServing() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        let path = try Self.database(["old"], in: database.folder, name: "a.sqlite")
        let replacement = try Self.database(["new"], in: database.folder, name: "b.sqlite")
        let source = DatabaseSource(path: path)
        #expect(try Self.values(source) == [.text("old")])
        #expect(rename(replacement, path) == 0)
        let start = Date()
        while try Self.values(source) != [.text("new")], Date().timeIntervalSince(start) < 1.5 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try Self.values(source) == [.text("new")], "the new file is opened within the check interval")
        #expect(unlink(path) == 0)
        #expect(try Self.values(source) == [.text("new")], "open connections keep serving a deleted file")
        #expect(!FileManager.default.fileExists(atPath: path), "a read-only open never creates the file")
    }

    /// A search walk across a replaced file was told "order changed" on the first page after the
    /// `mv`, still read from the old file, and not when the new file took over (found by a tester).
    @Test func aReplacementSeenByTheVersionProbeIsReadAtOnce() throws {
        let database = try TestDatabase(rows: 2)
        defer { database.remove() }
        let path = try Self.database(["old"], in: database.folder, name: "a.sqlite")
        let replacement = try Self.database(["new"], in: database.folder, name: "b.sqlite")
        let source = DatabaseSource(path: path, checkInterval: 60)
        let before = try #require(try source.dataVersion().get())
        #expect(try Self.values(source) == [.text("old")])
        #expect(rename(replacement, path) == 0)
        let after = try #require(try source.dataVersion().get())
        #expect(after.identity != before.identity)
        let table = try #require(try source.tables().get().first)
        let page = try source.page(RowPageQuery(table: table)).get()
        #expect(page.rows.map { $0[0] } == [.text("new")], "the version's file is the one read")
        #expect(page.fileIdentity == after.identity)
    }
}
