import Foundation
import Testing

@testable import ListStore

@Suite struct CatalogueSourceTests {
    let source = CatalogueSource(path: TestCatalogue.full.path)

    @Test func pagesAreContiguousInCodePointOrder() throws {
        var cursor: PageCursor?
        var seen: [UInt32] = []
        for _ in 0..<5 {
            let page = try source.page(PageRequest(cursor: cursor, limit: 20)).get()
            #expect(page.records.count == 20 && page.hasMore)
            seen += page.records.map(\.codePoint)
            cursor = page.nextCursor
        }
        let expected = CatalogueBuilder.records().prefix(100).map(\.codePoint)
        #expect(seen == Array(expected))
    }

    @Test func lastPageHasNoMore() throws {
        let lastTwo = CatalogueBuilder.records().suffix(3)
        let start = try #require(lastTwo.first)
        let page = try source.page(PageRequest(cursor: PageCursor(afterCodePoint: start.codePoint), limit: 2)).get()
        #expect(page.records.map(\.codePoint) == lastTwo.dropFirst().map(\.codePoint))
        #expect(!page.hasMore && page.nextCursor == nil)
        let exact = try source.page(PageRequest(cursor: PageCursor(afterCodePoint: start.codePoint), limit: 3)).get()
        #expect(exact.records.count == 2 && !exact.hasMore)
        let past = try source.page(PageRequest(cursor: PageCursor(afterCodePoint: 0x10FFFF))).get()
        #expect(past.records.isEmpty && !past.hasMore)
    }

    @Test func searchIsWordPrefix() throws {
        let snow = try source.page(PageRequest(limit: 100, filter: ListFilter(text: "snow"))).get()
        #expect(snow.records.contains { $0.name == "SNOWMAN" })
        #expect(snow.records.allSatisfy { $0.name.split(separator: " ").contains { $0.hasPrefix("SNOW") } })
        let grin = try source.page(PageRequest(filter: ListFilter(text: "grin face"))).get()
        #expect(grin.records.contains { $0.name == "GRINNING FACE" })
        let minus = try source.page(PageRequest(limit: 100, filter: ListFilter(text: "hyphen minus"))).get()
        #expect(minus.records.contains { $0.name == "HYPHEN-MINUS" })
    }

    @Test(arguments: ["\"", "snow*", "-snow", "(snow", "NEAR(snow man)", "snow AND man", "snow OR", "'", "\"\"\"", "a\"b", "^snow", "snow:man", "\u{0}"])
    func ftsSyntaxIsText(_ text: String) {
        let result = source.page(PageRequest(filter: ListFilter(text: text)))
        #expect(throws: Never.self) { try result.get() }
    }

    @Test func punctuationOnlySearchMatchesNothing() throws {
        let page = try source.page(PageRequest(filter: ListFilter(text: "***"))).get()
        #expect(page.records.isEmpty && !page.hasMore)
        #expect(ListFilter(text: "***").isActive)
        #expect(!ListFilter(text: "   ").isActive)
    }

    @Test func nonsenseFindsNothing() throws {
        let page = try source.page(PageRequest(filter: ListFilter(text: "zzqxj"))).get()
        #expect(page.records.isEmpty && !page.hasMore)
    }

    @Test func searchPaginatesWithKeysetCursors() throws {
        let all = try source.page(PageRequest(limit: 100, filter: ListFilter(text: "snow"))).get().records
        var cursor: PageCursor?
        var paged: [CharacterRecord] = []
        repeat {
            let page = try source.page(PageRequest(cursor: cursor, limit: 2, filter: ListFilter(text: "snow"))).get()
            paged += page.records
            cursor = page.nextCursor
        } while cursor != nil
        #expect(paged == all)
    }

    @Test func categoryAndEmojiFilters() throws {
        let upper = try source.page(PageRequest(limit: 50, filter: ListFilter(category: "Lu"))).get()
        #expect(upper.records.count == 50 && upper.records.allSatisfy { $0.generalCategory == "Lu" })
        #expect(upper.records.first?.codePoint == 0x41)
        let emoji = try source.page(PageRequest(limit: 50, filter: ListFilter(emojiOnly: true))).get()
        #expect(emoji.records.allSatisfy { $0.isEmoji })
        let both = try source.page(PageRequest(filter: ListFilter(text: "grinning face", category: "So", emojiOnly: true))).get()
        #expect(both.records.contains { $0.name == "GRINNING FACE" })
        #expect(both.records.allSatisfy { $0.isEmoji && $0.generalCategory == "So" })
    }

    /// C-08: a row inserted between page loads: the next page starts right after the last row shown.
    @Test func rowInsertedBetweenPagesIsNeitherRepeatedNorSkipped() throws {
        let path = try TestCatalogue.small([10, 20, 30, 40, 50, 60])
        let small = CatalogueSource(path: path)
        let first = try small.page(PageRequest(limit: 2)).get()
        #expect(first.records.map(\.codePoint) == [10, 20])
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("INSERT INTO characters VALUES (5, 'EARLY', 'So', '1.1', 0, 0); INSERT INTO characters VALUES (25, 'BETWEEN', 'So', '1.1', 0, 0)")
        let second = try small.page(PageRequest(cursor: first.nextCursor, limit: 2)).get()
        #expect(second.records.map(\.codePoint) == [25, 30])
    }

    @Test func missingFileIsCannotOpen() {
        let missing = CatalogueSource(path: TestCatalogue.temporaryFolder() + "/none.sqlite")
        #expect(throws: ListStoreError.self) { try missing.page(PageRequest()).get() }
        if case .failure(let error) = missing.page(PageRequest()) { #expect(error.kind == .cannotOpen && error.isTransient) }
    }

    @Test func lockedDatabaseIsBusyWithinTheTimeLimit() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let locked = CatalogueSource(path: path, queryTimeLimit: 0.2)
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        let result = locked.page(PageRequest())
        guard case .failure(let error) = result else {
            Issue.record("expected busy")
            return
        }
        #expect(error.kind == .busy && error.isTransient)
        try writer.execute("ROLLBACK")
        #expect(try locked.page(PageRequest()).get().records.count == 3)
    }

    /// Tests/reliability/faults.py fills the folder for temporary files: none of
    /// the catalogue's queries needs one today, but one that does must fail as
    /// unavailable (503, space may be freed), not as an error (500).
    @Test func noSpaceLeftIsTransient() throws {
        let path = TestCatalogue.temporaryFolder() + "/full.sqlite"
        let connection = try SQLiteConnection(path: path, readOnly: false)
        try connection.execute("PRAGMA max_page_count = 3; CREATE TABLE t (b BLOB)")
        #expect {
            try connection.execute("INSERT INTO t VALUES (zeroblob(100000))")
        } throws: { error in
            guard let error = error as? ListStoreError else { return false }
            return error.kind == .noSpace && error.resultCode == 13 && error.isTransient
        }
    }

    @Test func corruptFileIsCorruptAndRecoversWhenRestored() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let corruptible = CatalogueSource(path: path)
        #expect(try corruptible.page(PageRequest()).get().records.count == 3)
        var damaged = good
        for index in 0..<damaged.count where index % 7 == 0 { damaged[index] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: path))
        guard case .failure(let error) = corruptible.page(PageRequest()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(!error.isTransient)
        try good.write(to: URL(fileURLWithPath: path))
        #expect(try corruptible.page(PageRequest()).get().records.count == 3)
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: path))
        let truncated = CatalogueSource(path: path).page(PageRequest())
        guard case .failure(let truncation) = truncated else {
            Issue.record("expected a failure")
            return
        }
        #expect(truncation.kind == .corrupt)
    }
}
