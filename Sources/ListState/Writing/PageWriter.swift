import HTTPServer

/// A whole HTML page (`list.mustache` in the layout): the chrome a first page shares
/// with every request for its address is made once and kept (``TableView/sharedContextKey``).
struct PageWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        guard let key = view.sharedContextKey else {
            return site.renderIfDrawn("list", view.pageContext, status: view.decision.status, forTable: true, list: view.list)
        }
        let shared = site.sharedContext(key, ownNames: TableView.pageOwnNames) { view.pageSharedFields }
        return site.renderIfDrawn(
            "list", .dictionary(view.pageOwnFields), status: view.decision.status, forTable: true, list: view.list,
            shared: shared)
    }
}
