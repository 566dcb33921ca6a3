import ListStore

/// The words a list over a table adds to ``UIStrings/of(_:)``: sort links,
/// cell notes, the index. One instance per language.
struct TableWords: Sendable {
    /// The sort links' label.
    var sortBy: String
    /// The link back to the key order.
    var keyOrder: String
    /// The sort link of relevance order, current on a search in it (docs/design.md, "Search").
    var relevance: String
    /// The note on a page of a walk in relevance order after the data changed, and its link to the first page.
    var orderChanged: String
    var startOver: String
    /// The header of the table layout's first column: each row's caption, linking to its page.
    var rowHeader: String
    /// The link to the page's JSON twin.
    var jsonLink: String
    /// The link to the whole list as CSV.
    var csvLink: String
    /// "ascending" / "descending" after a column's name in a sort link.
    var ascending: String
    var descending: String
    /// A blob's size: "12 bytes".
    var bytes: @Sendable (Int) -> String
    /// A detail link's text for a row without a text column ("Row 12").
    var row: @Sendable (String) -> String
    /// Under a row: "3 more columns on the row's page".
    var moreColumns: @Sendable (Int) -> String
    /// A clamped value's note.
    var clamped: String
    /// The text of a link whose value shows nothing (a foreign key that is the empty
    /// text, or only white space): a link needs words to be read out (WCAG 2.4.4).
    var blank: String
    /// The index page's title and heading.
    var indexTitle: String
    /// A row count on the index: "1,234 rows", or "many rows" when counting took too long.
    var rowCount: @Sendable (Int?) -> String
    /// The search field's label and placeholder.
    var searchLabel: String
    var searchPlaceholder: String
    /// The active filters' label, and the label of a filter's remove link.
    var activeFilters: String
    var removeFilter: @Sendable (String) -> String
    /// The colon after a label ("Sort by:"): ":" in English, the full-width "：" in Chinese.
    var colon: String
    /// The words of a filter's operation: `contains`, `in`, `is null`, `is not null`.
    var contains: String
    var isIn: String
    var isNull: String
    var isNotNull: String
    /// A row count the index could not take (the database is locked or damaged).
    var notCounted: String
    /// The index's empty state.
    var noLists: String
    /// The heading of the rows of other lists that refer to a row.
    var referencedBy: String
    /// The `<title>` of a search: the words, then the list's title.
    var searchTitle: @Sendable (_ query: String, _ list: String) -> String
    /// The detail page's link back to its list.
    var backToList: @Sendable (String) -> String
    /// The note for a parameter that names no column and no control: its name, then the list's title.
    var ignoredParameter: @Sendable (_ name: String, _ list: String) -> String
    /// The filter form: its summary, its fields' labels and its button.
    var addFilter: String
    var filterColumn: String
    var filterOperation: String
    var filterValue: String
    var addFilterButton: String
    /// The column picker's summary and its button.
    var chooseColumns: String
    var showColumns: String

    /// The words of `language`.
    static func of(_ language: Language) -> TableWords {
        switch language {
        case .english: .english
        case .simplifiedChinese: .simplifiedChinese
        case .traditionalChinese: .traditionalChinese
        }
    }

    /// The words of `language`, by reference (for a view that holds them for a request).
    static func shared(_ language: Language) -> SharedWords<TableWords> {
        sharedByLanguage[language] ?? SharedWords(of(language))
    }

