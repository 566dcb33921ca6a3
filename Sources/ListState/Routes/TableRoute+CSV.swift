import HTTPServer
import ListDecision
import ListStore
import Synchronization

/// `GET /NAME.csv`: the whole list in the order, filters and search of the
/// request, as CSV (``CSVWriter``), streamed page by page through the keyset
/// (``CSVExport``) so memory stays flat whatever the list's size.
///
/// `cursor` and `limit` are ignored (an export is the whole list). Before the
/// first byte is sent, a problem is a plain-text answer with the status a page
/// would get (400, 404, 503 with `Retry-After`, 500); after it, a fault ends
/// the connection without the last chunk, so the client sees a broken download.
extension TableRoute {
    /// The rows read per piece of an export, at most.
    static let csvRowsPerPiece = 10_000
    /// The bytes of values read per piece of an export, about (a piece ends after the row that reaches it).
    static let csvBytesPerPiece = 1 << 20

    /// The export's answer: its first piece read (``ListReader``: once more, the lists read
    /// again, when the schema changed under it, as a list page's; found by a break-it pass: a 503).
    func respondWithCSV(_ ask: ListAsk, to request: Request) -> Response {
        let read = reader.read(ask, ask.validated()) { ask, valid in
            let export = CSVExport(
                list: ask.list, request: valid, rowsPerPiece: Self.csvRowsPerPiece, bytesPerPiece: Self.csvBytesPerPiece)
            return export.piece(startedAt: request.received).map { (export, $0) }
        }
        let list = read.retry?.ask.list ?? ask.list
        switch read.outcome {
        case .refused(let refusal):
            return Self.textProblem(status: 400, "\(refusal.message)\n")
        case .gone, .unread:
            return Self.textProblem(status: 404, "There is no list at this address.\n")
        case .read(let (export, bytes)):
            var response = Response(status: 200, body: bytes)
            response.headers.add(name: "Content-Type", value: "text/csv; charset=utf-8; header=present")
            response.headers.add(name: "Content-Disposition", value: Self.attachment(filename: Self.fileName(list.name) + ".csv"))
            response.headers.add(name: "Cache-Control", value: "no-store")
            response.stream = ResponseStream { [health = health, source = list.source] in
                guard !export.isComplete else { return .end }
                let piece = export.piece(startedAt: .now)
                health.record(piece, of: source)
                switch piece {
                case .success(let bytes): return .bytes(bytes)
                case .failure(let error): return .failed(error.message)
                }
            }
            return response
        case .failed(.unreadableValue, _):
            return Self.textProblem(status: 400, "\(UIStrings.english.reason(.unreadableValue))\n")
        case .failed(.searchTooSlow(let timeLimit), _):
            return Self.textProblem(
                status: 503, "The search or filters took longer than the time limit (\(timeLimit) s); try fewer or other words.\n")
        case .failed(.source(.unavailable(let seconds)), _):
            var response = Self.textProblem(status: 503, "The data source is unavailable; try again soon.\n")
            if let seconds { response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds)) }
            return response
        case .failed(.source(.gatewayTimeout(let seconds)), _):
            var response = Self.textProblem(status: 504, "The data source's service did not answer in time; try again soon.\n")
            if let seconds { response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds)) }
            return response
        case .failed(.source(.badGateway), _):
            return Self.textProblem(status: 502, "The data source's service failed; try again later.\n")
        case .failed(.source(.invalidUpstream), _):
            return Self.textProblem(status: 502, "The data source's service gave an answer that cannot be used.\n")
        case .failed(.notFound, _):
            return Self.textProblem(status: 404, "The data source has no such list.\n")
        case .failed(.source, _):
            return Self.textProblem(status: 500, "The data source failed.\n")
        }
    }

    /// A plain-text answer to a CSV address that has no CSV to give.
    static func textProblem(status: Int, _ text: String) -> Response {
        var response = Response.text(text, status: status)
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// A list's name as a file's: its leading dots as `_`, so `..` is no name a browser
    /// turns into a hidden file or drops (found by a break-it pass: `...csv` was saved as `csv`).
    static func fileName(_ name: String) -> String {
        let dots = name.prefix { $0 == "." }.count
        return String(repeating: "_", count: dots) + name.dropFirst(dots)
    }

    /// `Content-Disposition: attachment` naming `filename` (RFC 6266 §4.3): an
    /// ASCII `filename` (each other character, `"`, `\` and `%` as `_`) and, when
    /// that differs, `filename*` in UTF-8 (RFC 8187). A `%` in `filename` is read as
    /// an escape by browsers (found by a break-it pass: `per%cent.csv` was refused and
    /// saved under the URL's name), so it is written only in `filename*`, as `%25`.
    static func attachment(filename: String) -> String {
        let ascii = String(
            filename.unicodeScalars.map { scalar -> Character in
                (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" && scalar != "%" ? Character(scalar) : "_"
            })
        guard ascii != filename else { return "attachment; filename=\"\(ascii)\"" }
        var encoded = ""
        for byte in filename.utf8 {
            let isAttributeChar =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "!#$&+-.^_`|~".utf8.contains(byte)
            encoded += isAttributeChar ? String(UnicodeScalar(byte)) : "%" + HexFormatting.string(prefix: "", UInt32(byte), minimumDigits: 2, uppercase: true)
        }
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}

/// One CSV export on its way: where it stands in the list. Each piece is one
/// keyset page read with the query time limit counting from the piece's
/// start (not the export's), so a long export never holds a read transaction
/// or a connection between pieces; rows written or deleted meanwhile follow
/// the keyset's rule (no row that existed throughout is skipped or repeated).
final class CSVExport: Sendable {
    private let list: ListDefinition
    private let request: TableRequest
    private let rowsPerPiece: Int
    private let bytesPerPiece: Int
    private struct Place {
        var after: RowPosition?
        /// Where the next piece starts by the source's own paging (``RowPage/continuation``).
        var continuation: [UInt8]?
        /// The file the first piece was read from: a piece read from another (a file
        /// moved in over the path meanwhile) fails the export (found by QA: one
        /// "complete" file held rows of both).
        var file: FileIdentity?
        /// The schema version before the first piece, for a list keyed by the rowid
        /// (``rowidIsRenumberable``); nil for any other.
        var schema: Int?
        var hasHeader = false
        var isComplete = false
    }
    private let place = Mutex(Place())

    init(list: ListDefinition, request: TableRequest, rowsPerPiece: Int, bytesPerPiece: Int) {
        self.list = list
        self.request = request
        self.rowsPerPiece = rowsPerPiece
        self.bytesPerPiece = bytesPerPiece
    }

    /// Whether the last row was written.
    var isComplete: Bool { place.withLock { $0.isComplete } }

    /// Whether the list's rows are told apart by a rowid that is no column (a rowid
    /// table without an `INTEGER PRIMARY KEY`): `VACUUM` may renumber such rowids
    /// (lang_vacuum.html), and an export going on after its last rowid skipped rows
    /// and ended short, as complete (found by a break-it pass: 800,000 of 1,500,000
    /// rows). `VACUUM` changes the schema version, which such an export then checks
    /// after every piece.
    private var rowidIsRenumberable: Bool {
        let table = list.table
        return table.kind == .table && !table.primaryKeyIsRowid && table.rowidName != nil
            && table.keyExpressions.last == table.rowidName
    }

    /// The next piece: the header record first, then the rows of one page.
    func piece(startedAt: ContinuousClock.Instant) -> Result<[UInt8], ListStoreError> {
        let (after, continuation, hasHeader, file, schema) = place.withLock {
            ($0.after, $0.continuation, $0.hasHeader, $0.file, $0.schema)
        }
        if !hasHeader, rowidIsRenumberable {
            switch list.source.schemaVersion(waiting: true) {
            case .success(let version): place.withLock { $0.schema = version }
            case .failure(let error): return .failure(error)
            }
        }
        // From `after` (no cursor): a page is always there. From a source's own continuation,
        // one it no longer knows fails the export rather than ending it short as complete.
        let read = list.rows.page(
            RowPageQuery(
                table: list.table, sort: request.sort, after: after, limit: rowsPerPiece, search: request.query,
                searchAlternative: list.searchAlternative(for: request.query), filters: request.filters,
                startedAt: startedAt, wholeValues: true, byteBudget: bytesPerPiece, yieldsToPages: true,
                labelColumn: request.query == nil ? nil : list.searchLabelColumn),
            continuing: continuation.map { .continuation($0) }
        ).flatMap { page -> Result<RowPage, ListStoreError> in
            if let page { return .success(page) }
            guard continuation == nil else {
                return .failure(ListStoreError(kind: .other, message: "the source no longer knows where the export stood"))
            }
            return .success(RowPage(rows: [], keys: [], hasMore: false))
        }
        if case .success(let page) = read, hasHeader, page.fileIdentity != file {
            return .failure(ListStoreError(kind: .schemaChanged, message: "the database file was replaced during the export"))
        }
        // Checked after the page: a VACUUM before it renumbered what it read.
        if case .success = read, let schema, (try? list.source.schemaVersion(waiting: true).get()) != schema {
            return .failure(
                ListStoreError(
                    kind: .schemaChanged,
                    message: "the table was rebuilt during the export (VACUUM renumbers the rowids of a table without an INTEGER PRIMARY KEY)"))
        }
        // A source that does not move past the last page's end (it ignores `RowRequest.after`)
        // would be asked the same page forever: the export is broken off instead.
        if case .success(let page) = read, let after, !page.rows.isEmpty, page.lastPosition(in: list.table, sort: request.sort) == after {
            return .failure(
                ListStoreError(kind: .other, message: "\(list.name): the source gave the rows of the last page again (does it read RowRequest.after?)"))
        }
        return read.map { page in
            var writer = CSVWriter()
            // The columns `_col` and `_nocol` chose (every column when they name none).
            let shown = list.exportedColumns(chosen: request.chosenColumns, dropped: request.droppedColumns)
            let columns = list.table.columns
            if !hasHeader { writer.header(shown.map { columns[$0].name }) }
            let formats = shown.map { columns[$0].valueFormat }
            let every = shown.count == columns.count && shown.elementsEqual(columns.indices)
            for row in page.rows {
                if every { writer.record(row, formats: formats) } else { writer.record(shown.map { row[row.index(row.startIndex, offsetBy: $0)] }, formats: formats) }
            }
            place.withLock { place in
                if !place.hasHeader { place.file = page.fileIdentity }
                place.hasHeader = true
                place.after = page.lastPosition(in: list.table, sort: request.sort) ?? place.after
                place.continuation = page.continuation
                // No row and "more follow" cannot move on: the export ends, as the list page does.
                place.isComplete = !page.hasMore || page.rows.isEmpty
            }
            return writer.take()
        }
    }
}
