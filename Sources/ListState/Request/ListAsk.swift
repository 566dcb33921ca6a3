import HTTPServer

/// A list request read once, before anything is read from its source (docs/design.md,
/// "The way a request flows"): the list, the format, the language and the query. The
/// kept answer's key is made from it; on a miss ``validated()`` reads the query once into
/// the request or its refusal. No later step reads the request's target or headers again.
struct ListAsk: Sendable {
    /// The list asked for (after a schema change, the list as read again).
    var list: ListDefinition
    /// What the answer is: page, region, continuation, JSON, CSV, row page or row JSON.
    let format: ListFormat
    /// The list's own address when `/` shows it (`<link rel="canonical">`); nil at its address.
    let canonical: String?
    /// The page language: `lang` when it names one the server speaks, else `Accept-Language`'s choice.
    let language: Language
    /// Whether `Accept-Language` chose the language (RFC 9110 §12.5.4: `Vary` and links differ).
    let languageFromHeader: Bool
    /// The query string as sent, after `?` (nil without a `?`): a kept answer is keyed by it
    /// unparsed, so a cache hit validates nothing (two spellings of one request are two keys).
    let rawQuery: Substring?
    /// The decoded query parameters, validated by ``validated()``.
    private let parameters: [QueryItem]

    /// Reads `request`'s query, `lang` and `Accept-Language` (and, without `format`, `cursor` and the htmx headers).
    /// - Parameters:
    ///   - format: The format, as the route read it from the address
    ///     (``ListFormat/init(path:headers:hasCursor:)``, ``ListFormat/init(rowKey:)``); nil
    ///     for an address of HTML only (`/`): read from the headers (``ListFormat/html(_:hasCursor:)``).
    init(_ request: borrowing Request, list: ListDefinition, format: ListFormat? = nil, canonical: String? = nil) {
        self.list = list
        self.canonical = canonical
        parameters = request.queryItems
        if let format {
            self.format = format
        } else {
            self.format = .html(request.headers, hasCursor: request.query("cursor") != nil)
        }
        (language, languageFromHeader) = Language.negotiate(
            parameter: request.query("lang"), acceptLanguage: request.headers["Accept-Language"])
        let target = request.target
        rawQuery = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[target.utf8.index(after: $0)...] }
    }

    /// The `lang` parameter links carry: the language when the request named it, else nil.
    var languageParameter: String? { languageFromHeader ? nil : language.tag }

    /// The language and whether `Accept-Language` chose it, as the response headers take them.
    var negotiated: (language: Language, fromHeader: Bool) { (language, languageFromHeader) }

    /// The query validated against ``list`` (``TableRequest``), or why it is refused. A CSV
    /// export is the whole list: its `cursor` and `limit` are not read.
    func validated() -> Result<TableRequest, ListRefusal> {
        var items = parameters.map { (name: $0.name, value: $0.value) }
        if format == .csv { items.removeAll { $0.name == "cursor" || $0.name == "limit" } }
        switch TableRequest.parse(items, list: list, languageParameter: languageParameter) {
        case .success(let request):
            return .success(request)
        case .failure(let problem):
            return .failure(ListRefusal(reason: problem.reason, searchAsGiven: items.first { $0.name == "q" }?.value))
        }
    }
}
