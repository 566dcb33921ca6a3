import ListState
import Testing

// The code of docs/reference/configuration.md, "From Swift", as it stands there
// (Tests/docs/test_swift_blocks.py holds them equal), made a function the test below runs.
// ListState is imported without @testable: nothing internal compiles here.

/// The section's server: the characters over `rows`, configured as its example file is.
func configuredCharacters(rows: InMemoryRowSource) throws -> ListServer {
    let characters = ListConfiguration("characters")
        .lazy()
        .placeholder(.noResults) {
            $0
                .title(LocalizedText("Nothing is called “{query}”", byLanguage: ["zh-Hans": "没有叫“{query}”的字符"]))
                .image("illustrations/no-results.svg", width: 120, height: 120, animation: .pulse)
                .button(style: .secondary)
                .background(CSSColor(red: 0xff, green: 0xf8, blue: 0xe1), dark: CSSColor(red: 0x2b, green: 0x24, blue: 0x10))
                .verticalOffset(-24)
                .spacing(12)
        }
        .placeholder(.noData) { $0.variant(.subtle).withoutButton() }
        .endOfList("You have seen every character.")

    let server = try ListServer(
        lists: [ListDefinition("characters", title: "Characters", rows: rows)],
        configuration: AppConfiguration(lists: [characters]))
    return server
}

@Suite struct ConfigurationFromSwiftTests {
    @Test func theSectionsConfigurationIsServed() async throws {
        let rows = try InMemoryRowSource(
            name: "characters", columns: [.key("code_point"), .text("name")],
            rows: [[.integer(65), .text("LATIN CAPITAL LETTER A")], [.integer(66), .text("LATIN CAPITAL LETTER B")]])
        let server = try configuredCharacters(rows: rows)
        let shell = await ListServerTests.get(server, "/characters")
        #expect(shell.status == 200 && String(decoding: shell.body, as: UTF8.self).contains("placeholder-loading"), "lazy")
        let none = await ListServerTests.get(server, "/characters", query: "q=zzz&lazy=0")
        #expect(String(decoding: none.body, as: UTF8.self).contains("Nothing is called"))
        let chinese = await ListServerTests.get(server, "/characters", query: "q=zzz&lazy=0&lang=zh-Hans")
        #expect(String(decoding: chinese.body, as: UTF8.self).contains("没有叫"))
        let first = await ListServerTests.get(server, "/characters", query: "lazy=0&limit=1")
        let next = try #require(Markup.loadMoreHref(String(decoding: first.body, as: UTF8.self))).split(separator: "?", maxSplits: 1)
        let last = await ListServerTests.get(server, String(next[0]), query: String(next[1]), headers: [("HX-Request", "true")])
        #expect(String(decoding: last.body, as: UTF8.self).contains("You have seen every character."), "the end of the list in its words")
    }

    @Test func aConfigurationOutOfRangeIsRefusedAtStart() throws {
        let wrong = ListConfiguration("characters").placeholder(.noResults) { $0.spacing(500) }
        #expect(wrong.problems().map(\.key) == ["placeholders.noResults.spacing"])
        #expect(throws: AppError.self) {
            try ListServer(
                lists: [ListDefinition("characters", rows: try InMemoryRowSource(name: "characters", columns: [.key("id")]))],
                configuration: AppConfiguration(lists: [wrong]))
        }
    }
}
