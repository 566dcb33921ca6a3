import ListState
import Testing

@testable import ListApp

/// A lazy list: the shell at once, the rows with a partial request.
@Suite struct LazyListTests {
    let server: TestServer

    init() throws {
        let source = ScriptedSource(records: (0x41...0x5A).map { ScriptedSource.record(UInt32($0)) })
        server = try TestServer(source: source, configuration: AppConfiguration(lists: [ListConfiguration("characters").lazy()]))
    }

    @Test func shellLoadsItsRowsLater() throws {
        let shell = try server.get("/?q=a&lang=zh-Hans")
        #expect(shell.status == 200)
        #expect(Markup.rowIDs(shell.text).isEmpty)
        #expect(
            shell.text.contains(#"<div id="list" class="list" hx-get="/?q=a&amp;lang=zh-Hans" hx-trigger="load" hx-swap="outerHTML">"#)
                || shell.text.contains(#"<div id="list" class="list" hx-get="/?q&#61;a&amp;lang&#61;zh-Hans" hx-trigger="load" hx-swap="outerHTML">"#))
        #expect(shell.text.contains("placeholder-loading"))
        #expect(shell.text.contains(#"aria-busy="true""#))
        #expect(shell.text.contains("placeholder-image-spin"))
        #expect(shell.text.contains("<noscript>"))
        #expect(shell.text.contains("lazy&#61;0"))
        #expect(shell.text.contains("正在加载字符…"))

        let rows = try server.get("/?q=a&lang=zh-Hans&lazy=0")
        #expect(Markup.rowIDs(rows.text).count == 20)
        #expect(!rows.text.contains("placeholder-loading"))
        let fetched = try server.get("/?q=a&lang=zh-Hans", headers: ["HX-Request": "true"])
        #expect(fetched.text.hasPrefix(#"<div id="list""#) && Markup.rowIDs(fetched.text).count == 20)
        #expect(!fetched.text.contains(#"hx-trigger="load""#))
        // A later page from a plain link is never a shell.
        let next = try #require(Markup.loadMoreHref(rows.text))
        #expect(Markup.rowIDs(try server.get(next).text).count == 6)
    }
}
