import ListStore

/// One row of the Unicode character catalogue.
public struct CharacterRecord: Sendable, Hashable {
    /// The scalar value, U+0000...U+10FFFF (the catalogue's unique sort key).
    public var codePoint: UInt32
    /// The character name (Unicode `Name` property, e.g. "SNOWMAN").
    public var name: String
    /// The two-letter General_Category code ("Lu", "So", ...), UAX #44 §5.7.1.
    public var generalCategory: String
    /// The Unicode version that introduced the scalar ("6.1"), or "" when unknown.
    public var age: String
    /// The `Emoji` property (UTS #51): the scalar may be drawn as an emoji.
    public var isEmoji: Bool
    /// The `Emoji_Presentation` property (UTS #51): drawn as emoji by default.
    public var isEmojiPresentation: Bool

    /// Makes a record.
    public init(
        codePoint: UInt32, name: String, generalCategory: String, age: String,
        isEmoji: Bool, isEmojiPresentation: Bool
    ) {
        self.codePoint = codePoint
        self.name = name
        self.generalCategory = generalCategory
        self.age = age
        self.isEmoji = isEmoji
        self.isEmojiPresentation = isEmojiPresentation
    }

    /// The scalar itself (every stored code point is a valid scalar).
    public var scalar: Unicode.Scalar? { Unicode.Scalar(codePoint) }

    /// The code point in the standard notation, "U+" and at least four upper-case hex digits.
    ///
    /// Built from bytes into a small (inline, unallocated) string: every row of
    /// every page asks for it.
    public var codePointLabel: String {
        HexFormatting.string(prefix: "U+", codePoint, minimumDigits: 4, uppercase: true)
    }

    /// The code point as lower-case hex digits with a prefix, no padding:
    /// `hexCode(prefix: "char-")` is `char-2603` for U+2603.
    /// - Parameter prefix: ASCII text put before the digits (at most 7 bytes
    ///   keep the result an unallocated small string).
    public func hexCode(prefix: StaticString = "") -> String {
        HexFormatting.string(prefix: prefix, codePoint, minimumDigits: 1, uppercase: false)
    }
}
