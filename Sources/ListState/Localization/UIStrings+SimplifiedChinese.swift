import ListStore

extension UIStrings {
    /// 简体中文。
    static let simplifiedChinese = UIStrings(
        listName: "列表",
        tagline: "你的数据，一页一页地看",
        colophon: "由 ListState 以只读方式提供。",
        backToStartOfList: "回到列表开头",
        searchLabel: "搜索这个列表",
        searchPlaceholder: "要找的词",
        searchButton: "搜索",
        refreshButton: "刷新",
        refreshHint: "从第一页重新加载列表",
        clearSearch: "清除搜索",
        clearFilters: "清除筛选条件",
        loadMore: "加载更多",
        endOfList: "已经到底了。",
        backToStart: "回到开头",
        loadingMore: "正在加载…",
        showMore: "显示更多",
        moreUnavailable: "暂时无法加载更多行。",
        moreFailed: "出了点问题，无法加载更多行。",
        tryAgain: "重试",
        startOver: "从头开始",
        partGone: "列表里没有这一部分。",
        offlineBanner: "你已离线。已显示的行会保留；恢复联网后会继续加载。",
        offlineFooter: "你已离线，无法加载更多行。",
        offlineAnnouncement: "网络已断开。请检查网络连接，然后重试。",
        noAnswerBanner: "服务器没有及时响应。已显示的内容会保留，列表会自动重试。",
        noAnswerFooter: "服务器没有及时响应，无法加载更多内容。",
        noAnswerAnnouncement: "服务器没有及时响应。列表会自动重试。",
        noAnswerTitle: "服务器没有响应",
        noAnswerDetail: "服务器可能正忙或已停止。列表会自动重试。",
        retryIn: "{seconds} 秒后自动重试",
        retryAt: "将于 {time} 自动重试",
        loading: PlaceholderWords(title: "正在加载…", detail: "马上就好。", button: nil),
        showListNow: "直接显示列表",
        noData: PlaceholderWords(title: "还没有数据", detail: "这个表是空的。一有数据就会显示在这里。", button: "重新加载"),
        noResultsForQuery: PlaceholderWords(
            title: "没有找到“{query}”", detail: "没有哪一行包含这些词。",
            button: "清除搜索"),
        noResultsForFilters: PlaceholderWords(
            title: "没有符合这些筛选条件的行", detail: "去掉一个筛选条件可以看到更多行。",
            button: "清除筛选"),
        suggestionsHeading: "你可以：",
        suggestions: ["检查一下拼写。", "用更少或更短的词。"],
        examplesHeading: "或者试试这些：",
        offline: PlaceholderWords(
            title: "网络已断开",
            detail: "请检查网络连接，然后重试。",
            button: "重试"),
        unavailable: PlaceholderWords(
            title: "列表暂时打不开",
            detail: "数据库正忙，请稍后重试。",
            button: "重试"),
        unavailableDetail: { seconds in "数据库正忙，请过 \(seconds) 秒左右再试。" },
        searchTooSlow: { seconds in "这次搜索或筛选没能在时限（\(seconds) 秒）内完成。请用更具体的词，或者减少筛选条件。" },
        failed: PlaceholderWords(
            title: "出了点问题",
            detail: "列表没能加载出来。重试一下通常就好了；如果一直这样，请过一会儿再来。",
            button: "重试"),
        badRequest: PlaceholderWords(title: "这个网址有问题", detail: nil, button: "回到列表开头"),
        notFound: PlaceholderWords(
            title: "找不到这个页面", detail: "这个网址没有对应的列表或行。请检查网址，或者前往列表。",
            button: "前往列表"),
        announce: AnnouncementWords(
            loading: "正在加载…",
            rowsShown: { "显示了 \($0) 行。" },
            rowsAdded: { "又加载了 \($0) 行。" },
            endOfList: "已经到底了。",
            noData: "还没有数据。",
            noResults: { query in query.map { "没有找到“\($0)”。" } ?? "没有符合筛选条件的行。" },
            unavailable: { seconds in
                seconds.map { "列表暂时打不开，请过 \($0) 秒左右再试。" } ?? "列表暂时打不开，请稍后重试。"
            },
            error: "出了点问题，请重试。",
            badRequest: { reason in "这个网址有问题。\(reason)" },
            notFound: "找不到这个页面。",
            stale: { "数据源暂时没有响应。这些行是 \($0) 时的数据。" },
            rowsCounted: { count, isLowerBound in (isLowerBound ? "超过 " : "") + "\(GroupedNumber.grouped(count)) 行" },
            rowsMatching: { counted, query, filters in
                let conditions = (query.map { ["匹配“\($0)”"] } ?? []) + filters
                return conditions.isEmpty ? "共 \(counted)。" : "\(conditions.joined(separator: "且"))的共 \(counted)。"
            },
            separator: ""
        ),
        reason: { reason in
            switch reason {
            case .repeated(let name): "网址里“\(name)”出现了不止一次。"
            case .badCursor: "这个链接指向列表里不存在的位置，请从头开始。"
            case .badLimit: "每页数量必须是不小于 1 的整数；每页最多显示 \(ListRequest.maximumLimit) 行。"
            case .queryTooLong: "搜索内容太长了，最多 \(ListRequest.maximumQueryLength) 个字。"
            case .invisibleCharacter(let parameter):
                parameter == "q" ? "搜索内容里有控制字符或不可见的格式字符，请重新输入。" : "“\(parameter)”的值里有控制字符或不可见的格式字符。"
            case .tooManyWords: "搜索的词太多了，最多 \(SearchWords.maximum) 个不同的词。"
            case .badLazy: "lazy 选项只能是 0 或 1。"
            case .unknownSort(let value): "这个列表没有可以排序的“\(value)”列。"
            case .unsortableColumn(let value): "这个列表不能按“\(value)”列排序。"
            case .positionGone: "这一页开始的那一行已经不在了，请从头开始。"
            case .continuationGone: "这里已无从得知这一页从哪里开始，请从头开始。"
            case .unknownFilterValue(let parameter, let value): "筛选条件“\(parameter)”没有“\(value)”这个值。"
            case .unorderedRange(let column): "这个列表的“\(column)”列没有可比较的顺序，不能用范围筛选（__gt、__gte、__lt、__lte）。"
            case .unsupportedFilter(let name): "这个列表不能用筛选条件“\(name)”。"
            case .unsupportedSearch: "这个列表不能搜索。"
            case .badFilter(let name): "筛选条件“\(name)”无法使用：isnull 只能是 0 或 1，in 最多 \(RowFilter.maximumValues) 个值，一个列表最多 \(RowFilter.maximumFilters) 个筛选条件。"
            case .unknownColumn(let parameter, let column): "这个列表没有“\(column)”列，所以“\(parameter)”无法选择它。"
            case .notANumber(let parameter, let value): "“\(value)”不是数字，所以“\(parameter)”无法与它比较。"
            case .unreadableValue: "筛选条件的值不是该列能容纳的（例如给数字或日期列的是文字）。"
            case .malformedAddress: "这个网址的写法有误（% 符号或字符损坏）。请从头开始。"
            case .addressTooLong: "这个网址太长了，服务器无法处理。请缩短搜索内容或减少筛选条件。"
            case .headersTooLarge: "这个请求附带的头部数据（例如 Cookie）太多，服务器无法处理。"
            }
        }
    )
}
