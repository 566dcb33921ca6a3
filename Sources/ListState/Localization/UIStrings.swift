import ListStore
import Mustache

/// Every interface word of one language: page furniture, footers, the search
/// form's words, the built-in placeholder texts, announcements and the reasons
/// a request is refused. One instance per ``Language`` (`UIStrings+English.swift`, …),
/// speaking of rows: a list that speaks of its rows otherwise starts from
/// ``of(_:)`` and changes the words it needs (``ListWords``).
///
/// The plain words (`tagline`, `loadMore`, `searchLabel`, …) are also the
/// template context's `strings` object (docs/view-context.md lists them).
public struct UIStrings: Sendable {
    // MARK: Page
    /// The site's name as a heading ("Lists"); a list whose words name it gives its own (``ListWords/namesTheList``).
    public var listName: String
    /// The line beside the brand.
    public var tagline: String
    /// The page footer.
    public var colophon: String
    /// The link back to the first page on a later page.
    public var backToStartOfList: String

    // MARK: Search form (its markup belongs to the search form; its words are here)
    /// The label of the search field.
    public var searchLabel: String
    /// The search field's placeholder text.
    public var searchPlaceholder: String
    /// The search button.
    public var searchButton: String
    /// The button that reloads the list from its first page (the web form of pull-to-refresh).
    public var refreshButton: String
    /// The refresh button's tooltip.
    public var refreshHint: String
    /// The link that clears the search.
    public var clearSearch: String
    /// The link that clears the filters.
    public var clearFilters: String

    // MARK: Footers
    /// The load-more link.
    public var loadMore: String
    /// The end-of-list sentence.
    public var endOfList: String
    /// The link back to the start, after the end of the list.
    public var backToStart: String
    /// The loading footer's text.
    public var loadingMore: String
    /// The loading footer's link.
    public var showMore: String
    /// The retry footer's sentence when the source was unavailable.
    public var moreUnavailable: String
    /// The retry footer's sentence when the source failed.
    public var moreFailed: String
    /// A retry button.
    public var tryAgain: String
    /// The start-over link of a refused continuation.
    public var startOver: String
    /// The sentence of a continuation whose part of the list does not exist.
    public var partGone: String

    // MARK: Offline (client-side; rendered into <template>s)
    /// The banner over rows kept on screen while offline.
    public var offlineBanner: String
    /// The retry footer's sentence while offline.
    public var offlineFooter: String
    /// What the status region says when the connection drops.
    public var offlineAnnouncement: String
    /// The banner over rows kept on screen when the server gave no answer in time (`--client-timeout`).
    public var noAnswerBanner: String
    /// The retry footer's sentence when the server gave no answer in time.
    public var noAnswerFooter: String
    /// The status region's sentence when the server gave no answer in time.
    public var noAnswerAnnouncement: String
    /// The offline placeholder's heading and sentence when the server gave no answer
    /// (in time, or at all while the browser is online; or a proxy answered for it).
    public var noAnswerTitle: String
    /// The sentence under ``noAnswerTitle``.
    public var noAnswerDetail: String

    // MARK: Automatic retry of a 503 (client-side; rendered into a <template>)
    /// The note beside a retry control the page will use by itself; `{seconds}` is how many are left.
    public var retryIn: String
    /// The same when the retry is more than a minute away; `{time}` is the time of day.
    public var retryAt: String

    // MARK: Placeholders
    /// The loading placeholder.
    public var loading: PlaceholderWords
    /// The no-JavaScript link of a lazy shell.
    public var showListNow: String
    /// The no-data placeholder.
    public var noData: PlaceholderWords
    /// The no-results placeholder when a query matched nothing; `{query}` is the query.
    public var noResultsForQuery: PlaceholderWords
    /// The no-results placeholder when only filters narrowed the list.
    public var noResultsForFilters: PlaceholderWords
    /// The heading of the suggestions of a search that found nothing.
    public var suggestionsHeading: String
    /// What to try when a search found nothing.
    public var suggestions: [String]
    /// The introduction of example searches.
    public var examplesHeading: String
    /// Example searches a noResults placeholder offers as links (none: no examples).
    public var exampleSearches: [String] = []
    /// The offline placeholder.
    public var offline: PlaceholderWords
    /// The unavailable placeholder; `detailWithDelay` says when to retry.
    public var unavailable: PlaceholderWords
    /// The unavailable placeholder's detail with the Retry-After delay in seconds.
    public var unavailableDetail: @Sendable (_ seconds: Int) -> String
    /// The unavailable placeholder's detail when a search or filter ran past the
    /// query time limit (seconds): retrying the same will not help, so no retry is offered by itself.
    public var searchTooSlow: @Sendable (_ seconds: Int) -> String = { seconds in
        "This search or filter did not finish within the time limit (\(seconds) s). Try more specific words or fewer filters."
    }
    /// The error placeholder when the source failed.
    public var failed: PlaceholderWords
    /// The error placeholder when the request was bad (its detail is the reason).
    public var badRequest: PlaceholderWords
    /// The not-found placeholder.
    public var notFound: PlaceholderWords

