import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import UpstreamStore

/// What an upstream list spares the upstream: pages answered again for `keepFor`, a pause after
/// failures in a row (refused at once, one probe after it), the last good page shown for
/// `staleFor` when the upstream fails.
@Suite struct UpstreamLoadTests {
    typealias Log = UpstreamSourceTests.Log

    @Test func aPageIsAnsweredAgainWithoutAskingTheUpstreamWhileKept() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "keepFor": 60"#)
        let first = await Pages.get(server, "/items", query: "limit=10")
        let again = await Pages.get(server, "/items", query: "limit=10")
        #expect(first.status == 200 && again.status == 200 && first.body == again.body)
        #expect(try await upstream.requests().map(\.path) == ["/drf/items?limit=10"], "the second from the kept answer")
        _ = await Pages.get(server, "/items", query: "limit=11")
        let asked = try await upstream.requests().map(\.path)
        #expect(asked == ["/drf/items?limit=10", "/drf/items?limit=11"], "another page is asked for")
    }

    @Test func withoutKeepForEveryRequestAsksTheUpstream() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream)
        for _ in 0..<3 { #expect(await Pages.get(server, "/items").status == 200) }
        #expect(try await upstream.requests().count == 3)
    }

    /// The probe after the pause and the answer that ends it: UpstreamPauseTests (a given clock) and the browser tests.
    @Test func afterFailuresInARowTheUpstreamIsLeftAlone() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "pauseAfter": 2, "pauseFor": 60"#, log: log)
        try await upstream.control("mode=status&code=500")
        for _ in 0..<2 { #expect(await Pages.get(server, "/items").status == 502) }
        let paused = await Pages.get(server, "/items")
        let seconds = Int(paused.header("Retry-After") ?? "") ?? 0
        #expect(paused.status == 503 && Pages.text(paused).contains("placeholder-unavailable") && (50...60).contains(seconds), "\(seconds)")
        #expect(try await upstream.requests().count == 2, "refused without asking")
        #expect(log.text.contains("not asked for 60 s"), "\(log.text)")
    }

    @Test func anAnswerThisListCannotUseIsNoOutage() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "pauseAfter": 1"#)
        try await upstream.control("mode=malformed")
        for _ in 0..<3 { _ = await Pages.get(server, "/items") }
        #expect(try await upstream.requests().count == 3, "asked every time")
    }

    @Test func aPageReadBeforeIsShownMarkedWhileTheUpstreamFails() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "staleFor": 60"#)
        let fresh = await Pages.get(server, "/items", query: "limit=10")
        #expect(fresh.status == 200 && !Pages.text(fresh).contains("list-stale") && fresh.header("Cache-Control") != "no-store")
        #expect(try Self.json(await Pages.get(server, "/items.json", query: "limit=10"))["stale"] is NSNull)
        try await upstream.control("mode=status&code=500")
        let stale = await Pages.get(server, "/items", query: "limit=10")
        #expect(stale.status == 200 && stale.header("Cache-Control") == "no-store" && stale.header("Retry-After") == nil)
        #expect(Pages.ids(Pages.text(stale)) == Pages.ids(Pages.text(fresh)), "the rows kept")
        let banner = try #require(Pages.text(stale).firstMatch(of: /<p class="list-stale" role="note">([^<]*) <a href="([^"]+)"/))
        #expect(banner.1.hasPrefix("The source is not answering just now. These rows are from 20") && banner.1.hasSuffix("\u{A0}UTC."))
        #expect(banner.2 == "/items?limit&#61;10", "try again asks for the same page")
        #expect(Pages.loadMoreHref(Pages.text(stale)) != nil, "the next page is still offered")
        let json = try Self.json(await Pages.get(server, "/items.json", query: "limit=10"))
        #expect((json["stale"] as? String)?.wholeMatch(of: /20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(json["stale"] ?? "none")")
        #expect((json["rows"] as? [Any])?.count == 10 && json["status"] as? Int == 200)
        let unread = await Pages.get(server, "/items", query: "limit=11")
        #expect(unread.status == 502 && Pages.text(unread).contains("placeholder-unavailable"), "a page never read has nothing to show")
        try await upstream.control("mode=answers")
        let again = await Pages.get(server, "/items", query: "limit=10")
        #expect(again.status == 200 && !Pages.text(again).contains("list-stale"), "fresh once it answers")
    }

    @Test func aSlowUpstreamGivesTheKeptPageWithinTheTimeLimit() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "staleFor": 60, "timeLimit": 1"#)
        #expect(await Pages.get(server, "/items").status == 200)
        try await upstream.control("mode=slow&seconds=4")
        let page = await Pages.get(server, "/items")
        #expect(page.status == 200 && Pages.text(page).contains("list-stale"))
    }

    @Test func aPausedUpstreamGivesTheKeptPage() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "staleFor": 60, "pauseAfter": 1"#)
        #expect(await Pages.get(server, "/items").status == 200)
        try await upstream.control("mode=status&code=500")
        for _ in 0..<3 { #expect(Pages.text(await Pages.get(server, "/items")).contains("list-stale")) }
        #expect(try await upstream.requests().count == 2, "one failure, then paused")
    }

    /// A request that finds every connection to the upstream in use waits within its deadline,
    /// then fails as this process's load (503), not as the upstream's silence (504), and does
    /// not count towards a pause.
    @Test func aRequestWithoutAConnectionByItsDeadlineIsOverloaded() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let declaration = try Pages.declaration(
            #"{\#(UpstreamSourceTests.style("drf", upstream.origin)), "key": "id", "columns": ["name"], "connections": 1, "pauseAfter": 1}"#)
        let source = UpstreamSource(declaration, fields: ["name"])
        let address = source.firstAddress(limit: 10, search: nil)
        try await upstream.control("mode=slow&seconds=6")
        async let holding = try? source.page(at: address, by: .now + .seconds(9))
        try await Task.sleep(for: .milliseconds(300))
        // On a thread of its own: Swift's pool, busy with other tests, would hold its answer up.
        let (refusal, took) = await onOwnExecutor {
            let started = ContinuousClock.now
            do {
                _ = try await source.page(at: address, by: .now + .milliseconds(300))
                return (nil as ListStoreError?, ContinuousClock.now - started)
            } catch {
                return (error as? ListStoreError, ContinuousClock.now - started)
            }
        }
        #expect(refusal?.kind == .overloaded, "\(String(describing: refusal))")
        #expect(took < .seconds(4), "by its deadline, not the holder's 6 s (\(took))")
        #expect(source.pause.admit() == nil, "the upstream was not asked: no failure of its")
        #expect(await holding != nil, "the holder's answer")
        #expect(try await upstream.requests().count == 1)
    }

    static func json(_ response: ListServer.Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }
}
