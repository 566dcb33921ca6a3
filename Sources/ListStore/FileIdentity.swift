#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names on disk: the device and inode of the file, as `stat(2)`
/// reports them. Two equal identities are the same file, even when its
/// contents changed; a file moved in over the path has a new identity.
public struct FileIdentity: Sendable, Hashable {
    /// The device that holds the file (`st_dev`).
    public var device: UInt64
    /// The file's inode number on that device (`st_ino`).
    public var inode: UInt64

    /// The identity of the file at `path` (symbolic links followed), or nil
    /// when nothing is there or it cannot be examined.
    /// - Parameter path: A file's path.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// Makes an identity from its parts.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
