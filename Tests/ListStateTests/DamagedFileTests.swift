import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import ListStore

/// docs/design.md, "Data source faults": a served file emptied or overwritten in place is
/// damaged (500, the error placeholder), never a list that is gone (404); its lists come
/// back within a second of the file being whole again. Found in use: `: > shop.sqlite`
/// made `/products` a 404 and `/` an empty index while `/-/readyz` said ready, and the
/// list did not always come back after `cat shop.bak > shop.sqlite`.
@Suite struct DamagedFileTests {
    /// Writes `bytes` over the file at `path` in place (same inode), as the shell's `>` does.
    static func overwrite(_ path: String, with bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// Asks `target` until it answers `status`, for at most `seconds`; the last answer.
    static func awaitStatus(
        _ status: Int, of target: String, on server: TestServer, within seconds: Double
    ) throws -> (answer: HTTPTestClient.Answer, waited: Double) {
        let start = Date()
        var answer = try server.get(target)
        while answer.status != status, Date().timeIntervalSince(start) < seconds {
            Thread.sleep(forTimeInterval: 0.05)
            answer = try server.get(target)
        }
        return (answer, Date().timeIntervalSince(start))
    }

    /// Every address of the list answers the error placeholder (500) while the file is damaged.
    func expectDamaged(_ server: TestServer, list: String, row: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (target, headers) in [
            ("/\(list)", [String: String]()), ("/\(list)", ["HX-Request": "true"]), ("/\(list)?q=a", [:]),
            ("/\(list)/\(row)", [:]),
        ] {
            let answer = try server.get(target, headers: headers)
            #expect(answer.status == 500, "\(target) \(headers)", sourceLocation: sourceLocation)
            #expect(answer.text.contains("placeholder-error"), "\(target) \(headers)", sourceLocation: sourceLocation)
            #expect(!answer.text.contains("placeholder-notFound"), sourceLocation: sourceLocation)
        }
        let json = try server.get("/\(list).json")
        #expect(json.status == 500, sourceLocation: sourceLocation)
        #expect(try server.get("/\(list).csv").status == 500, sourceLocation: sourceLocation)
    }

    @Test(arguments: [Data(), Data("this is not a database\n".utf8)])
    func aUsersFileDamagedInPlaceIsAnErrorNotAMissingListAndComesBackWithinASecond(_ damage: Data) throws {
        let fixture = try TableFixture()
        let server = fixture.server
        #expect(try server.get("/products").status == 200)
        #expect(try server.get("/-/readyz").status == 200)
        let good = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        try Self.overwrite(fixture.path, with: damage)
        // The lists are looked at again at most every half second: past that, still no 404.
        Thread.sleep(forTimeInterval: TableCatalog.checkInterval + 0.1)
        try expectDamaged(server, list: "products", row: "1")
        let index = try server.get("/")
        #expect(index.status != 404 && index.text.contains("/products"), "the index still names the list")
        let ready = try Self.awaitStatus(503, of: "/-/readyz", on: server, within: 1.5).answer
        #expect(ready.status == 503)
        #expect(ready.text.contains(fixture.path), "readiness names the file: \(ready.text)")
        #expect(try server.get("/nothing-here").status == 404, "an address that never was a list stays a 404")

        try Self.overwrite(fixture.path, with: good)
        let (answer, waited) = try Self.awaitStatus(200, of: "/products", on: server, within: 3)
        #expect(answer.status == 200)
        #expect(waited < 1, "back within a second of the file being whole: \(waited) s")
        #expect(["apple", "pear", "fig", "kiwi", "plum", "lime", "date"].allSatisfy { answer.text.contains($0) })
        #expect(try Self.awaitStatus(200, of: "/-/readyz", on: server, within: 1.5).answer.status == 200)
    }

    @Test func aTableDroppedFromAWholeFileIsStillANotFound() throws {
        let fixture = try TableFixture()
        #expect(try fixture.server.get("/makers").status == 200)
        try fixture.write("DROP VIEW cheap")
        let answer = try Self.awaitStatus(404, of: "/cheap", on: fixture.server, within: 2).answer
        #expect(answer.status == 404)
        #expect(try fixture.server.get("/products").status == 200)
    }

    @Test func theCatalogueEmptiedInPlaceIsAnErrorAndComesBack() throws {
        let catalogue = try CatalogueFixture((0x41...0x5A).map { CatalogueFixture.record(UInt32($0)) })
        let server = catalogue.server
        #expect(try server.get("/").status == 200)
        let good = try Data(contentsOf: URL(fileURLWithPath: catalogue.path))
        try Self.overwrite(catalogue.path, with: Data())
        Thread.sleep(forTimeInterval: TableCatalog.checkInterval + 0.1)
        for target in ["/", "/characters", "/characters/U+0041"] {
            let answer = try server.get(target)
            #expect(answer.status == 500, "\(target)")
            #expect(answer.text.contains("placeholder-error"), "\(target)")
        }
        try Self.overwrite(catalogue.path, with: good)
        let (answer, waited) = try Self.awaitStatus(200, of: "/", on: server, within: 3)
        #expect(answer.status == 200 && waited < 1, "\(waited) s")
        #expect(Markup.rowIDs(answer.text).count == 20)
    }

    /// A server of the databases at `paths` (written by `sql`, in order) in a temporary folder.
    static func serve(_ sql: [String], in folder: String, incidents: TestServer.LoggedLines) throws -> (TestServer, [String]) {
        let paths = sql.indices.map { folder + "/db\($0).sqlite" }
        for (path, statements) in zip(paths, sql) { try SQLiteConnection(path: path, readOnly: false).execute(statements) }
        let tables = try TableCatalog(databases: paths, log: { incidents.append($0) })
        return (try TestServer(tables: tables, log: { incidents.append($0) }), paths)
    }

    /// Found by a break-it pass: with two files served, each query that succeeded on the
    /// whole one made readiness 200 again, and the log said "failing" and "answers again"
    /// for every pair of requests, while the other file stayed empty.
    @Test func withTwoFilesOneDamagedReadinessStaysDownAndTheLogSaysItOnce() throws {
        let folder = TemporaryFolder.make("damaged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let incidents = TestServer.LoggedLines()
        let (server, paths) = try Self.serve(
            ["CREATE TABLE items (x); INSERT INTO items VALUES (1);", "CREATE TABLE bees (y); INSERT INTO bees VALUES (2);"],
            in: folder, incidents: incidents)
        try Self.overwrite(paths[0], with: Data())
        #expect(try server.get("/items").status == 500)
        for query in 0..<10 {
            #expect(try server.get("/bees?q=z\(query)").status == 200)
            let ready = try server.get("/-/readyz")
            #expect(ready.status == 503 && ready.text.contains(paths[0]), "\(ready.text)")
            #expect(!ready.text.contains(paths[1]))
        }
        let failing = incidents.all.filter { $0.contains("is failing") }
        #expect(failing.count == 1 && failing.first?.contains(paths[0]) == true, "\(incidents.all)")
        #expect(!incidents.all.contains { $0.contains("answers again") })
    }

    /// Found by a break-it pass: a file written back in place with a database whose schema
    /// version equals the damaged one's last (a backup from before a table was dropped, with
    /// another table added) kept the old lists: its other tables stayed 404.
    @Test func aFileWrittenBackWithTheSameSchemaVersionShowsItsOwnLists() throws {
        let fixture = try TableFixture("CREATE TABLE items (x); CREATE TABLE other (y); INSERT INTO other VALUES (1);")
        let backup = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        try fixture.write("DROP TABLE other")
        #expect(try Self.awaitStatus(404, of: "/other", on: fixture.server, within: 2).answer.status == 404)
        let other = fixture.folder + "/other.sqlite"
        try backup.write(to: URL(fileURLWithPath: other))
        try SQLiteConnection(path: other, readOnly: false).execute("CREATE TABLE newt (z)")
        try Self.overwrite(fixture.path, with: Data())
        Thread.sleep(forTimeInterval: TableCatalog.checkInterval + 0.1)
        #expect(try fixture.server.get("/items").status == 500)
        try Self.overwrite(fixture.path, with: try Data(contentsOf: URL(fileURLWithPath: other)))
        for list in ["/items", "/other", "/newt"] {
            let (answer, waited) = try Self.awaitStatus(200, of: list, on: fixture.server, within: 3)
            #expect(answer.status == 200 && waited < 1.5, "\(list) after \(waited) s")
        }
    }

    /// Found by a break-it pass: readiness checked only the sources of lists, so a file that had
    /// none (empty from the start) and then held other bytes was never seen failing.
    @Test func aFileWithoutListsIsCheckedByReadinessToo() throws {
        let folder = TemporaryFolder.make("damaged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/empty.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let server = try TestServer(tables: TableCatalog(databases: [path]))
        #expect(try server.get("/-/readyz").status == 200)
        try Self.overwrite(path, with: Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        let ready = try Self.awaitStatus(503, of: "/-/readyz", on: server, within: 1.5).answer
        #expect(ready.status == 503 && ready.text.contains(path), "\(ready.text)")
    }

    /// Found by a break-it pass: a file cut short made readiness say "database disk image is
    /// malformed" without saying which file.
    @Test func readinessNamesAFileCutShort() throws {
        let fixture = try TableFixture()
        let good = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        try Self.overwrite(fixture.path, with: good.prefix(4096))
        _ = try fixture.server.get("/products")
        let ready = try Self.awaitStatus(503, of: "/-/readyz", on: fixture.server, within: 1.5).answer
        #expect(ready.status == 503 && ready.text.contains(fixture.path), "\(ready.text)")
    }
}
