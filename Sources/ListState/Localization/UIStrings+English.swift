import ListStore

extension UIStrings {
    /// English.
    static let english = UIStrings(
        listName: "Lists",
        tagline: "Your data, one page at a time",
        colophon: "Served by ListState, read-only.",
        backToStartOfList: "Back to the start of the list",
        searchLabel: "Search this list",
        searchPlaceholder: "words to find",
        searchButton: "Search",
        refreshButton: "Refresh",
        refreshHint: "Reload the list from the first page",
        clearSearch: "Clear the search",
        clearFilters: "Clear the filters",
        loadMore: "Load more",
        endOfList: "That is the end of the list.",
        backToStart: "Back to the start",
        loadingMore: "Loading…",
        showMore: "Show more",
        moreUnavailable: "More rows could not be loaded just now.",
        moreFailed: "More rows could not be loaded because something went wrong.",
        tryAgain: "Try again",
        startOver: "Start again from the beginning",
        partGone: "This part of the list does not exist.",
        offlineBanner: "You are offline. The rows already shown stay here; more will load once you are back online.",
        offlineFooter: "You are offline, so no more rows could be loaded.",
        offlineAnnouncement: "You are offline. Check your connection, then try again.",
        noAnswerBanner: "The server did not answer in time. What is shown stays here; the list tries again by itself.",
        noAnswerFooter: "The server did not answer in time, so no more could be loaded.",
        noAnswerAnnouncement: "The server did not answer in time. The list tries again by itself.",
        noAnswerTitle: "The server did not answer",
        noAnswerDetail: "It may be busy or stopped. The list tries again by itself.",
        retryIn: "Trying again in {seconds} s",
        retryAt: "Trying again at {time}",
        loading: PlaceholderWords(title: "Loading rows…", detail: "This only takes a moment.", button: nil),
        showListNow: "Show the list now",
        noData: PlaceholderWords(
            title: "No rows yet",
            detail: "This table is empty. Rows will appear here as soon as it has some.",
            button: "Reload"),
        noResultsForQuery: PlaceholderWords(
            title: "No results for “{query}”",
            detail: "No row contains these words.", button: "Clear the search"),
        noResultsForFilters: PlaceholderWords(
            title: "No rows match these filters",
            detail: "Remove a filter to see more rows.", button: "Clear the filters"),
        suggestionsHeading: "You could:",
        suggestions: ["Check the spelling.", "Use fewer or shorter words."],
        examplesHeading: "Or try one of these:",
        offline: PlaceholderWords(
            title: "You are offline",
            detail: "Check your connection, then try again.",
            button: "Try again"),
        unavailable: PlaceholderWords(
            title: "The list is not available right now",
            detail: "The database is busy. Please try again in a moment.",
            button: "Try again"),
        unavailableDetail: { seconds in
            seconds <= 1
                ? "The database is busy. Please try again in a second."
                : "The database is busy. Please try again in about \(seconds) seconds."
        },
        failed: PlaceholderWords(
            title: "Something went wrong",
            detail: "The list could not be loaded. Trying again usually helps; if it keeps happening, please come back later.",
            button: "Try again"),
        badRequest: PlaceholderWords(
            title: "This address does not work", detail: nil,
            button: "Go to the start of the list"),
        notFound: PlaceholderWords(
            title: "Page not found",
            detail: "There is no list or row at this address. Check the address, or go to the lists.",
            button: "Go to the lists"),
        announce: AnnouncementWords(
            loading: "Loading rows…",
            rowsShown: { $0 == 1 ? "Showing 1 row." : "Showing \($0) rows." },
            rowsAdded: { $0 == 1 ? "1 more row loaded." : "\($0) more rows loaded." },
            endOfList: "That is the end of the list.",
            noData: "There are no rows yet.",
            noResults: { query in query.map { "No results for “\($0)”." } ?? "No rows match these filters." },
            unavailable: { seconds in
                seconds.map { "The list is not available right now. Try again in about \($0) second\($0 == 1 ? "" : "s")." }
                    ?? "The list is not available right now. Try again in a moment."
            },
            error: "Something went wrong. Try again.",
            badRequest: { reason in "This address does not work. \(reason)" },
            notFound: "Page not found.",
            stale: { "The source is not answering just now. These rows are from \($0)." },
            rowsCounted: { count, isLowerBound in
                let rows = count == 1 && !isLowerBound ? "1 row" : "\(GroupedNumber.grouped(count)) rows"
                return isLowerBound ? "more than " + rows : rows
            },
            rowsMatching: { counted, query, filters in
                var text = counted
                if let query { text += " matching “\(query)”" }
                if !filters.isEmpty { text += " where " + filters.joined(separator: " and ") }
                return text.prefix(1).uppercased() + text.dropFirst() + "."
            }
        ),
        reason: { reason in
            switch reason {
            case .repeated(let name): "The address gives “\(name)” more than once."
            case .badCursor: "The link points to a position in the list that does not exist. Start again from the beginning."
            case .badLimit: "The page size must be a whole number, 1 or more; a page shows at most \(ListRequest.maximumLimit) rows."
            case .queryTooLong: "The search is too long: at most \(ListRequest.maximumQueryLength) characters, please."
            case .invisibleCharacter(let parameter):
                parameter == "q"
                    ? "The search holds a control character or an invisible formatting character. Type it again, please."
                    : "The value of “\(parameter)” holds a control character or an invisible formatting character."
            case .tooManyWords: "The search has too many different words: at most \(SearchWords.maximum), please."
            case .badLazy: "The lazy option must be 0 or 1."
            case .unknownSort(let value): "This list has no column “\(value)” to sort by."
            case .unsortableColumn(let value): "This list cannot be sorted by its column “\(value)”."
            case .positionGone: "The row this page started after is gone. Start again from the beginning."
            case .continuationGone: "Where this page starts is no longer known here. Start again from the beginning."
            case .unknownFilterValue(let parameter, let value): "“\(value)” is not a value the filter “\(parameter)” knows."
            case .unorderedRange(let column): "This list has no order for “\(column)” to filter a range by (__gt, __gte, __lt, __lte)."
            case .unsupportedFilter(let name): "This list cannot be filtered with “\(name)”."
            case .unsupportedSearch: "This list cannot be searched."
            case .badFilter(let name):
                "The filter “\(name)” cannot be used: isnull takes 0 or 1, in takes at most \(RowFilter.maximumValues) values, and a list takes at most \(RowFilter.maximumFilters) filters."
            case .unknownColumn(let parameter, let column): "This list shows no column “\(column)”, so “\(parameter)” cannot choose it."
            case .notANumber(let parameter, let value): "“\(value)” is not a number, so “\(parameter)” cannot compare with it."
            case .unreadableValue: "A filter's value is not one its column can hold (text given for a number or a date, say)."
            case .malformedAddress: "The address is not written correctly (a broken % sign or character). Start again from the beginning."
            case .addressTooLong: "The address is too long for this server. Use a shorter search or fewer filters."
            case .headersTooLarge: "The request carries more header data (cookies, for example) than this server takes."
            }
        }
    )
}
