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

    /// The number of the field called `key` (any `Int` the list chooses), or `nil`
    /// when rows have no such field (the lookup then goes on down the stack).
    ///
    /// The renderer asks once per tag name, template and list in a render and keeps
    /// the answer, so a row's fields are found by number, not by name (a number
    /// outside `0...Int32.max` works too, but is asked for again at each use).
    func field(named key: String) -> Int?

    /// The value of row `index`'s field `field` (`0 <= index < count`; `field` as
    /// ``field(named:)`` answered): what sections and dotted names read.
    func mustacheValue(at index: Int, field: Int) -> MustacheValue

    /// Writes what `{{key}}` (`escaped`) or `{{{key}}}` prints for row `index`'s
    /// field `field`: ``mustacheValue(at:field:)`` printed, written without a value
    /// in between where the list can.
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput)

    /// Writes `steps` for row `index`: each step's text as it is, each field as
    /// ``interpolate(at:field:escaped:into:)`` prints it. A row plan hands every run of
    /// text and fields between its sections to one call, so a list's fields are
    /// written by code specialized for the list (the default implementation, inlined
    /// where the list conforms), not through the protocol field by field. Implement
    /// it only to write the same bytes faster.
    func interpolate(row index: Int, _ steps: UnsafeBufferPointer<MustacheRowStep>, into output: inout MustacheOutput)

    /// Whether `{{#key}}` shows its body for row `index`'s field `field` when the
    /// field's value is a scalar (`.null`, `.bool`, `.int`, `.double` or `.string`):
    /// that value's ``MustacheValue/isTruthy``, said without making the value (no
    /// string to retain, no value to copy and destroy); `nil` when the value is
    /// anything else or the list does not say, and the renderer then asks
    /// ``mustacheValue(at:field:)``. It must agree with that value. Default `nil`.
    func truthiness(at index: Int, field: Int) -> Bool?

    /// Row `index`'s field `field` as rows `rows` of a list every row shares (each
    /// row's cells as a range of one list of the page's cells), so that a section
    /// over it runs without a list made and boxed for each row; nil when the field
    /// is no such list, or the list does not say (the renderer then asks
    /// ``mustacheValue(at:field:)``). What the section prints over the range must be
    /// what it prints over that value's list: the same fields, in the same order.
    /// Default nil.
    func sublist(at index: Int, field: Int) -> (list: MustacheListBox, rows: Range<Int>)?

    /// Whether ``field(named:)`` answers the same for every list of this type
    /// (its fields are its type's, not the instance's): then a section's body
    /// flattened for one such list serves the next of the same type (a list per
    /// row, such as each row's cells, is planned once per render instead of once
    /// per row). Default `false`.
    static var fieldsAreTheTypes: Bool { get }
}

extension MustacheList {
    /// Fields are asked of each list.
    public static var fieldsAreTheTypes: Bool { false }

    /// Not said: the renderer asks for the value.
    public func truthiness(at index: Int, field: Int) -> Bool? { nil }

    /// Not said: the renderer asks for the value.
    public func sublist(at index: Int, field: Int) -> (list: MustacheListBox, rows: Range<Int>)? { nil }

    /// Prints ``mustacheValue(at:field:)``'s value.
    public func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        output.append(mustacheValue(at: index, field: field), escaped: escaped)
    }

    /// Copies each text step and prints each field step.
    @inlinable
    public func interpolate(row index: Int, _ steps: UnsafeBufferPointer<MustacheRowStep>, into output: inout MustacheOutput) {
        for step in steps {
            if let text = step.text {
                output.append(UnsafeBufferPointer(start: text, count: step.count))
            } else {
                interpolate(at: index, field: step.count, escaped: step.escaped, into: &output)
            }
        }
    }
}

/// One step of a run a row plan hands to ``MustacheList/interpolate(row:_:into:)``:
/// template text to copy, or a field of the row to print. (Sendable: its text is the
/// library's, which no render changes.)
public struct MustacheRowStep: @unchecked Sendable {
    /// The text's first byte; nil for a field.
    public let text: UnsafePointer<UInt8>?
    /// The text's length in bytes, or the field's number (``MustacheList/field(named:)``).
    public let count: Int
    /// Whether the field is printed HTML-escaped (`{{name}}`) or as it is (`{{{name}}}`).
    public let escaped: Bool

    /// The template text of `count` bytes at `text` (which the library keeps).
    init(text: UnsafePointer<UInt8>, count: Int) {
        (self.text, self.count, self.escaped) = (text, count, false)
    }

    /// The row's field `number`, escaped or not.
    init(field number: Int, escaped: Bool) {
        (self.text, self.count, self.escaped) = (nil, number, escaped)
    }
}

/// The box a ``MustacheList`` lives in inside a ``MustacheValue`` (one reference,
/// shared by every `.listElement` of the list).
public final class MustacheListBox: Sendable {
    /// The boxed list.
    public let list: any MustacheList
    /// The list's type, and whether its fields are its type's
    /// (``MustacheList/fieldsAreTheTypes``): read once here, where a section over
    /// each row's own list (its cells) asked the existential for its dynamic type
    /// three times a row to find the kept plan (callgrind).
    let listType: ObjectIdentifier
    let fieldsAreTheTypes: Bool

    /// Boxes `list`.
    public init(_ list: any MustacheList) {
        self.list = list
        let type = type(of: list)
        listType = ObjectIdentifier(type)
        fieldsAreTheTypes = type.fieldsAreTheTypes
    }
}

extension MustacheValue {
    /// Wraps a ``MustacheList`` as `.list` (boxing it in a ``MustacheListBox``).
    public static func list(_ list: some MustacheList) -> MustacheValue {
        .list(MustacheListBox(list))
    }
}
