import ListStore
import Synchronization
import Testing

@testable import ListState

/// Issue 7, part 1: every data-source fault (docs/design.md, "Data source faults"),
/// on first pages and continuations, as page and fragment, made on the catalogue's
/// real file; recovery without a restart; one log line per incident.
@Suite struct SourceFaultTests {
    let source: CatalogueFixture
    var server: TestServer { source.server }
    /// The incident log, collected.
    var logged: TestServer.LoggedLines { source.incidents }

    init() throws {
        source = try CatalogueFixture((0x41...0x7A).map { CatalogueFixture.record(UInt32($0)) })
    }

    /// Locked by a writer past the time limit → unavailable (503); a damaged file → error (500).
    /// (Every other kind's status is `ListStoreError.isTransient`'s, tested in ListStoreTests.)
    static let faults: [(kind: ListStoreError.Kind, status: Int, placeholder: String)] = [
        (.busy, 503, "placeholder-unavailable"), (.corrupt, 500, "placeholder-error"),
    ]

    /// Nothing internal reaches a page: no SQL, no SQLite message, no error kind.
    func expectNothingInternal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for leak in ["SELECT", "sqlite", "SQLite", "malformed", "locked", "ListStoreError", "Fatal error", ".swift"] {
            #expect(!text.contains(leak), "\(leak) leaked", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: faults)
    func firstPageShowsThePlaceholderWithARetry(_ fault: (kind: ListStoreError.Kind, status: Int, placeholder: String)) throws {
        try source.fail(with: fault.kind)
        for (query, headers) in [
            ("/", [String: String]()), ("/?q=a", [:]), ("/", ["HX-Request": "true"]),
            ("/?q=a", ["HX-Request": "true"]), ("/", ["HX-Request": "true", "HX-History-Restore-Request": "true"]),
        ] {
            let answer = try server.get(query, headers: headers)
            let isRegion = headers["HX-Request"] == "true" && headers["HX-History-Restore-Request"] == nil
            #expect(answer.status == fault.status, "\(query) \(headers)")
            #expect(answer.text.hasPrefix(isRegion ? #"<div id="list""# : "<!DOCTYPE html>"))
            #expect(answer.text.contains(fault.placeholder))
            #expect(!answer.text.contains("placeholder-noData") && !answer.text.contains("placeholder-noResults"), "C-10")
            #expect(Markup.rowIDs(answer.text).isEmpty)
            #expect(answer.text.contains(#"class="button"#), "a retry action")
            #expect((answer.header("retry-after") != nil) == (fault.status == 503))
            #expect(answer.header("cache-control") == "no-cache")
            expectNothingInternal(answer.text)
        }
    }

    @Test(arguments: faults)
    func continuationIsARetryFooterForTheSameCursor(_ fault: (kind: ListStoreError.Kind, status: Int, placeholder: String)) throws {
        let first = try server.get("/?limit=5", headers: ["HX-Request": "true"])
        let next = try #require(Markup.loadMoreHref(first.text))
        try source.fail(with: fault.kind)
        let fragment = try server.get(next, headers: ["HX-Request": "true"])
        #expect(fragment.status == fault.status)
        #expect(fragment.text.hasPrefix(#"<li id="list-footer""#))
        #expect(fragment.text.contains("list-footer-retry"))
        #expect(Markup.rowIDs(fragment.text).isEmpty, "rows on screen stay; none are sent again")
        let cursor = try #require(next.split(separator: "cursor=").last?.split(separator: "&").first)
        #expect(fragment.text.contains("cursor&#61;\(cursor)"), "the retry asks for the same page")
        #expect((fragment.header("retry-after") != nil) == (fault.status == 503))
        expectNothingInternal(fragment.text)
        // Without JavaScript: the page at that cursor is a whole page with the placeholder.
        let page = try server.get(next)
        #expect(page.status == fault.status && page.text.contains(fault.placeholder))
        expectNothingInternal(page.text)
        // The source is back: the same request serves rows, no restart.
        try source.fail(with: nil)
        let recovered = try server.get(next, headers: ["HX-Request": "true"])
        #expect(recovered.status == 200 && Markup.rowIDs(recovered.text).count == 5)
    }

    @Test func recoversWhenTheSourceReturns() throws {
        try source.fail(with: .corrupt)
        #expect(try server.get("/").status == 500)
        #expect(try server.get("/-/readyz").status == 503)
        try source.fail(with: .busy)
        #expect(try server.get("/").status == 503)
        try source.fail(with: nil)
        let page = try server.get("/")
        #expect(page.status == 200 && Markup.rowIDs(page.text).count == 20)
        #expect(try server.get("/-/readyz").status == 200)
    }

    @Test func oneLogLinePerIncident() throws {
        try source.fail(with: .busy)
        for _ in 0..<12 { _ = try server.get("/", headers: ["HX-Request": "true"]) }
        try source.fail(with: nil)
        for _ in 0..<3 { _ = try server.get("/") }
        try source.fail(with: .corrupt)
        for _ in 0..<5 { _ = try server.get("/") }
        try source.fail(with: nil)
        _ = try server.get("/")
        let lines = logged.all
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first?.contains("busy") == true)
        #expect(lines.filter { $0.contains("answers again") }.count == 2)
        #expect(lines.contains { $0.contains("corrupt") })
    }
}
