import Synchronization
import TestSupport
import Testing

@testable import ListState

/// A developer's source that does not move on (it ignores `request.after`, or says rows
/// follow and gives none) cannot make a CSV export endless: the export asks page after page
/// while rows are said to follow, so a page that does not move past the last one stops it.
@Suite struct SourceWithoutProgressTests {
    /// Always the same rows, or none, and always "more follow"; past 50 reads it fails, so
    /// an export that would go on forever ends (broken) and the test can tell.
    final class Stuck: AsyncRowSource {
        let rowsGiven: [[SQLValue]]
        let reads = Mutex(0)
        let columns: [TableDescription.Column] = [.key("id"), .text("title")]
        init(_ rowsGiven: [[SQLValue]]) { self.rowsGiven = rowsGiven }

        func rows(_ request: RowRequest) async throws -> RowBatch {
            let read = reads.withLock { reads in
                reads += 1
                return reads
            }
            guard read <= 50 else { throw ListStoreError(.failed, message: "read 50 times") }
            return RowBatch(rows: rowsGiven, hasMore: true)
        }
        func row(key: [SQLValue]) async throws -> [SQLValue]? { nil }
    }

    enum Export: Equatable {
        case whole(String)
        case broken(String)
    }

    /// The CSV export of the list `stuck`, whole or broken off.
    static func export(_ server: ListServer) async throws -> Export {
        let response = await server.respond(to: ListServer.Request(path: "/stuck.csv"))
        #expect(response.status == 200)
        var body = response.body
        do {
            if let stream = response.stream { for try await piece in stream { body += piece } }
        } catch is ListServer.BodyStreamError {
            return .broken(String(decoding: body, as: UTF8.self))
        }
        return .whole(String(decoding: body, as: UTF8.self))
    }

    @Test func anExportOfASourceThatGivesNoRowsButSaysMoreFollowEnds() async throws {
        let source = Stuck([])
        let server = try ListServer(lists: [try ListDefinition("stuck", rows: source)], log: { _ in })
        #expect(try await onOwnExecutor { try await Self.export(server) } == .whole("id,title\r\n"), "the header, and the end")
        #expect(source.reads.withLock { $0 } == 1)
    }

    @Test func anExportOfASourceThatIgnoresWhereThePageStartsIsBrokenOff() async throws {
        let source = Stuck([[.integer(1), .text("Dune")], [.integer(2), .text("Emma")]])
        let server = try ListServer(lists: [try ListDefinition("stuck", rows: source)], log: { _ in })
        let export = try await onOwnExecutor { try await Self.export(server) }
        #expect(export == .broken("id,title\r\n1,Dune\r\n2,Emma\r\n"), "the rows once, then a broken transfer")
        #expect(source.reads.withLock { $0 } == 2)
    }
}
