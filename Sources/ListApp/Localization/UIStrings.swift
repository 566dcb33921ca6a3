import ListStore
import Mustache

/// Every interface word of one language: page furniture, footers, the search
/// form's words, the built-in placeholder texts, announcements and the reasons
/// a request is refused. One instance per ``Language`` (`UIStrings+English.swift`, …).
///
/// The plain words (`tagline`, `loadMore`, `searchLabel`, …) are also the
/// template context's `strings` object (docs/view-context.md lists them).
struct UIStrings: Sendable {
    // MARK: Page
    /// The list's name as a heading ("Unicode characters").
    var listName: String
    /// The line beside the brand.
    var tagline: String
    /// The page footer.
    var colophon: String
    /// The link back to the first page on a later page.
    var backToStartOfList: String
    /// The heading of a list narrowed by filter names and a query.
    var heading: @Sendable (_ filterNames: [String], _ query: String?) -> String
    /// The `<title>` of a search.
    var searchTitle: @Sendable (_ query: String) -> String
    /// The word for an emoji filter and the emoji badge of a row.
    var emoji: String
    /// "Unicode 1.1" in a row.
    var unicodeVersion: @Sendable (_ age: String) -> String
    /// General category names by two-letter code (UAX #44 §5.7.1).
    var categoryNames: [String: String]

    // MARK: Search form (its markup belongs to the search form; its words are here)
    /// The label of the search field.
    var searchLabel: String
    /// The search field's placeholder text.
    var searchPlaceholder: String
    /// A hint under the search field.
    var searchHint: String
    /// The search button.
    var searchButton: String
    /// The button that reloads the list from its first page (the web form of pull-to-refresh).
    var refreshButton: String
    /// The refresh button's tooltip.
    var refreshHint: String
    /// The label of the category menu.
    var categoryLabel: String
    /// The category menu's "any" choice.
    var anyCategory: String
    /// The label of the emoji-only checkbox.
    var emojiOnly: String
    /// The link that clears the search.
    var clearSearch: String
    /// The link that clears the filters.
    var clearFilters: String

    // MARK: Footers
    /// The load-more link.
    var loadMore: String
    /// The end-of-list sentence.
    var endOfList: String
    /// The link back to the start, after the end of the list.
    var backToStart: String
    /// The loading footer's text.
    var loadingMore: String
    /// The loading footer's link.
    var showMore: String
    /// The retry footer's sentence when the source was unavailable.
    var moreUnavailable: String
    /// The retry footer's sentence when the source failed.
    var moreFailed: String
    /// A retry button.
    var tryAgain: String
    /// The start-over link of a refused continuation.
    var startOver: String
    /// The sentence of a continuation whose part of the list does not exist.
    var partGone: String

    // MARK: Offline (client-side; rendered into <template>s)
    /// The banner over rows kept on screen while offline.
    var offlineBanner: String
    /// The retry footer's sentence while offline.
    var offlineFooter: String
    /// What the status region says when the connection drops.
    var offlineAnnouncement: String
    /// The banner over rows kept on screen when the server gave no answer in time (`--client-timeout`).
    var noAnswerBanner: String
    /// The retry footer's sentence when the server gave no answer in time.
    var noAnswerFooter: String
    /// The status region's sentence when the server gave no answer in time.
    var noAnswerAnnouncement: String
    /// The offline placeholder's heading and sentence when the server gave no answer
    /// (in time, or at all while the browser is online; or a proxy answered for it).
    var noAnswerTitle: String
    var noAnswerDetail: String

    // MARK: Automatic retry of a 503 (client-side; rendered into a <template>)
    /// The note beside a retry control the page will use by itself; `{seconds}` is how many are left.
    var retryIn: String
    /// The same when the retry is more than a minute away; `{time}` is the time of day.
    var retryAt: String

