import Foundation
import ListStore
import Testing

@testable import ListState

/// Every list state of the catalogue, served by the real server over a real file
/// whose rows and faults the tests change.
@Suite struct ListStatesTests {
    let catalogue: CatalogueFixture
    var server: TestServer { catalogue.server }

    init() throws {
        catalogue = try CatalogueFixture()
    }

    @Test func rowsWithLoadMore() throws {
        let answer = try server.get("/?limit=10")
        #expect(answer.status == 200)
        #expect(Markup.rowIDs(answer.text).count == 10)
        #expect(answer.text.contains("list-footer-load-more"))
    }

    @Test func endOfListOnALaterPage() throws {
        let cursor = CatalogueFixture.cursor(after: 0x50)
        let page = try server.get("/?cursor=\(cursor)")
        #expect(Markup.rowIDs(page.text).count == 10)
        #expect(page.text.contains("list-footer-end"))
        let fragment = try server.get("/?cursor=\(cursor)", headers: ["HX-Request": "true"])
        #expect(fragment.text.hasPrefix("<li") && fragment.text.contains("list-footer-end"))
        let past = try server.get("/?cursor=\(CatalogueFixture.cursor(after: 0x5A))", headers: ["HX-Request": "true"])
        #expect(past.status == 200 && Markup.rowIDs(past.text).isEmpty && past.text.contains("list-footer-end"))
    }

    /// C-11: delete the only row → "no data"; insert one → rows again.
    @Test func noDataAndBack() throws {
        try catalogue.setRecords([CatalogueFixture.record(0x41)])
        #expect(Markup.rowIDs(try server.get("/").text) == ["char-41"])
        try catalogue.setRecords([])
        for headers in [[:], ["HX-Request": "true"]] {
            let empty = try server.get("/", headers: headers)
            #expect(empty.status == 200)
            #expect(empty.text.contains("placeholder-noData"))
            #expect(!empty.text.contains("<ol"))
            #expect(empty.header("cache-control") == "no-cache")
        }
        try catalogue.setRecords([CatalogueFixture.record(0x42)])
        #expect(Markup.rowIDs(try server.get("/").text) == ["char-42"])
    }

    @Test func noResultsEchoesTheQueryAndOffersToClearIt() throws {
        try catalogue.setRecords([])
        let answer = try server.get("/?q=nothing+here&emoji=1")
        #expect(answer.text.contains("placeholder-noResults"))
        #expect(answer.text.contains("No results for “\u{2068}nothing here\u{2069}”"))
        #expect(answer.text.contains(#"href="/characters?emoji&#61;1""#))
        let filtersOnly = try server.get("/?category=Lu")
        #expect(filtersOnly.text.contains("No characters match these filters"))
    }

    /// C-10 / C-12: a source that is busy is "unavailable" (503, Retry-After), never "no data".
    @Test func unavailableSource() throws {
        let lock = try catalogue.holdLock()
        let page = try server.get("/")
        #expect(page.status == 503)
        #expect(page.header("retry-after") == "5")
        #expect(page.text.contains("placeholder-unavailable"))
        #expect(!page.text.contains("placeholder-noData"))
        #expect(!page.text.contains("SELECT") && !page.text.contains("locked"))
        #expect(try server.get("/-/readyz").status == 503)
        let region = try server.get("/", headers: ["HX-Request": "true"])
        #expect(region.status == 503 && region.text.hasPrefix(#"<div id="list""#))
        lock.release()
        #expect(try server.get("/").status == 200)
        #expect(try server.get("/-/readyz").status == 200)
    }

    /// Found by a break-it pass: once a query had failed, `/-/readyz` answered 503 until
    /// a list request succeeded, and a load balancer that takes an instance out on a 503
    /// sends it none: the instance never came back. Readiness now checks a failing source
    /// again itself, without waiting on it (at most twice a second).
    @Test func readinessComesBackWithoutAListRequest() throws {
        let lock = try catalogue.holdLock()
        #expect(try server.get("/").status == 503)
        #expect(try server.get("/-/readyz").status == 503)
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try server.get("/-/readyz").status == 503, "checked again: still locked")
        lock.release()
        let statuses = try readinessUntilReady()
        #expect(statuses.last == 200, "\(statuses)")
    }

    /// `/-/readyz`'s statuses, polled every 0.1 s until it answers 200 (2 s at most).
    private func readinessUntilReady() throws -> [Int] {
        var statuses: [Int] = []
        for _ in 0..<20 where statuses.last != 200 {
            Thread.sleep(forTimeInterval: 0.1)
            statuses.append(try server.get("/-/readyz").status)
        }
        return statuses
    }

    /// Found by a break-it pass: a database damaged while no list request came left
    /// `/-/readyz` at 200, so a load balancer kept sending readers to an instance
    /// that could only fail them. Readiness checks a healthy source too (at most twice
    /// a second); a writer's lock, which every instance over the file shares, does not
    /// take a healthy one out.
    @Test func readinessNoticesADamagedSourceWithoutAListRequest() throws {
        #expect(try server.get("/-/readyz").status == 200)
        let lock = try catalogue.holdLock()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try server.get("/-/readyz").status == 200, "a lock is not a failure of this instance")
        lock.release()
        let good = try catalogue.damage()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try server.get("/-/readyz").status == 503)
        try catalogue.restore(good)
        let statuses = try readinessUntilReady()
        #expect(statuses.last == 200, "\(statuses)")
    }

    @Test func failedSourceIsAnError() throws {
        let good = try catalogue.damage()
        let page = try server.get("/")
        #expect(page.status == 500)
        #expect(page.text.contains("placeholder-error"))
        #expect(page.text.contains("Something went wrong"))
        #expect(page.header("retry-after") == nil)
        #expect(!page.text.contains("SELECT") && !page.text.contains("malformed"))
        try catalogue.restore(good)
        #expect(try server.get("/").status == 200)
    }

    /// A continuation whose source fails keeps the rows on screen: a retry footer for the same cursor.
    @Test func continuationFailureIsARetryFooter() throws {
        let cursor = CatalogueFixture.cursor(after: 0x45)
        let lock = try catalogue.holdLock()
        defer { lock.release() }
        let fragment = try server.get("/?cursor=\(cursor)", headers: ["HX-Request": "true"])
        #expect(fragment.status == 503)
        #expect(fragment.text.hasPrefix("<li"))
        #expect(fragment.text.contains("list-footer-retry"))
        #expect(fragment.text.contains("cursor&#61;\(cursor)"))
        #expect(Markup.rowIDs(fragment.text).isEmpty)
    }

    @Test func validationHookReportsBrokenMarkup() {
        let broken = HTTPTestClient.Answer(
            status: 200, headers: [("content-type", "text/html; charset=utf-8")],
            body: Array("<li><p>unclosed <b>bold</li>".utf8))
        withKnownIssue {
            server.validate(broken, target: "broken")
        }
    }
}
