import Foundation
import ListStore
import Synchronization
import Testing

@testable import ListApp

@Suite struct SourceHealthTests {
    /// Found by QA: faults were never logged, though the error page says they are.
    @Test func logsOncePerIncident() {
        let lines = Mutex<[String]>([])
        let health = SourceHealth { line in lines.withLock { $0.append(line) } }
        let busy = Result<Int, ListStoreError>.failure(ListStoreError(kind: .busy, message: "locked"))
        let corrupt = Result<Int, ListStoreError>.failure(ListStoreError(kind: .corrupt, message: "damaged"))
        health.record(Result<Int, ListStoreError>.success(1))
        for _ in 0..<50 { health.record(busy) }
        #expect(health.failure?.kind == .busy)
        health.record(corrupt)
        health.record(corrupt)
        health.record(Result<Int, ListStoreError>.success(1))
        health.record(Result<Int, ListStoreError>.success(1))
        let logged = lines.withLock { $0 }
        #expect(logged.count == 3)
        #expect(logged[0].contains("locked") && logged[1].contains("damaged") && logged[2].contains("answers again"))
        #expect(health.failure == nil)
    }

    /// Readiness checks the source, at most every ``SourceHealth/recheckInterval``,
    /// and records what it found; a lock on a healthy source is no failure.
    @Test func readinessChecksTheSourceAtMostTwiceASecond() {
        let health = SourceHealth { _ in }
        let checks = Mutex(0)
        func check(_ outcome: Result<Void, ListStoreError>) -> () -> Result<Void, ListStoreError> {
            {
                checks.withLock { $0 += 1 }
                return outcome
            }
        }
        let busy = ListStoreError(kind: .busy, message: "locked")
        let damaged = ListStoreError(kind: .corrupt, message: "damaged")
        #expect(health.readinessFailure(checkingWith: check(.failure(busy))) == nil, "locked, not failing")
        #expect(health.readinessFailure(checkingWith: check(.failure(damaged))) == nil, "not due yet")
        #expect(checks.withLock { $0 } == 1)
        Thread.sleep(forTimeInterval: 0.55)
        #expect(health.readinessFailure(checkingWith: check(.failure(damaged)))?.kind == .corrupt)
        Thread.sleep(forTimeInterval: 0.55)
        #expect(health.readinessFailure(checkingWith: check(.failure(busy)))?.kind == .busy, "a failing source stays failing")
        #expect(health.readinessFailure(checkingWith: check(.success(())))?.kind == .busy, "not due yet")
        #expect(checks.withLock { $0 } == 3)
    }
}
