import ListState
import Mustache

/// The words of a character's own page (`/char/U+2603`), per language.
/// The character's name and property values from the Unicode data stay as
/// the standard writes them (English identifiers such as `Grapheme_Base`).
struct CharacterPageWords: Sendable {
    var name: String
    var codePoint: String
    var decimal: String
    var generalCategory: String
    var introducedIn: String
    var emoji: String
    var emojiPresentation: String
    var htmlReference: String
    var nameAlias: String
    var combiningClass: String
    var numericValue: String
    var lowercaseMapping: String
    var uppercaseMapping: String
    var titlecaseMapping: String
    var binaryProperties: String
    var yes: String
    var no: String
    var unknown: String
    var none: String
    /// The navigation's accessible name.
    var navigationLabel: String
    var allCharacters: String
    var thisCharacterInTheList: String
    /// "More of <category name>".
    var moreOf: @Sendable (String) -> String

    /// The words of `language`.
    static func of(_ language: Language) -> CharacterPageWords {
        switch language {
        case .english: english
        case .simplifiedChinese: simplifiedChinese
        case .traditionalChinese: traditionalChinese
        }
    }

    /// The navigation words for the template: `navigationLabel`, `allCharacters`, `thisCharacterInTheList`.
    var navigation: MustacheValue {
        [
            "navigationLabel": .string(navigationLabel), "allCharacters": .string(allCharacters),
            "thisCharacterInTheList": .string(thisCharacterInTheList),
        ]
    }

    static let english = CharacterPageWords(
        name: "Name", codePoint: "Code point", decimal: "Decimal", generalCategory: "General category",
        introducedIn: "Introduced in", emoji: "Emoji", emojiPresentation: "Emoji presentation by default",
        htmlReference: "HTML reference", nameAlias: "Name alias", combiningClass: "Canonical combining class",
        numericValue: "Numeric value", lowercaseMapping: "Lowercase mapping", uppercaseMapping: "Uppercase mapping",
        titlecaseMapping: "Titlecase mapping", binaryProperties: "Binary properties",
        yes: "yes", no: "no", unknown: "unknown", none: "none",
        navigationLabel: "Back to the list", allCharacters: "All characters",
        thisCharacterInTheList: "This character in the list", moreOf: { "More of \($0)" })

    static let simplifiedChinese = CharacterPageWords(
        name: "名称", codePoint: "码位", decimal: "十进制", generalCategory: "通用类别",
        introducedIn: "首次收录于", emoji: "表情符号", emojiPresentation: "默认显示为表情符号",
        htmlReference: "HTML 字符引用", nameAlias: "名称别名", combiningClass: "规范组合类",
        numericValue: "数值", lowercaseMapping: "小写映射", uppercaseMapping: "大写映射",
        titlecaseMapping: "标题大小写映射", binaryProperties: "二值属性",
        yes: "是", no: "否", unknown: "未知", none: "无",
        navigationLabel: "返回列表", allCharacters: "全部字符",
        thisCharacterInTheList: "在列表中查看此字符", moreOf: { "更多“\($0)”字符" })

    static let traditionalChinese = CharacterPageWords(
        name: "名稱", codePoint: "碼位", decimal: "十進位", generalCategory: "一般類別",
        introducedIn: "首次收錄於", emoji: "表情符號", emojiPresentation: "預設顯示為表情符號",
        htmlReference: "HTML 字元參照", nameAlias: "名稱別名", combiningClass: "標準組合類別",
        numericValue: "數值", lowercaseMapping: "小寫對應", uppercaseMapping: "大寫對應",
        titlecaseMapping: "標題大小寫對應", binaryProperties: "二元屬性",
        yes: "是", no: "否", unknown: "未知", none: "無",
        navigationLabel: "返回清單", allCharacters: "全部字元",
        thisCharacterInTheList: "在清單中查看這個字元", moreOf: { "更多「\($0)」字元" })
}
