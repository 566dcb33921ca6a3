import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ListState
@testable import UpstreamStore

/// Lists over the fake upstream (Tests/upstream/upstream_server.py, one process per test,
/// always stopped) served by `ListServer`: every pagination style walked through Load more and
/// the JSON twin, search and row pages, and each fault of the upstream as the state the docs
/// promise, with nothing of the failure on the page and nothing sent off the origin.
@Suite struct UpstreamSourceTests {
    /// Each style's declaration (beyond `key` and `columns`) over the upstream at `origin`.
    static func style(_ name: String, _ origin: String) -> String {
        switch name {
        case "drf":
            #""url": "\#(origin)/drf/items", "rows": "results", "pagination": "next", "limitParameter": "limit", "searchParameter": "search""#
        case "jsonapi":
            #""url": "\#(origin)/jsonapi/items", "rows": "data", "pagination": {"style": "next", "field": "links.next"}, "limitParameter": "page[size]""#
        case "github": #""url": "\#(origin)/github/items", "pagination": "link", "limitParameter": "per_page""#
        case "stripe":
            #""url": "\#(origin)/stripe/items", "rows": "data", "pagination": {"style": "cursor", "hasMore": "has_more"}, "limitParameter": "limit""#
        case "cursor":
            #""url": "\#(origin)/cursor/items", "rows": "items", "pagination": {"style": "cursor", "field": "next_cursor"}, "limitParameter": "limit""#
        case "pages": #""url": "\#(origin)/pages/items", "rows": "items", "pagination": "page", "limitParameter": "size""#
        default: #""url": "\#(origin)/offset/items", "pagination": "offset", "limitParameter": "limit""#
        }
    }

    static let styles = ["drf", "jsonapi", "github", "stripe", "cursor", "pages", "offset"]

    /// Lines logged from any thread: the server's incidents and the source's refusals.
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    /// A server of the list `items` over `style` of `upstream`, the declaration's other keys `extra` (`, "key": …`).
    static func serve(
        _ upstream: TestUpstream, _ style: String = "drf", extra: String = "", columns: String = #"["name", "price"]"#,
        environment: [String: String] = [:], log: Log = Log()
    ) throws -> ListServer {
        // JSON:API's rows are resource objects: their fields under `attributes`.
        let columns =
            style == "jsonapi"
            ? columns.replacingOccurrences(of: #"[""#, with: #"["attributes."#)
                .replacingOccurrences(of: #", ""#, with: #", "attributes."#) : columns
        let declaration = try Pages.declaration(
            #"{\#(Self.style(style, upstream.origin)), "key": "id", "columns": \#(columns)\#(extra)}"#, environment: environment)
        let source = UpstreamSource(declaration, fields: declaration.columns ?? [], log: log.append)
        return try ListServer(lists: [try ListDefinition("items", rows: source)], log: log.append)
    }

    static let all = (1...45).map(String.init)

    @Test(arguments: styles, [10, 9])
    func everyStyleIsWalkedToEveryRowOnceInOrder(style: String, limit: Int) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, style)
        let walk = await Pages.walk(server, query: "limit=\(limit)")
        #expect(walk.ids == Self.all, "\(style)")
        #expect(walk.status == 200 && walk.last.contains("list-footer-end"), "\(style): \(walk.last.prefix(300))")
        #expect(walk.cursors.count == (45 + limit - 1) / limit - 1 || walk.cursors.count == 45 / limit, "\(style): \(walk.cursors)")
        let json = try await Pages.walkJSON(server, query: "limit=\(limit)")
        #expect(json.ids == Self.all && json.status == 200, "\(style): the JSON twin's next walk")
        if style == "cursor" {
            // Its cursors hold `+`, `/` and `=`: each reached the upstream percent-encoded (the walk would end in a 400 else).
            let cursors = try await upstream.requests().map(\.path).filter { $0.contains("cursor=") }
            #expect(!cursors.isEmpty && cursors.allSatisfy { $0.contains("cursor=%2B") && !$0.contains("+") }, "\(cursors)")
        }
    }

    /// Page numbers and offsets above all: the export asks 10,000 rows a piece, an upstream grants 100.
    @Test(arguments: ["pages", "offset", "cursor"])
    func theCSVExportHoldsEveryRowOfALongList(style: String) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        try await upstream.control("mode=answers&count=250")
        let server = try Self.serve(upstream, style)
        let csv = await server.respond(to: ListServer.Request(path: "/items.csv"))
        var bytes = csv.body
        if let stream = csv.stream { for try await piece in stream { bytes += piece } }
        let records = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").dropFirst()
        #expect(csv.status == 200 && records.map { String($0.prefix { $0 != "," }) } == (1...250).map(String.init), "\(style): \(records.count)")
    }

