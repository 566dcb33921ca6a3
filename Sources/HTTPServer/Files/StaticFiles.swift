#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves files under a URL prefix from two layers: an optional override
/// directory on disk first, then files built into the binary.
///
/// - Content-Type by extension (``MediaTypes``).
/// - A strong `ETag` from the bytes (RFC 9110 §8.8.3); `If-None-Match` with a
///   matching tag, a list holding one, or `*` → 304 (RFC 9110 §13.1.2).
///   libmicrohttpd 0.9.75 puts `Content-Length: 0` on every 304 and offers no
///   way to omit it (an own value is sent beside it); caches do not update a
///   stored `Content-Length` from a 304 (RFC 9111 §3.2), so it is harmless.
/// - `Cache-Control` from ``cacheControl`` (RFC 9111 §5.2.2).
/// - Anything that could leave the folder is a 404, never a read: `.`/`..`
///   segments (also `%2e%2e`), a decoded `/` inside a segment (`%2f`),
///   backslashes, NUL, empty segments (so no absolute paths), and paths whose
///   real path (symlinks resolved) is outside the override directory.
///   Directories are 404 too.
///
/// Register it with ``Router/addStaticFiles(_:)``.
public struct StaticFiles: Sendable {
    /// The URL prefix the files live under, e.g. `/static/`.
    public let prefix: String
    /// The override directory, searched first; `nil` for none. A missing
    /// directory or file falls back to ``builtIn``.
    public let overrideDirectory: String?
    /// The `Cache-Control` value sent with every file and 304; default
    /// `public, max-age=3600` (one hour).
    public var cacheControl: String
    /// Answers paths found in neither layer. Default: a plain-text 404.
    public var notFound: @Sendable (Request) -> Response = { _ in Response.status(404) }

    private let builtIn: [String: BuiltInFile]

    private struct BuiltInFile: Sendable {
        let bytes: [UInt8]
        let entityTag: String
    }

    /// Creates a static file handler.
    /// - Parameters:
    ///   - prefix: The URL prefix, starting with `/`; default `/static/`.
    ///   - overrideDirectory: A directory on disk searched first, or `nil`.
    ///   - builtIn: Files held in memory, keyed by path relative to the static
    ///     root (`"css/site.css"`, no leading `/`).
    ///   - cacheControl: The `Cache-Control` value; default
    ///     `public, max-age=3600`.
    /// - Complexity: O(total built-in bytes), to hash them once.
    public init(prefix: String = "/static/", overrideDirectory: String? = nil, builtIn: [String: [UInt8]] = [:], cacheControl: String = "public, max-age=3600") {
        self.prefix = prefix
        self.overrideDirectory = overrideDirectory
        self.cacheControl = cacheControl
        self.builtIn = builtIn.mapValues { BuiltInFile(bytes: $0, entityTag: EntityTag.strong(for: $0)) }
    }

    /// Answers a GET or HEAD for a file.
    /// - Parameters:
    ///   - request: The request (for `If-None-Match`).
    ///   - path: The decoded path segments below the prefix, as captured by a
    ///     trailing `*` route (``RouteParameters/remainder``).
    /// - Returns: 200 with the bytes, 304, or ``notFound``'s response.
    /// - Complexity: O(file size) for disk files (read and hashed per request).
    public func respond(to request: Request, path: [String]) -> Response {
        guard Self.isSafe(path) else { return notFound(request) }
        let relative = path.joined(separator: "/")
        switch lookUpOnDisk(relative) {
        case .found(let bytes):
            return respond(to: request, relative: relative, bytes: bytes, entityTag: EntityTag.strong(for: bytes))
        case .refused:
            return notFound(request)
        case .absent:
            if let file = builtIn[relative] {
                return respond(to: request, relative: relative, bytes: file.bytes, entityTag: file.entityTag)
            }
            return notFound(request)
        }
    }

    private func respond(to request: Request, relative: String, bytes: [UInt8], entityTag: String) -> Response {
        Response.representation(
            bytes, entityTag: entityTag, contentType: MediaTypes.contentType(forPath: relative),
            cacheControl: cacheControl, for: request)
    }

    /// Whether every segment is a plain name: not empty, not hidden (a leading
    /// `.`, which also covers `.` and `..`, `.env` and `.git`), and free of
    /// `/`, `\` and NUL.
    static func isSafe(_ segments: [String]) -> Bool {
        guard !segments.isEmpty else { return false }
        for segment in segments {
            if segment.isEmpty || segment.hasPrefix(".") { return false }
            if segment.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) { return false }
        }
        return true
    }

    private enum DiskLookup {
        case found([UInt8])
        case absent
        case refused
    }

    /// Looks a file up in the override directory: its real path must lie
    /// inside the directory's real path, and it must be a regular file.
    private func lookUpOnDisk(_ relative: String) -> DiskLookup {
        guard let overrideDirectory, let root = Self.realPath(overrideDirectory) else { return .absent }
        guard let resolved = Self.realPath(root + "/" + relative) else { return .absent }
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        guard resolved.hasPrefix(rootPrefix) else { return .refused }
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .refused }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .refused }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .refused
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .found(bytes)
    }

    /// `realpath(3)`, or `nil` when the path does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
