import ListDecision

/// How the application serves its lists.
public struct AppConfiguration: Sendable {
    /// A folder of `*.mustache` files that replace the built-in templates of the same name; nil for none.
    public var templatesDirectory: String?
    /// A folder of files that replace the built-in static files of the same path; nil for none.
    public var staticDirectory: String?
    /// The `Retry-After` a 503 carries when the source gives no better figure, in seconds (RFC 9110 §10.2.3).
    public var retryAfterSeconds: Int = AppConfiguration.defaultRetryAfterSeconds
    /// The default of ``retryAfterSeconds``.
    public static let defaultRetryAfterSeconds = 5
    /// How long a page's script waits for the answer to a partial request
    /// before it ends the request as one that failed to connect (retry
    /// footer, banner, automatic retry), in seconds; `--client-timeout`.
    /// Pages carry it as `timeout` (milliseconds) in `<meta name="htmx-config">`,
    /// which htmx 2 and our script both read.
    public var clientTimeoutSeconds: Double = 10
    /// The origin allowed to read the JSON twins from another site (`--cors`):
    /// `*` for any, an origin (`https://example.org`) for that one; nil (the
    /// default) for none. Pages are never shared.
    public var corsOrigin: String?
    /// The path prefix the whole site is served under behind a reverse proxy
    /// that passes the whole path (`--base-path /lists/`), in
    /// `BasePath.normalized` form (`/lists`); "" for none. Every link, form,
    /// `hx-get`, static file, the service worker and its scope, redirects and
    /// JSON `next` URLs carry it; a list over a table takes it from its
    /// `TableConfiguration`, which must say the same.
    public var basePath = ""
    /// `Cache-Control` of static files (RFC 9111 §5.2.2).
    public var staticCacheControl: String = "public, max-age=3600"
    /// The lists' configurations (placeholders, lazy loading, display flags); a list
    /// without one uses the built-in configuration. Built in Swift
    /// (`ListConfiguration("characters").lazy()…`); `liststate serve --config` reads them from a file.
    /// One given here replaces the ``ListDefinition/configuration`` of the list of its name.
    public var lists: [ListConfiguration] = []
    /// The file the lists' configurations came from, named by start-up errors; nil when built in Swift.
    public var configurationFile: String?
    /// The most bytes of rendered list answers kept for the requests that
    /// repeat them (`ResponseCache`; `--response-cache`), 0 to keep none.
    /// A kept answer is served only after the source confirms its
    /// `DataVersion`, so it is never staler than the source says.
    public var responseCacheBytes: Int = 4 << 20
    /// How long a count of the rows a list's search and filters keep (the count above a first
    /// page's rows, and JSON's `count`) may run, in seconds; past it the count says "more than"
    /// what it reached. A first page waits for it only ``countShareOfPage`` of its own read
    /// time; the rest runs after the answer, for the next visit. 0 counts nothing.
    public var countBudgetSeconds: Double = 1
    /// The share of a first page's own read time its count may add to it (0.2: a page with its
    /// count costs at most 1.2 × the page without); a count that needs more is finished after
    /// the answer, kept under the data version, and the page meanwhile shows none (or "more
    /// than 10,000" once the bounded count reached it) and is not kept.
    public var countShareOfPage: Double = 0.2
    /// Development mode (`--dev`): serves the gallery of every state at `/-/states`.
    public var isDevelopment = false
    /// Every `liststate serve` setting with its effective value and source,
    /// as `GET /-/settings.json` shows them; empty when not started from the command line.
    package var settings: [EffectiveSetting] = []

    /// Makes a configuration; the defaults serve the built-in templates and files.
    ///
    /// - Parameters:
    ///   - templatesDirectory: Template overrides, or nil.
    ///   - staticDirectory: Static file overrides, or nil.
    ///   - lists: List configurations.
    ///   - configurationFile: Where `lists` came from, for error messages.
    ///   - isDevelopment: Whether to serve `/-/states`.
    public init(
        templatesDirectory: String? = nil, staticDirectory: String? = nil, lists: [ListConfiguration] = [],
        configurationFile: String? = nil, isDevelopment: Bool = false
    ) {
        self.templatesDirectory = templatesDirectory
        self.staticDirectory = staticDirectory
        self.lists = lists
        self.configurationFile = configurationFile
        self.isDevelopment = isDevelopment
    }
}
