import Foundation
import ListState
import Testing

// The code of docs/library.md and README.md, each block as it stands there (Tests/docs/test_swift_blocks.py
// holds them equal). It imports ListState without @testable, so nothing internal compiles here;
// `package` declarations would (this is a target of the package), so the blocks name public
// ones only. LibraryGuideCodeTests.swift runs it.

// MARK: README.md, "Use it from Swift"

/// README.md's program, a `main.swift` whole, compiled but never called: `run` serves until
/// SIGINT or SIGTERM (`bookServer()` below, which the tests run, makes the same lists).
func readmeMain() throws {
    let books = try InMemoryRowSource(
        name: "books", columns: [.key("id"), .text("title"), .integer("year")],
        rows: [[.integer(1), .text("Dune"), .integer(1965)], [.integer(2), .text("Emma"), .integer(1815)]])
    let server = try ListServer(lists: [
        ListDefinition("books", title: "Books", rows: books) { $0.placeholder(.noData) { $0.title("No books yet") } }
    ])
    try server.run(port: 8080)  // http://127.0.0.1:8080/books until Ctrl-C
}

// MARK: A first program

/// The books a first program serves, from memory.
func bookServer() throws -> ListServer {
    let books = try InMemoryRowSource(
        name: "books", columns: [.key("id"), .text("title"), .integer("year")],
        rows: [
            [.integer(1), .text("Dune"), .integer(1965)],
            [.integer(2), .text("Emma"), .integer(1815)],
        ])
    return try ListServer(lists: [
        ListDefinition("books", title: "Books", rows: books) {
            $0
                .placeholder(.noData) { $0.title("No books yet") }
                .placeholder(.noResults) { $0.title("No book matches “{query}”") }
                .endOfList("That is every book.")
        }
    ])
}

/// The guide's `main.swift`, compiled but never called: `run` serves until SIGINT or SIGTERM.
func firstProgramMain() throws {
    let server = try bookServer()
    try server.run(port: 8080)  // until Ctrl-C (SIGINT) or SIGTERM
}

// MARK: Every placeholder item and flag

/// A list's configuration that sets every item and flag the guide lists.
func shelfConfiguration() -> ListConfiguration {
    ListConfiguration("shelf")
        .lazy()
        .shouldDisplay(true)
        .forceDisplay(nil)
        .placeholder(.noResults) {
            $0
                .title(LocalizedText("Nothing matches “{query}”", byLanguage: ["zh-Hans": "没有与“{query}”相符的书"]))
                .detail("Try fewer words.")
                .image("illustrations/no-results.svg", alternativeText: "", width: 120, height: 120, animation: .pulse)
                .button("Clear the search", href: "/shelf", request: .partial, style: .secondary)
                .background(CSSColor(red: 0xff, green: 0xf8, blue: 0xe1), dark: CSSColor(red: 0x2b, green: 0x24, blue: 0x10))
                .centered(offset: -24)
                .spacing(12)
                .variant(.subtle)
                .fadesIn(false)
                .allowsTouch(false)
                .allowsScroll(false)
        }
        .placeholder(.noData) {
            $0
                .fill(insets: PlaceholderConfiguration.Insets(top: 24, right: 16, bottom: 24, left: 16))
                .withoutImage()
                .withoutButton()
        }
        .endOfList("That is the whole shelf.")
}

// MARK: A source of your own

/// A book as a service of yours gives it.
struct Book: Sendable {
    var id: Int64
    var title: String
    var year: Int64
}

/// Books read from a service of yours (an HTTP API, an ORM, an actor), a page at a time.
struct BookSource: AsyncRowSource {
    /// Up to `limit` books whose id is above `after` (all when nil), in id order.
    let fetch: @Sendable (_ after: Int64?, _ limit: Int) async throws -> [Book]
    /// The book of an id, or nil when there is none.
    let fetchOne: @Sendable (_ id: Int64) async throws -> Book?

    let columns: [TableDescription.Column] = [.key("id"), .text("title"), .integer("year")]
    var timeLimit: Duration { .seconds(3) }

    func rows(_ request: RowRequest) async throws -> RowBatch {
        // No sort, filter or search declared (`capabilities`): key order, after the last key shown.
        var after: Int64?
        if case .integer(let id)? = request.after?.key.first { after = id }
        let books = try await fetch(after, request.limit + 1)  // one more tells whether rows follow
        let rows = books.prefix(request.limit).map(Self.row)
        return RowBatch(rows: Array(rows), hasMore: books.count > request.limit)
    }

    func row(key: [SQLValue]) async throws -> [SQLValue]? {
        guard case .integer(let id)? = key.first else { return nil }
        return try await fetchOne(id).map(Self.row)
    }

    static func row(_ book: Book) -> [SQLValue] {
        [.integer(book.id), .text(book.title), .integer(book.year)]
    }
}

// MARK: Columns, words and templates

/// A list with its own labels, columns, order, words and row template.
func shelfList(_ shelf: InMemoryRowSource) -> ListDefinition {
    var list = ListDefinition(
        "shelf", title: "The shelf", description: "Every book we own.", rows: shelf,
        defaultSort: ListSort(column: "year", descending: true))
    list.labels = ["title": "Title", "year": "Published"]
    list.shownColumns = [1, 2]
    list.sortableColumns = ["year"]
    list.words = ListWords(name: "shelf") { language in
        var words = UIStrings.of(language)
        words.searchPlaceholder = "A title or a year"
        return words
    }
    return list.rowTemplate(
        """
        <li class="row" id="{{id}}" data-key="{{key}}"><a href="{{detailHref}}">{{values.title}}</a> ({{values.year}})</li>
        """)
}

// MARK: Embedding

/// Answers one request as a framework hands it over, the body whole.
func answer(_ server: ListServer) async throws -> (status: Int, type: String?, body: [UInt8]) {
    let response = await server.respond(
        to: ListServer.Request(
            method: "GET", path: "/books.csv", query: "q=dune",
            headers: [(name: "Accept-Language", value: "en")]))
    var body = response.body
    if let stream = response.stream {  // a CSV export comes in pieces: send them chunked
        for try await piece in stream { body += piece }
    }
    return (response.status, response.header("Content-Type"), body)
}

// MARK: Testing your own list

@Test func anEmptyShelfSaysSoAndShowsABookOnceAdded() async throws {
    let shelf = try InMemoryRowSource(name: "shelf", columns: [.key("id"), .text("title")])
    let server = try ListServer(lists: [
        ListDefinition("shelf", rows: shelf) { $0.placeholder(.noData) { $0.title("The shelf is empty") } }
    ])
    let empty = await server.respond(to: ListServer.Request(path: "/shelf"))
    #expect(empty.status == 200)
    #expect(String(decoding: empty.body, as: UTF8.self).contains("The shelf is empty"))

    try shelf.insert([.integer(1), .text("Dune")])
    let one = await server.respond(to: ListServer.Request(path: "/shelf"))
    #expect(String(decoding: one.body, as: UTF8.self).contains("Dune"))
    #expect(await server.respond(to: ListServer.Request(path: "/shelf/2")).status == 404)
}
