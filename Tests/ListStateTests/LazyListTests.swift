import ListDecision
import Testing

@testable import ListState

/// A lazy list: the shell at once, the rows with a partial request.
@Suite struct LazyListTests {
    let catalogue: CatalogueFixture
    var server: TestServer { catalogue.server }

    init() throws {
        catalogue = try CatalogueFixture(configuration: AppConfiguration(lists: [ListConfiguration("characters").lazy()]))
    }

    @Test func shellLoadsItsRowsLater() throws {
        let shell = try server.get("/?q=character&lang=zh-Hans")
        #expect(shell.status == 200)
        #expect(Markup.rowIDs(shell.text).isEmpty)
        #expect(
            shell.text.contains(#"<div id="list" class="list" hx-get="/characters?q=character&amp;lang=zh-Hans" hx-trigger="load" hx-swap="outerHTML">"#)
                || shell.text.contains(#"<div id="list" class="list" hx-get="/characters?q&#61;character&amp;lang&#61;zh-Hans" hx-trigger="load" hx-swap="outerHTML">"#))
        #expect(shell.text.contains("placeholder-loading"))
        #expect(shell.text.contains(#"aria-busy="true""#))
        #expect(shell.text.contains("placeholder-image-spin"))
        #expect(shell.text.contains("<noscript>"))
        #expect(shell.text.contains("lazy&#61;0"))
        #expect(shell.text.contains("正在加载字符…"))

        let rows = try server.get("/?q=character&lang=zh-Hans&lazy=0")
        #expect(Markup.rowIDs(rows.text).count == 20)
        #expect(!rows.text.contains("placeholder-loading"))
        let fetched = try server.get("/?q=character&lang=zh-Hans", headers: ["HX-Request": "true"])
        #expect(fetched.text.hasPrefix(#"<div id="list""#) && Markup.rowIDs(fetched.text).count == 20)
        #expect(!fetched.text.contains(#"hx-trigger="load""#))
        // A later page from a plain link is never a shell.
        let next = try #require(Markup.loadMoreHref(rows.text))
        #expect(Markup.rowIDs(try server.get(next).text).count == 6)
    }
}
