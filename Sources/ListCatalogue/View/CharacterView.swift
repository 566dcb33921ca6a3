import ListState
import ListStore
import Mustache

/// The template context of a character page (`character.mustache`).
///
/// Keys: `lang`, `title`, `name`, `codePoint` (`U+2603`), `glyph`,
/// `glyphStyle`, `properties` (a list of `label`, `value`, optional `href`,
/// `isCode`, `isEnglish`), `listHref` (the list starting at this character, its row first),
/// `categoryHref` and `categoryName` (the list of its category), `startHref`
/// (the start of the list), `moreOfCategory`, `words` (`navigationLabel`,
/// `allCharacters`, `thisCharacterInTheList`), `rowID`; every link keeps `lang` when the page has one.
struct CharacterView {
    /// The character shown.
    var record: CharacterRecord
    /// The page language (BCP 47).
    var language = "en"
    /// The `lang` parameter links carry (when the page was asked for in a language), or nil.
    var languageParameter: String?
    /// The list's path (`/characters`, under the site's path prefix): the start of
    /// the list, its filtered lists and every character's page (`LISTPATH/U+2603`).
    var listPath = "/" + CatalogueList.name

    /// One line of the property table.
    struct Property {
        var label: String
        var value: String
        var href: String?
        var isCode = false
        /// Whether the value is English whatever the page's language (a Unicode name,
        /// a property's UCD name): its `<dd>` says `lang="en"` (WCAG 2.2 SC 3.1.2).
        var isEnglish = false

        var mustacheValue: MustacheValue {
            var value: MustacheFields = [
                "label": .string(label), "value": .string(self.value), "isCode": .bool(isCode), "isEnglish": .bool(isEnglish),
            ]
            if let href { value["href"] = .string(href) }
            return .dictionary(value)
        }
    }

    /// The whole context.
    var context: MustacheValue {
        let glyph = GlyphDisplay(record)
        let address = CodePointAddress(codePoint: record.codePoint)
        return [
            "lang": .string(language),
            "title": .string("\(address.canonicalSegment) \(record.name)"),
            "name": .string(record.name),
            "codePoint": .string(address.canonicalSegment),
            "glyph": .string(glyph.text),
            "glyphStyle": .string(glyph.style.rawValue),
            "rowID": .string(RowList.elementID(record.codePoint)),
            "properties": .array(properties.map(\.mustacheValue)),
            "listHref": .string(listHref),
            "startHref": .string(QueryString.link(listPath, languageItems)),
            "categoryHref": .string(QueryString.link(listPath, [("category", record.generalCategory)] + languageItems)),
            "categoryName": .string(categoryName),
            "moreOfCategory": .string(words.moreOf(categoryName)),
            "words": words.navigation,
        ]
    }

    /// The list starting at this character: a cursor just after the code point
    /// before it (in key order, whether or not that one is a character), and
    /// the row's id as fragment.
    var listHref: String {
        let rowFragment = "#" + RowList.elementID(record.codePoint)
        guard record.codePoint > 0 else { return QueryString.link(listPath, languageItems) + rowFragment }
        let before = RowPosition(sortValue: nil, key: [.integer(Int64(record.codePoint) - 1)])
        let cursor = RowCursor(after: before, rowid: nil, list: CatalogueList.name, sort: nil).encoded
        return QueryString.link(listPath, languageItems + [("cursor", cursor)]) + rowFragment
    }

    /// The page language as a value (English when the tag is not one we speak).
    private var pageLanguage: Language { Language(tag: language) ?? .english }

    /// The page's words.
    private var words: CharacterPageWords { CharacterPageWords.of(pageLanguage) }

    /// The category's name in the page language.
    private var categoryName: String {
        CatalogueWords.of(pageLanguage).categoryNames[record.generalCategory]
            ?? GeneralCategory.name(forCode: record.generalCategory) ?? record.generalCategory
    }

    /// `lang=…` when the page's links carry a language.
    private var languageItems: [(name: String, value: String)] {
        languageParameter.map { [("lang", $0)] } ?? []
    }

