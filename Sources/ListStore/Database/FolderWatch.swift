#if canImport(Glibc)
    import Glibc
#endif

/// Tells, in one system call, whether anything was written to a database
/// file, its journal or its WAL, or whether any file in its folder was
/// created, removed or renamed, since the last ``drain()``: Linux's inotify
/// (inotify(7)) on the folder and on the file itself.
///
/// The kernel queues the event inside the writer's own `write(2)`,
/// `unlink(2)` or `rename(2)`, before that call returns, so a request that
/// arrives after a commit completed finds it queued. What it cannot see:
/// writes made on another machine over a network file system, and a WAL
/// commit's last step (the wal-index header in the `-shm` file is written
/// through shared memory, after the frames' `write(2)`): ``DataVersionProbe``
/// covers both with time (it probes on every request for a while after an
/// event, and at least once a second).
///
/// Watching the folder covers the `-journal`, `-wal` and a file moved in over
/// the path (and, for a path that is a symbolic link, the folder of the file it
/// leads to, where SQLite keeps those); watching the file covers writers that
/// reach it through another path (a hard link elsewhere). Events are never read one by one: any event
/// means "probe again".
final class FolderWatch: Sendable {
    /// The inotify instance (non-blocking, close-on-exec).
    private let descriptor: Int32
    /// The watched file's path (re-watched after a file moved in over it).
    private let path: String

    /// What a folder watch reports about the folder itself or a file in it.
    private static let folderEvents = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF)
    /// What the file's own watch reports.
    private static let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Why a folder cannot be watched (the probe then runs on every request).
    struct Unavailable: Error {
        /// The call that failed and the system's reason.
        var reason: String
    }

    /// Starts watching the folder of `path` and the file there.
    /// - Parameter path: A database file's path (it need not exist yet: its folder must).
    /// - Throws: ``Unavailable`` naming why inotify refused: the per-user limit
    ///   of instances or watches (`fs.inotify.max_user_instances`,
    ///   `max_user_watches`), or a folder that cannot be read.
    init(path: String) throws(Unavailable) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Unavailable(reason: "inotify_init1: \(String(cString: strerror(errno)))")
        }
        let folder = Self.folder(of: path)
        guard inotify_add_watch(descriptor, folder, Self.folderEvents) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Unavailable(reason: "inotify_add_watch on \(folder): \(reason)")
        }
        self.descriptor = descriptor
        self.path = path
        watchFile()
    }

    /// The folder of the file the path leads to, symbolic links resolved, when it is
    /// another folder: SQLite keeps the journal and the WAL beside the file itself
    /// (found in review: a WAL commit through a linked path was not seen at once).
    private var resolvedFolder: String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let folder = Self.folder(of: String(cString: resolved))
        return folder == Self.folder(of: path) ? nil : folder
    }

    deinit {
        close(descriptor)
    }

    /// Whether an event waits (`ioctl(FIONREAD)`: one system call, nothing read).
    /// An instance that cannot be asked says yes.
    var hasEvents: Bool {
        var waiting: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &waiting) == 0 else { return true }
        return waiting > 0
    }

    /// Reads every waiting event and says whether there was any. After one,
    /// the file is watched again (the path may name a file moved in).
    @discardableResult
    func drain() -> Bool {
        var any = false
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
            while read(descriptor, buffer.baseAddress, buffer.count) > 0 { any = true }
        }
        if any { watchFile() }
        return any
    }

    /// Adds (or renews) the watch on the file the path names now and, when the path
    /// is a link into another folder, on that folder; nothing there is not a fault
    /// (the folder's watch sees a file appear).
    private func watchFile() {
        _ = inotify_add_watch(descriptor, path, Self.fileEvents)
        if let resolvedFolder { _ = inotify_add_watch(descriptor, resolvedFolder, Self.folderEvents) }
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