    // MARK: Announcements (the role="status" region)
    /// Sentences for ``ListDecision/Announcement`` values.
    public var announce: AnnouncementWords

    // MARK: A list's own templates
    /// Words a list's own templates read beside the ones above, by name: added to
    /// the `strings` object (a name it already has keeps its word). None unless a
    /// list's words add some (the catalogue's `categoryLabel`, `emojiOnly`, …).
    public var templateWords: [String: String] = [:]

    // MARK: Refused requests
    /// Why a request was refused, in words.
    package var reason: @Sendable (_ reason: ListRequest.Reason) -> String

    /// The words of a placeholder: heading, sentence and button label.
    public struct PlaceholderWords: Sendable {
        /// The heading.
        public var title: String
        /// The sentence under it.
        public var detail: String?
        /// The button's label.
        public var button: String?

        /// Makes a placeholder's words.
        public init(title: String, detail: String?, button: String?) {
            (self.title, self.detail, self.button) = (title, detail, button)
        }
    }

    /// The sentences of the status region.
    public struct AnnouncementWords: Sendable {
        /// While the rows load.
        public var loading: String
        /// A page's rows shown, by their number.
        public var rowsShown: @Sendable (Int) -> String
        /// Rows added by a continuation, by their number.
        public var rowsAdded: @Sendable (Int) -> String
        /// The end of the list reached.
        public var endOfList: String
        /// The list has no rows.
        public var noData: String
        /// Nothing matches the search (its text, nil for filters alone).
        public var noResults: @Sendable (_ query: String?) -> String
        /// The source does not answer (the seconds until the page retries, if it does).
        public var unavailable: @Sendable (_ seconds: Int?) -> String
        /// The source failed.
        public var error: String
        /// The request was refused, and why.
        public var badRequest: @Sendable (_ reason: String) -> String
        /// There is no such list or row.
        public var notFound: String
        /// The rows shown are kept from before: the source is not answering (when they were read, as text).
        public var stale: @Sendable (_ readAt: String) -> String
        /// A number of rows in the list's words: "338 rows", or "more than 10,000 rows" when
        /// the count is a lower bound (its second argument).
        public var rowsCounted: @Sendable (_ count: Int, _ isLowerBound: Bool) -> String
        /// The sentence above the rows saying how many match: the rows counted
        /// (``rowsCounted``), the search as typed (nil for none) and each filter in words.
        public var rowsMatching: @Sendable (_ counted: String, _ query: String?, _ filters: [String]) -> String
        /// What stands between two sentences: a space in English, nothing after a Chinese full stop.
        public var separator = " "
    }

    /// The words of `language`.
    public static func of(_ language: Language) -> UIStrings {
        switch language {
        case .english: .english
        case .simplifiedChinese: .simplifiedChinese
        case .traditionalChinese: .traditionalChinese
        }
    }

    /// The `strings` object of each language, built once (every page uses it;
    /// building it per request cost about a fifth of a page's render).
    static let mustacheValues: [Language: MustacheValue] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, UIStrings.of($0).mustacheValue) })

    /// The plain words templates may use, as the context's `strings` object.
    var mustacheValue: MustacheValue {
        let pairs: [(String, String)] = [
            ("listName", listName), ("tagline", tagline), ("colophon", colophon),
            ("backToStartOfList", backToStartOfList),
            ("searchLabel", searchLabel), ("searchPlaceholder", searchPlaceholder),
            ("searchButton", searchButton), ("refreshButton", refreshButton), ("refreshHint", refreshHint),
            ("clearSearch", clearSearch), ("clearFilters", clearFilters),
            ("loadMore", loadMore), ("endOfList", endOfList), ("backToStart", backToStart),
            ("loadingMore", loadingMore), ("showMore", showMore), ("tryAgain", tryAgain), ("startOver", startOver),
            ("offlineBanner", offlineBanner), ("offlineFooter", offlineFooter),
            ("offlineAnnouncement", offlineAnnouncement), ("showListNow", showListNow),
        ]
        var fields: MustacheFields = [:]
        for (key, value) in pairs { fields[key] = .string(value) }
        for (key, value) in templateWords.sorted(by: { $0.key < $1.key }) where fields[key] == nil { fields[key] = .string(value) }
        return .dictionary(fields)
    }
}
