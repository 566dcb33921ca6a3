import Foundation
import ListState
import Synchronization
import TestSupport
import Testing

/// Runs the code of docs/library.md (LibraryGuideCode.swift) and holds it to what the guide
/// says it does; every HTML answer is validated (ListServerTests.get).
@Suite struct LibraryGuideCodeTests {
    static func text(_ response: ListServer.Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func theFirstProgramServesItsBooksAndItsPlaceholders() async throws {
        let server = try bookServer()
        let page = await ListServerTests.get(server, "/books", query: "limit=1")
        #expect(page.status == 200 && Self.text(page).contains(">Dune<") && !Self.text(page).contains(">Emma<"))
        let next = try #require(Markup.loadMoreHref(Self.text(page))).split(separator: "?", maxSplits: 1)
        let last = await ListServerTests.get(server, String(next[0]), query: String(next[1]), headers: [("HX-Request", "true")])
        #expect(last.status == 200 && Self.text(last).contains(">Emma<") && Self.text(last).contains("That is every book."))
        let none = await ListServerTests.get(server, "/books", query: "q=zzz")
        #expect(none.status == 200 && Self.text(none).contains("No book matches"))
        #expect(await ListServerTests.get(server, "/books/2").status == 200)
    }

    @Test func everyItemAndFlagIsServedAsConfigured() async throws {
        let configuration = shelfConfiguration()
        #expect(configuration.problems().isEmpty)
        let rows = try ListServerTests.books(3)
        let empty = try ListServerTests.books(0)
        let server = try ListServer(lists: [
            ListDefinition("shelf", rows: rows) { _ in configuration },
            ListDefinition("empty", rows: empty) { _ in configuration.with(name: "empty") },
        ])
        let lazy = await ListServerTests.get(server, "/shelf")
        #expect(lazy.status == 200 && Self.text(lazy).contains("placeholder-loading"), "lazy: the shell first")
        let none = await ListServerTests.get(server, "/shelf", query: "q=zzz&lazy=0")
        let text = Self.text(none)
        #expect(none.status == 200 && text.contains("Nothing matches") && text.contains("Try fewer words."))
        #expect(text.contains("no-results.svg") && text.contains("Clear the search") && text.contains("ls-shelf-noResults"))
        let emptyPage = await ListServerTests.get(server, "/empty", query: "lazy=0")
        #expect(emptyPage.status == 200 && Self.text(emptyPage).contains("placeholder-noData"))
        #expect(!Self.text(emptyPage).contains("no-data.svg"), "withoutImage")
        let stylesheet = Self.text(await server.respond(to: ListServer.Request(path: "/-/placeholders.css")))
        #expect(stylesheet.contains("ls-shelf-noResults") && stylesheet.contains("#fff8e1"))
    }

    @Test func aConfigurationGivenToTheServerIsTheListsOwn() async throws {
        let server = try ListServer(
            lists: [ListDefinition("shelf", rows: try ListServerTests.books(0))],
            configuration: AppConfiguration(lists: [shelfConfiguration().with(name: "shelf").lazy(false)]))
        let page = await ListServerTests.get(server, "/shelf")
        #expect(page.status == 200 && Self.text(page).contains("ls-shelf-noData"), "the page draws the configuration the stylesheet has")
    }

    @Test func aSourceOfYourOwnPagesAndFails() async throws {
        let books = (1...45).map { Book(id: Int64($0), title: "Book \($0)", year: 1900 + Int64($0)) }
        let asked = Mutex<[Int64?]>([])
        let source = BookSource(
            fetch: { after, limit in
                asked.withLock { $0.append(after) }
                return Array(books.filter { $0.id > after ?? 0 }.prefix(limit))
            },
            fetchOne: { id in books.first { $0.id == id } })
        let server = try ListServer(lists: [try ListDefinition("books", rows: source)])
        let first = await ListServerTests.get(server, "/books")
        #expect(first.status == 200 && Self.text(first).contains(">Book 20<") && !Self.text(first).contains(">Book 21<"))
        let next = try #require(Markup.loadMoreHref(Self.text(first))).split(separator: "?", maxSplits: 1)
        let second = await ListServerTests.get(server, String(next[0]), query: String(next[1]), headers: [("HX-Request", "true")])
        #expect(second.status == 200 && Self.text(second).contains("Book 21") && Self.text(second).contains("Book 40"))
        #expect(asked.withLock { $0 } == [nil, 20], "each page continues after the last key shown")
        #expect(await ListServerTests.get(server, "/books/45").status == 200)
        #expect(await ListServerTests.get(server, "/books/46").status == 404)

        let down = BookSource(fetch: { _, _ in throw URLError(.cannotConnectToHost) }, fetchOne: { _ in nil })
        let unreachable = try ListServer(lists: [try ListDefinition("books", rows: down)], log: { _ in })
        let page = await ListServerTests.get(unreachable, "/books")
        #expect(page.status == 503 && page.header("Retry-After") != nil)
    }

    /// A source that searches and throws `error` from every read: the guide's failure table.
    struct Failing: AsyncRowSource {
        let error: any Error & Sendable
        let columns: [TableDescription.Column] = [.key("id"), .text("title")]
        var capabilities: RowSourceCapabilities { RowSourceCapabilities(sortableColumns: [], filterOperations: [:], searches: true) }
        func rows(_ request: RowRequest) async throws -> RowBatch { throw error }
        func row(key: [SQLValue]) async throws -> [SQLValue]? { throw error }
    }

    @Test(arguments: [
        (ListStoreError(.unavailable, message: "down") as any Error & Sendable, "", 503, true),
        (URLError(.dnsLookupFailed), "", 503, true),
        (URLError(.timedOut), "", 504, true),
        (URLError(.cancelled), "", 503, true),
        (URLError(.timedOut), "q=dune", 504, true),
        (ListStoreError(.timedOut, message: "slow"), "q=dune", 503, false),
        (ListStoreError(.gatewayTimeout, message: "no answer"), "", 504, true),
        (ListStoreError(.badGateway, message: "its 500"), "", 502, false),
        (ListStoreError(.invalidUpstream, message: "not JSON"), "", 502, false),
        (ListStoreError(.notFound, message: "gone"), "", 404, false),
        (ListStoreError(.badRequest, message: "refused"), "", 400, false),
        (ListStoreError(.failed, message: "broken"), "", 500, false),
        (ListStoreError(.schemaChanged, message: "columns moved"), "", 500, false),
        (CocoaError(.fileReadCorruptFile), "", 500, false),
    ])
    func theFailureTableHolds(error: any Error & Sendable, query: String, status: Int, retries: Bool) async throws {
        let server = try ListServer(lists: [try ListDefinition("books", rows: Failing(error: error))], log: { _ in })
        let page = await ListServerTests.get(server, "/books", query: query.isEmpty ? nil : query)
        #expect(page.status == status)
        #expect((page.header("Retry-After") != nil) == retries)
    }

    @Test func whatTheGuideSaysOfRequests() async throws {
        let server = try ListServer(lists: [try ListDefinition("books", rows: Failing(error: ListStoreError(.badRequest, message: "no")))])
        #expect(await ListServerTests.get(server, "/books/1").status == 500, "a row page's bad request is the source's")
        #expect(await server.respond(to: ListServer.Request(method: "POST", path: "/books")).status == 405)
        #expect(await ListServerTests.get(server, "/books", query: "sort=title").status == 400, "a sort not declared")
    }

    @Test func columnsWordsAndATemplateOfTheListsOwn() async throws {
        let server = try ListServer(lists: [shelfList(try ListServerTests.books(3))])
        let page = await ListServerTests.get(server, "/shelf")
        let text = Self.text(page)
        #expect(page.status == 200 && text.contains("A title or a year"))
        #expect(text.contains(">Ulysses</a> (1902)</li>"), "its own row template, newest first")
        #expect(text.firstRange(of: "Ulysses")!.lowerBound < text.firstRange(of: "Dune")!.lowerBound)
        #expect(await ListServerTests.get(server, "/shelf", query: "sort=title").status == 400, "title is not sortable")
        let row = await ListServerTests.get(server, "/shelf/1")
        #expect(row.status == 200 && Self.text(row).contains("Published"))
    }

    @Test func foldersOfTemplatesAndStaticFilesReplaceTheBuiltInOnesForAListMadeInSwift() async throws {
        let templates = TemporaryFolder.make("guide-templates")
        let statics = TemporaryFolder.make("guide-static")
        defer { for folder in [templates, statics] { try? FileManager.default.removeItem(atPath: folder) } }
        try FileManager.default.createDirectory(atPath: templates + "/lists/books", withIntermediateDirectories: true)
        let row = #"<tr class="row" id="{{id}}" data-key="{{key}}"><td>Own row: {{values.title}}</td></tr>"#
        try row.write(toFile: templates + "/lists/books/row.mustache", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: statics + "/art", withIntermediateDirectories: true)
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>"#.write(toFile: statics + "/art/empty.svg", atomically: true, encoding: .utf8)
        let server = try ListServer(
            lists: [
                ListDefinition("books", rows: try ListServerTests.books(2)),
                ListDefinition("empty", rows: try ListServerTests.books(0)) { $0.placeholder(.noData) { $0.image("art/empty.svg") } },
            ],
            configuration: AppConfiguration(templatesDirectory: templates, staticDirectory: statics))
        let page = await ListServerTests.get(server, "/books")
        #expect(page.status == 200 && Self.text(page).contains("Own row: Dune"))
        let empty = await ListServerTests.get(server, "/empty")
        #expect(Self.text(empty).contains("/static/art/empty.svg"))
        #expect(await server.respond(to: ListServer.Request(path: "/static/art/empty.svg")).status == 200)
        #expect(throws: AppError.self, "an image that is not a static file") {
            try ListServer(lists: [ListDefinition("empty", rows: try ListServerTests.books(0)) { $0.placeholder(.noData) { $0.image("art/none.svg") } }])
        }
    }

