import ListStore
import Synchronization

/// What the most recent queries said about the data source, for `/-/readyz`
/// (which never waits on the source), and the log of incidents.
///
/// The log names the cause once per incident, not once per request: a line
/// when the source starts failing (or fails in a new way) and a line when it
/// answers again.
final class SourceHealth: Sendable {
    private let lastFailure = Mutex<ListStoreError?>(nil)
    private let log: @Sendable (String) -> Void
    /// Whether `lastFailure` holds an error; written only under its lock. Every
    /// request records a success: reading this flag spares them the lock, which
    /// spins when contended (measured under wrk, BENCHMARKS.md).
    private let hasFailure = Atomic<Bool>(false)

    /// Makes a record; `log` receives one line per incident (standard error by default).
    init(log: @escaping @Sendable (String) -> Void = { logError($0) }) {
        self.log = log
    }

    /// Records the outcome of a query.
    /// A value the request gave that the column cannot read (`.invalidValue`) is
    /// the request's fault, every connection in use (`.overloaded`) this
    /// process's load (found by QA: readiness went down at peak load), and a view's
    /// repeated configured key (`.repeatedKey`) its configuration: the source answered.
    func record<T>(_ result: Result<T, ListStoreError>) {
        if case .failure(let error) = result, error.kind == .repeatedKey {
            // A list's configuration to mend: said each time, the source's health as it was.
            log(error.message)
            return
        }
        var failure: ListStoreError?
        if case .failure(let error) = result, error.kind != .invalidValue, error.kind != .overloaded, !error.isStatementFailure {
            failure = error
        }
        if failure == nil, !hasFailure.load(ordering: .acquiring) { return }
        let change: String? = lastFailure.withLock { last in
            switch failure {
            case nil:
                guard last != nil else { return nil }
                last = nil
                hasFailure.store(false, ordering: .releasing)
                return "the data source answers again"
            case let error?:
                defer {
                    last = error
                    hasFailure.store(true, ordering: .releasing)
                }
                guard last?.kind != error.kind else { return nil }
                return "the data source is failing: \(error)"
            }
        }
        if let change { log(change) }
    }

    /// Set once the process is draining (a termination signal arrived):
    /// `/-/readyz` then answers 503 whatever the source says.
    private let drainingFlag = Atomic<Bool>(false)

    /// Whether the process is draining (see ``beginDraining()``).
    var isDraining: Bool { drainingFlag.load(ordering: .relaxed) }

    /// Records that the process is draining; cannot be undone.
    func beginDraining() { drainingFlag.store(true, ordering: .relaxed) }

    /// The failure of the most recent query, or nil when it succeeded (or none ran yet).
    var failure: ListStoreError? { lastFailure.withLock { $0 } }

    /// How often, at most, readiness checks the source itself.
    static let recheckInterval: Duration = .milliseconds(500)
    /// When readiness last checked the source.
    private let lastRecheck = Mutex<ContinuousClock.Instant?>(nil)

    /// What `/-/readyz` reports: ``failure``, after `check` (a query that waits on
    /// nothing) has run, at most every ``recheckInterval``, and its outcome was
    /// recorded. A load balancer that takes an instance out on a 503 sends it no list
    /// request, so readiness waiting for one stayed 503 after the source was back;
    /// and one that sends no list request to a healthy instance never learnt that its
    /// file was damaged (both found by break-it passes). A healthy source that is only
    /// busy (a writer's lock, which every instance over the file shares) or loaded
    /// stays ready: requests still say 503 and record it themselves.
    func readinessFailure(checkingWith check: () -> Result<Void, ListStoreError>) -> ListStoreError? {
        let now = ContinuousClock.now
        let due = lastRecheck.withLock { last -> Bool in
            guard last.map({ now - $0 >= Self.recheckInterval }) ?? true else { return false }
            last = now
            return true
        }
        if due {
            let outcome = check()
            switch outcome {
            case .failure(let error) where [.busy, .overloaded, .timedOut].contains(error.kind):
                if hasFailure.load(ordering: .acquiring) { record(outcome) }
            default:
                record(outcome)
            }
        }
        return failure
    }
}
