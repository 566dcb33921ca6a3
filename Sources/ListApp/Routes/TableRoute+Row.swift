import HTTPServer
import ListState
import ListStore
import Mustache

/// `GET /NAME/KEY` and `/NAME/KEY.json`: one row of a list over a table, its
/// every column whole, and the rows of other lists that refer to it.
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
            ask.list.address(segment: encodedKey).map { address in
                ask.list.source.row(in: ask.list.table, address: address, startedAt: request.received).map { (address, $0) }
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
            // One row, one address: another spelling of its key (`01` for 1) is sent to its own.
            let own = list.table.addressedByRowid ? address : list.address(row: found, key: [])
            if let canonical = list.detailPath(address: own), canonical != list.path + "/" + encodedKey {
                let query = ask.rawQuery.map { "?" + $0 } ?? ""
                var response = Response.text("Moved to \(canonical)\n", status: 308)
                response.headers.replaceOrAdd(name: "Location", value: canonical + format.suffix + query)
                return response
            }
            row = found
        case .read((_, nil)), .unread, .refused:
            snapshot.request = .notFound
        case .failed(let failure, _):
            // A row's read has no query: its failure is the source's (``ReadFailure``).
            if case .source(let status) = failure { snapshot.source = status } else { snapshot.source = .failed }
        case .gone:
            return notFound(request, format: format)
        }
        let decision = ListState.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: nil, refusal: nil, page: nil,
            language: ask.language, languageParameter: languageParameter,
            lists: current, templates: site.templates)
        view.hasListRegion = false
        var response: Response
        if format == .rowJSON {
            response = Response(
                status: decision.status, headers: ["Content-Type": "application/json; charset=utf-8"],
                body: TableJSON.detail(view, row: row))
        } else if let row {
            var fields = MustacheFields()
            if case .dictionary(let page) = view.pageContext { fields = page }
            fields["status"] = ["text": ""]
            // The row's own JSON is its alternate; the list's CSV is not.
            fields["jsonHref"] = .string(ListLinks.link(list.path + "/" + encodedKey + ".json", language: languageParameter))
            fields["csvHref"] = .null
            if let presenter = list.presenter {
                let own = presenter.detail(row, of: list, language: ask.language, languageParameter: languageParameter)
                for (name, value) in own { fields[name] = value }
            } else {
                for (name, value) in sharedDetail(row, of: list, key: String(encodedKey), view: view) { fields[name] = value }
            }
            response =
                site.renderIfDrawn(list.detailTemplate, .dictionary(fields), status: 200, forTable: true, list: list)
                ?? drawingFailed(ask, in: current, request: nil)
        } else {
            response = render("message", view.pageContext, status: decision.status, list: list)
        }
        return finish(response, decision: decision, negotiated: ask.negotiated, request: request)
    }

    /// The fields of `table-detail.mustache` for `row`: its caption, every cell
    /// whole, and the rows of other lists that refer to it.
    private func sharedDetail(_ row: [SQLValue], of list: ListDefinition, key: String, view: TableView) -> MustacheFields {
        let words = view.words.words
        var fields: MustacheFields = [:]
        let caption = RecordCells.caption(row, key: key, words: words)
        let address = list.address(row: row, key: [])
        fields["title"] = .string(caption + " · " + list.title(in: view.language))
        fields["caption"] = .string(caption)
        fields["key"] = .string(key)
        fields["rowID"] = .string(TableView.elementID(address))
        fields["cells"] = .array(
            RecordCells.cells(row, of: list, words: words, lists: view.lists, languageParameter: view.languageParameter))
        fields["listHref"] = .string(ListLinks.link(list.path, language: view.languageParameter))
        fields["backToList"] = .string(words.backToList(list.title(in: view.language)))
        let referring = ReferringRows.items(
            to: list, address: address, in: view.lists, words: words,
            languageParameter: view.languageParameter)
        if !referring.isEmpty {
            fields["referrers"] = ["heading": .string(words.referencedBy), "items": .array(referring)]
        }
        fields["values"] = .dictionary(RecordCells.values(row, of: list))
        return fields
    }
}