    @Test func aSearchIsSentAsTheDeclaredParameter() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream)
        let walk = await Pages.walk(server, query: "q=item%201&limit=4")
        #expect(walk.ids == (10...19).map(String.init) && walk.status == 200)
        let paths = try await upstream.requests().map(\.path)
        #expect(paths.allSatisfy { $0.contains("search=item%201") || $0.contains("search=item+1") }, "\(paths)")
        let json = try await Pages.walkJSON(server, query: "q=item%204")
        #expect(json.ids == (40...45).map(String.init))
        // A query in the declared url is sent as written (its `+` a space to the upstream), a limit added to it.
        let declared = try Self.serve(upstream, "offset", extra: #", "url": "\#(upstream.origin)/drf/items?search=item+1", "rows": "results""#)
        #expect(await Pages.walk(declared, query: "limit=4").ids == (10...19).map(String.init))
    }

    @Test func aListWithoutASearchParameterHasNoSearch() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, "github")
        let page = await Pages.get(server, "/items", query: "q=item%201")
        #expect(page.status != 200 || !Pages.text(page).contains("item 02"), "not every row as if searched")
        #expect(try await upstream.requests().allSatisfy { !$0.path.contains("item") })
    }

    @Test func aRowHasAPageWhenARowURLIsDeclared() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, extra: #", "rowURL": "\#(upstream.origin)/drf/items/{key}""#)
        let row = await Pages.get(server, "/items/7")
        #expect(row.status == 200 && Pages.text(row).contains("item 07"))
        let missing = await Pages.get(server, "/items/99")
        #expect(missing.status == 404 && Pages.text(missing).contains("placeholder-notFound"))
        #expect(try await upstream.requests().map(\.path) == ["/drf/items/7", "/drf/items/99"])
        // A visitor's key is one path segment, percent-encoded: never a way out of it.
        let odd = await Pages.get(server, "/items/" + TildeEncoding.encode("a/b c"))
        #expect(odd.status == 404)
        _ = await Pages.get(server, "/items/" + TildeEncoding.encode("../../-/requests"))
        let paths = try await upstream.requests().map(\.path)
        #expect(paths.dropFirst(2).first == "/drf/items/a%2Fb%20c" && paths.count == 3, "\(paths)")
        let without = try Self.serve(upstream)
        #expect(await Pages.get(without, "/items/7").status == 404, "no rowURL: rows have no page")
    }

    @Test func theColumnsAreTheFirstPagesFieldsWhenNoneAreDeclared() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let declaration = try Pages.declaration(#"{\#(Self.style("drf", upstream.origin)), "key": "id"}"#)
        let fields = try await UpstreamSource.fields(of: declaration)
        #expect(fields == ["id", "active", "name", "note", "price", "tags"])
        let server = try ListServer(lists: [try ListDefinition("items", rows: UpstreamSource(declaration, fields: fields))])
        let page = Pages.text(await Pages.get(server, "/items.json", query: "limit=1"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(page.utf8)) as? [String: Any])
        let row = try #require((object["rows"] as? [[String: Any]])?.first)
        #expect(row["name"] as? String == "item 01" && row["tags"] as? String == #"["a","b"]"# && row["active"] as? String == "true")
        #expect(row["note"] is NSNull && (row["price"] as? Double) == 3.49)
    }

    /// The state `page` shows (its placeholder's kind), its status and `Retry-After` as one line, and the
    /// JSON twin's: the failure table's columns, compared whole.
    static func answer(_ server: ListServer, _ path: String = "/items", query: String? = nil) async throws -> (page: String, json: String) {
        let page = await Pages.get(server, path, query: query)
        let kind = Pages.text(page).firstMatch(of: /placeholder-(\w+)/).map { String($0.1) } ?? "rows"
        let twin = await Pages.get(server, path + ".json", query: query)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(twin.body)) as? [String: Any])
        return (
            "\(page.status) \(kind) Retry-After: \(page.header("Retry-After") ?? "none")",
            "\(twin.status) \(object["state"] ?? "?") Retry-After: \(twin.header("Retry-After") ?? "none")"
        )
    }

    /// Whether two answers (``answer(_:_:query:)``'s lines) are the same, but for a `Retry-After`
    /// counted down since (the upstream left alone for the delay it asked: 1 s up to that delay).
    static func same(_ answer: String, _ expected: String) -> Bool {
        let (given, wanted) = (answer.split(separator: " "), expected.split(separator: " "))
        guard given.count == wanted.count, given.dropLast() == wanted.dropLast() else { return false }
        guard let seconds = Int(given.last ?? ""), let asked = Int(wanted.last ?? "") else { return given.last == wanted.last }
        return (1...asked).contains(seconds)
    }

    /// docs/upstream.md's failure table, row by row, for a list's page and its JSON twin (the server's
    /// own `Retry-After` is 5 s): the upstream's 429 and 503 are worth retrying (503), a fault of its
    /// own a bad gateway (502, the page does not retry it by itself), an answer that cannot be used or
    /// a declaration that is wrong (its 401, 403, a list address's 404) an error (502).
    @Test(arguments: [
        ("mode=empty", "200 noData Retry-After: none", ""),
        ("mode=status&code=429&retry_after=30", "503 unavailable Retry-After: 30", "answered 429"),
        ("mode=status&code=429", "503 unavailable Retry-After: 5", "answered 429"),
        ("mode=status&code=503&retry_after=7", "503 unavailable Retry-After: 7", "answered 503"),
        ("mode=status&code=503", "503 unavailable Retry-After: 5", "answered 503"),
        ("mode=status&code=500", "502 unavailable Retry-After: none", "answered 500"),
        ("mode=status&code=502", "502 unavailable Retry-After: none", "answered 502"),
        ("mode=status&code=504", "502 unavailable Retry-After: none", "answered 504"),
        ("mode=status&code=500&retry_after=30", "502 unavailable Retry-After: none", "answered 500"),
        ("mode=status&code=401", "502 error Retry-After: none", "answered 401"),
        ("mode=status&code=403", "502 error Retry-After: none", "answered 403"),
        ("mode=status&code=404", "502 error Retry-After: none", "answered 404"),
        ("mode=status&code=400", "502 error Retry-After: none", "answered 400"),
        ("mode=malformed", "502 error Retry-After: none", "did not answer JSON"),
        ("mode=notjson", "502 error Retry-After: none", "did not answer JSON"),
        ("mode=nokey", "502 error Retry-After: none", "has no “id”"),
    ])
    func eachFaultOfTheUpstreamIsAState(mode: String, answered: String, logged: String) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let server = try Self.serve(upstream, log: log)
        try await upstream.control(mode)
        let (page, json) = try await Self.answer(server)
        #expect(page == answered, "\(mode)")
        // Asked again, an upstream's own Retry-After has paused it (``UpstreamPause``): its seconds left.
        #expect(Self.same(json, answered), "\(mode): the JSON twin: \(json)")
        let csv = await server.respond(to: ListServer.Request(path: "/items.csv"))
        // The export's answer before its first byte: the same status and `Retry-After` (no placeholder: plain text or CSV).
        let words = answered.split(separator: " ")
        #expect(
            csv.status == Int(words[0]) && Self.same("\(csv.header("Retry-After") ?? "none")", String(words.last ?? "")), "\(mode): the CSV export")
        let text = Pages.text(await Pages.get(server, "/items"))
        #expect(!text.contains("answered") && !text.contains("127.0.0.1"), "no detail on the page")
        #expect(logged.isEmpty || log.text.contains(logged), "\(mode): the log has the detail: \(log.text)")
        // Not this instance's fault: ready, and degraded while the upstream fails.
        let ready = await Pages.get(server, "/-/readyz")
        let said = answered.hasPrefix("200") ? "ready" : "ready (degraded: the data source items is failing"
        #expect(ready.status == 200 && Pages.text(ready).hasPrefix(said), "\(mode): \(Pages.text(ready))")
    }

    @Test(arguments: [
        ("mode=status&code=429&retry_after=30", "30"), ("mode=status&code=503&retry_after=1000", "300"),
        ("mode=status&code=503&retry_after=0", "1"), ("mode=status&code=503", "5"),
    ])
    func theUpstreamsRetryAfterIsPassedOnWithinFiveMinutes(mode: String, retryAfter: String) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream)
        try await upstream.control(mode)
        let page = await Pages.get(server, "/items")
        #expect(page.status == 503 && page.header("Retry-After") == retryAfter, "\(mode): \(page.header("Retry-After") ?? "none")")
    }

    @Test func anOversizedBodyIsAnError() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let server = try Self.serve(upstream, extra: #", "maximumBodyBytes": 65536"#, log: log)
        try await upstream.control("mode=oversized")
        let (page, json) = try await Self.answer(server)
        #expect(page == "502 error Retry-After: none" && json == page, "\(page); \(json)")
        #expect(!log.text.isEmpty)
    }

    /// Slow (answers after 4 s) or stalled (stopped: its port still accepts, the request is
    /// sent and never answered): a gateway time-out (504 with `Retry-After`) by the 1 s limit
    /// either way, a search's too (the upstream's silence, not the search's cost).
    @Test(arguments: [false, true])
    func aSlowOrStalledUpstreamIsAGatewayTimeOutByTheTimeLimit(stalled: Bool) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, extra: #", "timeLimit": 1"#)
        if stalled {
            kill(upstream.process.processIdentifier, SIGSTOP)
        } else {
            try await upstream.control("mode=slow&seconds=4")
        }
        defer { if stalled { kill(upstream.process.processIdentifier, SIGCONT) } }
        let ((page, json), took) = try await onOwnExecutor {
            let started = ContinuousClock.now
            let answer = try await Self.answer(server)
            return (answer, ContinuousClock.now - started)
        }
        #expect(page == "504 unavailable Retry-After: 5" && json == page, "\(page); \(json)")
        #expect(took < .milliseconds(5_000), "by the 1 s limit twice, not the upstream's 4 s or never (\(took))")
        let (searched, _) = try await onOwnExecutor { try await Self.answer(server, query: "q=item") }
        #expect(searched == "504 unavailable Retry-After: 5", "a search: \(searched)")
    }

    @Test func aStoppedUpstreamIsUnavailable() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream)
        #expect(await Pages.get(server, "/items").status == 200)
        upstream.stop()
        let (page, json) = try await Self.answer(server)
        #expect(page == "503 unavailable Retry-After: 5" && json == page, "\(page); \(json)")
    }

    /// A continuation that fails keeps the rows on screen and answers the retry footer, as for
    /// databases: marked for the page's own retry (`data-retry-after`) on 503 and 504, not on 502.
    @Test(arguments: [
        ("mode=status&code=503", 503, true), ("mode=slow&seconds=3", 504, true),
        ("mode=status&code=500", 502, false), ("mode=notjson", 502, false),
    ])
    func aFailedContinuationKeepsTheRowsAndOffersARetry(mode: String, status: Int, retriedByThePage: Bool) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, extra: #", "timeLimit": 1"#)
        let first = await Pages.get(server, "/items", query: "limit=10")
        let next = try #require(Pages.loadMoreHref(Pages.text(first))).split(separator: "?", maxSplits: 1)
        try await upstream.control(mode)
        let more = await onOwnExecutor {
            await Pages.get(server, String(next[0]), query: String(next[1]), headers: [("HX-Request", "true")])
        }
        let text = Pages.text(more)
        #expect(more.status == status && text.contains("list-footer-retry"), "\(mode): \(more.status) \(text.prefix(300))")
        #expect(Pages.ids(text).isEmpty, "nothing new: the rows on screen stay")
        #expect(text.contains("data-retry-after") == retriedByThePage, "\(mode)")
        #expect((more.header("Retry-After") != nil) == retriedByThePage, "\(mode)")
    }

    /// A row's page: the upstream's 404 for the row's URL is the row not found (404); its other
    /// faults are the list's (a 5xx 502, a time-out 504). One case at a time: beside the slow one,
    /// which holds its fetch for the whole time limit, the others' answers came after their 1-s
    /// limit on 2 cores (504 for a 500, 4 runs of 5 alone).
    @Test(
        .serialized,
        arguments: [
            ("mode=answers", "/items/99", "404 notFound Retry-After: none"),
            ("mode=status&code=500", "/items/7", "502 unavailable Retry-After: none"),
            ("mode=status&code=401", "/items/7", "502 error Retry-After: none"),
            ("mode=slow&seconds=3", "/items/7", "504 unavailable Retry-After: 5"),
        ])
    func aRowsFaultIsAState(mode: String, path: String, answered: String) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream, extra: #", "timeLimit": 1, "rowURL": "\#(upstream.origin)/drf/items/{key}""#)
        try await upstream.control(mode)
        let page = await onOwnExecutor { await Pages.get(server, path) }
        let kind = Pages.text(page).firstMatch(of: /placeholder-(\w+)/).map { String($0.1) } ?? "row"
        #expect("\(page.status) \(kind) Retry-After: \(page.header("Retry-After") ?? "none")" == answered, "\(mode)")
    }

    @Test(arguments: ["drf", "github"])
    func aNextPageOffTheOriginIsRefused(style: String) async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let server = try Self.serve(upstream, style, log: log)
        try await upstream.control("mode=offorigin")
        let walk = await Pages.walk(server, query: "limit=10")
        #expect(walk.ids == (1...10).map(String.init), "the first page, from the origin")
        #expect(walk.status != 200 && walk.cursors.count == 1, "\(walk.status)")
        #expect(log.text.contains("refused to fetch http://example.invalid/\(style)/items"), "\(log.text)")
        #expect(try await upstream.requests().count == 1, "the refused page was asked of no one (of this origin at least)")
    }

    @Test func aRedirectIsFollowedOnTheOriginAndRefusedOffIt() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let log = Log()
        let moved = #", "url": "\#(upstream.origin)/moved/items""#
        let server = try Self.serve(upstream, extra: moved, log: log)
        try await upstream.control("mode=redirect&to=\(upstream.origin)/drf/items")
        let walk = await Pages.walk(server, query: "limit=10")
        #expect(walk.ids == Self.all && walk.status == 200, "a redirect on the origin is followed")

        let prefixed = try Self.serve(upstream, extra: moved + #", "pathPrefixes": ["/moved/"]"#, log: log)
        let outside = await Pages.get(prefixed, "/items")
        #expect(outside.status == 502 && log.text.contains("refused to fetch \(upstream.origin)/drf/items: not on"), "\(log.text)")

        try await upstream.control("mode=redirect&to=http://example.invalid/drf/items")
        let before = try await upstream.requests().count
        let away = await Pages.get(server, "/items")
        #expect(away.status == 502 && Pages.text(away).contains("placeholder-error"))
        #expect(log.text.contains("refused to fetch http://example.invalid/drf/items"))
        #expect(try await upstream.requests().count == before + 1, "the redirect only, not its target")
    }

    @Test func longNextURLsRideUnderAOneKilobyteCursor() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try Self.serve(upstream)
        try await upstream.control("mode=longnext")
        let walk = await Pages.walk(server, query: "limit=10")
        #expect(walk.ids == Self.all && walk.status == 200)
        #expect(walk.cursors.count == 4 && walk.cursors.allSatisfy { $0 <= 1024 }, "\(walk.cursors)")
        #expect(try await upstream.requests().dropFirst().allSatisfy { $0.path.contains("pad=ppp") })
    }

    @Test func theDeclaredHeadersReachTheUpstreamAndTheVisitorsNever() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let headers = #", "headers": {"Authorization": "Bearer ${TOKEN}", "X-Token": "t-${TOKEN}"}"#
        let server = try Self.serve(upstream, extra: headers, environment: ["TOKEN": "s3cret"])
        let visitor: [(name: String, value: String)] = [("Authorization", "Basic dmlzaXRvcg=="), ("Cookie", "session=visitor")]
        let first = await Pages.get(server, "/items", query: "limit=10", headers: visitor)
        let next = try #require(Pages.loadMoreHref(Pages.text(first))).split(separator: "?", maxSplits: 1)
        let second = await Pages.get(server, String(next[0]), query: String(next[1]), headers: visitor + [("HX-Request", "true")])
        #expect(first.status == 200 && second.status == 200)
        let requests = try await upstream.requests()
        #expect(requests.count == 2)
        for request in requests {
            #expect(request.headers == ["authorization": "Bearer s3cret", "x-token": "t-s3cret"], "\(request.path)")
        }
    }
}
