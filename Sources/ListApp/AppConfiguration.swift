/// How the application serves its lists.
public struct AppConfiguration: Sendable {
    /// A folder of `*.mustache` files that replace the built-in templates of the same name; nil for none.
    public var templatesDirectory: String?
    /// A folder of files that replace the built-in static files of the same path; nil for none.
    public var staticDirectory: String?
    /// The `Retry-After` a 503 carries when the source gives no better figure, in seconds (RFC 9110 §10.2.3).
    public var retryAfterSeconds: Int = 5
    /// `Cache-Control` of static files (RFC 9111 §5.2.2).
    public var staticCacheControl: String = "public, max-age=3600"

    /// Makes a configuration; the defaults serve the built-in templates and files.
    public init(templatesDirectory: String? = nil, staticDirectory: String? = nil) {
        self.templatesDirectory = templatesDirectory
        self.staticDirectory = staticDirectory
    }
}
