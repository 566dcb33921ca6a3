import Foundation
import ListStore
import Testing

@testable import ListApp

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
}
