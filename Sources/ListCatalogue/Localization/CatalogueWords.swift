import ListState

/// The catalogue's words in each language: the words every list speaks
/// (``ListState/UIStrings``, said here of characters), the words its templates
/// read beside them (`strings.categoryLabel`, …) and its rows' own (category
/// names, the Unicode version).
struct CatalogueWords: Sendable {
    /// The page words the catalogue's list speaks with (``CatalogueList``'s ``ListState/ListWords``).
    var strings: UIStrings
    /// The emoji badge of a row.
    var emoji: String
    /// "Unicode 1.1" in a row and on a character's page.
    var unicodeVersion: @Sendable (_ age: String) -> String
    /// General category names by two-letter code (UAX #44 §5.7.1).
    var categoryNames: [String: String]

    /// The words of `language`.
    static func of(_ language: Language) -> CatalogueWords {
        switch language {
        case .english: english
        case .simplifiedChinese: simplifiedChinese
        case .traditionalChinese: traditionalChinese
        }
    }

    /// The examples a search that found nothing offers, in every language (character names are English).
    static let exampleSearches = ["heart", "arrow", "snow"]

    /// English.
    static let english: CatalogueWords = {
        var strings = UIStrings.of(.english)
        strings.listName = "Unicode characters"
        strings.tagline = "Unicode characters, one page at a time"
        strings.colophon = "Data: the Unicode Character Database shipped with the Swift runtime."
        strings.moreUnavailable = "More characters could not be loaded just now."
        strings.moreFailed = "More characters could not be loaded because something went wrong."
        strings.offlineBanner = "You are offline. The characters already shown stay here; more will load once you are back online."
        strings.offlineFooter = "You are offline, so no more characters could be loaded."
        strings.loading = UIStrings.PlaceholderWords(title: "Loading characters…", detail: "This only takes a moment.", button: nil)
        strings.noData = UIStrings.PlaceholderWords(
            title: "No characters yet",
            detail: "The catalogue is empty. Characters will appear here as soon as it has some.",
            button: "Reload")
        strings.noResultsForQuery = UIStrings.PlaceholderWords(
            title: "No results for “{query}”",
            detail: "No character name contains these words.",
            button: "Clear the search")
        strings.noResultsForFilters = UIStrings.PlaceholderWords(
            title: "No characters match these filters",
            detail: "Try another category, or show every character.",
            button: "Clear the filters")
        strings.suggestions = [
            "Check the spelling.",
            "Use fewer or shorter words: “arrow” finds more than “arrows pointing left”.",
            "Search in English, the language of every character name.",
        ]
        strings.announce.noData = "There are no characters yet."
        strings.unavailable.detail = "The character catalogue is busy. Please try again in a moment."
        strings.unavailableDetail = { seconds in
            seconds <= 1
                ? "The character catalogue is busy. Please try again in a second."
                : "The character catalogue is busy. Please try again in about \(seconds) seconds."
        }
        strings.notFound = UIStrings.PlaceholderWords(
            title: "Page not found",
            detail: "There is no page at this address. Check the address, or go to the list of characters.",
            button: "Go to the list of characters")
        strings.announce.loading = "Loading characters…"
        strings.announce.rowsShown = { count in count == 1 ? "Showing 1 character." : "Showing \(count) characters." }
        strings.announce.rowsCounted = { count, isLowerBound in
            let characters = count == 1 && !isLowerBound ? "1 character" : "\(GroupedNumber.grouped(count)) characters"
            return isLowerBound ? "more than " + characters : characters
        }
        strings.announce.rowsAdded = { count in count == 1 ? "1 more character loaded." : "\(count) more characters loaded." }
        strings.announce.noResults = { query in query.map { "No results for “\($0)”." } ?? "No characters match these filters." }
        strings.searchLabel = "Search character names"
        strings.searchPlaceholder = "for example: snowman, arrow"
        strings.exampleSearches = exampleSearches
        strings.templateWords = [
            "emoji": "emoji", "searchHint": "Character names are in English.", "categoryLabel": "Category",
            "anyCategory": "Any category", "emojiOnly": "Emoji only",
        ]
        return CatalogueWords(
            strings: strings, emoji: "emoji", unicodeVersion: { age in "Unicode \(age)" },
            categoryNames: [
                "Lu": "Uppercase Letter", "Ll": "Lowercase Letter", "Lt": "Titlecase Letter", "Lm": "Modifier Letter",
                "Lo": "Other Letter", "Mn": "Nonspacing Mark", "Mc": "Spacing Mark", "Me": "Enclosing Mark",
                "Nd": "Decimal Number", "Nl": "Letter Number", "No": "Other Number", "Pc": "Connector Punctuation",
                "Pd": "Dash Punctuation", "Ps": "Open Punctuation", "Pe": "Close Punctuation", "Pi": "Initial Punctuation",
                "Pf": "Final Punctuation", "Po": "Other Punctuation", "Sm": "Math Symbol", "Sc": "Currency Symbol",
                "Sk": "Modifier Symbol", "So": "Other Symbol", "Zs": "Space Separator", "Zl": "Line Separator",
                "Zp": "Paragraph Separator", "Cc": "Control", "Cf": "Format", "Cs": "Surrogate", "Co": "Private Use",
                "Cn": "Unassigned",
            ])
    }()

