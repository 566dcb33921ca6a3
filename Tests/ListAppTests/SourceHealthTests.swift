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

    /// While a failure stands, readiness checks the source again, at most every
    /// ``SourceHealth/recheckInterval``, and records what it found.
    @Test func readinessChecksAFailingSourceAgainAtMostTwiceASecond() {
        let health = SourceHealth { _ in }
        let checks = Mutex(0)
        let busy = ListStoreError(kind: .busy, message: "locked")
        #expect(
            health.readinessFailure {
                checks.withLock { $0 += 1 }
                return .success(())
            } == nil)
        #expect(checks.withLock { $0 } == 0, "nothing failed: nothing to check")
        health.record(Result<Int, ListStoreError>.failure(busy))
        #expect(
            health.readinessFailure {
                checks.withLock { $0 += 1 }
                return .failure(busy)
            }?.kind == .busy)
        #expect(
            health.readinessFailure {
                checks.withLock { $0 += 1 }
                return .success(())
            }?.kind == .busy, "not due yet")
        #expect(checks.withLock { $0 } == 1)
    }
}
