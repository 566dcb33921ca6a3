import ListStore
import Mustache

/// Draws a list's rows and row pages with fields of its own, for its own
/// `row` and detail templates (``ListDefinition/presenter``); a list without
/// one is drawn with the shared fields (``TableRowList``, `RecordCells`).
protocol RowPresenter: Sendable {
    /// The rows of `page` as the list's `row` template reads them: one
    /// `MustacheList` for the page. Each row should offer `id` (its element
    /// id), `key` (`data-key`) and `detailHref`.
    /// - Parameter languageParameter: The `lang` parameter links keep (nil when negotiated).
    func rows(_ page: RowPage, of list: ListDefinition, language: Language, languageParameter: String?) -> any MustacheList

    /// The fields the list's detail template reads for one row, added to the
    /// page's own (`title` among them replaces the page's).
    func detail(_ row: [SQLValue], of list: ListDefinition, language: Language, languageParameter: String?) -> MustacheFields

    /// Whether the list draws `row` (its rows leave out the others): a row it does
    /// not draw has no page either (404).
    func draws(_ row: [SQLValue]) -> Bool
}

/// How a list spells its rows' addresses in detail paths (``ListDefinition/addressFormat``),
/// instead of each address value's text tilde-encoded.
struct RowAddressFormat: Sendable {
    /// The key segment of a row whose address values are these; nil when it has none.
    var segment: @Sendable ([SQLValue]) -> String?
    /// The address values a key segment names; nil when it names none (the shared
    /// spelling is then tried, and a match is sent to this spelling with a 308).
    var address: @Sendable (Substring) -> [SQLValue]?
    /// The address values a key segment of a former address names
    /// (``ListDefinition/formerDetailPrefix``); nil: as ``address``.
    var former: (@Sendable (Substring) -> [SQLValue]?)?
}
