import HTTPServer
import ListStore
import Testing

@testable import ListState

/// The catalogue's answers kept under its file's `DataVersion`: served again
/// while the version holds, never once it changes or the source fails; each
/// answer carries a strong `ETag` and `If-None-Match` gets a 304.
@Suite struct CachedListTests {
    let source: CatalogueFixture
    var server: TestServer { source.server }

    init() throws {
        source = try CatalogueFixture((0x41...0x7A).map { CatalogueFixture.record(UInt32($0)) })
    }

    @Test func aRepeatedRequestIsKept() throws {
        let first = try server.get("/?limit=5")
        let kept = server.application.responseCache?.usage.entries ?? 0
        let second = try server.get("/?limit=5")
        #expect(kept == 1 && server.application.responseCache?.usage.entries == 1, "the second answer came from the cache")
        #expect(first.status == 200 && second.status == 200)
        #expect(first.body == second.body)
        #expect(first.header("etag") != nil && first.header("etag") == second.header("etag"))
        #expect(first.header("vary") == second.header("vary"))
        #expect(second.header("cache-control") == "no-cache")
    }

    @Test func pageFragmentContinuationAndLanguageAreKeptApart() throws {
        let variants: [(String, [String: String])] = [
            ("/?limit=3", [:]), ("/?limit=3", ["HX-Request": "true"]),
            ("/?limit=3&cursor=\(CatalogueFixture.cursor(after: 0x43))", ["HX-Request": "true"]), ("/?limit=3&lang=zh-Hans", [:]),
            ("/?limit=3", ["Accept-Language": "zh-Hant"]), ("/?limit=3", ["HX-Request": "true", "HX-History-Restore-Request": "true"]),
        ]
        var tags: [String] = []
        for _ in 0..<2 {
            tags = []
            for (target, headers) in variants {
                let answer = try server.get(target, headers: headers)
                #expect(answer.status == 200, "\(target) \(headers)")
                tags.append(answer.header("etag") ?? "")
            }
        }
        #expect(Set(tags).count == variants.count - 1, "distinct but for the restore, which is the page: \(tags)")
        #expect(tags[0] == tags[5])
        let fragment = try server.get("/?limit=3", headers: ["HX-Request": "true"])
        #expect(fragment.text.hasPrefix(#"<div id="list""#), "a kept page is never served as a fragment (C-06)")
    }

    @Test func ifNoneMatchGetsA304WithTheSameValidators() throws {
        let first = try server.get("/?limit=4")
        let tag = try #require(first.header("etag"))
        for condition in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let again = try server.get("/?limit=4", headers: ["If-None-Match": condition])
            #expect(again.status == 304, "\(condition)")
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == tag)
            #expect(again.header("vary") == first.header("vary"))
            #expect(again.header("cache-control") == "no-cache")
            #expect(again.header("content-security-policy") != nil)
        }
        let changed = try server.get("/?limit=4", headers: ["If-None-Match": "\"stale\""])
        #expect(changed.status == 200 && changed.body == first.body)
    }

    /// A kept page and the server's own files answer `If-Match` too (RFC 9110 §13.1.1).
    @Test func ifMatchNamingAnotherTagGetsA412() throws {
        let first = try server.get("/?limit=4")
        let tag = try #require(first.header("etag"))
        for target in ["/?limit=4", "/static/liststate.css", "/sw.js"] {
            let failed = try server.get(target, headers: ["If-Match": "\"nope\""])
            #expect(failed.status == 412, "\(target)")
            #expect(failed.header("content-security-policy") != nil)
        }
        #expect(try server.get("/?limit=4", headers: ["If-Match": tag]).status == 200)
        #expect(try server.get("/?limit=4", headers: ["If-Match": "*"]).body == first.body)
    }

    @Test func aNewVersionIsQueriedAndRenderedAgain() throws {
        let before = try server.get("/?limit=2")
        try source.setRecords([CatalogueFixture.record(0x2603)])
        let after = try server.get("/?limit=2")
        #expect(Markup.rowIDs(after.text) == ["char-2603"], "\(Markup.rowIDs(after.text))")
        #expect(before.header("etag") != after.header("etag"))
        let stale = try server.get("/?limit=2", headers: ["If-None-Match": before.header("etag") ?? ""])
        #expect(stale.status == 200, "the old tag no longer matches")
    }

    @Test func aFailingSourceIsNeverAnsweredFromTheCache() throws {
        _ = try server.get("/?limit=6")
        _ = try server.get("/?limit=6")
        for (kind, status) in [(ListStoreError.Kind.busy, 503), (.corrupt, 500)] {
            try source.fail(with: kind)
            let failed = try server.get("/?limit=6")
            #expect(failed.status == status, "\(kind)")
            #expect(failed.header("etag") == nil)
            #expect(server.application.health.failure != nil, "readyz tells the truth")
            #expect(!failed.text.contains("SELECT"))
        }
        try source.fail(with: nil)
        let recovered = try server.get("/?limit=6")
        #expect(recovered.status == 200 && Markup.rowIDs(recovered.text).count == 6)
        #expect(server.application.health.failure == nil)
    }

    @Test func refusalsAndErrorsAreNotKept() throws {
        for _ in 0..<2 {
            let refused = try server.get("/?limit=0")
            #expect(refused.status == 400 && refused.header("etag") == nil)
        }
        #expect(server.application.responseCache?.usage.entries == 0)
    }

    @Test func aZeroBudgetKeepsNothing() throws {
        var configuration = AppConfiguration()
        configuration.responseCacheBytes = 0
        let catalogue = try CatalogueFixture([CatalogueFixture.record(0x41)], configuration: configuration)
        let uncached = catalogue.server
        let first = try uncached.get("/")
        #expect(uncached.application.responseCache == nil)
        let tag = try #require(first.header("etag"), "a tag without the cache too")
        let again = try uncached.get("/", headers: ["If-None-Match": tag])
        #expect(again.status == 304 && again.body.isEmpty)
    }

    /// Found by QA: `?q=Ω` (U+2126 OHM SIGN) and `?q=Ω` (U+03A9) are equal as
    /// Swift strings, so the second got the first's page, echoing the wrong text.
    @Test func canonicallyEquivalentSearchesAreKeptApart() throws {
        for (first, second) in [("%E2%84%A6", "%CE%A9"), ("caf%C3%A9", "cafe%CC%81"), ("K", "%E2%84%AA")] {
            _ = try server.get("/?q=\(first)")
            let answer = try server.get("/?q=\(second)")
            let wanted = try #require(second.removingPercentEncoding)
            #expect(answer.text.contains(#"value="\#(wanted)""#), "\(second): the box shows what was asked")
            let otherText = try #require(first.removingPercentEncoding)
            #expect(!Array(answer.body).containsSubsequence(Array("value=\"\(otherText)\"".utf8)), "\(second): not \(first)'s page")
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
    }
}
