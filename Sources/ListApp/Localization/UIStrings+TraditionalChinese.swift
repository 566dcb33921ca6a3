import ListStore

extension UIStrings {
    /// 繁體中文。
    static let traditionalChinese = UIStrings(
        listName: "Unicode 字元",
        tagline: "Unicode 字元，一頁一頁慢慢看",
        colophon: "資料來源：Swift 執行環境內建的 Unicode 字元資料庫。",
        backToStartOfList: "回到清單開頭",
        heading: { filters, query in
            let narrowed = filters.isEmpty ? "" : "（" + filters.joined(separator: "、") + "）"
            if let query { return "「\(query)」的搜尋結果" + narrowed }
            return filters.isEmpty ? "Unicode 字元" : "Unicode 字元：" + filters.joined(separator: "、")
        },
        searchTitle: { query in "「\(query)」的搜尋結果" },
        emoji: "表情符號",
        unicodeVersion: { age in "Unicode \(age)" },
        categoryNames: [
            "Lu": "大寫字母", "Ll": "小寫字母", "Lt": "首字大寫字母", "Lm": "修飾字母",
            "Lo": "其他字母", "Mn": "非間距標記", "Mc": "間距標記", "Me": "封閉標記",
            "Nd": "十進位數字", "Nl": "字母數字", "No": "其他數字", "Pc": "連接標點",
            "Pd": "連字號標點", "Ps": "開標點", "Pe": "閉標點", "Pi": "前引號",
            "Pf": "後引號", "Po": "其他標點", "Sm": "數學符號", "Sc": "貨幣符號",
            "Sk": "修飾符號", "So": "其他符號", "Zs": "空格", "Zl": "行分隔符",
            "Zp": "段落分隔符", "Cc": "控制字元", "Cf": "格式字元", "Cs": "代理碼位", "Co": "私用字元",
            "Cn": "未指派",
        ],
        searchLabel: "搜尋字元名稱",
        searchPlaceholder: "例如：snowman、arrow",
        searchHint: "字元名稱都是英文，請用英文搜尋。",
        searchButton: "搜尋",
        refreshButton: "重新整理",
        refreshHint: "從第一頁重新載入清單",
        categoryLabel: "類別",
        anyCategory: "所有類別",
        emojiOnly: "只看表情符號",
        clearSearch: "清除搜尋",
        clearFilters: "清除篩選條件",
        loadMore: "載入更多",
        endOfList: "已經到底了。",
        backToStart: "回到開頭",
        loadingMore: "載入中…",
        showMore: "顯示更多",
        moreUnavailable: "暫時無法載入更多字元。",
        moreFailed: "出了點問題，沒能載入更多字元。",
        tryAgain: "重試",
        startOver: "從頭開始",
        partGone: "清單裡沒有這一部分。",
        offlineBanner: "網路已中斷。已經顯示的字元會保留，恢復連線後再繼續載入。",
        offlineFooter: "網路已中斷，沒能載入更多字元。",
        offlineAnnouncement: "網路已中斷。請檢查網路連線，然後重試。",
        noAnswerBanner: "伺服器沒有及時回應。已顯示的內容會保留，清單會自動重試。",
        noAnswerFooter: "伺服器沒有及時回應，無法載入更多內容。",
        noAnswerAnnouncement: "伺服器沒有及時回應。清單會自動重試。",
        noAnswerTitle: "伺服器沒有回應",
        noAnswerDetail: "伺服器可能正忙或已停止。清單會自動重試。",
        retryIn: "{seconds} 秒後自動重試",
        retryAt: "將於 {time} 自動重試",
        loading: PlaceholderWords(title: "正在載入字元…", detail: "馬上就好。", button: nil),
        showListNow: "直接顯示清單",
        noData: PlaceholderWords(
            title: "還沒有字元",
            detail: "字元目錄是空的。一有字元，就會顯示在這裡。",
            button: "重新載入"),
        noResultsForQuery: PlaceholderWords(
            title: "找不到與「{query}」相關的字元",
            detail: "沒有任何字元的名稱包含這些字詞。",
            button: "清除搜尋"),
        noResultsForFilters: PlaceholderWords(
            title: "沒有符合篩選條件的字元",
            detail: "換個類別試試看，或是顯示全部字元。",
            button: "清除篩選條件"),
        suggestionsHeading: "你可以：",
        suggestions: [
            "檢查一下拼字。",
            "少用幾個字詞，或改用短一點的字詞：搜尋「arrow」會比「arrows pointing left」找到更多。",
            "用英文搜尋，所有字元名稱都是英文。",
        ],
        examplesHeading: "或者試試這些：",
        offline: PlaceholderWords(
            title: "網路已中斷",
            detail: "請檢查網路連線，然後重試。",
            button: "重試"),
        unavailable: PlaceholderWords(
            title: "清單暫時無法開啟",
            detail: "字元目錄正忙，請稍後再試。",
            button: "重試"),
        unavailableDetail: { seconds in "字元目錄正忙，請過 \(seconds) 秒左右再試。" },
        searchTooSlow: { seconds in "這次搜尋沒能在時限（\(seconds) 秒）內完成。請用更具體的詞，或者減少篩選條件。" },
        failed: PlaceholderWords(
            title: "出了點問題",
            detail: "清單沒能載入。重試一下通常就好了；如果一直這樣，請過一會兒再來。",
            button: "重試"),
        badRequest: PlaceholderWords(title: "這個網址有問題", detail: nil, button: "回到清單開頭"),
        notFound: PlaceholderWords(
            title: "找不到這個頁面",
            detail: "這個網址沒有對應的頁面。請檢查網址，或是前往字元清單。",
            button: "前往字元清單"),
        announce: AnnouncementWords(
            loading: "正在載入字元…",
            rowsShown: { count in "顯示 \(count) 個字元。" },
            rowsAdded: { count in "又載入了 \(count) 個字元。" },
            endOfList: "已經到底了。",
            noData: "還沒有字元。",
            noResults: { query in query.map { "找不到與「\($0)」相關的字元。" } ?? "沒有符合篩選條件的字元。" },
            unavailable: { seconds in
                seconds.map { "清單暫時無法開啟，請過 \($0) 秒左右再試。" } ?? "清單暫時無法開啟，請稍後再試。"
            },
            error: "出了點問題，請重試。",
            badRequest: { reason in "這個網址有問題。\(reason)" },
            notFound: "找不到這個頁面。",
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
            case .unknownFilterValue(let parameter, let value): "篩選條件「\(parameter)」沒有「\(value)」這個值。"
            case .unorderedRange(let column): "這個清單的「\(column)」欄沒有可比較的順序，不能用範圍篩選（__gt、__gte、__lt、__lte）。"
            case .unsupportedFilter(let name): "這個清單不能用篩選條件「\(name)」。"
            case .badFilter(let name): "篩選條件「\(name)」無法使用：isnull 只能是 0 或 1，in 最多 \(RowFilter.maximumValues) 個值，一個清單最多 \(RowFilter.maximumFilters) 個篩選條件。"
            case .unreadableValue: "篩選條件的值不是該欄能容納的（例如給數字或日期欄的是文字）。"
            case .malformedAddress: "這個網址的寫法有誤（% 符號或字元損壞）。請從頭開始。"
            case .addressTooLong: "這個網址太長了，伺服器無法處理。請縮短搜尋內容或減少篩選條件。"
            case .headersTooLarge: "這個請求附帶的標頭資料（例如 Cookie）太多，伺服器無法處理。"
            }
        }
    )
}
