import HTTPServer
import ListDecision
import ListStore
import Synchronization
import Testing

@testable import ListState

/// The one reader of every format (`ListReader`): the retry after a schema change,
/// the meaning of each failure (`ReadFailure`) and the record of each request's outcome.
@Suite struct ListReaderTests {
    let fixture: TableFixture
    let logged = TestServer.LoggedLines()
    let reader: ListReader
    let lists: TableLists

    init() throws {
        fixture = try TableFixture()
        let application = fixture.server.application
        let logged = self.logged
        reader = ListReader(catalog: application.tables, health: SourceHealth { logged.append($0) }, retryAfterSeconds: 7)
        lists = application.tables.lists
    }

    func ask(_ target: String, format: ListFormat = .page) throws -> ListAsk {
        let request = try Request(method: .get, target: target)
        return ListAsk(request, list: try #require(lists.list(named: "products")), format: format)
    }

    static func error(_ kind: ListStoreError.Kind) -> ListStoreError { ListStoreError(kind: kind, message: "\(kind)") }

    @Test func aSchemaChangeIsReadOnceMoreOverTheListsReadAgain() throws {
        let ask = try ask("/products")
        let calls = Mutex(0)
        let read = reader.read(ask, ask.validated()) { _, _ -> Result<Int, ListStoreError> in
            calls.withLock { $0 += 1 }
            return calls.withLock { $0 } == 1 ? .failure(Self.error(.schemaChanged)) : .success(42)
        }
        #expect(calls.withLock { $0 } == 2 && read.retry != nil)
        guard case .read(42) = read.outcome else {
            Issue.record("the second try's rows were not the outcome: \(read.outcome)")
            return
        }
        #expect(logged.all.isEmpty, "the first try's schema change is not the source failing")
    }

    @Test func aSchemaChangedAgainIsNotReadAThirdTimeAndIsUnavailable() throws {
        let ask = try ask("/products")
        let calls = Mutex(0)
        let read = reader.read(ask, ask.validated()) { _, _ -> Result<Int, ListStoreError> in
            calls.withLock { $0 += 1 }
            return .failure(Self.error(.schemaChanged))
        }
        #expect(calls.withLock { $0 } == 2)
        guard case .failed(.source(.unavailable(retryAfterSeconds: 7)), _) = read.outcome else {
            Issue.record("a schema changed twice: \(read.outcome)")
            return
        }
        #expect(logged.all.count == 1, "the second try's outcome is recorded, once")
    }

    @Test func eachErrorKindHasItsStatus() throws {
        let plain = try ask("/products").validated().get()
        let searching = try ask("/products?q=apple").validated().get()
        let list = try #require(lists.list(named: "products"))
        func failure(_ kind: ListStoreError.Kind, _ request: TableRequest?) -> ReadFailure {
            ReadFailure(Self.error(kind), of: list, request: request, retryAfterSeconds: 7)
        }
        for kind in [ListStoreError.Kind.busy, .overloaded, .timedOut, .cannotOpen, .noSpace, .schemaChanged] {
            #expect(failure(kind, plain) == .source(.unavailable(retryAfterSeconds: 7)), "\(kind)")
        }
        for kind in [ListStoreError.Kind.corrupt, .wrongSchema, .repeatedKey, .other] {
            #expect(failure(kind, plain) == .source(.failed), "\(kind)")
        }
        #expect(failure(.invalidValue, plain) == .unreadableValue)
        #expect(failure(.invalidValue, nil) == .source(.failed), "a row's read has no value of the request")
        #expect(failure(.timedOut, searching) == .searchTooSlow(timeLimit: list.source.queryTimeLimit))
        #expect(failure(.timedOut, nil) == .source(.unavailable(retryAfterSeconds: 7)))
    }

    @Test func eachRequestsOutcomeIsRecordedOnce() throws {
        let ask = try ask("/products")
        let damaged: Result<Int, ListStoreError> = .failure(Self.error(.corrupt))
        _ = reader.read(ask, ask.validated()) { _, _ in damaged }
        #expect(reader.health.failure?.error.kind == .corrupt)
        _ = reader.readRow(ask) { _ in Result<Int, ListStoreError>.success(1) }
        #expect(reader.health.failure == nil)
        let lines = logged.all
        #expect(lines.count == 2 && lines[0].contains("is failing") && lines[1].contains("answers again"))
    }

    @Test func anAttemptsFailureIsNeitherRetriedNorRecorded() throws {
        let ask = try ask("/products")
        for kind in [ListStoreError.Kind.busy, .schemaChanged, .corrupt] {
            let calls = Mutex(0)
            let read = reader.read(ask, ask.validated(), isAttempt: true) { _, _ -> Result<Int, ListStoreError> in
                calls.withLock { $0 += 1 }
                return .failure(Self.error(kind))
            }
            #expect(calls.withLock { $0 } == 1 && read.retry == nil, "\(kind)")
            guard case .failed(_, let error) = read.outcome else {
                Issue.record("an attempt's \(kind) was no failure")
                continue
            }
            #expect(error.kind == kind)
        }
        #expect(reader.health.failure == nil && logged.all.isEmpty)
    }

    @Test func aRefusalReadsAndRecordsNothing() throws {
        let ask = try ask("/products?sort=nonesuch")
        let read = reader.read(ask, ask.validated()) { _, _ -> Result<Int, ListStoreError> in
            Issue.record("a refused request was read")
            return .success(0)
        }
        guard case .refused = read.outcome else {
            Issue.record("sort=nonesuch: \(read.outcome)")
            return
        }
        #expect(read.retry == nil)
    }

    @Test func aRowAddressNoRowCanHaveIsNotRead() throws {
        let ask = try ask("/products/x", format: .rowPage)
        let read = reader.readRow(ask) { _ -> Result<Int, ListStoreError>? in nil }
        guard case .unread = read.outcome else {
            Issue.record("\(read.outcome)")
            return
        }
        #expect(logged.all.isEmpty)
    }
}
