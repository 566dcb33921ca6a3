import Foundation
import ListDecision
import ListStore
import Testing

@testable import ListCatalogue
@testable import ListState

/// Every state of every kind, in every language, as a page and as fragments,
/// over real HTTP; each answer validated by `TestServer.get`.
@Suite struct PlaceholderStatesTests {
    let source: CatalogueFixture
    var server: TestServer { source.server }

    init() throws {
        source = try CatalogueFixture()
    }

    /// The words each language uses for a few states, to prove the page is in it.
    static let words: [Language: (loadMore: String, noData: String, noResults: String, unavailable: String, failed: String, notFound: String)] = [
        .english: (
            "Load more", "No characters yet", "No results for “\u{2068}zz\u{2069}”", "The list is not available right now",
            "Something went wrong", "Page not found"
        ),
        .simplifiedChinese: ("加载更多", "还没有字符", "没有找到与“\u{2068}zz\u{2069}”相关的字符", "列表暂时打不开", "出了点问题", "找不到这个页面"),
        .traditionalChinese: ("載入更多", "還沒有字元", "找不到與「\u{2068}zz\u{2069}」相關的字元", "清單暫時無法開啟", "出了點問題", "找不到這個頁面"),
    ]

    private func expectPage(
        _ answer: HTTPTestClient.Answer, _ language: Language, status: Int, contains text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.text.hasPrefix("<!DOCTYPE html>"), sourceLocation: sourceLocation)
        #expect(answer.text.contains(#"<html lang="\#(language.tag)">"#), sourceLocation: sourceLocation)
        #expect(answer.text.contains(text), "\(text)", sourceLocation: sourceLocation)
        // Every full page carries the offline templates, so the client never invents markup.
        for id in ["offline-template", "offline-banner-template", "offline-footer-template", "offline-status-template"] {
            #expect(answer.text.contains(#"<template id="\#(id)""#), sourceLocation: sourceLocation)
        }
        #expect(answer.text.contains("placeholder-offline"), sourceLocation: sourceLocation)
        #expect(!answer.text.contains(" style="), sourceLocation: sourceLocation)
    }

    private func expectRegion(
        _ answer: HTTPTestClient.Answer, status: Int, contains text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.text.hasPrefix(#"<div id="list""#), sourceLocation: sourceLocation)
        #expect(answer.text.contains(text), "\(text)", sourceLocation: sourceLocation)
        #expect(answer.text.contains(#"<div id="status" hx-swap-oob="innerHTML">"#), sourceLocation: sourceLocation)
    }

    @Test(arguments: Language.allCases)
    func everyStateAsPageAndRegion(_ language: Language) throws {
        let words = try #require(Self.words[language])
        let lang = "lang=\(language.tag)"
        let partial = ["HX-Request": "true"]

        // Rows with a load-more footer.
        expectPage(try server.get("/?limit=10&\(lang)"), language, status: 200, contains: words.loadMore)
        expectRegion(try server.get("/?limit=10&\(lang)", headers: partial), status: 200, contains: words.loadMore)

        // No data, no results.
        try source.setRecords([])
        expectPage(try server.get("/?\(lang)"), language, status: 200, contains: words.noData)
        expectRegion(try server.get("/?\(lang)", headers: partial), status: 200, contains: words.noData)
        expectPage(try server.get("/?q=zz&\(lang)"), language, status: 200, contains: words.noResults)
        expectRegion(try server.get("/?q=zz&\(lang)", headers: partial), status: 200, contains: words.noResults)
        expectPage(try server.get("/?category=Lu&\(lang)"), language, status: 200, contains: "placeholder-noResults")

        // Unavailable and error.
        try source.fail(with: .busy)
        expectPage(try server.get("/?\(lang)"), language, status: 503, contains: words.unavailable)
        expectRegion(try server.get("/?\(lang)", headers: partial), status: 503, contains: words.unavailable)
        try source.fail(with: .corrupt)
        expectPage(try server.get("/?\(lang)"), language, status: 500, contains: words.failed)
        expectRegion(try server.get("/?\(lang)", headers: partial), status: 500, contains: words.failed)
        try source.fail(with: nil)

        // A bad parameter, and a page that does not exist.
        let bad = try server.get("/?limit=0&\(lang)")
        expectPage(bad, language, status: 400, contains: "placeholder-error")
        #expect(bad.text.contains(CatalogueWords.of(language).strings.reason(.badLimit)))
        expectRegion(try server.get("/?limit=0&\(lang)", headers: partial), status: 400, contains: "placeholder-error")
        expectPage(try server.get("/nope?\(lang)"), language, status: 404, contains: words.notFound)
    }

    @Test(arguments: Language.allCases)
    func everyFooterAsAContinuation(_ language: Language) throws {
        let strings = CatalogueWords.of(language).strings
        let lang = "lang=\(language.tag)"
        let partial = ["HX-Request": "true"]
        let cursor = CatalogueFixture.cursor(after: 0x45)
        let oob = #"<template><div id="status" hx-swap-oob="innerHTML">"#

        let more = try server.get("/?limit=5&cursor=\(cursor)&\(lang)", headers: partial)
        #expect(more.status == 200 && more.text.hasPrefix("<li") && more.text.contains(strings.loadMore))
        #expect(more.text.contains(oob + strings.announce.rowsAdded(5)))

        let end = try server.get("/?cursor=\(CatalogueFixture.cursor(after: 0x5A))&\(lang)", headers: partial)
        #expect(end.status == 200 && end.text.contains(strings.endOfList) && end.text.contains(oob))

        try source.fail(with: .timedOut)
        let retry = try server.get("/?cursor=\(cursor)&\(lang)", headers: partial)
        #expect(retry.status == 503 && retry.text.contains(strings.moreUnavailable) && retry.text.contains(strings.tryAgain))
        #expect(retry.text.contains(##"hx-target="#list-footer""##))
        try source.fail(with: nil)

        let startOver = try server.get("/?cursor=AQAAJgM!&\(lang)", headers: partial)
        #expect(startOver.status == 400 && startOver.text.contains(strings.startOver))
        #expect(startOver.text.contains(strings.reason(.badCursor)))
    }

    /// The status region: the page holds the announcement; fragments carry it out of band.
    @Test func announcements() throws {
        // The count of the list's rows follows the rows shown (issue 47), once counted (a first
        // visit's count may be finished after its answer) and then kept for the page and region.
        var total: Int?
        for _ in 0..<100 where total == nil {
            let json = try JSONSerialization.jsonObject(with: Data(server.get("/characters.json?limit=10").body)) as? [String: Any]
            total = json?["count"] as? Int
            if total == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let counted = "\(GroupedNumber.grouped(try #require(total))) characters."
        let page = try server.get("/?limit=10")
        #expect(page.text.contains(#"<div id="status" class="visually-hidden" role="status">Showing 10 characters. "# + counted + "</div>"))
        let region = try server.get("/?limit=10", headers: ["HX-Request": "true"])
        #expect(region.text.contains(#"<div id="status" hx-swap-oob="innerHTML">Showing 10 characters. "# + counted + "</div>"))
        // The status region stays outside #list.
        #expect(!Markup.listRegion(page.text).contains("role=\"status\""))
        try source.setRecords([])
        let none = try server.get("/?q=snow", headers: ["HX-Request": "true", "Accept-Language": "zh-TW"])
        #expect(none.text.contains("hx-swap-oob=\"innerHTML\">找不到與「\u{2068}snow\u{2069}」相關的字元。</div>"))
    }

    /// Links keep `lang`, and a negotiated language is not written into them.
    @Test func languageIsKeptAcrossPagination() throws {
        let chosen = try server.get("/?limit=5&lang=zh-Hant")
        let next = try #require(Markup.loadMoreHref(chosen.text))
        #expect(next.contains("lang=zh-Hant"))
        #expect(chosen.header("vary") == "HX-Request, HX-History-Restore-Request, HX-Target")
        let negotiated = try server.get("/?limit=5", headers: ["Accept-Language": "zh-CN"])
        #expect(negotiated.text.contains(#"<html lang="zh-Hans">"#))
        #expect(Markup.loadMoreHref(negotiated.text)?.contains("lang=") == false)
        #expect(negotiated.header("vary")?.contains("Accept-Language") == true)
        let rows = try server.get("/?limit=1&lang=zh-Hans")
        #expect(rows.text.contains(#"<abbr class="category" title="其他符号">So</abbr>"#))
        #expect(rows.text.contains(#"<a class="name" href="/characters/U+0041?lang&#61;zh-Hans" lang="en">CHARACTER 41</a>"#))
    }

    @Test func placeholdersMeetTheAccessibilityRules() throws {
        try source.setRecords([])
        let page = try server.get("/?q=zz")
        // Decorative illustration with intrinsic size; a real link as the action.
        #expect(page.text.contains(#"<img class="placeholder-image" src="/static/illustrations/no-results.svg" alt="" width="96" height="96">"#))
        #expect(page.text.contains(##"<a class="button button-primary" href="/characters">Clear the search</a>"##))
        #expect(page.text.contains(#"aria-labelledby="placeholder-title""#))
        // The illustrations are served.
        for file in ["loading", "no-data", "no-results", "offline", "unavailable", "error", "not-found"] {
            let svg = try server.get("/static/illustrations/\(file).svg")
            #expect(svg.status == 200 && svg.header("content-type")?.hasPrefix("image/svg+xml") == true)
        }
    }
}
