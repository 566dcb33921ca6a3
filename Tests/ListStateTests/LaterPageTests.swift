import Foundation
import ListStore
import Testing

@testable import ListState

/// Issue 15, part 3: a page that starts at a cursor. A retry from its
/// placeholder asks for the `#list` it replaces (not a run of rows), and the
/// "Back to the start of the list" link belongs to that region, so a search
/// from such a page replaces it.
@Suite struct LaterPageTests {
    static let server = TestServer.shared
    static let cursor = CatalogueFixture.cursor(after: 0x2600)

    @Test func aPartialRequestAimedAtTheListGetsTheRegionEvenWithACursor() throws {
        let server = try #require(Self.server)
        let region = try server.get("/?cursor=\(Self.cursor)", headers: ["HX-Request": "true", "HX-Target": "list"])
        #expect(region.status == 200)
        #expect(region.text.hasPrefix(#"<div id="list""#), "a retry replaces #list, so it must get #list")
        #expect(Markup.rowIDs(region.text).first == "char-2601")
        #expect(Markup.listRegion(region.text).contains("Back to the start of the list"))
        #expect(region.header("vary")?.contains("HX-Target") == true)
        // The footer's request (our script and htmx name its target) still gets the run of rows.
        for headers in [["HX-Request": "true", "HX-Target": "list-footer"], ["HX-Request": "true"]] {
            let continuation = try server.get("/?cursor=\(Self.cursor)", headers: headers)
            #expect(continuation.text.hasPrefix("<li"))
            #expect(Markup.rowIDs(continuation.text).first == "char-2601")
        }
    }

    @Test func theStartLinkIsPartOfTheListRegion() throws {
        let server = try #require(Self.server)
        let page = try server.get("/?cursor=\(Self.cursor)")
        #expect(Markup.listRegion(page.text).contains("Back to the start of the list"))
        let search = try server.get("/?q=snow", headers: ["HX-Request": "true", "HX-Target": "list"])
        #expect(search.text.hasPrefix(#"<div id="list""#))
        #expect(!search.text.contains("Back to the start of the list"), "a search starts at the start")
    }

    @Test func aTablesRetryFromALaterPageGetsTheRegion() throws {
        let fixture = try TableFixture()
        let first = try fixture.server.get("/products?limit=2")
        let next = try #require(Markup.loadMoreHref(first.text))
        let region = try fixture.server.get(next, headers: ["HX-Request": "true", "HX-Target": "list"])
        #expect(region.text.hasPrefix(#"<div id="list""#))
        #expect(Markup.listRegion(region.text).contains("Back to the start of the list"))
        #expect(region.header("vary")?.contains("HX-Target") == true)
        let continuation = try fixture.server.get(next, headers: ["HX-Request": "true", "HX-Target": "list-footer"])
        #expect(continuation.text.hasPrefix("<tr"))
        let page = try fixture.server.get(next)
        #expect(Markup.listRegion(page.text).contains("Back to the start of the list"))
    }
}

/// Found by QA (issue 15): a continuation refused before it reached its list's
/// route (an address too long, a broken `%` escape) answered a region, which
/// landed in the footer's place: a second `#list` inside the table. It now
/// answers the footer it replaces, in the list's layout, offering to start over.
@Suite struct RefusedContinuationTests {
    @Test func aTablesContinuationTooLongGetsAFooterRow() throws {
        let fixture = try TableFixture()
        let first = try fixture.server.get("/products?limit=2")
        let next = try #require(Markup.loadMoreHref(first.text))
        let long = next + "&name__contains=" + String(repeating: "z", count: 27_000)
        let answer = try fixture.server.get(long, headers: ["HX-Request": "true", "HX-Target": "list-footer"])
        #expect(answer.status == 414)
        #expect(answer.text.hasPrefix(#"<tr id="list-footer" class="list-footer"#), "\(answer.text.prefix(120))")
        #expect(!answer.text.contains(#"id="list""#))
        let json = try TableFixture.json(fixture.server.get("/products.json?q=" + String(repeating: "z", count: 27_000)))
        #expect(json["status"] as? Int == 414)
    }

    @Test func theCataloguesBrokenContinuationGetsAFooterItem() throws {
        let server = try #require(TestServer.shared)
        let answer = try server.get("/?cursor=\(LaterPageTests.cursor)&q=%ZZ", headers: ["HX-Request": "true"])
        #expect(answer.status == 400)
        #expect(answer.text.hasPrefix(#"<li id="list-footer" class="list-footer"#), "\(answer.text.prefix(120))")
        let region = try server.get("/?q=%ZZ", headers: ["HX-Request": "true"])
        #expect(region.text.hasPrefix(#"<div id="list""#), "a refused search still gets the region")
    }
}
