import Foundation
import ListStore
import Synchronization
import TestSupport
import Testing

@testable import ListState

/// A list whose rows are read with Swift concurrency (`AsyncRowSource`, taken as a list's
/// rows through `SuspendingRowSource`): its pages are awaited with the connection
/// suspended, and at the deadline the answer is 503 whether or not the read returned.
/// The server is reached over its socket from a thread of the test's own (`onOwnThread`):
/// the reads under test run as tasks.
@Suite struct SuspendingListTests {
    /// Rows in memory read through `async` calls; a read waits while `isHeld`, and is counted.
    final class AwaitedFruit: AsyncRowSource {
        let rows: InMemoryRowSource
        let timeLimit: Duration
        private let state = Mutex<(isHeld: Bool, reads: Int, cancelled: Int)>((false, 0, 0))

        init(timeLimit: Duration = .seconds(5)) throws {
            let names = ["apple", "banana", "cherry", "date", "elder", "fig", "grape"]
            rows = try InMemoryRowSource(
                name: "fruit", columns: InMemoryListTests.columns,
                rows: names.enumerated().map { [.integer(Int64($0 + 1)), .text($1), .real(Double($0))] })
            self.timeLimit = timeLimit
        }

        var columns: [TableDescription.Column] { rows.table.columns }
        var capabilities: RowSourceCapabilities { rows.capabilities }
        var counts: (reads: Int, cancelled: Int) { state.withLock { ($0.reads, $0.cancelled) } }
        func hold(_ isHeld: Bool) { state.withLock { $0.isHeld = isHeld } }

        /// Waits (suspended) while held; a cancelled wait is counted and ends.
        private func waitWhileHeld() async {
            state.withLock { $0.reads += 1 }
            while state.withLock({ $0.isHeld }) {
                do {
                    try await Task.sleep(for: .milliseconds(5))
                } catch {
                    state.withLock { $0.cancelled += 1 }
                    return
                }
            }
        }

        func rows(_ request: RowRequest) async throws -> RowBatch {
            await waitWhileHeld()
            let query = RowPageQuery(
                table: rows.table, sort: request.sort, after: request.after, limit: request.limit, search: request.search,
                filters: request.filters, wholeValues: true)
            let page = try rows.page(query, continuing: nil).get()
            return RowBatch(rows: page?.rows.map(Array.init) ?? [], hasMore: page?.hasMore ?? false)
        }
        func row(key: [SQLValue]) async throws -> [SQLValue]? {
            await waitWhileHeld()
            return try rows.row(address: key, startedAt: nil).get()
        }
    }

    static func serve(_ fruit: AwaitedFruit) throws -> TestServer {
        let list = try ListDefinition("fruit", rows: fruit)
        var configuration = AppConfiguration()
        configuration.retryAfterSeconds = 3
        return try TestServer(tables: TableCatalog(TableLists([list])), configuration: configuration)
    }

    @Test func itsPagesRowsAndExportAreAnswered() async throws {
        let fruit = try AwaitedFruit()
        let server = try Self.serve(fruit)
        try await onOwnThread {
            let page = try server.get("/fruit?limit=3")
            #expect(page.status == 200 && page.text.contains(">cherry<") && !page.text.contains(">date<"))
            let next = try #require(Markup.loadMoreHref(page.text))
            let continuation = try server.get(next, headers: ["HX-Request": "true"])
            #expect(continuation.status == 200 && continuation.text.hasPrefix("<tr") && continuation.text.contains(">date<"))
            let json = try TableFixture.json(server.get("/fruit.json?sort=-name&limit=2"))
            #expect((json["rows"] as? [[String: Any]])?.count == 2 && json["next"] != nil)
            #expect(try server.get("/fruit/5").text.contains("elder"))
            #expect(try server.get("/fruit.csv").text.split(separator: "\r\n").count == 8)
        }
        #expect(fruit.counts.reads >= 5)
    }

    @Test func aReadPastItsTimeLimitIsUnavailableAndCancelled() async throws {
        let fruit = try AwaitedFruit(timeLimit: .milliseconds(100))
        let server = try Self.serve(fruit)
        fruit.hold(true)
        try await onOwnThread {
            let page = try server.get("/fruit")
            #expect(page.status == 503 && page.header("retry-after") == "3" && page.text.contains("placeholder-unavailable"))
            let json = try server.get("/fruit.json")
            #expect(json.status == 503)
        }
        #expect(fruit.counts.cancelled >= 1, "the read the deadline beat was cancelled")
        fruit.hold(false)
        let answered = try await onOwnThread { try server.get("/fruit?limit=2").status }
        #expect(answered == 200)
    }
}
