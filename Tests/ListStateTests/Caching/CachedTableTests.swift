import Foundation
import Testing

@testable import ListState
@testable import ListStore

/// Answers of lists over users' tables kept under the database's
/// `DataVersion` (`PRAGMA data_version` on one long-lived connection): served
/// again while no transaction committed, never after one (in rollback-journal
/// and WAL mode alike: a WAL commit leaves the file's `stat` unchanged), never
/// while a writer holds its lock with a change written.
@Suite struct CachedTableTests {
    static func entries(_ fixture: TableFixture) -> Int {
        fixture.server.application.responseCache?.usage.entries ?? -1
    }

    @Test func aRepeatedRequestIsKeptAndEachShapeApart() throws {
        let fixture = try TableFixture()
        let variants: [(String, [String: String])] = [
            ("/products?limit=2", [:]), ("/products?limit=2", ["HX-Request": "true"]), ("/products.json?limit=2", [:]),
            ("/products?limit=2", ["Accept-Language": "zh-Hant"]), ("/products?limit=2&lang=zh-Hans", [:]), ("/", [:]),
        ]
        var first: [HTTPTestClient.Answer] = []
        for (target, headers) in variants { first.append(try fixture.server.get(target, headers: headers)) }
        #expect(Self.entries(fixture) == variants.count - 1, "the index is not a list answer")
        for ((target, headers), earlier) in zip(variants, first) {
            let again = try fixture.server.get(target, headers: headers)
            #expect(again.status == 200 && again.body == earlier.body, "\(target) \(headers)")
            #expect(again.header("etag") == earlier.header("etag"))
        }
        #expect(Self.entries(fixture) == variants.count - 1, "the second answers came from the cache")
        let tag = try #require(first[0].header("etag"))
        #expect(try fixture.server.get("/products?limit=2", headers: ["If-None-Match": tag]).status == 304)
    }

    @Test(arguments: ["DELETE", "WAL"])
    func everyCommitIsSeenByTheNextRequest(journalMode: String) throws {
        let fixture = try TableFixture()
        try fixture.write("PRAGMA journal_mode = \(journalMode)")
        let writer = try fixture.writer()
        for round in 1...30 {
            _ = try fixture.server.get("/products.json?sort=-id&limit=1")
            try writer.execute("INSERT INTO products (id, name) VALUES (\(100 + round), 'new \(round)')")
            let json = try TableFixture.json(fixture.server.get("/products.json?sort=-id&limit=1"))
            let rows = json["rows"] as? [[String: Any]] ?? []
            #expect(rows.first?["name"] as? String == "new \(round)", "round \(round) in \(journalMode) mode")
        }
    }

    @Test func aWritersLockIsAnsweredAsTheFaultTableSaysNotFromTheCache() throws {
        let fixture = try TableFixture(queryTimeLimit: 0.2)
        #expect(try fixture.server.get("/products").status == 200)
        let lock = try fixture.holdLock()
        let locked = try fixture.server.get("/products")
        #expect(locked.status == 503 && locked.text.contains("placeholder-unavailable"))
        lock.release()
        #expect(try fixture.server.get("/products").status == 200)
    }

    /// A writer that holds the lock but has written nothing yet (`BEGIN EXCLUSIVE` alone)
    /// changed nothing: a kept answer is still the data's, and is served; a request
    /// that must read meets the lock (503).
    @Test func aLockWithNothingWrittenYetKeepsTheKeptAnswers() throws {
        let fixture = try TableFixture(queryTimeLimit: 0.2)
        let kept = try fixture.server.get("/products")
        let lock = try fixture.holdLock(writing: false)
        defer { lock.release() }
        let again = try fixture.server.get("/products")
        #expect(again.status == 200 && again.body == kept.body)
        #expect(try fixture.server.get("/products?limit=3").status == 503)
    }

    @Test func refusalsAndPlaceholdersAreNotKept() throws {
        let fixture = try TableFixture()
        _ = try fixture.server.get("/products?cursor=broken")
        _ = try fixture.server.get("/products?sort=nope")
        #expect(Self.entries(fixture) == 0)
        #expect(try fixture.server.get("/products?name=nothing").status == 200)
        #expect(Self.entries(fixture) == 1, "no results is a 200 answer like any other")
    }
}

/// Found by QA: a request between `ALTER TABLE … ADD COLUMN` and the next look at the
/// schema was answered with the old columns and kept under the new data version, so
/// that address showed the old columns until the next commit.
@Suite struct CachedSchemaChangeTests {
    @Test func anAddedColumnShowsOnAKeptAddressOnceTheListsAreReadAgain() throws {
        let fixture = try TableFixture()
        let target = "/products.json?limit=2"
        _ = try fixture.server.get(target)
        _ = try fixture.server.get(target)
        let writer = try fixture.writer()
        try writer.execute("ALTER TABLE products ADD COLUMN colour TEXT DEFAULT 'red'")
        _ = try fixture.server.get(target)  // may still be read with the old columns
        Thread.sleep(forTimeInterval: TableCatalog.checkInterval + 0.2)
        let json = try TableFixture.json(fixture.server.get(target))
        let columns = json["columns"] as? [String] ?? []
        #expect(columns.contains("colour"), "\(columns)")
    }
}