    private static let sharedByLanguage: [Language: SharedWords<TableWords>] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, SharedWords(of($0))) })

    static let english = TableWords(
        sortBy: "Sort by", keyOrder: "Key order", relevance: "Relevance",
        orderChanged: "The list changed since the first page of this search, so its order did too: rows may repeat or be missed from here.",
        startOver: "Start the search over", rowHeader: "Row", jsonLink: "This page as JSON", csvLink: "The whole list as CSV", ascending: "ascending",
        descending: "descending",
        bytes: { $0 == 1 ? "1 byte" : "\(GroupedNumber.grouped($0)) bytes" },
        row: { "Row \($0)" },
        moreColumns: { $0 == 1 ? "1 more column on the row’s page" : "\($0) more columns on the row’s page" },
        clamped: "(shortened; the row’s page shows all of it)", blank: "(blank)",
        indexTitle: "Lists", rowCount: { $0.map { $0 == 1 ? "1 row" : "\(GroupedNumber.grouped($0)) rows" } ?? "many rows" },
        searchLabel: "Search this list", searchPlaceholder: "words to find",
        activeFilters: "Filters", removeFilter: { "Remove the filter \($0)" }, colon: ":",
        contains: "contains", isIn: "is one of", isNull: "is empty", isNotNull: "is not empty",
        notCounted: "rows not counted (the source cannot be read just now)", noLists: "There are no tables or views to show.", referencedBy: "Rows that refer to this one",
        searchTitle: { "“\($0)” in \($1)" }, backToList: { "Back to \($0)" },
        ignoredParameter: { "“\($0)” is not a column of \($1), so it was ignored." }, addFilter: "Add a filter",
        filterColumn: "Column", filterOperation: "Comparison", filterValue: "Value", addFilterButton: "Add", chooseColumns: "Choose columns", showColumns: "Show these columns")

    static let simplifiedChinese = TableWords(
        sortBy: "排序", keyOrder: "按键排序", relevance: "相关度",
        orderChanged: "自本次搜索的第一页以来列表已更改，顺序也随之改变：此后可能有行重复或遗漏。", startOver: "重新开始搜索", rowHeader: "行", jsonLink: "本页的 JSON 格式", csvLink: "整个列表的 CSV 文件", ascending: "升序",
        descending: "降序",
        bytes: { "\(GroupedNumber.grouped($0)) 字节" }, row: { "第 \($0) 行" },
        moreColumns: { "还有 \($0) 列，见这一行的页面" }, clamped: "（已截短；这一行的页面显示全部内容）", blank: "（空白）",
        indexTitle: "列表", rowCount: { $0.map { "\(GroupedNumber.grouped($0)) 行" } ?? "很多行" },
        searchLabel: "搜索这个列表", searchPlaceholder: "要找的词",
        activeFilters: "筛选条件", removeFilter: { "去掉筛选条件 \($0)" }, colon: "：",
        contains: "包含", isIn: "属于", isNull: "为空", isNotNull: "不为空",
        notCounted: "行数未统计（暂时无法读取数据源）", noLists: "没有可以显示的表或视图。", referencedBy: "引用这一行的行", searchTitle: { "\($1)中的“\($0)”" }, backToList: { "返回\($0)" },
        ignoredParameter: { "“\($0)”不是\($1)的列，已忽略。" }, addFilter: "添加筛选条件",
        filterColumn: "列", filterOperation: "比较方式", filterValue: "值", addFilterButton: "添加", chooseColumns: "选择列", showColumns: "显示这些列")

    static let traditionalChinese = TableWords(
        sortBy: "排序", keyOrder: "按鍵排序", relevance: "相關度",
        orderChanged: "自本次搜尋的第一頁以來清單已變更，順序也隨之改變：此後可能有列重複或遺漏。", startOver: "重新開始搜尋", rowHeader: "列", jsonLink: "本頁的 JSON 格式", csvLink: "整個清單的 CSV 檔案", ascending: "升冪",
        descending: "降冪",
        bytes: { "\(GroupedNumber.grouped($0)) 位元組" }, row: { "第 \($0) 列" },
        moreColumns: { "還有 \($0) 欄，見這一列的頁面" }, clamped: "（已截短；這一列的頁面顯示全部內容）", blank: "（空白）",
        indexTitle: "清單", rowCount: { $0.map { "\(GroupedNumber.grouped($0)) 列" } ?? "很多列" },
        searchLabel: "搜尋這個清單", searchPlaceholder: "要找的詞",
        activeFilters: "篩選條件", removeFilter: { "去掉篩選條件 \($0)" }, colon: "：",
        contains: "包含", isIn: "屬於", isNull: "為空", isNotNull: "不為空",
        notCounted: "列數未統計（暫時無法讀取資料來源）", noLists: "沒有可以顯示的表或檢視。", referencedBy: "引用這一列的列", searchTitle: { "\($1)中的「\($0)」" }, backToList: { "返回\($0)" },
        ignoredParameter: { "「\($0)」不是\($1)的欄，已忽略。" }, addFilter: "新增篩選條件",
        filterColumn: "欄", filterOperation: "比較方式", filterValue: "值", addFilterButton: "新增", chooseColumns: "選擇欄", showColumns: "顯示這些欄")
}

extension TableWords {
    /// An operation as the filter form offers it: its sign, or its words.
    func label(_ operation: RowFilter.Operation) -> String {
        switch operation {
        case .exact: "="
        case .not: "≠"
        case .gt: ">"
        case .gte: "≥"
        case .lt: "<"
        case .lte: "≤"
        case .contains: contains
        case .in: isIn
        case .isnull: isNull
        }
    }

    /// A filter in words: `price > 2`, `name contains "ap"`, `maker is empty`.
    func label(_ filter: RowFilter) -> String {
        let column = VisibleText.echo(filter.column)
        let value = VisibleText.echo(filter.value)
        return switch filter.operation {
        case .exact: "\(column) = \(value)"
        case .gt: "\(column) > \(value)"
        case .gte: "\(column) ≥ \(value)"
        case .lt: "\(column) < \(value)"
        case .lte: "\(column) ≤ \(value)"
        case .not: "\(column) ≠ \(value)"
        case .contains: "\(column) \(contains) “\(value)”"
        case .in: "\(column) \(isIn) \(VisibleText.echo(filter.values.joined(separator: ", ")))"
        case .isnull: "\(column) \(filter.value == "1" ? isNull : isNotNull)"
        }
    }
}
