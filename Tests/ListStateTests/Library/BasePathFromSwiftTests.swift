import Testing

@testable import ListState

/// `AppConfiguration.basePath` set in Swift is read as `--base-path` reads it: `/lists/` is
/// `/lists`, and one that links could not carry (no leading `/`, a space, `..`) is refused
/// when the server is made, not served as pages whose links lead nowhere.
@Suite struct BasePathFromSwiftTests {
    static func server(basePath: String) throws -> ListServer {
        let books = try InMemoryRowSource(name: "books", columns: [.key("id"), .text("title")], rows: [[.integer(1), .text("Dune")]])
        var configuration = AppConfiguration()
        configuration.basePath = basePath
        return try ListServer(lists: [ListDefinition("books", rows: books)], configuration: configuration)
    }

    @Test func aTrailingSlashIsDropped() async throws {
        let page = await ListServerTests.get(try Self.server(basePath: "/lists/"), "/lists/books")
        #expect(page.status == 200)
        #expect(ListServerTests.text(page).contains(#"href="/lists/books/1""#))
        #expect(!ListServerTests.text(page).contains("/lists//"))
    }

    @Test(arguments: ["lists", "/a b", "/lists/../x", "/ü"])
    func aBasePathLinksCannotCarryIsRefused(basePath: String) throws {
        #expect(throws: AppError.self) { try Self.server(basePath: basePath) }
    }
}
