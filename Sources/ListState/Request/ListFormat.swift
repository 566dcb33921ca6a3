import HTTPServer

/// What a list request asks to be answered with, read once from its path and
/// headers (docs/design.md, "HTTP and HTMX"); later steps switch over it.
package enum ListFormat: Hashable, Sendable {
    /// A whole HTML document (no `HX-Request`, or a history restore).
    case page
    /// The whole `#list` element (a partial request without a cursor, or naming `#list`).
    case region
    /// A run of rows and the next footer (a partial request with a cursor, for the footer it replaces).
    case continuation
    /// The list's JSON twin (`/NAME.json`, ``TableJSON``).
    case json
    /// The whole list as CSV (`/NAME.csv`).
    case csv
    /// One row's page (`/NAME/KEY`).
    case rowPage
    /// One row's JSON (`/NAME/KEY.json`).
    case rowJSON

    /// The format of a list address (`NAME`, `NAME.json`, `NAME.csv`, or a whole
    /// path ending so): by its suffix, else the HTML one the headers ask for (``html(_:hasCursor:)``).
    /// - Parameter hasCursor: Whether the query names a cursor; asked only for HTML.
    init(path: String, headers: HTTPHeaders, hasCursor: @autoclosure () -> Bool) {
        if path.hasSuffix(".json") {
            self = .json
        } else if path.hasSuffix(".csv") {
            self = .csv
        } else {
            self = Self.html(headers, hasCursor: hasCursor())
        }
    }

    /// The format of a row's address by its key segment: `KEY.json` or `KEY`.
    init(rowKey segment: String) {
        self = segment.hasSuffix(".json") ? .rowJSON : .rowPage
    }

    /// The HTML shape `headers` ask for: a page unless partial (``isPartial(_:)``);
    /// a partial request with a cursor asks for a continuation, unless it names
    /// `#list` as its target (`HX-Target: list`, sent by htmx and by our script):
    /// a placeholder's "Try again" on a page that starts at a cursor replaces the
    /// whole region, so it gets the region (found in use, issue 15: a run of rows
    /// in place of `#list` destroyed the list). Without `HX-Target` the older rule holds.
    static func html(_ headers: HTTPHeaders, hasCursor: Bool) -> ListFormat {
        guard isPartial(headers) else { return .page }
        return hasCursor && headers["HX-Target"] != "list" ? .continuation : .region
    }

    /// Whether a request is partial (`HX-Request`, and not a history restore, which wants the page).
    static func isPartial(_ headers: HTTPHeaders) -> Bool {
        headers["HX-Request"] == "true" && headers["HX-History-Restore-Request"] != "true"
    }

    /// What the list's address ends with in this format (`.json`, `.csv`; none for HTML).
    var suffix: String {
        switch self {
        case .json, .rowJSON: ".json"
        case .csv: ".csv"
        case .page, .region, .continuation, .rowPage: ""
        }
    }

    /// Whether the answer is JSON (a list's or a row's twin).
    var isJSON: Bool { self == .json || self == .rowJSON }

    /// The template that draws a list answer in this format: `list` for a page (a row's
    /// page falls back to it), `region`, `continuation`; nil for JSON and CSV.
    package var template: String? {
        switch self {
        case .page, .rowPage: "list"
        case .region: "region"
        case .continuation: "continuation"
        case .json, .csv, .rowJSON: nil
        }
    }

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
