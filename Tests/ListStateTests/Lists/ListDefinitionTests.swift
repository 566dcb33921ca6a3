import ListStore
import Testing

@testable import ListState

/// A list is a value: its fields live in one shared box until a copy changes
/// (copy on write), and a change to one copy never shows in another.
@Suite struct ListDefinitionTests {
    static let table = TableDescription(
        name: "items", kind: .table,
        columns: [.init(name: "id", declaredType: "INTEGER", primaryKeyPosition: 1), .init(name: "name", declaredType: "TEXT")])

    static func list() throws -> ListDefinition {
        ListDefinition(table: table, source: DatabaseSource(path: "/nonexistent/items.sqlite"))
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() throws {
        let original = try Self.list()
        var copy = original
        copy.title = "Things"
        copy.labels["name"] = "Name"
        copy.shownColumns = [1]
        copy.sortableColumns = ["name"]
        #expect(original.title == "items" && copy.title == "Things")
        #expect(original.labels.isEmpty && copy.labels == ["name": "Name"])
        #expect(original.shownColumns == nil && copy.shownColumns == [1])
        #expect(original.sortableColumns == nil && copy.sortableColumns == ["name"])
        #expect(original.listedColumns == [0, 1] && copy.listedColumns == [1])
    }

    @Test func thePathFollowsTheNameAndTheBasePath() throws {
        let original = try Self.list()
        var moved = original
        moved.basePath = "/site"
        var renamed = moved
        renamed.name = "a b/c"
        #expect(original.path == "/items")
        #expect(moved.path == "/site/items")
        #expect(renamed.path == "/site/" + TildeEncoding.encode("a b/c"))
        #expect(renamed.name == "a b/c" && moved.name == "items")
    }

    /// The listed columns' labels, kept escaped for every page, follow the labels, the
    /// shown columns and the table whichever changes, in any order.
    @Test func theListedLabelsFollowWhatTheyAreMadeOf() throws {
        var list = try Self.list()
        #expect(list.listedLabels.map(\.text) == ["id", "name"])
        list.labels["name"] = "Name <b>"
        #expect(list.listedLabels.map(\.text) == ["id", "Name <b>"])
        #expect(Array(list.listedLabels[1].escaped) == Array("Name &lt;b&gt;".utf8))
        list.shownColumns = [1]
        #expect(list.listedLabels.map(\.text) == ["Name <b>"])
        list.shownColumns = nil
        list.table = TableDescription(
            name: "items", kind: .table, columns: [.init(name: "key", declaredType: "INTEGER", primaryKeyPosition: 1)])
        #expect(list.listedLabels.map(\.text) == ["key"])
        #expect(list.listedLabels.count == list.listedColumns.count)
        #expect(try Self.list().listedLabels.map(\.text) == ["id", "name"])
    }

    /// Many copies changed on many threads: each sees only its own change.
    @Test func copiesChangedConcurrentlyStayApart() async throws {
        let original = try Self.list()
        let titles = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<64 {
                group.addTask {
                    var copy = original
                    copy.title = "list \(index)"
                    return (index, copy.title)
                }
            }
            var titles: [Int: String] = [:]
            for await (index, title) in group { titles[index] = title }
            return titles
        }
        #expect(titles.count == 64 && titles.allSatisfy { $0.value == "list \($0.key)" })
        #expect(original.title == "items")
    }
}
