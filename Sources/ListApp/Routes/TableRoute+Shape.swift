import HTTPServer

extension TableRoute {
    /// The kind of response a list request asks for (docs/design.md, "HTTP and HTMX").
    enum Shape: Hashable, Sendable {
        /// A whole HTML document (no `HX-Request`, or a history restore).
        case page
        /// The whole `#list` element (a partial request without a cursor).
        case region
        /// A run of rows and the next footer (a partial request with a cursor,
        /// for the footer it replaces).
        case continuation

        /// The shape `request` asks for: a page unless partial (``isPartial(_:)``);
        /// a partial request with a cursor asks for a continuation, unless it
        /// names `#list` as its target (`HX-Target: list`, sent by htmx and by
        /// our script): a placeholder's "Try again" on a page that starts at a
        /// cursor replaces the whole region, so it gets the region (found in use,
        /// issue 15: a run of rows in place of `#list` destroyed the list).
        /// A request without `HX-Target` keeps the older rule.
        init(_ request: Request, hasCursor: Bool) {
            guard Shape.isPartial(request) else {
                self = .page
                return
            }
            self = hasCursor && request.headers["HX-Target"] != "list" ? .continuation : .region
        }

        /// The template that draws this shape.
        var template: String {
            switch self {
            case .page: "list"
            case .region: "region"
            case .continuation: "continuation"
            }
        }

        /// Whether the request is partial (`HX-Request`, and not a history restore, which wants the page).
        static func isPartial(_ request: Request) -> Bool {
            request.headers["HX-Request"] == "true" && request.headers["HX-History-Restore-Request"] != "true"
        }
    }
}