    /// Every property, catalogue columns first, then what `Unicode.Scalar.Properties` adds.
    var properties: [Property] {
        let words = self.words
        var list: [Property] = [
            Property(label: words.name, value: record.name, isEnglish: true),
            Property(label: words.codePoint, value: CodePointAddress(codePoint: record.codePoint).canonicalSegment, isCode: true),
            Property(label: words.decimal, value: String(record.codePoint), isCode: true),
            Property(
                label: words.generalCategory, value: "\(record.generalCategory) (\(categoryName))",
                href: QueryString.link(listPath, [("category", record.generalCategory)] + languageItems)),
            Property(
                label: words.introducedIn,
                value: record.age.isEmpty ? words.unknown : CatalogueWords.of(pageLanguage).unicodeVersion(record.age)),
            Property(
                label: words.emoji, value: record.isEmoji ? words.yes : words.no,
                href: record.isEmoji ? QueryString.link(listPath, [("emoji", "1")] + languageItems) : nil),
            Property(label: words.emojiPresentation, value: record.isEmojiPresentation ? words.yes : words.no),
        ]
        guard let scalar = record.scalar else { return list }
        let properties = scalar.properties
        list.append(Property(label: "UTF-8", value: hexBytes(Array(String(scalar).utf8), width: 2), isCode: true))
        list.append(Property(label: "UTF-16", value: hexBytes(Array(String(scalar).utf16), width: 4), isCode: true))
        list.append(Property(label: words.htmlReference, value: "&#x\(String(record.codePoint, radix: 16, uppercase: true));", isCode: true))
        if let alias = properties.nameAlias { list.append(Property(label: words.nameAlias, value: alias, isEnglish: true)) }
        list.append(Property(label: words.combiningClass, value: String(properties.canonicalCombiningClass.rawValue)))
        if let numericType = properties.numericType {
            let value = properties.numericValue.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "?"
            list.append(Property(label: words.numericValue, value: "\(value) (\(numericType))"))
        }
        for (label, mapping) in [
            (words.lowercaseMapping, properties.lowercaseMapping),
            (words.uppercaseMapping, properties.uppercaseMapping),
            (words.titlecaseMapping, properties.titlecaseMapping),
        ] where mapping != String(scalar) {
            let codes = mapping.unicodeScalars.map { CodePointAddress(codePoint: $0.value).canonicalSegment }
            let href = mapping.unicodeScalars.count == 1 ? mapping.unicodeScalars.first.map { listPath + "/" + CodePointAddress(codePoint: $0.value).canonicalSegment } : nil
            list.append(Property(label: label, value: codes.joined(separator: " "), href: href, isCode: true))
        }
        let flags = Self.binaryProperties.filter { $0.test(properties) }.map(\.name)
        list.append(
            Property(
                label: words.binaryProperties, value: flags.isEmpty ? words.none : flags.joined(separator: ", "),
                isEnglish: !flags.isEmpty))
        return list
    }

    private func hexBytes<T: BinaryInteger>(_ units: [T], width: Int) -> String {
        units.map { unit in
            let hex = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// The binary Unicode properties shown when true, by their UCD names.
    static let binaryProperties: [(name: String, test: @Sendable (Unicode.Scalar.Properties) -> Bool)] = [
        ("Alphabetic", { $0.isAlphabetic }), ("ASCII_Hex_Digit", { $0.isASCIIHexDigit }),
        ("Bidi_Control", { $0.isBidiControl }), ("Bidi_Mirrored", { $0.isBidiMirrored }),
        ("Cased", { $0.isCased }), ("Dash", { $0.isDash }),
        ("Default_Ignorable_Code_Point", { $0.isDefaultIgnorableCodePoint }), ("Deprecated", { $0.isDeprecated }),
        ("Diacritic", { $0.isDiacritic }), ("Emoji_Modifier", { $0.isEmojiModifier }),
        ("Emoji_Modifier_Base", { $0.isEmojiModifierBase }), ("Extender", { $0.isExtender }),
        ("Full_Composition_Exclusion", { $0.isFullCompositionExclusion }), ("Grapheme_Base", { $0.isGraphemeBase }),
        ("Grapheme_Extend", { $0.isGraphemeExtend }), ("Hex_Digit", { $0.isHexDigit }),
        ("ID_Continue", { $0.isIDContinue }), ("ID_Start", { $0.isIDStart }), ("Ideographic", { $0.isIdeographic }),
        ("IDS_Binary_Operator", { $0.isIDSBinaryOperator }), ("IDS_Trinary_Operator", { $0.isIDSTrinaryOperator }),
        ("Join_Control", { $0.isJoinControl }), ("Logical_Order_Exception", { $0.isLogicalOrderException }),
        ("Lowercase", { $0.isLowercase }), ("Math", { $0.isMath }),
        ("Noncharacter_Code_Point", { $0.isNoncharacterCodePoint }), ("Pattern_Syntax", { $0.isPatternSyntax }),
        ("Pattern_White_Space", { $0.isPatternWhitespace }), ("Quotation_Mark", { $0.isQuotationMark }),
        ("Radical", { $0.isRadical }), ("Sentence_Terminal", { $0.isSentenceTerminal }),
        ("Soft_Dotted", { $0.isSoftDotted }), ("Terminal_Punctuation", { $0.isTerminalPunctuation }),
        ("Unified_Ideograph", { $0.isUnifiedIdeograph }), ("Uppercase", { $0.isUppercase }),
        ("Variation_Selector", { $0.isVariationSelector }), ("White_Space", { $0.isWhitespace }),
        ("XID_Continue", { $0.isXIDContinue }), ("XID_Start", { $0.isXIDStart }),
    ]
}
