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
        return CatalogueTableTests.codePoints(try source.page(RowPageQuery(table: table)).get())
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

    @Test func truncatedThenRestoredRecoversWithoutARestart() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = DatabaseSource(path: path)
        #expect(try codePoints(source) == [1, 2, 3])
        let table = try #require(try source.tables().get().first { $0.name == "characters" })
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.close()
        // An empty file is a database without tables: the list's table is gone, never an empty list.
        #expect(try source.tables().get().isEmpty)
        guard case .failure = source.page(RowPageQuery(table: table)) else {
            Issue.record("expected a failure")
            return
        }
        try good.write(to: URL(fileURLWithPath: path))
        #expect(try codePoints(source) == [1, 2, 3])
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
