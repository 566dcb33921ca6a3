import ListStore

/// A parameter of a list's own that stands for a column filter
/// (docs/reference/configuration.md, "Named filters"): `?emoji=1` for `is_emoji = 1`,
/// `?category=Lu` accepting only the categories there are, `?cheap=5` for
/// `price < 5`. It is written in links under its own name; a value it does not
/// accept is a 400 that names it (a column filter would quietly match nothing).
/// A column named like it is filtered as `_COL`, as one named like a control.
public struct NamedFilter: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// The column it filters.
    public var column: String
    /// How it compares (`exact` unless said).
    public var operation: RowFilter.Operation
    /// The values it accepts, each with the value the column is compared
    /// with; nil accepts any value and compares it as given.
    public var values: [String: String]?
    /// What the active filter is called on the page (its name when nil).
    public var label: String?
    /// Values it accepts that filter nothing (`emoji=0`, `category=`: every row).
    public var ignoredValues: Set<String> = []

    /// Makes a named filter.
    public init(
        name: String, column: String, operation: RowFilter.Operation = .exact, values: [String: String]? = nil,
        label: String? = nil, ignoredValues: Set<String> = []
    ) {
        self.name = name
        self.column = column
        self.operation = operation
        self.values = values
        self.label = label
        self.ignoredValues = ignoredValues
    }

    /// The column filter `value` stands for, or nil when the filter does not accept it.
    public func rowFilter(for value: String) -> RowFilter? {
        if let values {
            guard let compared = values[value] else { return nil }
            return RowFilter(column: column, operation: operation, value: compared)
        }
        return RowFilter(column: column, operation: operation, value: value)
    }
}
