import ListStore

/// The list parameters of a request, validated (docs/design.md, "HTTP and HTMX").
///
/// | parameter | meaning | rule |
/// | --- | --- | --- |
/// | `cursor` | start after this row | must be a cursor we made, else 400 |
/// | `limit` | rows per page | default 20; above 100 clamped to 100; below 1 or not a number → 400 |
/// | `q` | search words | at most 200 Unicode scalars and 8 distinct words, no control characters, else 400; blank = no search |
/// | `category` | General_Category code | must be a known two-letter code, else 400 |
/// | `emoji` | emoji only | `0` or `1`, else 400 |
/// | `lang` | interface language | unknown values fall back to negotiation |
/// | `lazy` | `0` renders a lazy list's rows at once | `0` or `1`, else 400 |
///
/// A repeated known parameter is a 400 (which one was meant is unknowable);
/// unknown parameters are ignored.
public struct ListRequest: Sendable, Hashable {
    /// Rows per page when `limit` is absent.
    public static let defaultLimit = 20
    /// The largest page; larger requests are clamped to it.
    public static let maximumLimit = 100
    /// The longest search text, in characters (extended grapheme clusters).
    public static let maximumQueryLength = 200
    /// The parameters this type reads; any other is ignored.
    public static let parameterNames: Set<String> = ["cursor", "limit", "q", "category", "emoji", "lang", "lazy"]

    /// Where the page starts; nil for the first page.
    public var cursor: PageCursor?
    /// Rows per page, 1...100.
    public var limit: Int
    /// Search and filters.
    public var filter: ListFilter
    /// The `lang` parameter as a language the server speaks (`en`, `zh-Hans`,
    /// `zh-Hant`), or nil (absent or unknown: the language is negotiated).
    public var language: String?
    /// Whether `lazy=0` asked for the rows at once.
    public var wantsRowsAtOnce: Bool

    /// Makes a request for the first page with no filter.
    public init(
        cursor: PageCursor? = nil, limit: Int = ListRequest.defaultLimit, filter: ListFilter = ListFilter(),
        language: String? = nil, wantsRowsAtOnce: Bool = false
    ) {
        self.cursor = cursor
        self.limit = limit
        self.filter = filter
        self.language = language
        self.wantsRowsAtOnce = wantsRowsAtOnce
    }

    /// Why a request's parameters were refused, as a value the page puts into
    /// words in its own language (`UIStrings.reason`).
    public enum Reason: Sendable, Hashable {
        /// A known parameter is given more than once.
        case repeated(String)
        /// The cursor is not one the server made.
        case badCursor
        /// `limit` is below 1 or not a number.
        case badLimit
        /// `q` is longer than ``ListRequest/maximumQueryLength`` Unicode scalars.
        case queryTooLong
        /// The parameter's value holds a control character (General_Category Cc,
        /// NUL included), a bidi control or a noncharacter
        /// (``VisibleText/isAcceptableParameter(_:)``): the page would have to
        /// echo it, and raw it is a parse error or reorders the sentence.
        case invisibleCharacter(parameter: String)
        /// `q` holds more than `ListFilter.maximumWords` distinct words.
        case tooManyWords
        /// `category` names no General_Category.
        case unknownCategory(String)
        /// `emoji` is neither 0 nor 1.
        case badEmoji
        /// `lazy` is neither 0 nor 1.
        case badLazy
        /// `sort` names no column of the list (a list over a table).
        case unknownSort(String)
        /// A cursor made by rowid names a row that is gone (a list over a table).
        case positionGone
        /// A column filter's value cannot be used, or there are too many filters (a list over a table).
        case badFilter(String)
        /// A named filter (the parameter) does not accept the value.
        case unknownFilterValue(parameter: String, value: String)
        /// The address itself cannot be read (a bad `%` escape, invalid UTF-8).
        case malformedAddress
        /// The address is longer than the server takes (414; `Server.Configuration.maxTargetBytes`).
        case addressTooLong
        /// The request's header fields are larger than the server takes (431; `Server.Configuration.maxHeaderBytes`).
        case headersTooLarge
    }

