// MustacheList: rows a section iterates without a value per row.

/// Rows whose fields a template reads by position, for a section that iterates many
/// of them (`{{#rows}}…{{/rows}}` over `.list(rows)`).
///
/// An `.array` of `.object` rows costs an allocation per row (the box) and a copy
/// of each row's data; a list is one object the renderer asks for row `index`'s
/// fields: while the section renders row `index`, the context stack holds
/// `.listElement(box, index)`, and a tag in the body resolves through this list.
/// Lookups follow the spec as for any other value on the stack (a field the row
/// does not have goes on down the stack).
///
/// Called on whichever thread renders, so it must be thread-safe (`Sendable`).
public protocol MustacheList: Sendable {
    /// Rows in the list (`0...`); a section renders its body this many times.
    var count: Int { get }

    /// The value of row `index`'s field `key` (`0 <= index < count`), or `nil` when
    /// rows have no such field.
    func mustacheValue(at index: Int, forKey key: String) -> MustacheValue?

    /// Writes what `{{key}}` (`escaped`) or `{{{key}}}` prints for row `index`'s field
    /// `key`, as ``MustacheObject/interpolate(_:escaped:into:)`` does for an object.
    /// - Returns: `false`, having written nothing, when rows have no field `key`.
    func interpolate(at index: Int, _ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool
}

extension MustacheList {
    /// Prints ``mustacheValue(at:forKey:)``'s value.
    public func interpolate(at index: Int, _ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool {
        guard let value = mustacheValue(at: index, forKey: key) else { return false }
        output.append(value, escaped: escaped)
        return true
    }
}

/// The box a ``MustacheList`` lives in inside a ``MustacheValue`` (one reference,
/// shared by every `.listElement` of the list).
public final class MustacheListBox: Sendable {
    /// The boxed list.
    public let list: any MustacheList

    /// Boxes `list`.
    public init(_ list: any MustacheList) {
        self.list = list
    }
}

extension MustacheValue {
    /// Wraps a ``MustacheList`` as `.list` (boxing it in a ``MustacheListBox``).
    public static func list(_ list: some MustacheList) -> MustacheValue {
        .list(MustacheListBox(list))
    }
}
