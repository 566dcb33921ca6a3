import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a user's database holds at one moment, as a token: equal tokens mean
/// no transaction committed in between, so equal requests get equal answers
/// and a rendered answer may be kept under its token (docs/design.md,
/// "Freshness").
///
/// It is SQLite's `PRAGMA data_version` as one long-lived connection sees it
/// (https://www.sqlite.org/pragma.html#pragma_data_version: it changes when
/// any other connection commits, in WAL mode too, where the file's `stat`
/// does not move), with the file that connection has open and the probe's
/// epoch (a new connection's numbers start over, so they are told apart).
public struct DataVersion: Sendable, Hashable {
    /// The file the probe read; nil for a database server, whose pages carry none either.
    public var identity: FileIdentity?
    /// Which probe connection (a new one after a fault or a replaced file).
    public var epoch: Int
    /// `PRAGMA data_version` on that connection.
    public var dataVersion: Int64

    /// The version of a source that is not a database file (a developer's ``AsyncRowSource``):
    /// a number that changes whenever the rows do (a revision, a change counter).
    public init(_ version: Int64) {
        self.init(identity: nil, epoch: 0, dataVersion: version)
    }

    /// Makes a version from its parts.
    public init(identity: FileIdentity?, epoch: Int, dataVersion: Int64) {
        self.identity = identity
        self.epoch = epoch
        self.dataVersion = dataVersion
    }

    /// A digest of the version (FNV-1a, 64 bits, of its parts): what a cursor in relevance
    /// order carries (``RowCursor/orderVersion``), to tell that the ranks may have moved.
    public var digest: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in [identity?.device ?? 0, identity?.inode ?? 0, UInt64(bitPattern: Int64(epoch)), UInt64(bitPattern: dataVersion)] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((part >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }
}

/// The one connection a ``DatabaseSource`` keeps for ``DataVersion`` probes,
/// and when a request may skip the probe.
///
/// A probe (a `stat(2)` of the path, then `PRAGMA data_version`, whose shared
/// lock is a few `fcntl(2)` calls in rollback-journal mode) runs under one lock
/// and costs 4–6 µs. Where the database's folder can be watched
/// (``FolderWatch``), a request skips it when nothing was written there since
/// the last probe: one `ioctl(2)` instead, and the last probe's version. It
/// still probes while a probe is running (it waits for that one), within
/// ``settling`` of the last event (a commit in progress may still hold its
/// lock), when the last probe is older than ``maximumAge`` (what a watch cannot
/// see, such as a writer on another machine over a network file system, shows
/// within that time), after a failed probe, and always for a database in WAL
/// mode (a `-wal` file beside it): a WAL commit becomes visible through shared
/// memory after its last `write(2)` and its `fsync`, which may take long, and
/// inotify sees nothing of it (found by QA with a slow `fsync`). Without a
/// watch every request probes.
///
/// A probe that meets a writer's lock while nothing was written in the folder
/// since the last probe keeps that probe's version: the writer has changed
/// nothing yet (rollback journal; a writer that has written a change makes
/// the requests wait on its lock).
final class DataVersionProbe: Sendable {
    private struct State: @unchecked Sendable {
        var connection: SQLiteConnection?
        var epoch = 0
    }
    /// The last probe's outcome, read by requests that skip the probe.
    private struct Published: Sendable {
        /// Its version; nil when it failed or found no file it could read.
        var version: DataVersion?
        /// Whether a request may use it without probing: not for a database in WAL
        /// mode, whose commits end in shared memory, where inotify sees nothing.
        var mayBeReused = false
        /// When it started (monotonic nanoseconds).
        var probedAt: UInt64 = 0
        /// When a probe last found an event waiting (monotonic nanoseconds).
        var changedAt: UInt64 = 0
        /// How many probes have published (a request that waited for a running probe
        /// tells by it whether that probe published since it looked).
        var count = 0
    }

    /// How long after an event every request probes, in nanoseconds.
    static let settling: UInt64 = 1_000_000_000
    /// The longest a probe's version is used for, in nanoseconds.
    static let maximumAge: UInt64 = 1_000_000_000

    private let path: String
    /// The WAL file SQLite keeps beside the database in WAL mode.
    private let walPath: String
    private let state = BlockingLock(State())
    private let watch: FolderWatch?
    private let published = BlockingLock(Published())
    private let probing = Atomic<Bool>(false)
    /// Told when the probe finds another file at the path than the one it had open.
    private let replaced: @Sendable () -> Void
    /// How many probes ran (for tests: the requests that skipped one did not count).
    let probesRun = Atomic<Int>(0)
    /// Whether the folder is watched (probes may be skipped).
    var isWatching: Bool { watch != nil }

