import Foundation
import Testing

@testable import ListState

/// A whole first page shares its words, links and controls with every request for
/// its address (``SitePages/sharedContext(_:ownNames:make:)``) and copies the
/// sections drawn from them. With no response cache every request is drawn: the
/// first draws and keeps, the next copy, and each must print what the first did;
/// pages of other addresses, languages and states must not take another's.
@Suite struct SharedPageFieldsTests {
    static let addresses = [
        "/products", "/products?sort=-price", "/products?q=ap", "/products?q=zzzz", "/products?lang=zh-Hant",
        "/products?price__gte=2", "/products?limit=2", "/empty", "/cheap", "/pairs", "/makers?lang=zh-Hans",
    ]

    @Test func aPageDrawnAgainIsTheSameBytes() throws {
        let fixture = try TableFixture(responseCacheBytes: 0)
        var first: [String: String] = [:]
        for address in Self.addresses { first[address] = try fixture.server.get(address).text }
        for address in Self.addresses.reversed() {
            let again = try fixture.server.get(address).text
            #expect(again == first[address], "\(address) drawn from kept sections differs")
        }
        #expect(first["/products?q=ap"]?.contains("value=\"ap\"") == true)
        #expect(first["/products?q=zzzz"]?.contains("value=\"zzzz\"") == true)
        #expect(first["/products?lang=zh-Hant"]?.contains("<html lang=\"zh-Hant\">") == true)
        #expect(first["/products"]?.contains("<html lang=\"en\">") == true)
    }

    /// What a page shares follows the data's schema: a column added while serving
    /// shows in the header row and sort links of the next page, not the kept one.
    @Test func aChangedTableIsNotDrawnWithItsOldControls() throws {
        let fixture = try TableFixture(responseCacheBytes: 0)
        let before = try fixture.server.get("/makers").text
        #expect(!before.contains("country"))
        try fixture.write("ALTER TABLE makers ADD COLUMN country TEXT; UPDATE makers SET country = 'NZ'")
        // The lists are read again within half a second of the change.
        var after = ""
        for _ in 0..<40 {
            after = try fixture.server.get("/makers").text
            if after.contains("sort&#61;country") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(after.contains("sort&#61;country"), "the new column’s sort link")
        #expect(after.contains(">NZ<"))
    }

    /// A page's state is never kept: the same address shows its rows, then no data.
    @Test func theSameAddressInAnotherStateShowsThatState() throws {
        let fixture = try TableFixture(responseCacheBytes: 0)
        let full = try fixture.server.get("/makers")
        #expect(full.status == 200 && full.text.contains("Acme"))
        try fixture.write("DELETE FROM makers")
        let empty = try fixture.server.get("/makers")
        #expect(empty.status == 200 && !empty.text.contains("Acme") && empty.text.contains("placeholder"))
    }
}
