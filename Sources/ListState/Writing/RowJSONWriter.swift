import HTTPServer

/// One row's JSON (`/NAME/KEY.json`): its every column whole, or the problem
/// (``TableJSON/detail(_:row:)``).
struct RowJSONWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        Response(
            status: view.decision.status, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: TableJSON.detail(view, row: view.row))
    }
}
