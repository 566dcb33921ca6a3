import Testing

@testable import ListState

/// Which names a list may take: never a route of ours, and never the first segment of
/// another list's former row addresses (the catalogue's `/char/`); nothing the catalogue
/// alone needs is reserved for every server.
@Suite struct TableListsTests {
    @Test func aUsersTableNamedCharIsAListOfItsOwn() throws {
        let fixture = try TableFixture("CREATE TABLE char (x TEXT); INSERT INTO char VALUES ('a'), ('b');")
        #expect(try fixture.server.get("/char").status == 200)
        let json = try TableFixture.json(fixture.server.get("/char.json"))
        #expect((json["rows"] as? [Any])?.count == 2)
    }

    @Test func aListsFormerAddressesReserveTheirFirstSegment() throws {
        let fixture = try TableFixture("CREATE TABLE a (x); CREATE TABLE old (y);")
        var lists = fixture.server.application.tables.lists.lists
        let index = try #require(lists.firstIndex { $0.name == "a" })
        lists[index].formerDetailPrefix = "/old/"
        #expect(throws: AppError.self) { try TableLists(lists) }
        lists.removeAll { $0.name == "old" }
        #expect(throws: Never.self) { try TableLists(lists) }
    }

    @Test(arguments: ["static", "-", "sw.js", "favicon.ico", "robots.txt"])
    func routesOfOursAreNeverListNames(_ name: String) throws {
        let fixture = try TableFixture("CREATE TABLE a (x);")
        var lists = fixture.server.application.tables.lists.lists
        lists[0].name = name
        #expect(throws: AppError.self) { try TableLists(lists) }
    }
}
