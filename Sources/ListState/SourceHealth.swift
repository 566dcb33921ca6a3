import ListStore
import Synchronization

/// What the most recent queries said about each data source, for `/-/readyz`
/// (which never waits on a source), and the log of incidents.
///
/// Kept per source: with two files served, a query that succeeds on one says
/// nothing of the other (found by a break-it pass: readiness went up and down with
/// each request while one file was damaged). The log names the source and the cause
/// once per incident, not once per request: a line when a source starts failing (or
/// fails in a new way) and a line when it answers again.
final class SourceHealth: Sendable {
    /// A source's last failure.
    struct Failure: Sendable {
        /// The source as logs name it (``ListStore/ListSource/name``).
        var source: String
        var error: ListStoreError
    }

    private let failures = Mutex<[ObjectIdentifier: Failure]>([:])
    private let log: @Sendable (String) -> Void
    /// Whether `failures` holds any; written only under its lock. Every request
    /// records a success: reading this flag spares them the lock, which spins when
    /// contended (measured under wrk, BENCHMARKS.md).
    private let hasFailure = Atomic<Bool>(false)

    /// Makes a record; `log` receives one line per incident (standard error by default).
    init(log: @escaping @Sendable (String) -> Void = { logError($0) }) {
        self.log = log
    }

    /// Records the outcome of a query of `source`.
    /// A value the request gave that the column cannot read (`.invalidValue`) is
    /// the request's fault, every connection in use (`.overloaded`) this
    /// process's load (found by QA: readiness went down at peak load), and a view's
    /// repeated configured key (`.repeatedKey`) its configuration: the source answered.
    func record<T>(_ result: Result<T, ListStoreError>, of source: any ListSource) {
        if case .failure(let error) = result, error.kind == .repeatedKey {
            // A list's configuration to mend: said each time, the source's health as it was.
            log(error.message)
            return
        }
        var failure: ListStoreError?
        if case .failure(let error) = result, error.kind != .invalidValue, error.kind != .notFound, error.kind != .overloaded, !error.isStatementFailure {
            failure = error
        }
        if failure == nil, !hasFailure.load(ordering: .acquiring) { return }
        let identity = ObjectIdentifier(source)
        _ = isRemote(source)
        let change: String? = failures.withLock { failures in
            defer { hasFailure.store(!failures.isEmpty, ordering: .releasing) }
            let last = failures[identity]
            switch failure {
            case nil:
                guard last != nil else { return nil }
                failures[identity] = nil
                return "the data source \(source.name) answers again"
            case let error?:
                failures[identity] = Failure(source: source.name, error: error)
                guard last?.error.kind != error.kind else { return nil }
                return "the data source \(source.name) is failing: \(error)"
            }
        }
        if let change { log(change) }
    }

    /// Set once the process is draining (a termination signal arrived):
    /// `/-/readyz` then answers 503 whatever the source says.
    private let drainingFlag = Atomic<Bool>(false)

    /// Whether the process is draining (see ``beginDraining()``).
    var isDraining: Bool { drainingFlag.load(ordering: .relaxed) }

    /// Records that the process is draining, until ``endDraining()``.
    func beginDraining() { drainingFlag.store(true, ordering: .relaxed) }

    /// Records that the server serves again (a library's server started after a stop).
    func endDraining() { drainingFlag.store(false, ordering: .relaxed) }

    /// A failing source of this instance's own and its last failure (the first by name), or
    /// nil when every such source's most recent query succeeded (or none ran yet).
    var failure: Failure? { failing(remote: false) }

    /// A failing source of another service (an upstream API, a developer's awaited source)
    /// and its last failure: the instance is degraded, not unready (every instance shares it).
    var degraded: Failure? { failing(remote: true) }

    private let remote = Mutex<Set<ObjectIdentifier>>([])

    private func failing(remote wanted: Bool) -> Failure? {
        let remote = remote.withLock { $0 }
        return failures.withLock { failures in
            failures.filter { remote.contains($0.key) == wanted }.values.min { $0.source < $1.source }
        }
    }

    /// Whether `source` is another service read with Swift concurrency (a list's rows alone that await).
    private func isRemote(_ source: any ListSource) -> Bool {
        guard let alone = source as? RowsAlone, alone.rows.capabilities.awaits else { return false }
        remote.withLock { _ = $0.insert(ObjectIdentifier(source)) }
        return true
    }

    /// How often, at most, readiness checks the sources themselves.
    static let recheckInterval: Duration = .milliseconds(500)
    /// When readiness last checked the sources.
    private let lastRecheck = Mutex<ContinuousClock.Instant?>(nil)

    /// What `/-/readyz` reports: ``failure``, after each of `sources` was checked with
    /// `check` (a query that waits on nothing), at most every ``recheckInterval``, and
    /// its outcome recorded. A load balancer that takes an instance out on a 503 sends
    /// it no list request, so readiness waiting for one stayed 503 after the source was
    /// back; and one that sends no list request to a healthy instance never learnt that
    /// its file was damaged (both found by break-it passes). A healthy source that is
    /// only busy (a writer's lock, which every instance over the file shares) or loaded
    /// stays ready: requests still say 503 and record it themselves.
    func readinessFailure(
        checking sources: [any ListSource],
        with check: (any ListSource) -> Result<Void, ListStoreError> = { $0.schemaVersion(waiting: false).map { _ in () } }
    ) -> Failure? {
        let now = ContinuousClock.now
        let due = lastRecheck.withLock { last -> Bool in
            guard last.map({ now - $0 >= Self.recheckInterval }) ?? true else { return false }
            last = now
            return true
        }
        if due {
            // Another service's health is known from its reads alone: a check here would say
            // nothing of it, yet clear its failure (and log that it answers again).
            for source in sources where !isRemote(source) {
                let outcome = check(source)
                switch outcome {
                case .failure(let error) where error.isContention:
                    if failures.withLock({ $0[ObjectIdentifier(source)] != nil }) { record(outcome, of: source) }
                default:
                    record(outcome, of: source)
                }
            }
        }
        return failure
    }
}
