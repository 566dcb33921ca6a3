import Foundation
import TestSupport
import Testing

@testable import ListApp
@testable import ListStore

/// A cache hit's version: a probe stands for a millisecond while the file is
/// unchanged; a write is seen at once, a held lock once the millisecond is over.
@Suite struct VersionProbeTests {
    /// A settled three-row catalogue in a folder of its own.
    static func catalogue() throws -> String {
        let folder = TemporaryFolder.make("probe")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/catalogue.sqlite"
        try CatalogueBuilder.build(
            at: path,
            records: [1, 2, 3].map {
                CharacterRecord(
                    codePoint: $0, name: "C\($0)", generalCategory: "So", age: "1.1", isEmoji: false,
                    isEmojiPresentation: false)
            })
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -10)], ofItemAtPath: path)
        return path
    }

    @Test func aWriteIsSeenAtOnce() throws {
        let path = try Self.catalogue()
        let probe = VersionProbe(source: CatalogueSource(path: path))
        let before = try #require(try probe.version(startedAt: nil).get())
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        // Just written: the file is not settled, so no version may be kept at all.
        #expect(try probe.version(startedAt: nil).get() == nil)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -5)], ofItemAtPath: path)
        let after = try #require(try probe.version(startedAt: nil).get())
        #expect(after != before)
    }

    @Test func aHeldLockIsSeenOnceTheProbeIsOlderThanItsReuse() throws {
        let path = try Self.catalogue()
        let probe = VersionProbe(source: CatalogueSource(path: path))
        let start = ContinuousClock.now
        let version = try #require(try probe.version(startedAt: nil).get())
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE")
        defer { try? writer.execute("ROLLBACK") }
        let soon = probe.version(startedAt: nil)
        if ContinuousClock.now - start < VersionProbe.reuse {
            // Within the reuse: the committed version stands (the documented trade).
            #expect(try soon.get() == version)
        } else {
            #expect(throws: ListStoreError.self) { try soon.get() }
        }
        Thread.sleep(forTimeInterval: 0.005)
        guard case .failure(let error) = probe.version(startedAt: nil) else {
            Issue.record("a lock held past the reuse must fail the version")
            return
        }
        #expect(error.kind == .busy)
    }

    @Test func aSourceWithoutAFileIsProbedEveryTime() throws {
        let source = ScriptedSource(records: [ScriptedSource.record(0x41)])
        let probe = VersionProbe(source: source)
        #expect(try probe.version(startedAt: nil).get() != nil)
        source.fail(with: .busy)
        guard case .failure = probe.version(startedAt: nil) else {
            Issue.record("a scripted failure is seen at once")
            return
        }
    }
}
