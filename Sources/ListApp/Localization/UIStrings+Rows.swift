import Mustache

extension UIStrings {
    /// The words of a list over a user's table in `language`: the catalogue's
    /// words with every one that speaks of characters replaced by one that
    /// speaks of rows. Made once per language.
    static func rows(_ language: Language) -> UIStrings {
        rowsByLanguage[language] ?? rowWords(language)
    }

    /// The `strings` object of ``rows(_:)`` in each language, built once.
    static let rowsMustacheValues: [Language: MustacheValue] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, rows($0).mustacheValue) })

    private static let rowsByLanguage: [Language: UIStrings] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, rowWords($0)) })

    private static func rowWords(_ language: Language) -> UIStrings {
        var strings = UIStrings.of(language)
        strings.exampleSearches = []
        switch language {
        case .english:
            strings.listName = "Lists"
            strings.tagline = "Your data, one page at a time"
            strings.colophon = "Served by ListState from your own database, read-only."
            strings.moreUnavailable = "More rows could not be loaded just now."
            strings.moreFailed = "More rows could not be loaded because something went wrong."
            strings.offlineBanner = "You are offline. The rows already shown stay here; more will load once you are back online."
            strings.offlineFooter = "You are offline, so no more rows could be loaded."
            strings.loading = PlaceholderWords(title: "Loading rows…", detail: "This only takes a moment.", button: nil)
            strings.noData = PlaceholderWords(
                title: "No rows yet",
                detail: "This table is empty. Rows will appear here as soon as it has some.",
                button: "Reload")
            strings.noResultsForQuery = PlaceholderWords(
                title: "No results for “{query}”",
                detail: "No row contains these words.", button: "Clear the search")
            strings.noResultsForFilters = PlaceholderWords(
                title: "No rows match these filters",
                detail: "Remove a filter to see more rows.", button: "Clear the filters")
            strings.suggestions = ["Check the spelling.", "Use fewer or shorter words."]
            strings.announce.noData = "There are no rows yet."
            strings.unavailable.detail = "The database is busy. Please try again in a moment."
            strings.unavailableDetail = { seconds in
                seconds <= 1
                    ? "The database is busy. Please try again in a second."
                    : "The database is busy. Please try again in about \(seconds) seconds."
            }
            strings.notFound = PlaceholderWords(
                title: "Page not found",
                detail: "There is no list or row at this address. Check the address, or go to the lists.",
                button: "Go to the lists")
            strings.announce.loading = "Loading rows…"
            strings.announce.rowsShown = { $0 == 1 ? "Showing 1 row." : "Showing \($0) rows." }
            strings.announce.rowsAdded = { $0 == 1 ? "1 more row loaded." : "\($0) more rows loaded." }
            strings.announce.noResults = { query in query.map { "No results for “\($0)”." } ?? "No rows match these filters." }
            strings.searchTooSlow = { seconds in
                "This search or filter did not finish within the time limit (\(seconds) s). Try more specific words or fewer filters."
            }
        case .simplifiedChinese:
            strings.listName = "列表"
            strings.tagline = "你的数据，一页一页地看"
            strings.colophon = "由 ListState 以只读方式从你的数据库提供。"
            strings.moreUnavailable = "暂时无法加载更多行。"
            strings.moreFailed = "出了点问题，无法加载更多行。"
            strings.offlineBanner = "你已离线。已显示的行会保留；恢复联网后会继续加载。"
            strings.offlineFooter = "你已离线，无法加载更多行。"
            strings.loading = PlaceholderWords(title: "正在加载…", detail: "马上就好。", button: nil)
            strings.noData = PlaceholderWords(title: "还没有数据", detail: "这个表是空的。一有数据就会显示在这里。", button: "重新加载")
            strings.noResultsForQuery = PlaceholderWords(
                title: "没有找到“{query}”", detail: "没有哪一行包含这些词。",
                button: "清除搜索")
            strings.noResultsForFilters = PlaceholderWords(
                title: "没有符合这些筛选条件的行", detail: "去掉一个筛选条件可以看到更多行。",
                button: "清除筛选")
            strings.suggestions = ["检查一下拼写。", "用更少或更短的词。"]
            strings.announce.noData = "还没有数据。"
            strings.unavailable.detail = "数据库正忙，请稍后重试。"
            strings.unavailableDetail = { seconds in "数据库正忙，请过 \(seconds) 秒左右再试。" }
            strings.notFound = PlaceholderWords(
                title: "找不到这个页面", detail: "这个网址没有对应的列表或行。请检查网址，或者前往列表。",
                button: "前往列表")
            strings.announce.loading = "正在加载…"
            strings.announce.rowsShown = { "显示了 \($0) 行。" }
            strings.announce.rowsAdded = { "又加载了 \($0) 行。" }
            strings.announce.noResults = { query in query.map { "没有找到“\($0)”。" } ?? "没有符合筛选条件的行。" }
            strings.searchTooSlow = { seconds in "这次搜索或筛选没能在时限（\(seconds) 秒）内完成。请用更具体的词，或者减少筛选条件。" }
        case .traditionalChinese:
            strings.listName = "清單"
            strings.tagline = "你的資料，一頁一頁地看"
            strings.colophon = "由 ListState 以唯讀方式從你的資料庫提供。"
            strings.moreUnavailable = "暫時無法載入更多列。"
            strings.moreFailed = "出了點問題，無法載入更多列。"
            strings.offlineBanner = "你已離線。已顯示的列會保留；恢復連線後會繼續載入。"
            strings.offlineFooter = "你已離線，無法載入更多列。"
            strings.loading = PlaceholderWords(title: "正在載入…", detail: "馬上就好。", button: nil)
            strings.noData = PlaceholderWords(title: "還沒有資料", detail: "這個表是空的。一有資料就會顯示在這裡。", button: "重新載入")
            strings.noResultsForQuery = PlaceholderWords(
                title: "沒有找到「{query}」", detail: "沒有哪一列包含這些詞。",
                button: "清除搜尋")
            strings.noResultsForFilters = PlaceholderWords(
                title: "沒有符合這些篩選條件的列", detail: "去掉一個篩選條件可以看到更多列。",
                button: "清除篩選")
            strings.suggestions = ["檢查一下拼寫。", "用更少或更短的詞。"]
            strings.announce.noData = "還沒有資料。"
            strings.unavailable.detail = "資料庫正忙，請稍後重試。"
            strings.unavailableDetail = { seconds in "資料庫正忙，請過 \(seconds) 秒左右再試。" }
            strings.notFound = PlaceholderWords(
                title: "找不到這個頁面", detail: "這個網址沒有對應的清單或列。請檢查網址，或者前往清單。",
                button: "前往清單")
            strings.announce.loading = "正在載入…"
            strings.announce.rowsShown = { "顯示了 \($0) 列。" }
            strings.announce.rowsAdded = { "又載入了 \($0) 列。" }
            strings.announce.noResults = { query in query.map { "沒有找到「\($0)」。" } ?? "沒有符合篩選條件的列。" }
            strings.searchTooSlow = { seconds in "這次搜尋或篩選沒能在時限（\(seconds) 秒）內完成。請用更具體的詞，或者減少篩選條件。" }
        }
        let table = TableWords.of(language)
        strings.searchLabel = table.searchLabel
        strings.searchPlaceholder = table.searchPlaceholder
        return strings
    }
}
