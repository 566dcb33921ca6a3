import ListStore
import Synchronization

/// Which lists' requests are first tried on the connection's own thread.
///
/// Handing a request to a worker costs two thread switches, a suspended and
/// resumed connection and the locks between them: most of an uncached answer
/// over a small page (perf, BENCHMARKS.md). So a list request is first tried
/// where it arrived, as an attempt (`RowPageQuery.attemptLimit`): its query
/// waits on no lock and runs at most ``limit``; only when that is not enough
/// does a worker answer, with the whole query time limit (docs/design.md,
/// "Threads"). A list whose attempt ran out of time (an unindexed sort of a
/// large table, a search that reads every row) goes straight to workers for
/// ``pause``, so slow queries do not hold up a connection thread again and again.
final class ConnectionThreadAttempts: Sendable {
    /// The most an attempt's query runs, in seconds.
    let limit: Double
    /// How long a list whose attempt ran out of time is left to workers.
    let pause: Duration
    /// Lists left to workers, until when; `paused` counts them so the usual
    /// case (none) takes no lock.
    private let leftUntil = BlockingLock<[String: ContinuousClock.Instant]>([:])
    private let paused = Atomic<Int>(0)

    /// - Parameters:
    ///   - limit: Seconds an attempt's query may run (a 20-row page takes well under a millisecond).
    ///   - pause: How long a list whose attempt ran out of time goes straight to workers.
    init(limit: Double = 0.005, pause: Duration = .seconds(10)) {
        self.limit = limit
        self.pause = pause
    }

    /// Whether a request for the list named `list` is tried on the connection's thread now.
    func mayAttempt(_ list: String) -> Bool {
        guard paused.load(ordering: .relaxed) > 0 else { return true }
        let now = ContinuousClock.now
        return leftUntil.withLock { until in
            guard let end = until[list] else { return true }
            guard now >= end else { return false }
            until[list] = nil
            paused.subtract(1, ordering: .relaxed)
            return true
        }
    }

    /// Leaves the list named `list` to workers for ``pause`` (its attempt ran out of time).
    func leaveToWorkers(_ list: String) {
        let end = ContinuousClock.now + pause
        leftUntil.withLock { until in
            if until.updateValue(end, forKey: list) == nil { paused.add(1, ordering: .relaxed) }
        }
    }
}
