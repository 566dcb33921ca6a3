import Foundation
import ListStore
import Testing

@testable import ListState

/// A developer's source that pages by its service's own cursor (``RowBatch/next``): the
/// walk through Load more shows every row once, a continuation of any length rides under a
/// 1 KiB cursor, and one used with another search starts over, never a 500.
@Suite struct OwnPagingTests {
    /// A service of 45 items paged by an opaque cursor (an offset, padded to `padding` characters),
    /// at most 10 a page.
    struct CursorService: AsyncRowSource {
        let padding: Int
        let columns: [TableDescription.Column] = [.key("id"), .text("name")]
        var capabilities: RowSourceCapabilities { RowSourceCapabilities(sortableColumns: [], filterOperations: [:], searches: true) }

        func rows(_ request: RowRequest) async throws -> RowBatch {
            #expect(request.after == nil, "a source that pages by its own cursor is never asked by position")
            let start = Int(request.continuation?.split(separator: "|").last ?? "0") ?? 0
            let items = (1...45).filter { request.search == nil || String($0).contains(request.search!) }
            // At most 10 a page, as services cap theirs (an export's pieces ask for more).
            let page = items.dropFirst(start).prefix(min(request.limit, 10))
            let end = start + page.count
            let next = end < items.count ? String(repeating: "p", count: padding) + "|\(end)" : nil
            return RowBatch(rows: page.map { [.integer(Int64($0)), .text("item \($0)")] }, hasMore: next != nil, next: next)
        }

        func row(key: [SQLValue]) async throws -> [SQLValue]? { nil }
    }

    /// Every page of `/items?query` and its continuations: the row ids shown and the cursors' lengths.
    static func walk(_ server: ListServer, query: String) async throws -> (ids: [String], cursors: [Int], last: String) {
        var target = ("/items", query)
        var ids: [String] = []
        var cursors: [Int] = []
        for _ in 0..<20 {
            let page = await ListServerTests.get(server, target.0, query: target.1, headers: ids.isEmpty ? [] : [("HX-Request", "true")])
            #expect(page.status == 200)
            let text = ListServerTests.text(page)
            ids += text.matches(of: /<a [^>]*href="\/items\/(\d+)"/).map { String($0.1) }
            guard let next = Markup.loadMoreHref(text) else { return (ids, cursors, text) }
            let parts = next.split(separator: "?", maxSplits: 1)
            target = (String(parts[0]), String(parts[1]))
            let cursor = parts[1].split(separator: "&").first { $0.hasPrefix("cursor=") }
            cursors.append(cursor?.count ?? 0)
        }
        Issue.record("more than 20 pages")
        return (ids, cursors, "")
    }

    @Test(arguments: [0, 3_000])
    func theWalkShowsEveryRowOnceWhateverTheContinuationsLength(padding: Int) async throws {
        let server = try ListServer(lists: [try ListDefinition("items", rows: CursorService(padding: padding))])
        let walk = try await Self.walk(server, query: "limit=10")
        #expect(walk.ids == (1...45).map(String.init))
        #expect(walk.cursors.count == 4 && walk.cursors.allSatisfy { $0 <= RowCursor.maximumLength })
        #expect(walk.last.contains("list-footer-end"))
        let searched = try await Self.walk(server, query: "q=1&limit=5")
        #expect(searched.ids == (1...45).map(String.init).filter { $0.contains("1") })
    }

    @Test(arguments: [0, 3_000])
    func theCSVExportFollowsTheSourcesOwnPaging(padding: Int) async throws {
        let server = try ListServer(lists: [try ListDefinition("items", rows: CursorService(padding: padding))])
        let csv = await server.respond(to: ListServer.Request(path: "/items.csv"))
        var bytes = csv.body
        if let stream = csv.stream { for try await piece in stream { bytes += piece } }
        let records = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").dropFirst()
        #expect(csv.status == 200 && records.map { $0.split(separator: ",")[0] } == (1...45).map { Substring(String($0)) })
    }

    @Test(arguments: [0, 3_000])
    func aContinuationUsedWithAnotherSearchStartsOver(padding: Int) async throws {
        let server = try ListServer(lists: [try ListDefinition("items", rows: CursorService(padding: padding))])
        let first = ListServerTests.text(await ListServerTests.get(server, "/items", query: "limit=10"))
        let next = try #require(Markup.loadMoreHref(first)).split(separator: "?", maxSplits: 1)
        let scrolled = await ListServerTests.get(server, "/items", query: String(next[1]) + "&q=2", headers: [("HX-Request", "true")])
        #expect(scrolled.status == 400, "not another search's rows")
        #expect(ListServerTests.text(scrolled).contains(UIStrings.english.startOver), "the start over footer")
        let page = await ListServerTests.get(server, "/items", query: String(next[1]) + "&q=2")
        #expect(page.status == 400 && ListServerTests.text(page).contains("placeholder-error"))
        #expect(ListServerTests.text(page).contains("Where this page starts is no longer known here"), "not a row gone")
    }
}
