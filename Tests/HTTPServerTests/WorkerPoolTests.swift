import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// The order a ``WorkerPool`` runs its jobs in: answers first, a stream's next
/// piece (a CSV export's) when no answer waits, and on half the threads at most.
@Suite struct WorkerPoolTests {
    /// Found in use (issue 41, PostgreSQL with a pool of 2 and 200 clients): export
    /// pieces took every worker and the row pages queued behind them waited their whole
    /// time limit. A piece queued before an answer runs after it.
    @Test func anAnswerQueuedAfterAStreamPieceRunsFirst() throws {
        let pool = try WorkerPool(threads: 2)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let order = Mutex<[String]>([])
        for _ in 0..<2 {
            done.enter()
            pool.submit {
                started.signal()
                gate.wait()
                done.leave()
            }
        }
        started.wait()
        started.wait()
        done.enter()
        pool.submit(yielding: true) {
            order.withLock { $0.append("piece") }
            done.leave()
        }
        done.enter()
        pool.submit {
            order.withLock { $0.append("answer") }
            done.leave()
        }
        gate.signal()
        // The second thread is let go once the first took its next job.
        let until = Date(timeIntervalSinceNow: 5)
        while order.withLock({ $0.isEmpty }) && Date() < until { Thread.sleep(forTimeInterval: 0.005) }
        gate.signal()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(order.withLock { $0 } == ["answer", "piece"])
    }

    /// Pieces that block (waiting for a connection) leave half the threads to answers.
    @Test func piecesKeepHalfTheThreadsFreeForAnswers() throws {
        let pool = try WorkerPool(threads: 2)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
        let running = Atomic<Int>(0)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            pool.submit(yielding: true) {
                running.add(1, ordering: .relaxed)
                started.signal()
                gate.wait()
                done.leave()
            }
        }
        // The answer comes once a piece holds a thread (queued earlier, it would simply run first).
        #expect(started.wait(timeout: .now() + 5) == .success, "a piece starts")
        pool.submit { answered.signal() }
        #expect(answered.wait(timeout: .now() + 5) == .success, "an answer waited for the pieces")
        #expect(running.load(ordering: .relaxed) == 1)
        gate.signal()
        gate.signal()
        #expect(done.wait(timeout: .now() + 5) == .success, "the second piece runs once the first is done")
    }
}
