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
        #expect(try await upstream.requests().count == 1, "the second from the kept answer")
        _ = await Pages.get(server, "/items", query: "limit=11")
        #expect(try await upstream.requests().count == 2, "another page is asked for")
    }

    @Test func withoutKeepForEveryRequestAsksTheUpstream() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream)
        for _ in 0..<3 { #expect(await Pages.get(server, "/items").status == 200) }
        #expect(try await upstream.requests().count == 3)
    }

    @Test func afterFailuresInARowTheUpstreamIsLeftAloneThenProbed() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "pauseAfter": 2, "pauseFor": 1"#, log: log)
        try await upstream.control("mode=status&code=500")
        for _ in 0..<2 { #expect(await Pages.get(server, "/items").status != 200) }
        let paused = await Pages.get(server, "/items")
        #expect(paused.status == 503 && Pages.text(paused).contains("placeholder-unavailable") && paused.header("Retry-After") == "1")
        #expect(try await upstream.requests().count == 2, "refused without asking")
        #expect(log.text.contains("not asked for 1 s"), "\(log.text)")
        try await upstream.control("mode=answers")
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(await Pages.get(server, "/items").status == 200, "the probe after the pause")
        #expect(await Pages.get(server, "/items").status == 200)
        #expect(try await upstream.requests().count == 4)
        #expect(log.text.contains("items: answers again"), "\(log.text)")
    }

    @Test func anAnswerThisListCannotUseIsNoOutage() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "pauseAfter": 1"#)
        try await upstream.control("mode=malformed")
        for _ in 0..<3 { _ = await Pages.get(server, "/items") }
        #expect(try await upstream.requests().count == 3, "asked every time")
    }
}
