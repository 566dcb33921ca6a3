// MustacheValue: the values a template is rendered against.

/// A value in a Mustache context: what a tag's name resolves to.
///
/// Build contexts with literals (`["title": "Rows", "rows": [["id": 1]], "count": 0]`),
/// from Swift values through ``MustacheValueConvertible``, from server types through
/// ``MustacheObject``, or from JSON (``init(jsonData:)``).
///
/// How each case behaves (Mustache spec v1.4, "Interpolation" and "Sections"):
///
/// | case | `{{x}}` prints | truthy in `{{#x}}` |
/// | --- | --- | --- |
/// | `null` | nothing | no |
/// | `bool` | `true` / `false` | when `true` |
/// | `int` | decimal digits (`0`, `10`, `-3`) | when not `0` |
/// | `double` | shortest exact form (`1.21`, `10`, never `10.0`) | when not `0` (and not NaN) |
/// | `string` | the text, HTML-escaped | when not empty |
/// | `array` | nothing | when not empty; a section iterates it |
/// | `dictionary` | nothing | always (even empty); a section pushes it |
/// | `object` | nothing | always; a section pushes it |
/// | `list` | nothing | when not empty; a section iterates it |
/// | `listElement` | nothing | always; a section pushes it |
///
/// The empty string and zero are falsy in sections (the spec leaves truthiness to the
/// host language; this follows mustache.js and the other JavaScript-minded
/// implementations), but they still print when interpolated: `{{count}}` with
/// `count: 0` prints `0`.
public enum MustacheValue: Sendable {
    /// No value: JSON `null`, a `nil` optional. Prints nothing; falsy.
    case null
    /// A boolean. Prints `true` or `false`; truthy when `true`.
    case bool(Bool)
    /// An integer. Prints its decimal digits; falsy when `0`.
    case int(Int)
    /// A floating-point number. Prints in its shortest exact form without a trailing
    /// `.0`; falsy when `0` or NaN.
    case double(Double)
    /// Text. Prints HTML-escaped (`{{x}}`) or as is (`{{{x}}}`, `{{&x}}`); falsy when empty.
    case string(String)
    /// A list. A section renders its body once per element, with the element pushed on
    /// the context stack; falsy when empty. Prints nothing when interpolated.
    case array([MustacheValue])
    /// Named fields. A section pushes it on the context stack; always truthy. Prints
    /// nothing when interpolated.
    case dictionary(MustacheFields)
    /// A server type exposing named fields through ``MustacheObject``, boxed in a
    /// ``MustacheObjectBox``. Behaves like `dictionary`. Write `.object(row)`: the
    /// static ``object(_:)`` boxes it.
    case object(MustacheObjectBox)
    /// Rows served by a ``MustacheList``, boxed in a ``MustacheListBox``: behaves like
    /// `array` (a section renders its body once per row; falsy when empty), but no
    /// value is made per row. Write `.list(rows)`: the static ``list(_:)`` boxes it.
    case list(MustacheListBox)
    /// Row `index` of a ``MustacheList``: what a section over `.list` pushes for each
    /// row. Behaves like `object`.
    case listElement(MustacheListBox, Int)
}

/// The box a ``MustacheObject`` lives in inside a ``MustacheValue``.
///
/// Why a box: a value of a struct type behind `any MustacheObject` is copied (its
/// every field retained and released) each time the enum payload is read; a box is
/// one reference, and its `let` field is read in place. Lookups happen once per tag
/// per row, so this is the difference between a few and a dozen reference-count
/// operations per tag.
public final class MustacheObjectBox: Sendable {
    /// The boxed object.
    public let object: any MustacheObject

    /// Boxes `object`.
    public init(_ object: any MustacheObject) {
        self.object = object
    }
}

extension MustacheValue {
    /// Wraps a ``MustacheObject`` as `.object` (boxing it in a ``MustacheObjectBox``).
    public static func object(_ object: some MustacheObject) -> MustacheValue {
        .object(MustacheObjectBox(object))
    }
}

extension MustacheValue {
    /// Whether a section `{{#x}}` renders (and `{{^x}}` does not).
    ///
    /// `null`, `false`, `0`, `0.0`, NaN, `""` and `[]` are falsy; everything else,
    /// including an empty dictionary, is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0 && !value.isNaN
        case .string(let value): return !value.isEmpty
        case .array(let value): return !value.isEmpty
        case .list(let box): return box.list.count > 0
        case .dictionary, .object, .listElement: return true
        }
    }

    /// The value of the field `key` (whose ``MustacheFields/hash(_:)`` is `hash`) when
    /// this value has named fields; what ``member(_:)`` answers, without hashing `key`.
    @inlinable
    public func member(_ key: String, hash: UInt32) -> MustacheValue? {
        switch self {
        case .dictionary(let fields): return fields.value(forName: key, hash: hash)
        case .object(let box): return box.object.mustacheValue(forKey: key)
        case .listElement(let box, let index): return box.list.field(named: key).map { box.list.mustacheValue(at: index, field: $0) }
        default: return nil
        }
    }

    /// The value of the field `key` when this value has named fields (a dictionary,
    /// an object or a list's row); `nil` otherwise or when there is no such field.
    @inlinable
    public func member(_ key: String) -> MustacheValue? {
        member(key, hash: MustacheFields.hash(key))
    }
}

// MARK: - Literals

extension MustacheValue: ExpressibleByNilLiteral {
    /// Creates `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Creates `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Creates `.int` from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// Creates `.double` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// Creates `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// Creates `.array` from an array literal.
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Creates `.dictionary` from a dictionary literal; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        var fields = MustacheFields()
        fields.reserveCapacity(elements.count)
        for (key, value) in elements { fields[key] = value }
        self = .dictionary(fields)
    }
}

extension MustacheValue {
    /// Creates a value from any ``MustacheValueConvertible`` Swift value
    /// (`String`, integers, floating point, `Bool`, optionals, arrays, dictionaries).
    public init(_ value: some MustacheValueConvertible) {
        self = value.mustacheValue
    }
}
