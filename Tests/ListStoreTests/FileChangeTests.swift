import Foundation
import Synchronization
import Testing

@testable import ListStore

/// docs/design.md, "Data source faults", on real files: a database replaced at its
/// path, deleted while open, missing at a reopen, truncated and restored.
@Suite struct FileChangeTests {
    /// Collects the source's log lines.
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func callAsFunction(_ line: String) { lines.withLock { $0.append(line) } }
    }

    func codePoints(_ source: DatabaseSource) throws -> [Int64] {
        let table = try #require(try source.tables().get().first { $0.name == "characters" })
        let page = try source.page(RowPageQuery(table: table)).get()
        return page.rows.compactMap { if case .integer(let value) = $0[0] { value } else { nil } }
    }

    @Test func aFileMovedInIsOpenedAndNeverMixedWithTheOld() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let replacement = try TestCatalogue.small([7, 8, 9])
        let log = Log()
        let source = DatabaseSource(path: path, checkInterval: 0.2, log: { log($0) })
        #expect(try codePoints(source) == [1, 2, 3])
        // Several pooled connections to the old file.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = source.tables() }
        #expect(rename(replacement, path) == 0)
        Thread.sleep(forTimeInterval: 0.25)
        for _ in 0..<20 { #expect(try codePoints(source) == [7, 8, 9]) }
        #expect(log.all.count == 1 && log.all.first?.contains("replaced") == true, "\(log.all)")
    }

    @Test func theDefaultCheckOpensAReplacementWithinASecondOrSo() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let replacement = try TestCatalogue.small([4, 5])
        let source = DatabaseSource(path: path)
        #expect(try codePoints(source) == [1, 2, 3])
        #expect(rename(replacement, path) == 0)
        let start = Date()
        while try codePoints(source) != [4, 5] {
            #expect(Date().timeIntervalSince(start) < 1.5, "the new file is opened within the check interval")
            if Date().timeIntervalSince(start) >= 1.5 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    @Test func aDeletedFileKeepsServingFromOpenConnectionsAndIsNeverCreated() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let log = Log()
        let source = DatabaseSource(path: path, checkInterval: 0, log: { log($0) })
        #expect(try codePoints(source) == [1, 2, 3])
        #expect(unlink(path) == 0)
        for _ in 0..<10 { #expect(try codePoints(source) == [1, 2, 3]) }
        #expect(log.all.count == 1 && log.all.first?.contains("missing") == true, "logged once: \(log.all)")
        // A request that needs a new connection: cannot open, transient (503), and nothing created.
        let fresh = DatabaseSource(path: path)
        guard case .failure(let error) = fresh.tables() else {
            Issue.record("expected cannotOpen")
            return
        }
        #expect(error.kind == .cannotOpen && error.isTransient)
        #expect(!FileManager.default.fileExists(atPath: path), "a read-only open never creates the file")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test func aFileRestoredAfterDeletionIsServedAgain() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let copy = try TestCatalogue.small([5, 6])
        let log = Log()
        let source = DatabaseSource(path: path, checkInterval: 0, log: { log($0) })
        #expect(try codePoints(source) == [1, 2, 3])
        #expect(unlink(path) == 0)
        #expect(try codePoints(source) == [1, 2, 3])
        #expect(rename(copy, path) == 0)
        #expect(try codePoints(source) == [5, 6])
        #expect(log.all.count == 2, "\(log.all)")
    }

    /// Writes `bytes` over the file at `path` in place (same inode), as `: > FILE` or `cat BACKUP > FILE` do.
    func overwrite(_ path: String, with bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// Expects `result` to fail as a damaged file (`.corrupt`) whose message says what became of it.
    func expectDamaged<T>(_ result: Result<T, ListStoreError>, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .failure(let error) = result else {
            Issue.record("expected the damaged file to fail, got \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == .corrupt, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.hasPrefix("the file is"), "\(error)", sourceLocation: sourceLocation)
    }

    /// Found in use: a served file emptied in place read as a database without tables, so its
    /// lists were re-read as none (404) and did not always come back when the file was whole again.
    @Test func aFileEmptiedInPlaceIsDamagedNotADatabaseWithoutTablesAndRecovers() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = DatabaseSource(path: path)
        #expect(try codePoints(source) == [1, 2, 3])
        let table = try #require(try source.tables().get().first { $0.name == "characters" })
        try overwrite(path, with: Data())
        expectDamaged(source.tables(), path)
        expectDamaged(source.schemaVersion(waiting: false), path)
        expectDamaged(source.page(RowPageQuery(table: table)), path)
        expectDamaged(source.row(in: table, address: [.integer(1)]), path)
        try overwrite(path, with: good)
        #expect(try codePoints(source) == [1, 2, 3])
        #expect(try source.tables().get().map(\.name).contains("characters"))
    }

    @Test func aFileOverwrittenWithOtherBytesIsDamagedAndRecovers() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = DatabaseSource(path: path)
        #expect(try codePoints(source) == [1, 2, 3])
        let table = try #require(try source.tables().get().first { $0.name == "characters" })
        for bytes in [Data("not a database\n".utf8), Data(repeating: 0, count: 8192), good.prefix(50)] {
            try overwrite(path, with: bytes)
            expectDamaged(source.tables(), path)
            expectDamaged(source.schemaVersion(waiting: true), path)
            expectDamaged(source.page(RowPageQuery(table: table)), path)
            try overwrite(path, with: good)
            #expect(try codePoints(source) == [1, 2, 3])
        }
    }

    /// A zero-length file never seen whole is SQLite's empty database: served without lists, as before.
    @Test func aFileEmptyFromTheStartIsAnEmptyDatabase() throws {
        let path = TestCatalogue.temporaryFolder() + "/empty.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let source = DatabaseSource(path: path)
        #expect(try source.tables().get().isEmpty)
        #expect(throws: Never.self) { try source.schemaVersion().get() }
    }

    /// Found by a tester: in WAL mode, commits of writers that come and go were never seen again.
    /// The header check opened and closed the database file, and closing any descriptor of a file
    /// drops every POSIX lock the process holds on it, SQLite's own among them
    /// (https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_):
    /// the next writer, finding itself the last connection, deleted the WAL and its shared memory,
    /// which the server went on reading. The writers here are other processes, as the tester's were.
    @Test func aReaderInWALModeKeepsItsLockAcrossSchemaChecksAndSeesEveryCommit() throws {
        let path = TestCatalogue.temporaryFolder() + "/wal.sqlite"
        let write = { (sql: String) throws in
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            writer.arguments = ["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.close()", path, sql]
            try writer.run()
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        try write("CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items VALUES (1); PRAGMA journal_mode = wal;")
        let source = DatabaseSource(path: path)
        let table = try #require(try source.tables().get().first)
        func last() throws -> SQLValue? {
            try source.page(RowPageQuery(table: table, sort: ListSort(column: "id", descending: true), limit: 1)).get().rows.first?[0]
        }
        #expect(try last() == .integer(1))
        for id in 2...4 {
            _ = source.tables()
            _ = source.schemaVersion(waiting: false)
            try write("INSERT INTO items VALUES (\(id));")
            #expect(try last() == .integer(Int64(id)), "the commit of \(id) is seen")
            #expect(try source.dataVersion().get() != nil)
        }
    }

    @Test(arguments: [
        (Data(), DatabaseFile.State.empty), (Data("SQLite format 3".utf8), .notDatabase),
        (Data("SQLite format 3\0".utf8) + Data(repeating: 0, count: 84), .whole),
        (Data("PK\u{3}\u{4}".utf8) + Data(repeating: 1, count: 200), .whole),
    ])
    func theFileStateIsReadWithoutOpeningTheFile(_ bytes: Data, _ expected: DatabaseFile.State) throws {
        let path = TestCatalogue.temporaryFolder() + "/state.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        #expect(DatabaseFile.state(at: path) == expected)
        #expect(DatabaseFile.state(at: path + ".missing") == .missing)
    }

    @Test func thePathIsExaminedAtMostOncePerInterval() {
        let calls = Mutex(0)
        let identity = Mutex<FileIdentity?>(FileIdentity(device: 1, inode: 1))
        let watch = PathWatch(
            path: "/x", interval: 1,
            identityOf: { _ in
                calls.withLock { $0 += 1 }
                return identity.withLock { $0 }
            })
        let second: UInt64 = 1_000_000_000
        #expect(watch.check(now: 10 * second) == .none)
        identity.withLock { $0 = FileIdentity(device: 1, inode: 2) }
        #expect(watch.check(now: 10 * second + second / 2) == .none, "not due yet")
        #expect(calls.withLock { $0 } == 1)
        #expect(watch.check(now: 11 * second) == .replaced)
        identity.withLock { $0 = nil }
        #expect(watch.check(now: 12 * second) == .missing)
        #expect(watch.check(now: 13 * second) == .none, "missing is reported once")
        identity.withLock { $0 = FileIdentity(device: 1, inode: 2) }
        #expect(watch.check(now: 14 * second) == .restored)
        identity.withLock { $0 = FileIdentity(device: 1, inode: 3) }
        #expect(watch.check(now: 15 * second) == .replaced)
        #expect(calls.withLock { $0 } == 6)
    }
}
