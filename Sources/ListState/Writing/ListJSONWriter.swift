import HTTPServer

/// A list's JSON twin (`/NAME.json`, docs/list.schema.json): the same decision as the
/// page, its rows with their values' storage classes, and `next` (``TableJSON/list(_:)``).
struct ListJSONWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        Response(
            status: view.decision.status, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: TableJSON.list(view))
    }
}
