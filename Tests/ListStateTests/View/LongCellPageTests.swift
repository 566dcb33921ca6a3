import ListStore
import Mustache
import Testing

@testable import ListState

/// A list page's long texts (issue 48: cut on the page's bytes, walking only what a cell
/// shows): each cell shows its first 300 characters and "…", never part of a character,
/// and the page passes the checker.
@Suite struct LongCellPageTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    /// Texts of more than 300 characters, each with the 300 a cell shows.
    static let texts: [(value: String, shown: String)] = [
        (String(repeating: "line\n", count: 100), String(String(repeating: "line\n", count: 100).prefix(300))),
        (String(repeating: "é", count: 400), String(repeating: "é", count: 300)),
        (String(repeating: "e\u{301}", count: 400), String(repeating: "e\u{301}", count: 300)),
        (String(repeating: "a", count: 299) + family + "tail", String(repeating: "a", count: 299) + family),
        (String(repeating: "\u{1F1EB}\u{1F1F7}", count: 301), String(repeating: "\u{1F1EB}\u{1F1F7}", count: 300)),
        (String(repeating: "hello ", count: 60), String(String(repeating: "hello ", count: 60).prefix(300))),
    ]

    @Test func aLongTextShowsItsFirstCharacters() async throws {
        let rows: [[SQLValue]] = Self.texts.enumerated().map { [.integer(Int64($0.offset + 1)), .text($0.element.value)] }
        let source = try InMemoryRowSource(name: "notes", columns: [.key("id"), .text("body")], rows: rows)
        let server = try ListServer(lists: [ListDefinition("notes", rows: source)])
        let page = ListServerTests.text(await ListServerTests.get(server, "/notes"))
        for (index, text) in Self.texts.enumerated() {
            let shown = HTMLEscaping.escape(text.shown)
            #expect(page.contains(shown + "…"), "text \(index)")
            #expect(!page.contains(HTMLEscaping.escape(String(text.value.prefix(301)))), "text \(index): no more shown")
        }
    }

    /// A text of exactly 300 characters, however many bytes, is shown whole.
    @Test func aTextOfThreeHundredCharactersIsWhole() async throws {
        let exact = String(repeating: "a", count: 299) + Self.family
        let source = try InMemoryRowSource(name: "notes", columns: [.key("id"), .text("body")], rows: [[.integer(1), .text(exact)]])
        let server = try ListServer(lists: [ListDefinition("notes", rows: source)])
        let page = ListServerTests.text(await ListServerTests.get(server, "/notes"))
        #expect(page.contains(exact) && !page.contains(exact + "…"))
    }
}
