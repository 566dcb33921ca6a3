import HTTPServer
import Testing

@testable import ListState

/// A list request is first tried on the connection's thread (`ConnectionThreadAttempts`):
/// answered there when its query neither meets a lock nor runs long, else by a worker.
@Suite struct ConnectionThreadAttemptsTests {
    @Test func aListLeftToWorkersIsTriedAgainAfterThePause() throws {
        let attempts = ConnectionThreadAttempts(work: 100, pause: .milliseconds(100))
        #expect(attempts.mayAttempt("items"))
        attempts.leaveToWorkers("items")
        #expect(!attempts.mayAttempt("items") && attempts.mayAttempt("other"))
        attempts.leaveToWorkers("items")
        try #require(!attempts.mayAttempt("items"))
        let start = ContinuousClock.now
        while !attempts.mayAttempt("items") {
            #expect(ContinuousClock.now - start < .seconds(2))
            if ContinuousClock.now - start >= .seconds(2) { break }
        }
        #expect(ContinuousClock.now - start >= .milliseconds(90))
        #expect(attempts.mayAttempt("items"), "the pause is over for good")
    }

    func answer(_ fixture: TableFixture, _ target: String) throws -> Answer {
        let route = TableRoute(fixture.server.application)
        let lists = route.catalog.lists
        let list = try #require(lists.list(named: "products"))
        let request = try Request(method: .get, target: target)
        return route.answer(ListAsk(request, list: list), in: lists, to: request)
    }

    @Test func anUncachedPageIsAnsweredWhereItArrived() throws {
        let fixture = try TableFixture()
        guard case .now(let response) = try answer(fixture, "/products?limit=3") else {
            Issue.record("the page went to a worker")
            return
        }
        #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self).contains("apple"))
        fixture.server.validate(
            HTTPTestClient.Answer(
                status: response.status, headers: response.headers.map { ($0.name.lowercased(), $0.value) }, body: response.body),
            target: "/products?limit=3")
    }

    @Test func aQueryThatMeetsALockGoesToAWorker() throws {
        let fixture = try TableFixture(queryTimeLimit: 0.2)
        let lock = try fixture.holdLock()
        defer { lock.release() }
        guard case .onWorker(let step) = try answer(fixture, "/products?limit=4") else {
            Issue.record("a locked query was answered on the connection's thread")
            return
        }
        let response = step()
        #expect(response.status == 503, "the worker waits the query time limit, then says unavailable")
        #expect(fixture.server.application.health.failure != nil)
    }
}

/// A slow shape (an unindexed sort of 300,000 rows) is left to workers; the list's other pages are not.
@Suite struct SlowShapeTests {
    @Test func aSlowSortIsLeftToWorkersAndTheFirstPageIsStillAnsweredAtOnce() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            INSERT INTO big SELECT i, (i * 7919) % 100003 FROM n;
            """)
        let route = TableRoute(fixture.server.application)
        let lists = route.catalog.lists
        let list = try #require(lists.list(named: "big"))
        func answer(_ target: String) throws -> Answer {
            let request = try Request(method: .get, target: target)
            return route.answer(ListAsk(request, list: list, format: .json), in: lists, to: request)
        }
        guard case .onWorker(let step) = try answer("/big.json?sort=v") else {
            Issue.record("a sort of 300,000 rows by an unindexed column finished within its attempt")
            return
        }
        #expect(step().status == 200, "the worker has the whole query time limit")
        let attempts = fixture.server.application.connectionThreadAttempts
        #expect(!attempts.mayAttempt("big\u{2}+v"), "the shape is left to workers")
        guard case .onWorker = try answer("/big.json?sort=v&limit=5") else {
            Issue.record("the slow shape was tried again at once")
            return
        }
        guard case .now(let first) = try answer("/big.json?limit=5") else {
            Issue.record("the list's first page went to a worker too")
            return
        }
        #expect(first.status == 200)
    }
}
