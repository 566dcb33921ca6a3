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

extension ListFormat {
    /// The writer of answers in this format; nil for CSV, which is no drawing of a
    /// decision but the whole list streamed piece by piece (``TableRoute/respondWithCSV(_:to:)``).
    var writer: (any ListWriter)? {
        switch self {
        case .page: PageWriter()
        case .region: RegionWriter()
        case .continuation: ContinuationWriter()
        case .json: ListJSONWriter()
        case .rowPage: RowPageWriter()
        case .rowJSON: RowJSONWriter()
        case .csv: nil
        }
    }
}