    /// 简体中文。
    static let simplifiedChinese: CatalogueWords = {
        var strings = UIStrings.of(.simplifiedChinese)
        strings.listName = "Unicode 字符"
        strings.tagline = "Unicode 字符，一页一页慢慢看"
        strings.colophon = "数据来源：Swift 运行时自带的 Unicode 字符数据库。"
        strings.moreUnavailable = "暂时无法加载更多字符。"
        strings.moreFailed = "出了点问题，没能加载更多字符。"
        strings.offlineBanner = "网络已断开。已经显示的字符会保留，联网后再继续加载。"
        strings.offlineFooter = "网络已断开，没能加载更多字符。"
        strings.loading = UIStrings.PlaceholderWords(title: "正在加载字符…", detail: "马上就好。", button: nil)
        strings.noData = UIStrings.PlaceholderWords(
            title: "还没有字符",
            detail: "字符目录是空的。一有字符，就会显示在这里。",
            button: "重新加载")
        strings.noResultsForQuery = UIStrings.PlaceholderWords(
            title: "没有找到与“{query}”相关的字符",
            detail: "没有哪个字符的名称包含这些词。",
            button: "清除搜索")
        strings.noResultsForFilters = UIStrings.PlaceholderWords(
            title: "没有符合筛选条件的字符",
            detail: "换个类别试试，或者显示全部字符。",
            button: "清除筛选条件")
        strings.suggestions = [
            "检查一下拼写。",
            "少用几个词，或者用短一点的词：搜“arrow”比搜“arrows pointing left”找到的更多。",
            "用英文搜索，所有字符名称都是英文。",
        ]
        strings.announce.noData = "还没有字符。"
        strings.unavailable.detail = "字符目录正忙，请稍后重试。"
        strings.unavailableDetail = { seconds in "字符目录正忙，请过 \(seconds) 秒左右再试。" }
        strings.notFound = UIStrings.PlaceholderWords(
            title: "找不到这个页面",
            detail: "这个网址没有对应的页面。请检查网址，或者前往字符列表。",
            button: "前往字符列表")
        strings.announce.loading = "正在加载字符…"
        strings.announce.rowsShown = { count in "显示了 \(count) 个字符。" }
        strings.announce.rowsCounted = { count, isLowerBound in (isLowerBound ? "超过 " : "") + "\(GroupedNumber.grouped(count)) 个字符" }
        strings.announce.rowsAdded = { count in "又加载了 \(count) 个字符。" }
        strings.announce.noResults = { query in query.map { "没有找到与“\($0)”相关的字符。" } ?? "没有符合筛选条件的字符。" }
        strings.searchTooSlow = { seconds in "这次搜索没能在时限（\(seconds) 秒）内完成。请用更具体的词，或者减少筛选条件。" }
        strings.searchLabel = "搜索字符名称"
        strings.searchPlaceholder = "例如：snowman、arrow"
        strings.exampleSearches = exampleSearches
        strings.templateWords = [
            "emoji": "表情符号", "searchHint": "字符名称都是英文，请用英文搜索。", "categoryLabel": "类别",
            "anyCategory": "全部类别", "emojiOnly": "只看表情符号",
        ]
        return CatalogueWords(
            strings: strings, emoji: "表情符号", unicodeVersion: { age in "Unicode \(age)" },
            categoryNames: [
                "Lu": "大写字母", "Ll": "小写字母", "Lt": "首字母大写字母", "Lm": "修饰字母",
                "Lo": "其他字母", "Mn": "非间距标记", "Mc": "间距标记", "Me": "封闭标记",
                "Nd": "十进制数字", "Nl": "字母数字", "No": "其他数字", "Pc": "连接标点",
                "Pd": "连字符标点", "Ps": "开标点", "Pe": "闭标点", "Pi": "前引号",
                "Pf": "后引号", "Po": "其他标点", "Sm": "数学符号", "Sc": "货币符号",
                "Sk": "修饰符号", "So": "其他符号", "Zs": "空格", "Zl": "行分隔符",
                "Zp": "段落分隔符", "Cc": "控制字符", "Cf": "格式字符", "Cs": "代理码位", "Co": "私用字符",
                "Cn": "未分配",
            ])
    }()

