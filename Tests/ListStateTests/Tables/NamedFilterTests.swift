import Foundation
import Testing

@testable import ListState

/// Named filters (`lists.NAME.filters`): parameters of a list's own that stand
/// for column filters, kept under their own names in every link, with the
/// values they accept; another value is a 400 that names the filter.
@Suite struct NamedFilterTests {
    static let configuration = #"""
        {"lists": {"products": {"filters": {
            "cheap": {"column": "price", "op": "lt", "label": "Cheaper than"},
            "brand": {"column": "maker", "values": {"acme": "1", "globex": "2"}, "label": "Maker"},
            "name": {"column": "name", "op": "contains"}
        }}}}
        """#

    static func names(_ answer: HTTPTestClient.Answer) throws -> [String] {
        (try TableFixture.json(answer)["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aNamedFilterFiltersItsColumnAsConfigured() throws {
        let fixture = try TableFixture(configuration: Self.configuration)
        #expect(try Self.names(fixture.server.get("/products.json?cheap=2&sort=name")) == ["apple", "kiwi", "lime"])
        #expect(try Self.names(fixture.server.get("/products.json?brand=globex&sort=name")) == ["pear", "plum"])
        // The named filter takes the parameter; the column of that name is `_name`.
        #expect(try Self.names(fixture.server.get("/products.json?name=pp")) == ["apple"])
        #expect(try Self.names(fixture.server.get("/products.json?_name=apple")) == ["apple"])
        let csv = try fixture.server.get("/products.csv?brand=acme&sort=name")
        #expect(TableCSVTests.records(csv.text).dropFirst().map { $0[1] } == ["apple", "date", "kiwi"])
    }

    /// Found by a break-it pass: a named filter called like a foreign-key column made the
    /// referred row's link to its referring rows name the filter (`maker=1`), which
    /// refused the key (400). The link names the column, `_maker=1`.
    @Test func theLinkToReferringRowsNamesTheColumnANamedFilterShadows() throws {
        let fixture = try TableFixture(
            configuration: #"{"lists": {"products": {"filters": {"maker": {"column": "name", "values": {"a": "apple"}}}}}}"#)
        let maker = try fixture.server.get("/makers/1")
        #expect(maker.text.contains(#"<a href="/products?maker__exact&#61;1">products (maker)</a>"#))
        for spelling in ["maker__exact", "_maker"] {  // `_COL`, which links wrote before, is still read
            let listed = try fixture.server.get("/products?\(spelling)=1")
            #expect(listed.status == 200 && Markup.matches(#"data-key="([^"]+)""#, in: listed.text).count == 3, "\(spelling)")
        }
    }

    @Test func aValueTheFilterDoesNotKnowIsA400ThatNamesIt() throws {
        let fixture = try TableFixture(configuration: Self.configuration)
        let json = try TableFixture.json(fixture.server.get("/products.json?brand=initech"))
        #expect(json["status"] as? Int == 400)
        #expect(json["problem"] as? String == "“initech” is not a value the filter “brand” knows.")
        let page = try fixture.server.get("/products?brand=initech")
        #expect(page.status == 400 && page.text.contains("placeholder-error"))
        #expect(try fixture.server.get("/products?brand=acme&brand=globex").status == 400, "repeated")
    }

    @Test func linksKeepTheNamedParameterAndTheActiveFilterShowsItsLabel() throws {
        let fixture = try TableFixture(configuration: Self.configuration)
        let page = Markup.unescape(try fixture.server.get("/products?brand=acme&limit=2").text)
        #expect(page.contains("/products?brand=acme&limit=2&cursor="), "the next page keeps brand=acme")
        #expect(page.contains("Maker = acme"))
        #expect(page.contains(#"href="/products?limit=2" title="Remove the filter Maker = acme""#))
        #expect(page.contains(#"<input type="hidden" name="brand" value="acme">"#), "the search keeps it")
        let next = try #require(Markup.loadMoreHref(try fixture.server.get("/products?brand=acme&limit=2").text))
        #expect(try fixture.server.get(next).status == 200)
    }

    @Test(arguments: [
        (#"{"lists": {"products": {"filters": {"x": {"column": "nope"}}}}}"#, "lists.products.filters.x.column"),
        (#"{"lists": {"products": {"filters": {"sort": {"column": "name"}}}}}"#, "lists.products.filters.sort"),
        (#"{"lists": {"products": {"filters": {"x": {"column": "name", "op": "like"}}}}}"#, "lists.products.filters.x.op"),
        (#"{"lists": {"products": {"filters": {"x": {"op": "lt"}}}}}"#, "lists.products.filters.x.column"),
        (#"{"lists": {"products": {"filters": {"x": {"column": "name", "values": "a"}}}}}"#, "lists.products.filters.x.values"),
        (#"{"lists": {"products": {"filters": {"x": {"column": "name", "colour": 1}}}}}"#, "lists.products.filters.x.colour"),
    ])
    func aFilterThatCannotBeUsedStopsTheStart(_ json: String, _ key: String) {
        do {
            _ = try TableFixture(configuration: json)
            Issue.record("\(json) was taken")
        } catch {
            #expect("\(error)".contains("test.json") && "\(error)".contains(key), "\(error)")
        }
    }
}
