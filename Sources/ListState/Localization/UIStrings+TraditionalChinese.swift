import ListStore

extension UIStrings {
    /// 繁體中文。
    static let traditionalChinese = UIStrings(
        listName: "清單",
        tagline: "你的資料，一頁一頁地看",
        colophon: "由 ListState 以唯讀方式提供。",
        backToStartOfList: "回到清單開頭",
        searchLabel: "搜尋這個清單",
        searchPlaceholder: "要找的詞",
        searchButton: "搜尋",
        refreshButton: "重新整理",
        refreshHint: "從第一頁重新載入清單",
        clearSearch: "清除搜尋",
        clearFilters: "清除篩選條件",
        loadMore: "載入更多",
        endOfList: "已經到底了。",
        backToStart: "回到開頭",
        loadingMore: "載入中…",
        showMore: "顯示更多",
        moreUnavailable: "暫時無法載入更多列。",
        moreFailed: "出了點問題，無法載入更多列。",
        tryAgain: "重試",
        startOver: "從頭開始",
        partGone: "清單裡沒有這一部分。",
        offlineBanner: "你已離線。已顯示的列會保留；恢復連線後會繼續載入。",
        offlineFooter: "你已離線，無法載入更多列。",
        offlineAnnouncement: "網路已中斷。請檢查網路連線，然後重試。",
        noAnswerBanner: "伺服器沒有及時回應。已顯示的內容會保留，清單會自動重試。",
        noAnswerFooter: "伺服器沒有及時回應，無法載入更多內容。",
        noAnswerAnnouncement: "伺服器沒有及時回應。清單會自動重試。",
        noAnswerTitle: "伺服器沒有回應",
        noAnswerDetail: "伺服器可能正忙或已停止。清單會自動重試。",
        retryIn: "{seconds} 秒後自動重試",
        retryAt: "將於 {time} 自動重試",
        loading: PlaceholderWords(title: "正在載入…", detail: "馬上就好。", button: nil),
        showListNow: "直接顯示清單",
        noData: PlaceholderWords(title: "還沒有資料", detail: "這個表是空的。一有資料就會顯示在這裡。", button: "重新載入"),
        noResultsForQuery: PlaceholderWords(
            title: "沒有找到「{query}」", detail: "沒有哪一列包含這些詞。",
            button: "清除搜尋"),
        noResultsForFilters: PlaceholderWords(
            title: "沒有符合這些篩選條件的列", detail: "去掉一個篩選條件可以看到更多列。",
            button: "清除篩選"),
        suggestionsHeading: "你可以：",
        suggestions: ["檢查一下拼寫。", "用更少或更短的詞。"],
        examplesHeading: "或者試試這些：",
        offline: PlaceholderWords(
            title: "網路已中斷",
            detail: "請檢查網路連線，然後重試。",
            button: "重試"),
        unavailable: PlaceholderWords(
            title: "清單暫時無法開啟",
            detail: "資料庫正忙，請稍後重試。",
            button: "重試"),
        unavailableDetail: { seconds in "資料庫正忙，請過 \(seconds) 秒左右再試。" },
        searchTooSlow: { seconds in "這次搜尋或篩選沒能在時限（\(seconds) 秒）內完成。請用更具體的詞，或者減少篩選條件。" },
        failed: PlaceholderWords(
            title: "出了點問題",
            detail: "清單沒能載入。重試一下通常就好了；如果一直這樣，請過一會兒再來。",
            button: "重試"),
        badRequest: PlaceholderWords(title: "這個網址有問題", detail: nil, button: "回到清單開頭"),
        notFound: PlaceholderWords(
            title: "找不到這個頁面", detail: "這個網址沒有對應的清單或列。請檢查網址，或者前往清單。",
            button: "前往清單"),
        announce: AnnouncementWords(
            loading: "正在載入…",
            rowsShown: { "顯示了 \($0) 列。" },
            rowsAdded: { "又載入了 \($0) 列。" },
            endOfList: "已經到底了。",
            noData: "還沒有資料。",
            noResults: { query in query.map { "沒有找到「\($0)」。" } ?? "沒有符合篩選條件的列。" },
            unavailable: { seconds in
                seconds.map { "清單暫時無法開啟，請過 \($0) 秒左右再試。" } ?? "清單暫時無法開啟，請稍後再試。"
            },
            error: "出了點問題，請重試。",
            badRequest: { reason in "這個網址有問題。\(reason)" },
            notFound: "找不到這個頁面。",
            stale: { "資料來源暫時沒有回應。這些列是 \($0) 時的資料。" },
            rowsCounted: { count, isLowerBound in (isLowerBound ? "超過 " : "") + "\(GroupedNumber.grouped(count)) 列" },
            rowsMatching: { counted, query, filters in
                let conditions = (query.map { ["符合「\($0)」"] } ?? []) + filters
                return conditions.isEmpty ? "共 \(counted)。" : "\(conditions.joined(separator: "且"))的共 \(counted)。"
            },
            separator: ""
        ),
        reason: { reason in
            switch reason {
            case .repeated(let name): "網址裡「\(name)」出現了不只一次。"
            case .badCursor: "這個連結指向清單裡不存在的位置，請從頭開始。"
            case .badLimit: "每頁數量必須是不小於 1 的整數；每頁最多顯示 \(ListRequest.maximumLimit) 列。"
            case .queryTooLong: "搜尋內容太長了，最多 \(ListRequest.maximumQueryLength) 個字。"
            case .invisibleCharacter(let parameter):
                parameter == "q" ? "搜尋內容裡有控制字元或不可見的格式字元，請重新輸入。" : "「\(parameter)」的值裡有控制字元或不可見的格式字元。"
            case .tooManyWords: "搜尋的詞太多了，最多 \(SearchWords.maximum) 個不同的詞。"
            case .badLazy: "lazy 選項只能是 0 或 1。"
            case .unknownSort(let value): "這個清單沒有可以排序的「\(value)」欄。"
            case .unsortableColumn(let value): "這個清單不能依「\(value)」欄排序。"
            case .positionGone: "這一頁開始的那一列已經不在了，請從頭開始。"
            case .continuationGone: "這裡已無從得知這一頁從哪裡開始，請從頭開始。"
            case .unknownFilterValue(let parameter, let value): "篩選條件「\(parameter)」沒有「\(value)」這個值。"
            case .unorderedRange(let column): "這個清單的「\(column)」欄沒有可比較的順序，不能用範圍篩選（__gt、__gte、__lt、__lte）。"
            case .unsupportedFilter(let name): "這個清單不能用篩選條件「\(name)」。"
            case .unsupportedSearch: "這個清單不能搜尋。"
            case .badFilter(let name): "篩選條件「\(name)」無法使用：isnull 只能是 0 或 1，in 最多 \(RowFilter.maximumValues) 個值，一個清單最多 \(RowFilter.maximumFilters) 個篩選條件。"
            case .unknownColumn(let parameter, let column): "這個清單沒有「\(column)」欄，所以「\(parameter)」無法選擇它。"
            case .notANumber(let parameter, let value): "「\(value)」不是數字，所以「\(parameter)」無法與它比較。"
            case .unreadableValue: "篩選條件的值不是該欄能容納的（例如給數字或日期欄的是文字）。"
            case .malformedAddress: "這個網址的寫法有誤（% 符號或字元損壞）。請從頭開始。"
            case .addressTooLong: "這個網址太長了，伺服器無法處理。請縮短搜尋內容或減少篩選條件。"
            case .headersTooLarge: "這個請求附帶的標頭資料（例如 Cookie）太多，伺服器無法處理。"
            }
        }
    )
}
