#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A token that changes whenever the data a source serves may have changed:
/// equal versions mean equal answers to equal requests, so a rendered answer
/// may be kept under its version and served again (`ListSource.contentVersion(waiting:)`).
///
/// For a database file it is what `stat(2)` says of the file: device and inode
/// (a file moved in over the path is a new version), size and modification time
/// in nanoseconds (any write through SQLite, and a truncation or an in-place
/// overwrite by another program, moves them).
public struct ContentVersion: Sendable, Hashable {
    /// The device that holds the file (`st_dev`).
    public var device: UInt64
    /// The file's inode number (`st_ino`).
    public var inode: UInt64
    /// The file's size in bytes (`st_size`).
    public var size: Int64
    /// The last modification, in nanoseconds since the epoch (`st_mtim`).
    public var modified: Int64

    /// Makes a version from its parts.
    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// The version of the file at `path` (symbolic links followed), or nil when
    /// nothing is there or it cannot be examined.
    /// - Parameter path: A file's path.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }

    /// How long after its last modification a file's version is trusted, in
    /// nanoseconds: file systems keep modification times in clock ticks (a few
    /// milliseconds; whole seconds on some), so two writes within one tick
    /// that keep the size could leave the same version behind.
    public static let settlingTime: Int64 = 2_000_000_000

    /// Whether the file was last modified at least ``settlingTime`` before
    /// `now` (nanoseconds since the epoch; the real-time clock by default):
    /// only then does any later write give a different version.
    public func isSettled(now: Int64 = ContentVersion.realTimeNanoseconds()) -> Bool {
        now &- modified >= Self.settlingTime
    }

    /// The real-time clock (`CLOCK_REALTIME`, the clock of modification
    /// times), in nanoseconds since the epoch.
    public static func realTimeNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The file this version belongs to (device and inode).
    public var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}