    /// 繁體中文。
    static let traditionalChinese: CatalogueWords = {
        var strings = UIStrings.of(.traditionalChinese)
        strings.listName = "Unicode 字元"
        strings.tagline = "Unicode 字元，一頁一頁慢慢看"
        strings.colophon = "資料來源：Swift 執行環境內建的 Unicode 字元資料庫。"
        strings.moreUnavailable = "暫時無法載入更多字元。"
        strings.moreFailed = "出了點問題，沒能載入更多字元。"
        strings.offlineBanner = "網路已中斷。已經顯示的字元會保留，恢復連線後再繼續載入。"
        strings.offlineFooter = "網路已中斷，沒能載入更多字元。"
        strings.loading = UIStrings.PlaceholderWords(title: "正在載入字元…", detail: "馬上就好。", button: nil)
        strings.noData = UIStrings.PlaceholderWords(
            title: "還沒有字元",
            detail: "字元目錄是空的。一有字元，就會顯示在這裡。",
            button: "重新載入")
        strings.noResultsForQuery = UIStrings.PlaceholderWords(
            title: "找不到與「{query}」相關的字元",
            detail: "沒有任何字元的名稱包含這些字詞。",
            button: "清除搜尋")
        strings.noResultsForFilters = UIStrings.PlaceholderWords(
            title: "沒有符合篩選條件的字元",
            detail: "換個類別試試看，或是顯示全部字元。",
            button: "清除篩選條件")
        strings.suggestions = [
            "檢查一下拼字。",
            "少用幾個字詞，或改用短一點的字詞：搜尋「arrow」會比「arrows pointing left」找到更多。",
            "用英文搜尋，所有字元名稱都是英文。",
        ]
        strings.announce.noData = "還沒有字元。"
        strings.unavailable.detail = "字元目錄正忙，請稍後再試。"
        strings.unavailableDetail = { seconds in "字元目錄正忙，請過 \(seconds) 秒左右再試。" }
        strings.notFound = UIStrings.PlaceholderWords(
            title: "找不到這個頁面",
            detail: "這個網址沒有對應的頁面。請檢查網址，或是前往字元清單。",
            button: "前往字元清單")
        strings.announce.loading = "正在載入字元…"
        strings.announce.rowsShown = { count in "顯示 \(count) 個字元。" }
        strings.announce.rowsCounted = { count, isLowerBound in (isLowerBound ? "超過 " : "") + "\(GroupedNumber.grouped(count)) 個字元" }
        strings.announce.rowsAdded = { count in "又載入了 \(count) 個字元。" }
        strings.announce.noResults = { query in query.map { "找不到與「\($0)」相關的字元。" } ?? "沒有符合篩選條件的字元。" }
        strings.searchTooSlow = { seconds in "這次搜尋沒能在時限（\(seconds) 秒）內完成。請用更具體的詞，或者減少篩選條件。" }
        strings.searchLabel = "搜尋字元名稱"
        strings.searchPlaceholder = "例如：snowman、arrow"
        strings.exampleSearches = exampleSearches
        strings.templateWords = [
            "emoji": "表情符號", "searchHint": "字元名稱都是英文，請用英文搜尋。", "categoryLabel": "類別",
            "anyCategory": "所有類別", "emojiOnly": "只看表情符號",
        ]
        return CatalogueWords(
            strings: strings, emoji: "表情符號", unicodeVersion: { age in "Unicode \(age)" },
            categoryNames: [
                "Lu": "大寫字母", "Ll": "小寫字母", "Lt": "首字大寫字母", "Lm": "修飾字母",
                "Lo": "其他字母", "Mn": "非間距標記", "Mc": "間距標記", "Me": "封閉標記",
                "Nd": "十進位數字", "Nl": "字母數字", "No": "其他數字", "Pc": "連接標點",
                "Pd": "連字號標點", "Ps": "開標點", "Pe": "閉標點", "Pi": "前引號",
                "Pf": "後引號", "Po": "其他標點", "Sm": "數學符號", "Sc": "貨幣符號",
                "Sk": "修飾符號", "So": "其他符號", "Zs": "空格", "Zl": "行分隔符",
                "Zp": "段落分隔符", "Cc": "控制字元", "Cf": "格式字元", "Cs": "代理碼位", "Co": "私用字元",
                "Cn": "未指派",
            ])
    }()
}
