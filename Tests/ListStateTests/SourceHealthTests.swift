import Foundation
import ListStore
import Synchronization
import Testing

@testable import ListState

@Suite struct SourceHealthTests {
    /// Two sources, never opened: only their identity and name are used.
    let first = DatabaseSource(path: "/nonexistent/first.sqlite", watchesFolder: false)
    let second = DatabaseSource(path: "/nonexistent/second.sqlite", watchesFolder: false)
    static let busy = ListStoreError(kind: .busy, message: "locked")
    static let damaged = ListStoreError(kind: .corrupt, message: "damaged")

    /// Found by QA: faults were never logged, though the error page says they are.
    @Test func logsOncePerIncidentNamingTheSource() {
        let lines = Mutex<[String]>([])
        let health = SourceHealth { line in lines.withLock { $0.append(line) } }
        health.record(Result<Int, ListStoreError>.success(1), of: first)
        for _ in 0..<50 { health.record(Result<Int, ListStoreError>.failure(Self.busy), of: first) }
        #expect(health.failure?.error.kind == .busy)
        health.record(Result<Int, ListStoreError>.failure(Self.damaged), of: first)
        health.record(Result<Int, ListStoreError>.failure(Self.damaged), of: first)
        health.record(Result<Int, ListStoreError>.success(1), of: first)
        health.record(Result<Int, ListStoreError>.success(1), of: first)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 3)
        #expect(logged[0].contains("locked") && logged[1].contains("damaged") && logged[2].contains("answers again"))
        #expect(logged.allSatisfy { $0.contains(first.path) })
        #expect(health.failure == nil)
    }

    /// Found by a break-it pass: with two files served, a success on one cleared the other's failure.
    @Test func aSuccessOfOneSourceLeavesAnothersFailure() {
        let lines = Mutex<[String]>([])
        let health = SourceHealth { line in lines.withLock { $0.append(line) } }
        health.record(Result<Int, ListStoreError>.failure(Self.damaged), of: first)
        for _ in 0..<10 {
            health.record(Result<Int, ListStoreError>.success(1), of: second)
            #expect(health.failure?.source == first.path)
        }
        #expect(lines.withLock { $0 }.count == 1)
        health.record(Result<Int, ListStoreError>.success(1), of: first)
        #expect(health.failure == nil)
    }

    /// Readiness checks every source, at most every ``SourceHealth/recheckInterval``,
    /// and records what it found; a lock on a healthy source is no failure.
    @Test func readinessChecksTheSourcesAtMostTwiceASecond() {
        let health = SourceHealth { _ in }
        let checks = Mutex(0)
        func check(_ outcome: Result<Void, ListStoreError>) -> (any ListSource) -> Result<Void, ListStoreError> {
            { _ in
                checks.withLock { $0 += 1 }
                return outcome
            }
        }
        let sources: [any ListSource] = [first, second]
        #expect(health.readinessFailure(checking: sources, with: check(.failure(Self.busy))) == nil, "locked, not failing")
        #expect(health.readinessFailure(checking: sources, with: check(.failure(Self.damaged))) == nil, "not due yet")
        #expect(checks.withLock { $0 } == 2)
        Thread.sleep(forTimeInterval: 0.55)
        #expect(health.readinessFailure(checking: sources, with: check(.failure(Self.damaged)))?.error.kind == .corrupt)
        Thread.sleep(forTimeInterval: 0.55)
        #expect(
            health.readinessFailure(checking: sources, with: check(.failure(Self.busy)))?.error.kind == .busy,
            "a failing source stays failing")
        #expect(health.readinessFailure(checking: sources, with: check(.success(())))?.error.kind == .busy, "not due yet")
        #expect(checks.withLock { $0 } == 6)
    }
}
