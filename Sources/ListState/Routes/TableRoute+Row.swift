import HTTPServer
import ListDecision
import ListStore
import Mustache

/// `GET /NAME/KEY` and `/NAME/KEY.json`: one row of a list over a table, its
/// every column whole, and the rows of other lists that refer to it. A key written
/// otherwise than its tilde encoding (`01`, `g++`, `python3.11`) answers 308 to it.
extension TableRoute {
    /// A row's page or JSON, read by ``ListReader`` (once more, the lists read again, when a
    /// column was renamed or dropped since they were read, as a list page's).
    func respondWithRow(to request: Request, listSegment: String, keySegment: String) -> Response {
        let format = ListFormat(rowKey: keySegment)
        let lists = catalog.lists
        // `NAME.json/KEY` names no list.
        guard !listSegment.hasSuffix(".json"), let found = Self.list(segment: listSegment, format: .rowPage, in: lists) else {
            return notFound(request, format: format)
        }
        let encodedKey = keySegment.dropLast(format.suffix.utf8.count)
        let first = ListAsk(request, list: found, format: format)
        let read = reader.readRow(first) { ask in
            // A key written as it reads (no tilde encoding) names its row too, sent on below.
            (ask.list.address(segment: encodedKey) ?? ask.list.address(naturalSegment: encodedKey)).map { address in
                ask.list.rows.row(address: address, startedAt: request.received).map { (address, $0) }
            }
        }
        let ask = read.retry?.ask ?? first
        let current = read.retry?.lists ?? lists
        let list = ask.list
        let languageParameter = ask.languageParameter
        var snapshot = ListSnapshot(rowsPerSection: [1])
        var row: [SQLValue]?
        switch read.outcome {
        case .read((_, let found?)) where !(list.presenter?.draws(found) ?? true):
            snapshot.request = .notFound
        case .read((let address, let found?)):
            // One row, one address: another spelling of its key (`01` for 1, `g++` or `g%2B%2B`
            // for `g~2B~2B`) is sent to its own, the query kept.
            let own = list.table.addressedByRowid ? address : list.address(row: found, key: [])
            if let canonical = list.detailPath(address: own), canonical != list.path + "/" + encodedKey {
                let query = ask.rawQuery.map { "?" + $0 } ?? ""
                var response = Response.text("Moved to \(canonical)\n", status: 308)
                response.headers.replaceOrAdd(name: "Location", value: canonical + format.suffix + query)
                return response
            }
            row = found
        case .read((_, nil)), .unread, .refused, .failed(.notFound, _):
            snapshot.request = .notFound
        case .failed(let failure, _):
            // A row's read has no query: its failure is the source's (``ReadFailure``).
            if case .source(let status) = failure { snapshot.source = status } else { snapshot.source = .failed }
        case .gone:
            return notFound(request, format: format)
        }
        let decision = ListDecision.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: nil, refusal: nil, page: nil,
            language: ask.language, languageParameter: languageParameter,
            lists: current, templates: site.templates)
        view.hasListRegion = false
        view.row = row
        view.rowKey = String(encodedKey)
        let response = format.writer?.write(view, site: site) ?? drawingFailed(ask, in: current, request: nil)
        return finish(response, decision: decision, negotiated: ask.negotiated, request: request)
    }
}
