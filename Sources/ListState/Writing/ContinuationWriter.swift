import HTTPServer

/// A run of rows and the next footer (`continuation.mustache`), with the announcement
/// out of band: a partial request with a cursor, whose answer replaces the footer. It
/// draws from ``TableView/continuationContext``: none of the page's chrome (sort links,
/// controls, header row, title) is made.
struct ContinuationWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        site.renderIfDrawn(
            "continuation", view.continuationContext, status: view.decision.status, forTable: true, list: view.list)
    }
}
