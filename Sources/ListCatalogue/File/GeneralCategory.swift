/// The General_Category values and their two-letter codes, UAX #44 §5.7.1
/// (https://www.unicode.org/reports/tr44/#General_Category_Values).
public enum GeneralCategory {
    /// Every two-letter code with its long name, in the standard's order.
    public static let all: [(code: String, name: String)] = [
        ("Lu", "Uppercase Letter"), ("Ll", "Lowercase Letter"), ("Lt", "Titlecase Letter"),
        ("Lm", "Modifier Letter"), ("Lo", "Other Letter"),
        ("Mn", "Nonspacing Mark"), ("Mc", "Spacing Mark"), ("Me", "Enclosing Mark"),
        ("Nd", "Decimal Number"), ("Nl", "Letter Number"), ("No", "Other Number"),
        ("Pc", "Connector Punctuation"), ("Pd", "Dash Punctuation"), ("Ps", "Open Punctuation"),
        ("Pe", "Close Punctuation"), ("Pi", "Initial Punctuation"), ("Pf", "Final Punctuation"),
        ("Po", "Other Punctuation"),
        ("Sm", "Math Symbol"), ("Sc", "Currency Symbol"), ("Sk", "Modifier Symbol"), ("So", "Other Symbol"),
        ("Zs", "Space Separator"), ("Zl", "Line Separator"), ("Zp", "Paragraph Separator"),
        ("Cc", "Control"), ("Cf", "Format"), ("Cs", "Surrogate"), ("Co", "Private Use"), ("Cn", "Unassigned"),
    ]

    /// The long name for a two-letter code, or nil when the code is not one.
    ///
    /// Compares the code's two bytes as one integer (every row of every page
    /// asks: string comparisons made this a measurable part of a render).
    public static func name(forCode code: String) -> String? {
        var bytes = code.utf8.makeIterator()
        guard let first = bytes.next(), let second = bytes.next(), bytes.next() == nil else { return nil }
        let key = UInt16(first) << 8 | UInt16(second)
        for entry in packedNames where entry.key == key { return entry.name }
        return nil
    }

    /// `all` keyed by the code's two bytes as one integer.
    private static let packedNames: [(key: UInt16, name: String)] = all.map { entry in
        let bytes = Array(entry.code.utf8)
        return (UInt16(bytes[0]) << 8 | UInt16(bytes[1]), entry.name)
    }

    /// The two-letter code of a Swift general category.
    public static func code(_ category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }
}
