import Synchronization

/// Notices when the file at a path is replaced (a new file moved in) or
/// deleted, by comparing its `FileIdentity` at most once per interval.
///
/// docs/design.md, "Data source faults": a replaced catalogue is opened within 5 s
/// (so the path is checked at most once a second), and a deleted one keeps
/// serving from the connections already open. Checking costs one `stat(2)`
/// per interval for the whole process; between checks a request pays one
/// clock read and one atomic load.
final class PathWatch: Sendable {
    /// What a check found.
    enum Change: Equatable, Sendable {
        /// The same file as before (or the check was not due yet).
        case none
        /// A different file now stands at the path: connections to the old one must go.
        case replaced
        /// Nothing stands at the path any more (first noticed by this check).
        case missing
        /// The same file came back after being reported missing (restored by a hard link or rename back).
        case restored
    }

    /// The watched path.
    let path: String
    /// Nanoseconds between two checks.
    let interval: UInt64
    private let nextCheck = Atomic<UInt64>(0)
    private let known = BlockingLock<(identity: FileIdentity?, isMissing: Bool)>((nil, false))
    private let identityOf: @Sendable (String) -> FileIdentity?

    /// Makes a watch; the first `check` examines the path.
    /// - Parameters:
    ///   - path: The file to watch.
    ///   - interval: The least time between two examinations, in seconds.
    ///   - identityOf: Reads a path's identity (`FileIdentity(path:)`; tests may substitute it).
    init(
        path: String, interval: Double = 1,
        identityOf: @escaping @Sendable (String) -> FileIdentity? = { FileIdentity(path: $0) }
    ) {
        self.path = path
        self.interval = UInt64(max(0, interval) * 1e9)
        self.identityOf = identityOf
    }

    /// Examines the path if the last examination is at least `interval` old
    /// (one caller does it; the others go on), or at once when `due`, and says what changed.
    /// - Parameters:
    ///   - now: The monotonic clock in nanoseconds.
    ///   - due: Whether to examine it now (another look at the path saw it replaced).
    func check(now: UInt64 = monotonicNanoseconds(), due: Bool = false) -> Change {
        if due {
            nextCheck.store(now &+ interval, ordering: .relaxed)
        } else {
            let next = nextCheck.load(ordering: .relaxed)
            guard now >= next,
                nextCheck.compareExchange(expected: next, desired: now &+ interval, ordering: .relaxed).exchanged
            else { return .none }
        }
        let current = identityOf(path)
        return known.withLock { known in
            defer {
                if let current { known.identity = current }
                known.isMissing = current == nil
            }
            guard let current else { return known.isMissing ? .none : .missing }
            guard let previous = known.identity else { return .none }
            if previous != current { return .replaced }
            return known.isMissing ? .restored : .none
        }
    }
}