    /// Why a request's parameters were refused.
    public struct Problem: Error, Sendable, Hashable {
        /// The parameter at fault.
        public var parameter: String
        /// What was wrong.
        public var reason: Reason
        /// The reason in English, for logs and the decision's locale-free `badRequest(reason:)`.
        public var message: String { UIStrings.english.reason(reason) }
    }

    /// Validates query items.
    ///
    /// - Parameter query: The query items in order, percent-decoded.
    /// - Returns: The request, or the first problem found.
    public static func parse(_ query: [(name: String, value: String)]) -> Result<ListRequest, Problem> {
        var seen: Set<String> = []
        var request = ListRequest()
        for (name, value) in query where parameterNames.contains(name) {
            guard seen.insert(name).inserted else {
                return .failure(Problem(parameter: name, reason: .repeated(name)))
            }
            guard VisibleText.isAcceptableParameter(value) else {
                return .failure(Problem(parameter: name, reason: .invisibleCharacter(parameter: name)))
            }
            switch name {
            case "cursor":
                guard let cursor = PageCursor(encoded: value) else {
                    return .failure(Problem(parameter: name, reason: .badCursor))
                }
                request.cursor = cursor
            case "limit":
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return .failure(Problem(parameter: name, reason: .badLimit))
                }
                let digits = value.drop { $0 == "0" }
                let number = digits.isEmpty ? 0 : (digits.count > 18 ? Int.max : Int(digits) ?? Int.max)
                guard number >= 1 else {
                    return .failure(Problem(parameter: name, reason: .badLimit))
                }
                request.limit = min(number, maximumLimit)
            case "q":
                guard value.unicodeScalars.count <= maximumQueryLength else {
                    return .failure(Problem(parameter: name, reason: .queryTooLong))
                }
                let trimmed = value.trimmingWhitespace
                request.filter.text = trimmed.isEmpty ? nil : trimmed
                guard request.filter.searchWords.count <= ListFilter.maximumWords else {
                    return .failure(Problem(parameter: name, reason: .tooManyWords))
                }
            case "category":
                if value.isEmpty { continue }
                guard ListStore.GeneralCategory.name(forCode: value) != nil else {
                    return .failure(Problem(parameter: name, reason: .unknownCategory(VisibleText.echo(value))))
                }
                request.filter.category = value
            case "emoji":
                guard value == "0" || value == "1" else {
                    return .failure(Problem(parameter: name, reason: .badEmoji))
                }
                request.filter.emojiOnly = value == "1"
            case "lang":
                // An unknown language falls back to negotiation and is not carried into links.
                request.language = Language(tag: value)?.tag
            case "lazy":
                guard value == "0" || value == "1" else {
                    return .failure(Problem(parameter: name, reason: .badLazy))
                }
                request.wantsRowsAtOnce = value == "0"
            default:
                continue
            }
        }
        return .success(request)
    }

    /// The query items that reproduce this request's list (search, filters,
    /// limit, language) at another cursor (its encoded text); `cursor` nil for
    /// the start. Defaults are left out, so the start of the plain list is just `/`.
    public func queryItems(cursor: String?) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if let text = filter.text { items.append(("q", text)) }
        if let category = filter.category { items.append(("category", category)) }
        if filter.emojiOnly { items.append(("emoji", "1")) }
        if limit != Self.defaultLimit { items.append(("limit", String(limit))) }
        if let language { items.append(("lang", language)) }
        if let cursor { items.append(("cursor", cursor)) }
        return items
    }

    public static func == (lhs: ListRequest, rhs: ListRequest) -> Bool {
        lhs.cursor == rhs.cursor && lhs.limit == rhs.limit && lhs.filter == rhs.filter
            && lhs.language == rhs.language && lhs.wantsRowsAtOnce == rhs.wantsRowsAtOnce
    }
}

extension String {
    /// The string without leading and trailing white space (Unicode White_Space).
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
