import Foundation
import Synchronization
import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// Who gets a connection of the pool first: a request that yields (a CSV
/// export's piece) waits while a page waits, and within its own deadline.
@Suite(.enabled(if: TestCluster.isAvailable, "needs scripts/with-postgresql"))
struct PostgreSQLPoolTests {
    static let later = Duration.seconds(5)

    /// Polls `condition` until it holds (at most five seconds).
    static func await(_ what: String, _ condition: () -> Bool) {
        let until = ContinuousClock.now + later
        while !condition() && ContinuousClock.now < until { Thread.sleep(forTimeInterval: 0.005) }
        #expect(condition(), "never: \(what)")
    }

    /// Found in use (issue 41, a pool of 2 and 200 clients): an export gave its connection
    /// back after a piece and took it again at once for the next, and the row pages waiting
    /// for it waited their whole time limit. With a pool of one, the page goes first.
    @Test func anExportBetweenItsPiecesLetsAWaitingPageInFirst() throws {
        try TestCluster.withDatabase("") { conninfo, _ in
            let pool = PostgreSQLPool(conninfo: conninfo, size: 1, statementTimeout: 5)
            let order = Mutex<[String]>([])
            let pageDone = DispatchGroup()
            try pool.withConnection(until: .now + Self.later, yielding: true) { _ throws(ListStoreError) in
                pageDone.enter()
                DispatchQueue.global().async {
                    defer { pageDone.leave() }
                    do throws(ListStoreError) {
                        try pool.withConnection(until: .now + Self.later) { _ throws(ListStoreError) in
                            order.withLock { $0.append("page") }
                        }
                    } catch {
                        order.withLock { $0.append("page failed: \(error)") }
                    }
                }
                Self.await("the page waits") { pool.waiting.pages == 1 }
            }
            try pool.withConnection(until: .now + Self.later, yielding: true) { _ throws(ListStoreError) in
                order.withLock { $0.append("export") }
            }
            pageDone.wait()
            #expect(order.withLock { $0 } == ["page", "export"])
            #expect(pool.waiting == (0, 0))
        }
    }

    /// A page that gave up waiting (its deadline) is no longer one an export yields to, and an
    /// export that pages keep waiting ahead of ends at its own deadline as `.overloaded`.
    @Test func anExportYieldsOnlyToPagesStillWaitingAndOnlyUntilItsDeadline() throws {
        try TestCluster.withDatabase("") { conninfo, _ in
            let pool = PostgreSQLPool(conninfo: conninfo, size: 1, statementTimeout: 5)
            let exported = Atomic<Bool>(false)
            let done = DispatchGroup()
            try pool.withConnection(until: .now + Self.later) { _ throws(ListStoreError) in
                // A page that waits 0.2 s and gives up.
                let shortPage = DispatchGroup()
                shortPage.enter()
                DispatchQueue.global().async {
                    defer { shortPage.leave() }
                    _ = try? pool.withConnection(until: .now + .milliseconds(200)) { _ throws(ListStoreError) in }
                }
                shortPage.wait()
                #expect(pool.waiting == (0, 0))
                done.enter()
                DispatchQueue.global().async {
                    defer { done.leave() }
                    _ = try? pool.withConnection(until: .now + Self.later, yielding: true) { _ throws(ListStoreError) in
                        exported.store(true, ordering: .relaxed)
                    }
                }
                Self.await("the export waits") { pool.waiting.exports == 1 }
            }
            let given = ContinuousClock.now
            done.wait()
            let didExport = exported.load(ordering: .relaxed)
            #expect(didExport)
            #expect(ContinuousClock.now - given < .seconds(1), "the export waited for a page that had gone")

            // Held, with a page waiting the whole time: the export ends at its deadline.
            let pageDone = DispatchGroup()
            let outcome = try pool.withConnection(until: .now + Self.later) { _ throws(ListStoreError) -> Result<Void, ListStoreError> in
                pageDone.enter()
                DispatchQueue.global().async {
                    defer { pageDone.leave() }
                    _ = try? pool.withConnection(until: .now + Self.later) { _ throws(ListStoreError) in }
                }
                Self.await("the page waits") { pool.waiting.pages == 1 }
                let started = ContinuousClock.now
                let result = Result { () throws(ListStoreError) in
                    try pool.withConnection(until: .now + .milliseconds(300), yielding: true) { _ throws(ListStoreError) in }
                }
                #expect(ContinuousClock.now - started < .seconds(1))
                return result
            }
            pageDone.wait()
            guard case .failure(let error) = outcome else {
                Issue.record("the export took the connection a page waited for")
                return
            }
            #expect(error.kind == .overloaded)
            #expect(error.message.contains("export"), "\(error.message)")
        }
    }
}
