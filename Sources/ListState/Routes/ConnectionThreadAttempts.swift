import ListStore
import Synchronization

/// Which lists' requests are first tried on the connection's own thread.
///
/// Handing a request to a worker costs two thread switches, a suspended and
/// resumed connection and the locks between them: most of an uncached answer
/// over a small page (perf, BENCHMARKS.md). So a list request is first tried
/// where it arrived, as an attempt (`RowPageQuery.attemptWork`): its query
/// waits on no lock and runs at most ``work``; only when that is not enough
/// does a worker answer, with the whole query time limit (docs/design.md,
/// "Threads"). Requests of a list and query shape (`TableRequest.queryShape`:
/// its order, search and filter columns) whose attempt ran past its work (an
/// unindexed sort of a large table, a search that reads every row) go straight
/// to workers for ``pause``, so slow queries do not hold up a connection thread
/// again and again, while the list's other pages are still answered at once.
final class ConnectionThreadAttempts: Sendable {
    /// The most an attempt's query runs, in thousands of SQLite virtual-machine
    /// instructions (a 20-row keyset page takes a few; 100 is about a millisecond or
    /// two of one core here). Work, not time: under load a thread waits for a core, and
    /// a time limit would send every request to the workers then.
    let work: Int
    /// How long a shape whose attempt ran past its work is left to workers.
    let pause: Duration
    /// Shapes (a list's name and a query shape) left to workers, until when; `paused` counts them so the usual
    /// case (none) takes no lock.
    private let leftUntil = BlockingLock<[String: ContinuousClock.Instant]>([:])
    private let paused = Atomic<Int>(0)

    /// - Parameters:
    ///   - work: Thousands of SQLite virtual-machine instructions an attempt's query may run.
    ///   - pause: How long a shape whose attempt ran past its work goes straight to workers.
    init(work: Int = 100, pause: Duration = .seconds(10)) {
        self.work = work
        self.pause = pause
    }

    /// Whether a request of `shape` (a list's name and its query shape) is tried on the connection's thread now.
    func mayAttempt(_ shape: String) -> Bool {
        guard paused.load(ordering: .relaxed) > 0 else { return true }
        let now = ContinuousClock.now
        return leftUntil.withLock { until in
            guard let end = until[shape] else { return true }
            guard now >= end else { return false }
            until[shape] = nil
            paused.subtract(1, ordering: .relaxed)
            return true
        }
    }

    /// Leaves requests of `shape` to workers for ``pause`` (an attempt ran past its work).
    func leaveToWorkers(_ shape: String) {
        let end = ContinuousClock.now + pause
        leftUntil.withLock { until in
            if until.updateValue(end, forKey: shape) == nil { paused.add(1, ordering: .relaxed) }
        }
    }
}