    /// Makes the probe of the database at `path`.
    /// - Parameters:
    ///   - watching: Whether to watch the folder to skip probes (false: every request probes).
    ///   - log: Told once when the folder cannot be watched, and why.
    ///   - replaced: Told when another file stands at the path than the one the probe had open
    ///     (the data connections go to it too, so a page is read from the file its version names).
    init(
        path: String, watching: Bool = true, log: (String) -> Void = { _ in }, replaced: @escaping @Sendable () -> Void = {}
    ) {
        self.path = path
        self.replaced = replaced
        walPath = path + "-wal"
        var watch: FolderWatch?
        if watching {
            do {
                watch = try FolderWatch(path: path)
            } catch {
                log("\(path): its folder cannot be watched (\(error.reason)); every request probes the data version")
            }
        }
        self.watch = watch
    }

    /// The database's version now, without waiting on a lock: nil when the
    /// file at the path is not the one the probe reads (a file moved in; the
    /// next probe opens the new one) or is not known.
    /// - Returns: The version, or the fault (`.busy` under a writer's exclusive
    ///   lock in rollback-journal mode; after any other the connection is closed).
    ///
    /// A request with no event waiting that meets a probe running on another thread
    /// waits for it and takes what it publishes: that probe may have drained the events
    /// this request would have seen, and it reads the version after draining them.
    /// Probing again after it instead made a chain under load, each request meeting
    /// the probe the one before ran (about a third of all requests probed with
    /// nothing written; `DataVersionProbeTests`).
    func version() -> Result<DataVersion?, ListStoreError> {
        if let watch, !watch.hasEvents {
            let published = published.withLock { $0.count }
            if probing.load(ordering: .sequentiallyConsistent) {
                state.withLock { _ in }  // the running probe holds it until it has published
                if let taken = reusableVersion(publishedAfter: published) { return .success(taken) }
            } else if let known = reusableVersion(publishedAfter: nil) {
                return .success(known)
            }
        }
        return probe()
    }

    /// The last published version when a request may use it without probing (not in WAL
    /// mode, younger than ``maximumAge``, no event within ``settling``), and, when
    /// `count` is given, published after that many probes had; nil otherwise.
    private func reusableVersion(publishedAfter count: Int?) -> DataVersion? {
        let now = monotonicNanoseconds()
        return published.withLock { published -> DataVersion? in
            guard published.mayBeReused, now &- published.probedAt < Self.maximumAge,
                now &- published.changedAt >= Self.settling, count.map({ published.count > $0 }) ?? true
            else { return nil }
            return published.version
        }
    }

    /// Drains the watch's events, probes and publishes what it found.
    private func probe() -> Result<DataVersion?, ListStoreError> {
        state.withLock { state in
            // Set before the events are drained: a request that then finds none waiting
            // sees this and waits for the version this probe publishes.
            probing.store(true, ordering: .sequentiallyConsistent)
            defer { probing.store(false, ordering: .sequentiallyConsistent) }
            probesRun.add(1, ordering: .relaxed)
            let startedAt = monotonicNanoseconds()
            let changed = watch?.drain() ?? false
            let result = read(&state)
            let inWALMode = access(walPath, F_OK) == 0
            return published.withLock { published in
                defer {
                    published.probedAt = startedAt
                    if changed { published.changedAt = startedAt }
                    published.count += 1
                }
                if case .failure(let error) = result, error.kind == .busy, !changed, !inWALMode, published.mayBeReused,
                    let unchanged = published.version
                {
                    // A writer holds its lock and wrote nothing since the last probe (nothing was
                    // written in the folder): the data are still those that probe read.
                    return .success(unchanged)
                }
                published.version = (try? result.get()) ?? nil
                published.mayBeReused = !inWALMode
                return result
            }
        }
    }

    /// `PRAGMA data_version` on the probe's connection, opened (again) when
    /// the path names another file than the one it has open.
    private func read(_ state: inout State) -> Result<DataVersion?, ListStoreError> {
        let current = FileIdentity(path: path)
        if let open = state.connection, open.fileIdentity == nil || open.fileIdentity != current {
            state.connection = nil
            replaced()
        }
        return Result { () throws(ListStoreError) -> DataVersion? in
            if state.connection == nil {
                let connection = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 0)
                connection.fileIdentity = current == FileIdentity(path: path) ? current : nil
                state.connection = connection
                state.epoch += 1
            }
            guard let connection = state.connection, let identity = connection.fileIdentity else { return nil }
            do throws(ListStoreError) {
                let statement = try connection.statement("PRAGMA data_version")
                defer { statement.reset() }
                guard try statement.step() else { return nil }
                return DataVersion(identity: identity, epoch: state.epoch, dataVersion: Int64(statement.int(0)))
            } catch {
                // A held lock passes; anything else may have broken the connection.
                if !error.isTransient { state.connection = nil }
                throw error
            }
        }
    }
}
