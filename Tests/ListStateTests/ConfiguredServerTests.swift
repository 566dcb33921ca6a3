import ListDecision
import Testing

@testable import ListState

/// A configured server: overrides reach the page, the stylesheet is served with an ETag.
@Suite struct ConfiguredServerTests {
    let catalogue: CatalogueFixture
    var server: TestServer { catalogue.server }

    init() throws {
        let list = ListConfiguration("characters")
            .placeholder(.noData) {
                $0
                    .title(LocalizedText("Empty for now", byLanguage: ["zh-Hans": "暂时是空的"]))
                    .image("illustrations/no-results.svg", alternativeText: "A magnifying glass", width: 64, height: 64)
                    .button("Look again", style: .secondary)
                    .background(CSSColor(red: 0xff, green: 0xf8, blue: 0xe1))
                    .variant(.subtle)
            }
            .placeholder(.noResults) { $0.partial("placeholder-body") }
            .endOfList("You have seen them all.")
        catalogue = try CatalogueFixture([], configuration: AppConfiguration(lists: [list]))
    }

    @Test func overridesReachThePage() throws {
        let page = try server.get("/")
        #expect(page.text.contains("Empty for now"))
        #expect(page.text.contains(#"class="placeholder placeholder-noData placeholder-subtle placeholder-centered placeholder-fade-in ls-characters-noData""#))
        #expect(page.text.contains(#"alt="A magnifying glass" width="64" height="64""#))
        #expect(page.text.contains(#"<a class="button button-secondary""#) && page.text.contains("Look again"))
        #expect(page.text.contains(#"<link rel="stylesheet" href="/-/placeholders.css">"#))
        #expect(try server.get("/?lang=zh-Hans").text.contains("暂时是空的"))
        let custom = try server.get("/?q=x")
        #expect(custom.text.contains("placeholder-custom") && custom.text.contains("aria-label=\"No results for “\u{2068}x\u{2069}”\""))
    }

    @Test func stylesheetIsServedWithAStrongTag() throws {
        let sheet = try server.get("/-/placeholders.css")
        #expect(sheet.status == 200)
        #expect(sheet.header("content-type") == "text/css; charset=utf-8")
        #expect(sheet.text.contains(".ls-characters-noData { background-color: #fff8e1;"))
        let tag = try #require(sheet.header("etag"))
        #expect(!tag.hasPrefix("W/"))
        let again = try server.get("/-/placeholders.css", headers: ["If-None-Match": tag])
        #expect(again.status == 304 && again.body.isEmpty)
    }
}
