import Foundation
import MarkupValidation
import Synchronization
import TestSupport
import Testing

@testable import ListState

/// The library as a developer uses it: lists made in one expression and served by
/// `ListServer`, answered through `respond(to:)` (no socket) and over HTTP on port 0;
/// every state and footer of a list over rows in memory, and what a developer's
/// `AsyncRowSource` throws or how long it hangs, as the states the docs promise.
/// Every HTML answer is validated.
@Suite struct ListServerTests {
    static let columns: [TableDescription.Column] = [.key("id"), .text("title"), .integer("year")]

    static func books(_ count: Int) throws -> InMemoryRowSource {
        let titles = ["Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"]
        return try InMemoryRowSource(
            name: "books", columns: columns,
            rows: (0..<count).map { [.integer(Int64($0 + 1)), .text(titles[$0 % titles.count]), .integer(Int64(1900 + $0))] })
    }

    /// Answers `GET path?query`, validating any HTML against `server`'s routes.
    static func get(
        _ server: ListServer, _ path: String, query: String? = nil, headers: [(name: String, value: String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ListServer.Response {
        let response = await server.respond(to: ListServer.Request(path: path, query: query, headers: headers))
        if response.header("Content-Type")?.hasPrefix("text/html") == true {
            let text = String(decoding: response.body, as: UTF8.self)
            for diagnostic in TestServer.diagnostics(text, router: server.router) {
                Issue.record("\(path): \(diagnostic)", sourceLocation: sourceLocation)
            }
        }
        return response
    }

    static func text(_ response: ListServer.Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func everyStateAndFooterOfAListMadeInOneExpression() async throws {
        let server = try ListServer(lists: [
            ListDefinition("books", title: "Books", rows: try Self.books(5)) {
                $0
                    .placeholder(.noResults) { $0.title("No book matches “{query}”") }
                    .endOfList("That is every book.")
            },
            ListDefinition("wishlist", rows: try Self.books(0)) { $0.placeholder(.noData) { $0.title("Nothing wished for yet") } },
            ListDefinition("shelf", rows: try Self.books(2)) { $0.lazy() },
        ])
        let page = await Self.get(server, "/books", query: "limit=2")
        #expect(page.status == 200 && Self.text(page).contains(">Dune<") && !Self.text(page).contains(">Ulysses<"))
        #expect(page.header("X-Content-Type-Options") == "nosniff", "the server's own headers come too")
        #expect(!Self.text(page).contains("database"), "rows made in Swift: the page claims no database")
        let next = try #require(page.header("Link")?.split(separator: "<").last?.split(separator: ">").first)
        let parts = next.split(separator: "?", maxSplits: 1)
        let second = await Self.get(server, String(parts[0]), query: String(parts[1]), headers: [("HX-Request", "true")])
        #expect(second.status == 200 && Self.text(second).contains(">Ulysses<"))
        let third = try #require(Markup.loadMoreHref(Self.text(second))).split(separator: "?", maxSplits: 1)
        let last = await Self.get(server, String(third[0]), query: String(third[1]), headers: [("HX-Request", "true")])
        #expect(last.status == 200 && Self.text(last).contains("That is every book."))

        let none = await Self.get(server, "/books", query: "q=zzz")
        // The query is drawn isolated (U+2068 … U+2069), so a right-to-left one cannot turn the sentence.
        #expect(none.status == 200 && Self.text(none).contains("No book matches “\u{2068}zzz\u{2069}”"))
        let empty = await Self.get(server, "/wishlist")
        #expect(empty.status == 200 && Self.text(empty).contains("Nothing wished for yet"))
        let lazy = await Self.get(server, "/shelf")
        #expect(lazy.status == 200 && Self.text(lazy).contains("placeholder-loading"))
        let missingRow = await Self.get(server, "/books/99")
        #expect(missingRow.status == 404 && Self.text(missingRow).contains("placeholder-notFound"))
        #expect(await Self.get(server, "/nothing").status == 404)
        let bad = await Self.get(server, "/books", query: "limit=abc")
        #expect(bad.status == 400 && Self.text(bad).contains("placeholder-error"))
        let offline = await Self.get(server, "/-/offline")
        #expect(offline.status == 200 && Self.text(offline).contains("placeholder-offline"))

        let json = await Self.get(server, "/books.json", query: "sort=-year&limit=1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        #expect((object["rows"] as? [[String: Any]])?.first?["title"] as? String == "Middlemarch")
        let csv = await Self.get(server, "/books.csv")
        var bytes = csv.body
        if let stream = csv.stream { for try await piece in stream { bytes += piece } }
        #expect(csv.status == 200 && String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").count == 6)
        let head = await server.respond(to: ListServer.Request(method: "HEAD", path: "/books"))
        #expect(head.status == 200 && head.body.isEmpty && head.stream == nil)
        let malformed = await Self.get(server, "/books", query: "q=%FF")
        #expect(malformed.status == 400)
    }

    @Test func aListDrawsItsRowsWithATemplateOfItsOwn() async throws {
        let row = #"<li class="row book" id="{{id}}" data-key="{{key}}"><a href="{{detailHref}}">{{values.title}}</a> ({{values.year}})</li>"#
        let server = try ListServer(lists: [ListDefinition("books", rows: try Self.books(3)).rowTemplate(row)])
        let page = Self.text(await Self.get(server, "/books"))
        #expect(page.contains(#"<a href="/books/2">Emma</a> (1901)</li>"#))
        #expect(page.components(separatedBy: #"<li class="row book""#).count == 4)
        #expect(throws: AppError.self, "a template that does not parse stops the server being made") {
            try ListServer(lists: [ListDefinition("books", rows: try Self.books(1)).rowTemplate("{{#values}}")])
        }
    }

    @Test func aRowOfItsOwnIsNotLaidOutInTheDemosColumns() async throws {
        let server = try ListServer(lists: [ListDefinition("books", rows: try Self.books(1))])
        let css = Self.text(await Self.get(server, "/static/liststate.css"))
        // Every rule for the bare `.row` (not `.row.character`, the demo's glyph, code point, name…).
        let rules = css.split(separator: "}").filter { rule in
            rule.split(separator: "{").first?.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == ".row" } == true
        }
        #expect(!rules.isEmpty)
        #expect(!rules.contains { $0.contains("grid") }, "a developer's row template drawn as it is written: \(rules)")
    }

    /// A developer's source over another service, failing as it is told to.
    final class Service: AsyncRowSource {
        enum Mode { case answers, refused, slow, missing, refusesTheQuery, breaks, hangs }
        let mode: Mutex<Mode>
        let columns = ListServerTests.columns
        let timeLimit: Duration = .milliseconds(300)

        init(_ mode: Mode) { self.mode = Mutex(mode) }

        func rows(_ request: RowRequest) async throws -> RowBatch {
            switch mode.withLock({ $0 }) {
            case .answers: return RowBatch(rows: [[.integer(1), .text("Dune"), .integer(1965)]], hasMore: false)
            case .refused: throw URLError(.cannotConnectToHost)
            case .slow: throw URLError(.timedOut)
            case .missing: throw ListStoreError(.notFound, message: "no such shelf")
            case .refusesTheQuery: throw ListStoreError(.badRequest, message: "the service refused the query")
            case .breaks: throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "secret-token-123 in the body"))
            case .hangs:
                // Waits 10 s whatever cancellation says, as a careless source might (suspended,
                // not spinning: a cancelled `Task.sleep` in a loop would busy a core).
                await withCheckedContinuation { done in DispatchQueue.global().asyncAfter(deadline: .now() + 10) { done.resume() } }
                return RowBatch(rows: [], hasMore: false)
            }
        }

        func row(key: [SQLValue]) async throws -> [SQLValue]? {
            key == [.integer(1)] ? [.integer(1), .text("Dune"), .integer(1965)] : nil
        }
    }

    @Test(arguments: [
        (Service.Mode.answers, 200, "Dune"), (.refused, 503, "placeholder-unavailable"), (.slow, 504, "placeholder-unavailable"),
        (.missing, 404, "placeholder-notFound"), (.refusesTheQuery, 400, "placeholder-error"), (.breaks, 500, "placeholder-error"),
        (.hangs, 503, "placeholder-unavailable"),
    ])
    func whatADevelopersSourceThrowsIsAState(mode: Service.Mode, status: Int, shows: String) async throws {
        let logged = Mutex<[String]>([])
        var configuration = AppConfiguration()
        configuration.retryAfterSeconds = 7
        let server = try ListServer(
            lists: [try ListDefinition("shelf", rows: Service(mode))], configuration: configuration,
            log: { line in logged.withLock { $0.append(line) } })
        let (page, took) = await onOwnExecutor {
            let started = ContinuousClock.now
            let page = await Self.get(server, "/shelf")
            return (page, ContinuousClock.now - started)
        }
        #expect(took < .seconds(2), "answered by its deadline (0.3 s), hung or not")
        #expect(page.status == status && Self.text(page).contains(shows))
        #expect((page.header("Retry-After") == "7") == (status == 503 || status == 504))
        #expect(!Self.text(page).contains("secret-token-123"), "no detail of the failure on the page")
        if mode == .breaks { #expect(logged.withLock { $0.joined() }.contains("secret-token-123"), "the log keeps it") }
        let json = await Self.get(server, "/shelf.json")
        #expect(json.status == status)
        if mode == .answers {
            #expect(await Self.get(server, "/shelf/1").status == 200)
            #expect(await Self.get(server, "/shelf/2").status == 404)
        }
    }

    @Test func itServesOverHTTPOnAPortOfItsOwn() async throws {
        let server = try ListServer(lists: [ListDefinition("books", rows: try Self.books(3))])
        let port = try server.start(port: 0)
        defer { server.stop() }
        #expect(server.port == port)
        let page = try await onOwnThread { try HTTPTestClient(port: port).send("GET", "/books") }
        #expect(page.status == 200 && page.text.contains(">Emma<"))
        for diagnostic in TestServer.diagnostics(page.text, router: server.router) { Issue.record("\(diagnostic)") }
        let other = try ListServer(lists: [ListDefinition("books", rows: try Self.books(1))])
        #expect(throws: ListServerError.self) { try other.start(port: port) }
        #expect(try await onOwnThread { try HTTPTestClient(port: port).send("GET", "/-/livez").status } == 200)
    }

    /// Another service down is not this instance's fault: ready, said degraded; and its
    /// failure is not cleared (nor logged as over) by readiness's own checks.
    @Test func aDevelopersFailingServiceLeavesTheServerReadyButDegraded() async throws {
        let logged = Mutex<[String]>([])
        let server = try ListServer(
            lists: [try ListDefinition("shelf", rows: Service(.refused)), ListDefinition("books", rows: try Self.books(2))],
            log: { line in logged.withLock { $0.append(line) } })
        #expect(await Self.get(server, "/shelf").status == 503)
        for _ in 0..<3 {
            let ready = await Self.get(server, "/-/readyz")
            #expect(ready.status == 200 && Self.text(ready).hasPrefix("ready (degraded: the data source shelf is failing"))
            try await Task.sleep(for: .milliseconds(600))  // past readiness's recheck interval
        }
        let lines = logged.withLock { $0 }
        #expect(lines.filter { $0.contains("is failing") }.count == 1 && !lines.contains { $0.contains("answers again") }, "\(lines)")
    }

    @Test func aSortThatNamesNoColumnIsRefused() throws {
        #expect(throws: AppError.self) {
            try ListServer(lists: [ListDefinition("books", rows: try Self.books(1), defaultSort: ListSort(column: "yaer"))])
        }
        var list = ListDefinition("books", rows: try Self.books(1))
        list.sortableColumns = ["title", "yaer"]
        #expect(throws: AppError.self) { try ListServer(lists: [list]) }
    }

    /// Two rows of one key would be one address and one element id: the source's fault.
    @Test func aPageWithARepeatedKeyIsTheSourcesFault() async throws {
        struct Repeating: AsyncRowSource {
            let columns = ListServerTests.columns
            func rows(_ request: RowRequest) async throws -> RowBatch {
                RowBatch(rows: [[.integer(1), .text("Dune"), .integer(1965)], [.integer(1), .text("Emma"), .integer(1815)]], hasMore: false)
            }
            func row(key: [SQLValue]) async throws -> [SQLValue]? { nil }
        }
        let logged = Mutex<[String]>([])
        let server = try ListServer(lists: [try ListDefinition("books", rows: Repeating())], log: { line in logged.withLock { $0.append(line) } })
        let page = await Self.get(server, "/books")
        #expect(page.status == 500 && Self.text(page).contains("placeholder-error"))
        #expect(logged.withLock { $0.joined() }.contains("two rows of one page have the key"))
    }

    @Test func aNameThatCannotBeServedIsRefused() throws {
        #expect(throws: AppError.self) { try ListServer(lists: [ListDefinition("static", rows: try Self.books(1))]) }
        // A control character cannot be drawn in a page (U+0000 made the index invalid HTML).
        #expect(throws: AppError.self) { try ListServer(lists: [ListDefinition("books\u{0}", rows: try Self.books(1))]) }
        #expect(throws: AppError.self) { try ListServer(lists: [ListDefinition("a\u{7}b", rows: try Self.books(1))]) }
        #expect(throws: AppError.self) {
            try ListServer(lists: [ListDefinition("books", rows: try Self.books(1)), ListDefinition("books", rows: try Self.books(2))])
        }
    }
}
