import Dispatch
import Foundation
import ListState
import ListStore

// The program of Tests/reliability/hungsource.py: every table of the SQLite file given as the
// first argument, and the list `hung` over a developer's source that never answers in time,
// served on a free port by ListServer (the library's server, as a developer runs it).

/// A source that waits 30 s for every read whatever its deadline and cancellation say, as a
/// careless call to a service that stopped answering would (suspended, holding no thread).
struct HungSource: AsyncRowSource {
    let columns: [TableDescription.Column] = [.key("id"), .text("title")]
    let timeLimit: Duration = .seconds(2)

    func rows(_ request: RowRequest) async throws -> RowBatch {
        await withCheckedContinuation { done in DispatchQueue.global().asyncAfter(deadline: .now() + 30) { done.resume() } }
        return RowBatch(rows: [], hasMore: false)
    }

    func row(key: [SQLValue]) async throws -> [SQLValue]? { nil }
}

guard CommandLine.arguments.count == 2 else {
    print("usage: reliability-host DATABASE.sqlite")
    exit(2)
}
do {
    let tables = try TableLists.lists(of: [DatabaseSource(path: CommandLine.arguments[1], queryTimeLimit: 2)])
    let server = try ListServer(lists: tables.lists + [try ListDefinition("hung", rows: HungSource())])
    try server.run(port: 0)
} catch {
    print("reliability-host: \(error)")
    exit(1)
}
