import ListStore
import Mustache

/// Draws a list's rows and row pages with fields of its own, for its own
/// `row` and detail templates (``ListDefinition/presenter``); a list without
/// one is drawn with the shared fields (``TableRowList``, `RecordCells`).
///
/// A list with its own row template, words and row page is one type that makes
/// its ``ListDefinition`` (with this presenter, its ``ListDefinition/words``,
/// ``ListDefinition/templates`` and ``ListDefinition/partials``), registered by
/// serving that list (``TableCatalog``); the catalogue (module `ListCatalogue`) is one.
public protocol RowPresenter: Sendable {
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
public struct RowAddressFormat: Sendable {
    /// The key segment of a row whose address values are these; nil when it has none.
    public var segment: @Sendable ([SQLValue]) -> String?
    /// The address values a key segment names; nil when it names none (the shared
    /// spelling is then tried, and a match is sent to this spelling with a 308).
    public var address: @Sendable (Substring) -> [SQLValue]?
    /// The address values a key segment of a former address names
    /// (``ListDefinition/formerDetailPrefix``); nil: as ``address``.
    public var former: (@Sendable (Substring) -> [SQLValue]?)?

    /// Makes an address spelling from its two directions (and the former addresses' reading).
    public init(
        segment: @escaping @Sendable ([SQLValue]) -> String?, address: @escaping @Sendable (Substring) -> [SQLValue]?,
        former: (@Sendable (Substring) -> [SQLValue]?)? = nil
    ) {
        (self.segment, self.address, self.former) = (segment, address, former)
    }
}
