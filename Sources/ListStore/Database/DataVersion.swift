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
    /// The file the probe read.
    public var identity: FileIdentity
    /// Which probe connection (a new one after a fault or a replaced file).
    public var epoch: Int
    /// `PRAGMA data_version` on that connection.
    public var dataVersion: Int64

    /// Makes a version from its parts.
    public init(identity: FileIdentity, epoch: Int, dataVersion: Int64) {
        self.identity = identity
        self.epoch = epoch
        self.dataVersion = dataVersion
    }
}

/// The one connection a ``DatabaseSource`` keeps for ``DataVersion`` probes.
final class DataVersionProbe: Sendable {
    private struct State: @unchecked Sendable {
        var connection: SQLiteConnection?
        var epoch = 0
    }
    private let path: String
    private let state = BlockingLock(State())

    init(path: String) {
        self.path = path
    }

    /// The database's version now, without waiting on a lock: nil when the
    /// file at the path is not the one the probe reads (a file moved in; the
    /// next probe opens the new one) or is not known.
    /// - Returns: The version, or the fault (`.busy` under a writer's exclusive
    ///   lock in rollback-journal mode; after any other the connection is closed).
    func version() -> Result<DataVersion?, ListStoreError> {
        let current = FileIdentity(path: path)
        return state.withLock { state in
            if let open = state.connection, open.fileIdentity == nil || open.fileIdentity != current {
                state.connection = nil
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
}