    // MARK: Placeholders
    /// The loading placeholder.
    var loading: PlaceholderWords
    /// The no-JavaScript link of a lazy shell.
    var showListNow: String
    /// The no-data placeholder.
    var noData: PlaceholderWords
    /// The no-results placeholder when a query matched nothing; `{query}` is the query.
    var noResultsForQuery: PlaceholderWords
    /// The no-results placeholder when only filters narrowed the list.
    var noResultsForFilters: PlaceholderWords
    /// The heading of the suggestions of a search that found nothing.
    var suggestionsHeading: String
    /// What to try when a search found nothing.
    var suggestions: [String]
    /// The introduction of example searches.
    var examplesHeading: String
    /// Example searches a noResults placeholder offers as links (none: no examples).
    var exampleSearches: [String] = ["heart", "arrow", "snow"]
    /// The offline placeholder.
    var offline: PlaceholderWords
    /// The unavailable placeholder; `detailWithDelay` says when to retry.
    var unavailable: PlaceholderWords
    /// The unavailable placeholder's detail with the Retry-After delay in seconds.
    var unavailableDetail: @Sendable (_ seconds: Int) -> String
    /// The unavailable placeholder's detail when a search or filter ran past the
    /// query time limit (seconds): retrying the same will not help, so no retry is offered by itself.
    var searchTooSlow: @Sendable (_ seconds: Int) -> String = { seconds in
        "This search or filter did not finish within the time limit (\(seconds) s). Try more specific words or fewer filters."
    }
    /// The error placeholder when the source failed.
    var failed: PlaceholderWords
    /// The error placeholder when the request was bad (its detail is the reason).
    var badRequest: PlaceholderWords
    /// The not-found placeholder.
    var notFound: PlaceholderWords

    // MARK: Announcements (the role="status" region)
    /// Sentences for ``ListState/Announcement`` values.
    var announce: AnnouncementWords

    // MARK: Refused requests
    /// Why a request was refused, in words.
    var reason: @Sendable (_ reason: ListRequest.Reason) -> String

    /// The words of a placeholder: heading, sentence and button label.
    struct PlaceholderWords: Sendable {
        /// The heading.
        var title: String
        /// The sentence under it.
        var detail: String?
        /// The button's label.
        var button: String?
    }

    /// The sentences of the status region.
    struct AnnouncementWords: Sendable {
        var loading: String
        var rowsShown: @Sendable (Int) -> String
        var rowsAdded: @Sendable (Int) -> String
        var endOfList: String
        var noData: String
        var noResults: @Sendable (_ query: String?) -> String
        var unavailable: @Sendable (_ seconds: Int?) -> String
        var error: String
        var badRequest: @Sendable (_ reason: String) -> String
        var notFound: String
        /// What stands between two sentences: a space in English, nothing after a Chinese full stop.
        var separator = " "
    }

    /// The strings of `language`.
    static func of(_ language: Language) -> UIStrings {
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
            ("backToStartOfList", backToStartOfList), ("emoji", emoji),
            ("searchLabel", searchLabel), ("searchPlaceholder", searchPlaceholder), ("searchHint", searchHint),
            ("searchButton", searchButton), ("refreshButton", refreshButton), ("refreshHint", refreshHint),
            ("categoryLabel", categoryLabel), ("anyCategory", anyCategory),
            ("emojiOnly", emojiOnly), ("clearSearch", clearSearch), ("clearFilters", clearFilters),
            ("loadMore", loadMore), ("endOfList", endOfList), ("backToStart", backToStart),
            ("loadingMore", loadingMore), ("showMore", showMore), ("tryAgain", tryAgain), ("startOver", startOver),
            ("offlineBanner", offlineBanner), ("offlineFooter", offlineFooter),
            ("offlineAnnouncement", offlineAnnouncement), ("showListNow", showListNow),
        ]
        var fields: MustacheFields = [:]
        for (key, value) in pairs { fields[key] = .string(value) }
        return .dictionary(fields)
    }
}
