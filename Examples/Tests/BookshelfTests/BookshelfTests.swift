import BookshelfLists
import ExamplesTestSupport
import ListState
import Testing

/// The bookshelf served over HTTP on port 0: its own rows, its pages, its placeholders
/// and its end of the shelf, every HTML page checked with the markup checker.
@Suite struct BookshelfTests {
    /// Serves `list` on a free port while `body` runs.
    func serving(_ list: ListDefinition, _ body: (UInt16) async throws -> Void) async throws {
        let server = try ListServer(lists: [list])
        let port = try server.start(port: 0)
        defer { server.stop() }
        try await body(port)
    }

    func get(_ target: String, _ port: UInt16, headers: [String: String] = [:]) async throws -> Fetched {
        let page = try await fetch(target, port: port, lists: ["books"], headers: headers)
        #expect(page.problems == [])
        return page
    }

    @Test func theShelfIsDrawnWithItsOwnRowsNewestFirstToItsEnd() async throws {
        try await serving(Bookshelf.list()) { port in
            let first = try await get("/books", port)
            #expect(first.status == 200 && occurrences(of: #"<li class="row book""#, in: first.text) == 20)
            let beloved = try #require(first.text.firstRange(of: "<cite>Beloved</cite>"))
            let dune = try #require(first.text.firstRange(of: "<cite>Dune</cite>"))
            #expect(beloved.lowerBound < dune.lowerBound, "newest first: 1987 before 1965")
            #expect(first.text.contains(#"by <span class="author">Toni Morrison</span> (1987)"#))
            let next = try #require(loadMoreHref(first.text))
            let rest = try await get(next, port, headers: ["HX-Request": "true"])
            let shown = occurrences(of: #"<li class="row book""#, in: rest.text)
            #expect(rest.status == 200 && shown == Bookshelf.books.count - 20)
            #expect(rest.text.contains("That is the whole shelf.") && rest.text.contains("<cite>Emma</cite>"))
        }
    }

    @Test func aBookHasItsPageAndAMissingOneIsNotFound() async throws {
        try await serving(Bookshelf.list()) { port in
            let dune = try await get("/books/2", port)
            #expect(dune.status == 200 && dune.text.contains("Frank Herbert"))
            let missing = try await get("/books/999", port)
            #expect(missing.status == 404 && missing.text.contains("placeholder-notFound"))
        }
    }

    @Test func anEmptyShelfAndASearchOfNoBookSayItInTheShelfsWords() async throws {
        try await serving(Bookshelf.list([])) { port in
            let empty = try await get("/books", port)
            #expect(empty.status == 200 && empty.text.contains("placeholder-noData") && empty.text.contains("The shelf is empty"))
        }
        try await serving(Bookshelf.list()) { port in
            let none = try await get("/books?q=zzz", port)
            #expect(none.status == 200 && none.text.contains("placeholder-noResults") && none.text.contains("No book matches"))
            let austen = try await get("/books?q=austen", port)
            #expect(occurrences(of: #"<li class="row book""#, in: austen.text) == 2)
        }
    }
}
