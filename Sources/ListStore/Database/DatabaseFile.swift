import CSQLite
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the file a ``DatabaseSource`` serves is whole, judged by its size and by
/// SQLite's own reading of its header (https://www.sqlite.org/fileformat.html#the_database_header:
/// `SQLITE_NOTADB` for a file without `SQLite format 3\0` in its 100 bytes).
///
/// SQLite reads a zero-length file as an empty database, so a served file emptied
/// in place (`: > FILE`, a copy that truncates before it writes) would look like a
/// database whose tables were all dropped. Once a file was seen whole, a file at its
/// path that is empty or lacks the header is damaged: its lists fail (500) until it is
/// whole again, and are never taken for gone (docs/design.md, "Data source faults").
///
/// The file is never opened here: closing any descriptor of a file drops every POSIX lock
/// the process holds on it, SQLite's among them
/// (https://www.sqlite.org/howtocorrupt.html, section 2.2). In WAL mode a writer that then
/// found itself the last connection deleted the WAL the server still read, whose later
/// commits it never saw; in rollback mode a writer could commit under a reader.
final class DatabaseFile: Sendable {
    /// What stands at a path.
    enum State: Equatable, Sendable {
        /// A file SQLite may read: at least a header long.
        case whole
        /// A file of zero bytes.
        case empty
        /// A file shorter than the header, or whose header SQLite refused (`SQLITE_NOTADB`).
        case notDatabase
        /// A file that cannot be read (permissions).
        case unreadable
        /// Nothing at the path.
        case missing
    }

    /// The header's length in bytes.
    private static let headerLength = 100

    /// The file's path.
    let path: String
    /// Whether the file was ever seen whole: only such a file can be damaged.
    private let wasWhole = Atomic<Bool>(false)

    /// Makes the record of the file at `path`; nothing is read yet.
    init(path: String) {
        self.path = path
    }

    /// What stands at `path` now, by `stat(2)` and `access(2)` alone (see the type's note).
    static func state(at path: String) -> State {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        guard access(path, R_OK) == 0 else { return .unreadable }
        if info.st_size == 0 { return .empty }
        return info.st_size >= headerLength ? .whole : .notDatabase
    }

    /// The damage to report for the file as it stands now, or nil when it is whole, missing or
    /// unreadable (deleted or `chmod 000` while open: the open connections keep serving it, and
    /// a new one fails as SQLite says), or was never seen whole (a file empty from the start is
    /// SQLite's empty database).
    /// - Parameter failure: What the read failed with, if it did: SQLite's `SQLITE_NOTADB` says
    ///   the header is not SQLite's.
    /// - Returns: `.corrupt` for a file emptied or overwritten in place (logs and readiness
    ///   name the source beside it).
    func damage(after failure: ListStoreError? = nil) -> ListStoreError? {
        var state = Self.state(at: path)
        if state == .whole, let failure, failure.resultCode & 0xFF == SQLITE_NOTADB { state = .notDatabase }
        if state == .whole {
            wasWhole.store(true, ordering: .relaxed)
            return nil
        }
        guard wasWhole.load(ordering: .relaxed) else { return nil }
        switch state {
        case .whole, .missing, .unreadable:
            return nil
        case .empty:
            return ListStoreError(kind: .corrupt, message: "the file is empty now, where it was a SQLite database (emptied in place?)")
        case .notDatabase:
            return ListStoreError(kind: .corrupt, message: "the file is no longer a SQLite database: it lacks SQLite's file header")
        }
    }
}