    @Test func anEmbeddingFrameworkGetsTheWholeStreamedBody() async throws {
        let (status, type, body) = try await answer(try bookServer())
        #expect(status == 200 && type?.hasPrefix("text/csv") == true)
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\r\n")
        #expect(lines.count == 2 && lines[1].contains("Dune"))
    }

    @Test func mountedUnderAPathItIsAskedTheWholePath() async throws {
        var configuration = AppConfiguration()
        configuration.basePath = "/lists"
        let server = try ListServer(lists: [ListDefinition("books", rows: try ListServerTests.books(3))], configuration: configuration)
        let page = await ListServerTests.get(server, "/lists/books")
        #expect(page.status == 200 && Self.text(page).contains(#"href="/lists/books/1""#))
        #expect(await server.respond(to: ListServer.Request(path: "/lists/static/liststate.css")).status == 200)
        #expect(await server.respond(to: ListServer.Request(path: "/books")).status == 404, "the path without its prefix is none of ours")
    }

    @Test func theTestOfYourOwnListValidates() async throws {
        // The guide's test asserts words; these are its pages, validated.
        let shelf = try InMemoryRowSource(name: "shelf", columns: [.key("id"), .text("title")])
        let server = try ListServer(lists: [
            ListDefinition("shelf", rows: shelf) { $0.placeholder(.noData) { $0.title("The shelf is empty") } }
        ])
        #expect(await ListServerTests.get(server, "/shelf").status == 200)
        try shelf.insert([.integer(1), .text("Dune")])
        #expect(await ListServerTests.get(server, "/shelf").status == 200)
        #expect(await ListServerTests.get(server, "/shelf/1").status == 200)
    }
}

extension ListConfiguration {
    /// The same configuration for the list named `name`.
    fileprivate func with(name: String) -> ListConfiguration {
        var copy = self
        copy.name = name
        return copy
    }
}
