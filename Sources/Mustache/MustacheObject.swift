// MustacheObject and MustacheValueConvertible: how Swift values enter a context.

/// A server type whose named fields a template can read, without reflection.
///
/// Conform a type by answering field names, usually with a `switch`:
///
/// ```swift
/// struct Row: MustacheObject {
///     let id: Int, title: String
///     func mustacheValue(forKey key: String) -> MustacheValue? {
///         switch key {
///         case "id": .int(id)
///         case "title": .string(title)
///         default: nil
///         }
///     }
/// }
/// ```
///
/// Wrap it as `.object(row)` (or `MustacheValue(row)`). The method is called once per
/// tag that names a field, on whichever thread renders, so it must be cheap and
/// thread-safe (the type is `Sendable`).
///
/// A type drawn many times per page (a row) may also implement
/// ``interpolate(_:escaped:into:)`` and write a field's text straight into the output
/// without making a `String` or a ``MustacheValue`` for it; the default goes through
/// ``mustacheValue(forKey:)``. Both must agree: sections (`{{#isEmoji}}`) and dotted
/// names read ``mustacheValue(forKey:)``, interpolations of a one-part name
/// (`{{name}}`) call ``interpolate(_:escaped:into:)``.
public protocol MustacheObject: Sendable, MustacheValueConvertible {
    /// The value of the field `key`, or `nil` when the type has no such field (the
    /// lookup then goes on down the context stack, as the spec says for a missing key).
    func mustacheValue(forKey key: String) -> MustacheValue?

    /// Writes what `{{key}}` (`escaped` true) or `{{{key}}}` (`escaped` false) prints
    /// for the field `key` into `output`, as interpolating
    /// would print ``mustacheValue(forKey:)``'s value.
    ///
    /// - Returns: `false`, having written nothing, when the type has no field `key`
    ///   (the lookup then goes on down the context stack); `true` otherwise, even when
    ///   the field prints nothing.
    func interpolate(_ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool
}

extension MustacheObject {
    /// Prints ``mustacheValue(forKey:)``'s value: correct for every type, and as fast
    /// as a lookup; implement it for fields that can be written without a `String`.
    public func interpolate(_ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool {
        guard let value = mustacheValue(forKey: key) else { return false }
        output.append(value, escaped: escaped)
        return true
    }
}

/// A Swift value that converts to a ``MustacheValue``.
///
/// `String`, `Substring`, the standard integer and floating-point types, `Bool`,
/// `Optional`, `Array`, `Dictionary` with `String` keys and ``MustacheValue`` itself
/// conform; a ``MustacheObject`` converts to `.object`.
public protocol MustacheValueConvertible {
    /// This value as a Mustache value.
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheValueConvertible {
    /// The value itself.
    public var mustacheValue: MustacheValue { self }
}

extension MustacheObject {
    /// The object wrapped as `.object` (the default conversion).
    public var mustacheValue: MustacheValue { .object(MustacheObjectBox(self)) }
}

extension String: MustacheValueConvertible {
    /// `.string(self)`.
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Substring: MustacheValueConvertible {
    /// `.string(String(self))`.
    public var mustacheValue: MustacheValue { .string(String(self)) }
}

extension Bool: MustacheValueConvertible {
    /// `.bool(self)`.
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Int: MustacheValueConvertible {
    /// `.int(self)`.
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Int8: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension Int16: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension Int32: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension Int64: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension UInt: MustacheValueConvertible {
    /// `.int` when it fits in `Int`, otherwise `.double`.
    public var mustacheValue: MustacheValue {
        if let value = Int(exactly: self) { return .int(value) }
        return .double(Double(self))
    }
}

extension UInt8: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension UInt16: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension UInt32: MustacheValueConvertible {
    /// `.int`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension UInt64: MustacheValueConvertible {
    /// `.int` when it fits in `Int`, otherwise `.double`.
    public var mustacheValue: MustacheValue {
        if let value = Int(exactly: self) { return .int(value) }
        return .double(Double(self))
    }
}

extension Double: MustacheValueConvertible {
    /// `.double(self)`.
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Float: MustacheValueConvertible {
    /// `.double`, through the float's shortest decimal form (so `Float(1.21)` prints `1.21`).
    public var mustacheValue: MustacheValue { .double(Double(description) ?? Double(self)) }
}

extension Optional: MustacheValueConvertible where Wrapped: MustacheValueConvertible {
    /// The wrapped value's conversion, or `.null` for `nil`.
    public var mustacheValue: MustacheValue {
        switch self {
        case .some(let value): return value.mustacheValue
        case .none: return .null
        }
    }
}

extension Array: MustacheValueConvertible where Element: MustacheValueConvertible {
    /// `.array` of the converted elements.
    public var mustacheValue: MustacheValue { .array(map(\.mustacheValue)) }
}

extension Dictionary: MustacheValueConvertible where Key == String, Value: MustacheValueConvertible {
    /// `.dictionary` of the converted values.
    public var mustacheValue: MustacheValue {
        // In key order: a Swift dictionary has no order of its own.
        var fields = MustacheFields()
        for key in keys.sorted() { fields[key] = self[key]?.mustacheValue }
        return .dictionary(fields)
    }
}
