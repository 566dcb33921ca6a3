import HTTPServer
import ListStore
import Mustache

/// One row's page (`/NAME/KEY`): its every column whole and the rows of other lists
/// that refer to it (`table-detail.mustache`, or the list's own detail template and
/// row presenter), or the placeholder page (`message.mustache`) when there is no row.
struct RowPageWriter: ListWriter {
    func write(_ view: TableView, site: SitePages) -> Response? {
        let list = view.list
        guard let row = view.row, let key = view.rowKey else {
            return site.render("message", view.pageContext, status: view.decision.status, forTable: true, list: list)
        }
        var fields = MustacheFields()
        if case .dictionary(let page) = view.pageContext { fields = page }
        fields["status"] = ["text": ""]
        // The row's own JSON is its alternate; the list's CSV is not.
        fields["jsonHref"] = .string(ListLinks.link(list.path + "/" + key + ".json", language: view.languageParameter))
        fields["csvHref"] = .null
        let own =
            list.presenter?.detail(row, of: list, language: view.language, languageParameter: view.languageParameter)
            ?? Self.sharedDetail(row, key: key, view: view)
        for (name, value) in own { fields[name] = value }
        return site.renderIfDrawn(list.detailTemplate, .dictionary(fields), status: 200, forTable: true, list: list)
    }

    /// The fields of `table-detail.mustache` for `row`: its caption, every cell
    /// whole, and the rows of other lists that refer to it.
    private static func sharedDetail(_ row: [SQLValue], key: String, view: TableView) -> MustacheFields {
        let list = view.list
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
            to: list, address: address, in: view.lists, words: words, languageParameter: view.languageParameter)
        if !referring.isEmpty {
            fields["referrers"] = ["heading": .string(words.referencedBy), "items": .array(referring)]
        }
        fields["values"] = .dictionary(RecordCells.values(row, of: list))
        return fields
    }
}
