/// Media types (RFC 6838) for file name extensions, as sent in `Content-Type`
/// (RFC 9110 §8.3). Text types carry `charset=utf-8`.
public enum MediaTypes {
    /// The fallback for unknown extensions (RFC 2046 §4.5.1).
    public static let fallback = "application/octet-stream"

    /// Extension (lower case, no dot) → `Content-Type` value.
    public static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "wasm": "application/wasm",
        "pdf": "application/pdf",
    ]

    /// The `Content-Type` for a file name or path, by its last extension,
    /// case-insensitively; ``fallback`` when unknown or absent.
    /// - Parameter path: A file name or `/`-separated path.
    /// - Returns: The media type, e.g. `"text/css; charset=utf-8"`.
    public static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? fallback
    }
}
