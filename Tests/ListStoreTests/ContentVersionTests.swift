import Foundation
import Testing

@testable import ListStore

/// `CatalogueSource.contentVersion(waiting:)`: the version an answer is kept under.
/// It meets every fault a query meets, and changes with any change of the file.
@Suite struct ContentVersionTests {
    /// Sets the file's modification time `seconds` into the past, so its version is settled.
    func age(_ path: String, by seconds: Double = 10) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: path)
    }

    @Test func aSettledFileHasAStableVersion() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path)
        let source = CatalogueSource(path: path)
        let first = try #require(try source.contentVersion(waiting: true).get())
        #expect(try source.contentVersion(waiting: true).get() == first)
        #expect(first == ContentVersion(path: path))
    }

    @Test func aFileModifiedJustNowHasNoVersionYet() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path, by: 0)
        let source = CatalogueSource(path: path)
        #expect(try source.contentVersion(waiting: true).get() == nil, "a write in the same clock tick could keep size and time")
        #expect(ContentVersion(path: path)?.isSettled() == false)
        #expect(ContentVersion(path: path)?.isSettled(now: ContentVersion.realTimeNanoseconds() + 3_000_000_000) == true)
    }

    @Test func aWriteChangesTheVersion() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path, by: 20)
        let source = CatalogueSource(path: path)
        let before = try #require(try source.contentVersion(waiting: true).get())
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("UPDATE characters SET name = 'CHANGED' WHERE code_point = 2")
        try age(path, by: 10)
        let after = try #require(try source.contentVersion(waiting: true).get())
        #expect(after != before)
        #expect(try source.page(PageRequest()).get().records.map(\.name).contains("CHANGED"))
    }

    @Test func aHeldLockFailsAsBusyLikeAQuery() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path)
        let source = CatalogueSource(path: path, queryTimeLimit: 0.2)
        #expect(try source.contentVersion(waiting: true).get() != nil)
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        let start = Date()
        guard case .failure(let error) = source.contentVersion(waiting: true) else {
            Issue.record("a held exclusive lock must fail the version as it fails a query")
            return
        }
        #expect(error.kind == .busy && error.isTransient)
        #expect(Date().timeIntervalSince(start) < 1.5, "within the busy timeout")
        let quick = Date()
        guard case .failure(let quickError) = source.contentVersion(waiting: false) else {
            Issue.record("not waiting, a held lock fails at once")
            return
        }
        #expect(quickError.kind == .busy && Date().timeIntervalSince(quick) < 0.1, "no wait on the lock")
        try writer.execute("ROLLBACK")
        #expect(try source.contentVersion(waiting: false).get() != nil)
        #expect(try source.contentVersion(waiting: true).get() != nil)
    }

    @Test func aCorruptFileFailsLikeAQuery() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let source = CatalogueSource(path: path)
        _ = try source.page(PageRequest()).get()
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        try Data(repeating: 0xA5, count: good.count).write(to: URL(fileURLWithPath: path))
        try age(path)
        guard case .failure(let error) = source.contentVersion(waiting: true) else {
            Issue.record("a file that is not a database has no version")
            return
        }
        #expect(!error.isTransient)
    }

    @Test func aMissingFileFailsAsCannotOpen() throws {
        let source = CatalogueSource(path: TestCatalogue.temporaryFolder() + "/none.sqlite")
        guard case .failure(let error) = source.contentVersion(waiting: true) else {
            Issue.record("expected cannotOpen")
            return
        }
        #expect(error.kind == .cannotOpen)
    }

    @Test func aReplacementHasNoVersionUntilThePoolMovesToIt() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let replacement = try TestCatalogue.small([7, 8])
        try age(path)
        try age(replacement)
        let source = CatalogueSource(path: path, checkInterval: 0.3)
        let old = try #require(try source.contentVersion(waiting: true).get())
        #expect(rename(replacement, path) == 0)
        #expect(try source.contentVersion(waiting: true).get() == nil, "the pool still has the old file open")
        Thread.sleep(forTimeInterval: 0.35)
        let new = try #require(try source.contentVersion(waiting: true).get())
        #expect(new.inode != old.inode)
        #expect(try source.page(PageRequest()).get().records.map(\.codePoint) == [7, 8])
    }

    @Test func aDeletedFileHasNoVersionButServesOn() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path)
        let source = CatalogueSource(path: path, checkInterval: 0)
        #expect(try source.contentVersion(waiting: true).get() != nil)
        #expect(unlink(path) == 0)
        #expect(try source.contentVersion(waiting: true).get() == nil)
        #expect(try source.page(PageRequest()).get().records.count == 3)
    }

    /// Found by QA: in WAL mode a commit goes to `-wal` and leaves the main
    /// file's size and time alone, so a kept answer stayed stale for good.
    @Test func aWriteAheadLogBesideTheFileMeansNoVersion() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("PRAGMA journal_mode=WAL; UPDATE characters SET name = 'CHANGED' WHERE code_point = 2")
        try age(path)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let source = CatalogueSource(path: path)
        #expect(try source.contentVersion(waiting: true).get() == nil)
        #expect(try source.page(PageRequest()).get().records.map(\.name).contains("CHANGED"))
    }

    /// Found by QA (by reading): between a replacement and the pool noticing
    /// it, the path's version names the new file while connections read the
    /// old one. A page names the file it was read from, so the route can tell.
    @Test func aPageNamesTheFileItsConnectionRead() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let replacement = try TestCatalogue.small([7, 8])
        try age(path)
        try age(replacement)
        let source = CatalogueSource(path: path, checkInterval: 600)
        let old = try source.page(PageRequest()).get()
        #expect(old.fileIdentity == FileIdentity(path: path))
        #expect(rename(replacement, path) == 0)
        let stale = try source.page(PageRequest()).get()
        #expect(stale.records.map(\.codePoint) == [1, 2, 3], "the pool has not noticed yet (check every 600 s)")
        #expect(stale.fileIdentity != ContentVersion(path: path)?.identity, "the page says it came from the old file")
        #expect(try source.contentVersion(waiting: true).get() == nil, "no version while the connection reads another file")
    }

    /// Found by QA: with a lock held, requests queued for a worker each waited
    /// a whole time limit once their turn came (26 s for the last of 100).
    /// The limit counts from the request's arrival.
    @Test func theTimeLimitCountsFromTheRequestsArrival() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let source = CatalogueSource(path: path, queryTimeLimit: 2)
        let late = ContinuousClock.now - .seconds(3)
        let start = Date()
        guard case .failure(let error) = source.page(PageRequest(startedAt: late)) else {
            Issue.record("a request that waited past its limit gets no query")
            return
        }
        #expect(error.kind == .timedOut && error.isTransient)
        guard case .failure = source.record(codePoint: 1, startedAt: late),
            case .failure = source.contentVersion(waiting: true, startedAt: late)
        else {
            Issue.record("every query of a late request fails at once")
            return
        }
        #expect(Date().timeIntervalSince(start) < 1, "no wait at all")
        #expect(try source.page(PageRequest(startedAt: .now)).get().records.count == 3)

        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        defer { try? writer.execute("ROLLBACK") }
        let waited = Date()
        guard case .failure(let busy) = source.page(PageRequest(startedAt: .now - .milliseconds(1_600))) else {
            Issue.record("the lock is held")
            return
        }
        #expect(busy.isTransient)
        #expect(Date().timeIntervalSince(waited) < 1.2, "it waits what is left of the limit (0.4 s), not a whole one (2 s)")
    }

    /// Found in the last read of the change (heldlock.py: `/-/livez` p99 17 ms
    /// became 944 ms): a connection opened with the lock held waited the whole
    /// busy timeout in its `PRAGMA cache_size` before the non-waiting probe ran.
    @Test func aFirstProbeThatMustNotWaitDoesNotWaitEvenOnANewConnection() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        try age(path)
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        defer { try? writer.execute("ROLLBACK") }
        let source = CatalogueSource(path: path, queryTimeLimit: 2)
        let start = Date()
        guard case .failure(let error) = source.contentVersion(waiting: false) else {
            Issue.record("the lock is held")
            return
        }
        #expect(error.kind == .busy)
        #expect(Date().timeIntervalSince(start) < 1, "no wait on the lock (the limit is 2 s)")
    }
}
