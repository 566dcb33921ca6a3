import Foundation
import Testing

@testable import ListState

/// The not-found page's button ("Go to the lists") leads to the index of the lists when
/// the site serves several, not to the list the address named (issue 46, item 5).
@Suite struct NotFoundLinkTests {
    /// The built-in button's `href`, the one `placeholder-action` link of a page.
    static func buttonHref(_ text: String) -> String? {
        Markup.matches(#"<p class="placeholder-action"><a class="button button-primary" href="([^"]*)""#, in: text).first
    }

    @Test func withSeveralListsAMissingRowLeadsToTheIndex() throws {
        let fixture = try TableFixture()
        let missing = try fixture.server.get("/products/99")
        #expect(missing.status == 404 && missing.text.contains("Go to the lists"))
        #expect(Self.buttonHref(missing.text) == "/", "\(missing.text)")
        let chinese = try fixture.server.get("/products/99?lang=zh-Hans")
        #expect(Self.buttonHref(chinese.text) == "/?lang&#61;zh-Hans", "the language kept")
        #expect(Self.buttonHref(try fixture.server.get("/nope").text) == "/", "no such list")
    }

    @Test func underABasePathTheIndexIsTheSites() throws {
        let fixture = try TableFixture(basePath: "/site")
        #expect(Self.buttonHref(try fixture.server.get("/site/products/99").text) == "/site/")
    }

    @Test func withOneListTheButtonLeadsToIt() throws {
        let fixture = try TableFixture("CREATE TABLE only (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO only VALUES (1, 'a');")
        #expect(Self.buttonHref(try fixture.server.get("/only/99").text) == "/only")
    }
}
