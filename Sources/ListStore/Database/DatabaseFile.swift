import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the file a ``DatabaseSource`` serves is whole, judged by SQLite's
/// file header (https://www.sqlite.org/fileformat.html#the_database_header:
/// the 16 bytes `SQLite format 3\0` in a header of 100 bytes).
///
/// SQLite reads a zero-length file as an empty database, so a served file emptied
/// in place (`: > FILE`, a copy that truncates before it writes) would look like a
/// database whose tables were all dropped. Once a file was seen whole, a file at its
/// path that is empty or lacks the header is damaged: its lists fail (500) until it is
/// whole again, and are never taken for gone (docs/design.md, "Data source faults").
final class DatabaseFile: Sendable {
    /// What stands at a path.
    enum State: Equatable, Sendable {
        /// A file that begins with SQLite's header.
        case whole
        /// A file of zero bytes.
        case empty
        /// A file shorter than the header, or whose first bytes are not SQLite's.
        case notDatabase
        /// A file that cannot be opened for reading (permissions).
        case unreadable
        /// Nothing at the path.
        case missing
    }

    /// The header's first 16 bytes.
    private static let magic = Array("SQLite format 3\0".utf8)
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

    /// What stands at `path` now: an `open(2)`, an `fstat(2)` and one `pread(2)` of 16 bytes.
    static func state(at path: String) -> State {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable }
        if info.st_size == 0 { return .empty }
        guard info.st_size >= headerLength else { return .notDatabase }
        var bytes = [UInt8](repeating: 0, count: magic.count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, magic.count, 0) }
        return read == magic.count && bytes == magic ? .whole : .notDatabase
    }

    /// The damage to report for the file as it stands now, or nil when it is whole, missing or
    /// unreadable (deleted or `chmod 000` while open: the open connections keep serving it, and
    /// a new one fails as SQLite says), or was never seen whole (a file empty from the start is
    /// SQLite's empty database).
    /// - Returns: `.corrupt` for a file emptied or overwritten in place (logs and readiness
    ///   name the source beside it).
    func damage() -> ListStoreError? {
        let state = Self.state(at: path)
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
