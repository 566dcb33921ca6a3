/// The words of a list's facets (``ListFacets``, `facets.mustache`), one instance per language.
struct FacetWords: Sendable {
    /// The fold's summary.
    var summary: String
    /// Before the suggested columns' links.
    var suggested: String
    /// A suggested column's link, read out: "Show the values of section".
    var addFacet: @Sendable (_ column: String) -> String
    /// A value's link, read out: the value and its rows ("editors, 338 rows").
    var valueRows: @Sendable (_ value: String, _ rows: String) -> String
    /// A filtered value's link, read out: "Remove the filter section: editors".
    var removeValue: @Sendable (_ column: String, _ value: String) -> String
    /// The value of rows with none (NULL).
    var noValue: String
    /// Under a facet with more values than it shows.
    var moreValues: @Sendable (_ shown: Int) -> String
    /// A facet not counted within the budget.
    var notCounted: String
    /// The note for `_facet` where the source cannot facet: the list's title.
    var cannotFacet: @Sendable (_ list: String) -> String

    /// The words of `language`.
    static func of(_ language: Language) -> FacetWords {
        switch language {
        case .english: .english
        case .simplifiedChinese: .simplifiedChinese
        case .traditionalChinese: .traditionalChinese
        }
    }

    static let english = FacetWords(
        summary: "Facets", suggested: "Suggested", addFacet: { "Show the values of \($0)" },
        valueRows: { "\($0), \($1)" }, removeValue: { "Remove the filter \($0): \($1)" }, noValue: "(no value)",
        moreValues: { "More than \($0) values: the \($0) most frequent are shown." }, notCounted: "Not counted in time.",
        cannotFacet: { "\($0) cannot count its values by column, so “_facet” was ignored." })

    static let simplifiedChinese = FacetWords(
        summary: "分面", suggested: "建议", addFacet: { "显示\($0)的各个值" },
        valueRows: { "\($0)，\($1)" }, removeValue: { "去掉筛选条件 \($0)：\($1)" }, noValue: "（无值）",
        moreValues: { "超过 \($0) 个值：显示出现最多的 \($0) 个。" }, notCounted: "未能及时统计。",
        cannotFacet: { "\($0)无法按列统计各个值，已忽略“_facet”。" })

    static let traditionalChinese = FacetWords(
        summary: "分面", suggested: "建議", addFacet: { "顯示\($0)的各個值" },
        valueRows: { "\($0)，\($1)" }, removeValue: { "去掉篩選條件 \($0)：\($1)" }, noValue: "（無值）",
        moreValues: { "超過 \($0) 個值：顯示出現最多的 \($0) 個。" }, notCounted: "未能及時統計。",
        cannotFacet: { "\($0)無法按欄統計各個值，已忽略「_facet」。" })
}
