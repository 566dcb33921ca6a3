import HTTPServer

/// The whole `#list` element (`region.mustache`), with the heading, the controls and the
/// announcement out of band: a partial request without a cursor (search, filters, refresh).
struct RegionWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        site.renderIfDrawn("region", view.fragmentContext, status: view.decision.status, forTable: true, list: view.list)
    }
}
