import Testing

@testable import ListState

/// `shownColumns` names columns by index: one that is not a column of the list is the
/// developer's mistake, refused when the server is made (it stopped the process, index out
/// of range, while the first page was drawn).
@Suite struct ShownColumnsOutOfRangeTests {
    @Test(arguments: [[5], [-1], [0, 2]])
    func aShownColumnThatIsNoColumnIsRefused(shown: [Int]) throws {
        let books = try InMemoryRowSource(name: "books", columns: [.key("id"), .text("title")], rows: [[.integer(1), .text("Dune")]])
        var list = ListDefinition("books", rows: books)
        list.shownColumns = shown
        #expect(throws: AppError.self) { try ListServer(lists: [list]) }
    }

    @Test func shownColumnsWithinTheListAreServed() async throws {
        let books = try InMemoryRowSource(name: "books", columns: [.key("id"), .text("title")], rows: [[.integer(1), .text("Dune")]])
        var list = ListDefinition("books", rows: books)
        list.shownColumns = [1]
        let page = await ListServerTests.get(try ListServer(lists: [list]), "/books")
        #expect(page.status == 200 && ListServerTests.text(page).contains("Dune"))
    }
}
