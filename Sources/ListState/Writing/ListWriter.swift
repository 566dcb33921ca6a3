import HTTPServer

/// Draws a list's answer in one format from its view: the decision for one request
/// in one language, with the rows (or row) read (docs/design.md, "The list pipeline").
/// A writer builds only what its format prints; the route adds what every list answer
/// carries (the `Link` header, `Vary`, caching) and keeps the answer.
protocol ListWriter: Sendable {
    /// The answer drawn from `view`, or nil when the list's own templates could not draw
    /// it (the fault is logged; the route answers with the error state instead).
    func write(_ view: TableView, site: SitePages) -> Response?
}
