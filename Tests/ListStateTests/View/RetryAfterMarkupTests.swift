import ListDecision
import ListStore
import Testing

@testable import ListCatalogue
@testable import ListState

/// Issue 41: a 503 was never retried by the page. What the client's automatic
/// retry reads is markup the server draws: the `Retry-After` delay on the retry
/// control of a 503 (and on no other), and the note's words in a `<template>`.
/// Every answer is validated by `TestServer.get`.
@Suite struct RetryAfterMarkupTests {
    static let delay = #"data-retry-after="5""#

    @Test(arguments: Language.allCases)
    func aBusySourceMarksItsRetryControlsWithTheDelay(_ language: Language) throws {
        let source = try CatalogueFixture()
        let strings = CatalogueWords.of(language).strings
        let lang = "lang=\(language.tag)"
        let partial = ["HX-Request": "true"]
        let cursor = CatalogueFixture.cursor(after: 0x45)
        try source.fail(with: .busy)

        let page = try source.get("/?\(lang)")
        #expect(page.status == 503 && page.header("retry-after") == "5")
        #expect(Markup.listRegion(page.text).contains(Self.delay), "the unavailable placeholder's button")
        // The note's words, once per page, for the client to show beside the control.
        #expect(page.text.contains(#"<template id="retry-note-template">"#))
        #expect(page.text.contains(strings.retryIn) && page.text.contains(strings.retryAt))
        #expect(strings.retryIn.contains("{seconds}") && strings.retryAt.contains("{time}"))

        let region = try source.get("/?q=snow&\(lang)", headers: partial)
        #expect(region.status == 503 && region.text.contains(Self.delay))
        let footer = try source.get("/?cursor=\(cursor)&\(lang)", headers: partial)
        #expect(footer.status == 503 && footer.text.contains("list-footer-retry") && footer.text.contains(Self.delay))
    }

    @Test func aFailedSourceIsNotRetriedByItself() throws {
        let source = try CatalogueFixture()
        let partial = ["HX-Request": "true"]
        try source.fail(with: .corrupt)
        let page = try source.get("/")
        #expect(page.status == 500 && page.text.contains("placeholder-error"))
        #expect(!page.text.contains("data-retry-after"))
        let footer = try source.get("/?cursor=\(CatalogueFixture.cursor(after: 0x45))", headers: partial)
        #expect(footer.status == 500 && footer.text.contains("list-footer-retry"))
        #expect(!footer.text.contains("data-retry-after"))
        try source.fail(with: nil)
        #expect(!(try source.get("/")).text.contains("data-retry-after"))
    }

    @Test func aTableListMarksItsRetryFooterAndPlaceholder() throws {
        let fixture = try TableFixture(queryTimeLimit: 0.2)
        let next = try #require(Markup.loadMoreHref(try fixture.server.get("/products?limit=2").text))
        let lock = try fixture.holdLock()
        defer { lock.release() }
        let page = try fixture.server.get("/products")
        let seconds = try #require(page.header("retry-after"))
        #expect(page.status == 503 && Markup.listRegion(page.text).contains(#"data-retry-after="\#(seconds)""#))
        let continuation = try fixture.server.get(next, headers: ["HX-Request": "true"])
        #expect(continuation.status == 503 && continuation.text.hasPrefix("<tr") && continuation.text.contains(#"data-retry-after="\#(seconds)""#))
    }
}
