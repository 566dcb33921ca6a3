import HTTPServer
import ListState
import ListStore
import Mustache

/// `GET /NAME/KEY` and `/NAME/KEY.json`: one row of a list over a table, its
/// every column whole, and the rows of other lists that refer to it.
extension TableRoute {
    /// A row's page or JSON.
    /// - Parameter retried: Whether this is the second try after the schema changed under
    ///   the first (a column renamed or dropped since the lists were read: the lists are
    ///   read again and the request runs once more, as a list page's does).
    func respondWithRow(to request: Request, listSegment: String, keySegment: String, retried: Bool = false) -> Response {
        let format = ListFormat(rowKey: keySegment)
        let lists = catalog.lists
        // `NAME.json/KEY` names no list.
        guard !listSegment.hasSuffix(".json"), let list = Self.list(segment: listSegment, format: .rowPage, in: lists) else {
            return notFound(request, format: format)
        }
        let ask = ListAsk(request, list: list, format: format)
        let languageParameter = ask.languageParameter
        let encodedKey = keySegment.dropLast(format.suffix.utf8.count)
        var snapshot = ListSnapshot(rowsPerSection: [1])
        var row: [SQLValue]?
        if let address = list.address(segment: encodedKey) {
            let result = list.source.row(in: list.table, address: address, startedAt: request.received)
            if case .failure(let error) = result, error.kind == .schemaChanged, !retried {
                // A first try's schema change is not the source failing (the second try's outcome is recorded).
                _ = catalog.refreshNow()
                return respondWithRow(to: request, listSegment: listSegment, keySegment: keySegment, retried: true)
            }
            health.record(result, of: list.source)
            switch result {
            case .success(let found?) where !(list.presenter?.draws(found) ?? true):
                snapshot.request = .notFound
            case .success(let found?):
                // One row, one address: another spelling of its key (`01` for 1) is sent to its own.
                let own = list.table.addressedByRowid ? address : list.address(row: found, key: [])
                if let canonical = list.detailPath(address: own), canonical != list.path + "/" + encodedKey {
                    let query = ask.rawQuery.map { "?" + $0 } ?? ""
                    var response = Response.text("Moved to \(canonical)\n", status: 308)
                    response.headers.replaceOrAdd(name: "Location", value: canonical + format.suffix + query)
                    return response
                }
                row = found
            case .success(nil): snapshot.request = .notFound
            case .failure(let error): snapshot.source = sourceStatus(error)
            }
        } else {
            snapshot.request = .notFound
        }
        let decision = ListState.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: nil, refusal: nil, page: nil,
            language: ask.language, languageParameter: languageParameter,
            lists: lists, templates: site.templates)
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
                ?? drawingFailed(ask, in: lists, request: nil)
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
